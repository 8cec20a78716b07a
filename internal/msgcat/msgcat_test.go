package msgcat

import "testing"

func TestEnglish(t *testing.T) {
	c := New("test", []byte(`{"en": {"a": "GPU {{.GPU}}", "b": "plain"}, "ru": {"a": "ГПУ {{.GPU}}"}}`))
	if got := c.English("a", map[string]string{"GPU": "H100"}); got != "GPU H100" {
		t.Errorf("got %q", got)
	}
	if got := c.English("a", nil); got != "a" {
		t.Errorf("a missing fact must show the key, got %q", got)
	}
	if got := c.English("zzz", nil); got != "zzz" {
		t.Errorf("a missing key must show the key, got %q", got)
	}
	m, err := c.Messages()
	if err != nil || m["ru"]["a"] != "ГПУ {{.GPU}}" {
		t.Errorf("messages %v %v", m, err)
	}
	if _, err := New("bad", []byte(`{`)).Messages(); err == nil {
		t.Error("bad JSON accepted")
	}
}
