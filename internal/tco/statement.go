package tco

import (
	_ "embed"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/msgcat"
)

// Statement is one sentence of the cost model about a figure — how a line
// was computed, where a relative throughput came from — as a catalog key
// and its values, so every surface renders it in the reader's language.
// English is its English rendering, for logs and the API's readers; it is
// rendered when asked for, not for every statement an analysis builds.
//
// Args values are plain decimals ("1234.5", no grouping, a dot), codes
// (currencies, GPU models), durations as a decimal and a unit word
// ("2 min", "1.5 h", "30 s"), or, for the names in [Statement.Refs], other
// catalog keys whose text is filled in first.
type Statement struct {
	Key  string            `json:"key"`
	Args map[string]string `json:"args,omitempty"`
	Refs []string          `json:"refs,omitempty"` // names of Args whose value is a catalog key
}

// English renders the statement from the English catalog.
func (s Statement) English() string {
	if s.Key == "" {
		return ""
	}
	return s.render(func(k string, d map[string]string) string { return catalog.English(k, d) }, groupEnglish)
}

// MarshalJSON adds the English text to the key and values.
func (s Statement) MarshalJSON() ([]byte, error) {
	type plainStatement Statement
	return json.Marshal(struct {
		plainStatement
		Text string `json:"text"`
	}{plainStatement(s), s.English()})
}

type args map[string]string

// catalogJSON holds every statement in every language: the one source of
// the English Text and of the translations the i18n catalogs merge.
//
//go:embed catalog.json
var catalogJSON []byte

var catalog = msgcat.New("tco", catalogJSON)

// Catalog returns the cost model's messages by language, then key.
func Catalog() (map[string]map[string]string, error) { return catalog.Messages() }

// statement builds a keyed statement.
func statement(key string, a args, refs ...string) Statement {
	return Statement{Key: key, Args: a, Refs: refs}
}

// render fills the statement through a translator t (key, data → text),
// with number formatting each decimal arg for the reader's locale.
func (s Statement) render(t func(string, map[string]string) string, number func(string) string) string {
	data := make(map[string]string, len(s.Args))
	for k, v := range s.Args {
		data[k] = localArg(v, number, t)
	}
	for _, k := range s.Refs {
		data[k] = t(s.Args[k], nil)
	}
	return t(s.Key, data)
}

// Render is the statement in a reader's language: t translates a key with
// data (an i18n Localizer's T), number formats a plain decimal for it.
func (s Statement) Render(t func(key string, data map[string]string) string, number func(string) string) string {
	return s.render(t, number)
}

// localArg formats a decimal arg, or a duration's decimal and translates
// its unit word ("worksheet.unit.min").
func localArg(v string, number func(string) string, t func(string, map[string]string) string) string {
	n, unit, hasUnit := strings.Cut(v, " ")
	if _, err := strconv.ParseFloat(n, 64); err != nil {
		return v
	}
	if !hasUnit {
		return number(n)
	}
	return number(n) + " " + t("worksheet.unit."+unit, nil)
}

// groupEnglish groups an English decimal's thousands: "12345.5" is "12,345.5".
func groupEnglish(s string) string {
	neg := strings.HasPrefix(s, "-")
	whole, frac, hasFrac := strings.Cut(strings.TrimPrefix(s, "-"), ".")
	out := group(whole)
	if hasFrac {
		out += "." + frac
	}
	if neg {
		out = "-" + out
	}
	return out
}

// plain is a figure as a statement arg: at most two decimals at 1 and
// above, four below, trailing zeros trimmed, no grouping.
func plain(v float64) string { return strings.ReplaceAll(num(v), ",", "") }

// plain2 is a ratio with two decimals kept ("0.85"), so factors compare.
func plain2(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) }

// pctArg is a share as a percentage figure for a "{{.X}} %" template.
func pctArg(share float64) string {
	return strings.TrimSuffix(strconv.FormatFloat(share*100, 'f', 1, 64), ".0")
}

// durArg is hours as a statement duration: "2 min", "1.5 h", "30 s".
func durArg(h float64) string {
	d := dur(h)
	n, unit, _ := strings.Cut(d, " ")
	return strings.ReplaceAll(n, ",", "") + " " + unit
}
