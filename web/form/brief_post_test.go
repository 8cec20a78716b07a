package form

import (
	"errors"
	"net/url"
	"testing"
)

func TestReadBriefPostKeepsTheInputTheBaseAndEveryError(t *testing.T) {
	vals := url.Values{"gpus_per_node": {"1,5"}, "node_count": {" 4 "}, "acceptable_gpus": {"H100", "H200"},
		"model_family": {" Llama "}, "base_node_count": {"2"}, "base_model_family": {""}}
	decimal := func(s string) (string, error) {
		if s == "1,5" {
			return "", errors.New("ambiguous")
		}
		return s, nil
	}
	p := ReadBriefPost(vals, decimal)
	if p.Typed["acceptable_gpus"] != "H100,H200" || p.Typed["node_count"] != " 4 " || p.Typed["model_family"] != " Llama " {
		t.Errorf("typed %v", p.Typed)
	}
	if len(p.Base) != 1 || p.Base["node_count"] != "2" {
		t.Errorf("base %v", p.Base)
	}
	if p.Errors["gpus_per_node"] != "form.error.ambiguous_number" || p.Data["node_count"] != "4" {
		t.Errorf("errors %v data %v", p.Errors, p.Data)
	}
	if ok := ReadBriefPost(url.Values{"node_count": {"4"}}, decimal); ok.Errors != nil {
		t.Errorf("a good form refused: %v", ok.Errors)
	}
}
