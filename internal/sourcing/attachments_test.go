package sourcing

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

func TestSpoolChecksTypeAndSizeAsItReads(t *testing.T) {
	cases := []struct {
		name string
		data []byte
		want error
		ct   string
	}{
		{"prices.pdf", []byte("%PDF-1.7\nsheet"), nil, "application/pdf"},
		{"fake.pdf", []byte("<html><script>"), ErrFileType, ""},
		{"short.pdf", []byte("%PD"), ErrFileType, ""},
		{"prices.exe", []byte("MZ"), ErrFileType, ""},
		{"prices.csv", []byte("gpu,price\nH100,2.50\n"), nil, "text/csv"},
		{"цены.txt", []byte(strings.Repeat("цена ", 40000)), nil, "text/plain"},
		{"nul.txt", []byte("a\x00b"), ErrFileType, ""},
		{"bad.txt", []byte("a\xffb"), ErrFileType, ""},
		{"cut.txt", []byte("ab\xd0"), ErrFileType, ""},
		{"empty.txt", nil, ErrEmptyOrTooLarge, ""},
		{"big.txt", bytes.Repeat([]byte("a"), 1001), ErrEmptyOrTooLarge, ""},
	}
	for _, c := range cases {
		max := int64(1 << 20)
		if c.name == "big.txt" {
			max = 1000
		}
		// One byte at a time: a rune split across reads is still valid.
		sp, err := Spool(iotest.OneByteReader(bytes.NewReader(c.data)), c.name, max, t.TempDir())
		if !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
			continue
		}
		if err != nil {
			continue
		}
		got, _ := io.ReadAll(sp.File)
		if !bytes.Equal(got, c.data) || sp.ContentType != c.ct || sp.Size != int64(len(c.data)) {
			t.Errorf("%s: spooled %d bytes as %s", c.name, len(got), sp.ContentType)
		}
		sp.Close()
	}
}

func TestGateCapsPerLinkAndPerInstance(t *testing.T) {
	g := NewGate(2, 3)
	r1, err1 := g.Enter(1)
	r2, err2 := g.Enter(1)
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	if _, err := g.Enter(1); !errors.Is(err, ErrBusy) {
		t.Errorf("a third file on one link: %v", err)
	}
	r3, err := g.Enter(2)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Enter(3); !errors.Is(err, ErrBusy) {
		t.Errorf("a fourth file on the instance: %v", err)
	}
	r1()
	r1() // releasing twice frees one slot only
	if _, err := g.Enter(1); err != nil {
		t.Errorf("after a release: %v", err)
	}
	if _, err := g.Enter(2); !errors.Is(err, ErrBusy) {
		t.Errorf("a double release freed two slots")
	}
	r2()
	r3()
}

func TestSuggestZone(t *testing.T) {
	for in, want := range map[string]string{"Berlin": "Europe/Berlin", "europe/berlin": "Europe/Berlin", "Ho Chi Minh": "Asia/Ho_Chi_Minh",
		"Saigon": "Asia/Ho_Chi_Minh", "Atlantis": "", "": ""} {
		if got := SuggestZone(in); got != want {
			t.Errorf("SuggestZone(%q) = %q, want %q", in, got, want)
		}
	}
	if ZoneKnown("Berlin") || !ZoneKnown("Europe/Berlin") {
		t.Error("ZoneKnown")
	}
}

func TestLinksCSV(t *testing.T) {
	got := string(LinksCSV([]Link{{"=HYPERLINK(\"x\")", "a@b.example", "https://gq/v/tok"}, {"Beta, Inc", "b@b.example", "https://gq/v/t2"}}))
	want := "company,email,link\n\"'=HYPERLINK(\"\"x\"\")\",a@b.example,https://gq/v/tok\n\"Beta, Inc\",b@b.example,https://gq/v/t2\n"
	if got != want {
		t.Errorf("LinksCSV:\n%s\nwant\n%s", got, want)
	}
}
