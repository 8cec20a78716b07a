package decision

import (
	"math"
	"strconv"
	"strings"
)

// Statement is one plain-words sentence of a recommendation: a reason, a
// condition that would change the answer, or a note. Key is stable across
// releases so the UI can look up a translation; Text is the English
// rendering; Facts are the evaluation facts the sentence rests on, and their
// names double as the placeholders a translation fills.
type Statement struct {
	Key   string `json:"key"`
	Text  string `json:"text"`
	Facts []Fact `json:"facts,omitempty"`
}

// Fact is one value of this evaluation that a Statement cites. Name is
// stable and dotted by origin ("brief.horizon_months",
// "breakeven.vs_reserved.months"); Value is machine-formatted (a plain
// decimal, not localised) so a translation can format it for its locale;
// Unit says how to read it ("USD", "USD/GPU-hour", "months", "fraction", or
// empty for counts and words).
type Fact struct {
	Name  string `json:"name"`
	Value string `json:"value"`
	Unit  string `json:"unit,omitempty"`
}

// cents rounds an estimate to the cent; every money output passes through it.
func cents(v float64) float64 { return math.Round(v*100) / 100 }

// tenth rounds months to one decimal: finer precision would suggest an
// accuracy the inputs do not have.
func tenth(v float64) float64 { return math.Round(v*10) / 10 }

func num(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

func moneyFact(name, currency string, v float64) Fact {
	return Fact{Name: name, Value: strconv.FormatFloat(cents(v), 'f', 2, 64), Unit: currency}
}

func rateFact(name, currency string, v float64) Fact {
	return Fact{Name: name, Value: strconv.FormatFloat(cents(v), 'f', 2, 64), Unit: currency + "/GPU-hour"}
}

func shareFact(name string, v float64) Fact {
	return Fact{Name: name, Value: num(math.Round(v*1e4) / 1e4), Unit: "fraction"}
}

func monthsFact(name string, v float64) Fact {
	return Fact{Name: name, Value: num(tenth(v)), Unit: "months"}
}

func intFact(name string, v int) Fact { return Fact{Name: name, Value: strconv.Itoa(v)} }

func boolFact(name string, v bool) Fact { return Fact{Name: name, Value: strconv.FormatBool(v)} }

func wordFact(name, v string) Fact { return Fact{Name: name, Value: v} }

// money renders an amount for English text: "USD 30,000.00".
func money(currency string, v float64) string {
	return currency + " " + grouped(cents(v), 2)
}

// rate renders a per-GPU-hour price: "USD 2.20/GPU-hour".
func rate(currency string, v float64) string { return money(currency, v) + "/GPU-hour" }

// pct renders a fraction as a whole percentage: "85%".
func pct(v float64) string { return strconv.FormatFloat(math.Round(v*100), 'f', 0, 64) + "%" }

// months renders months with the years beside them, because buyers think in
// both: "84.3 months (7.0 years)".
func months(v float64) string {
	return strconv.FormatFloat(tenth(v), 'f', 1, 64) + " months (" +
		strconv.FormatFloat(math.Round(v/12*10)/10, 'f', 1, 64) + " years)"
}

// grouped formats v with the given decimals and comma thousands separators.
func grouped(v float64, decimals int) string {
	s := strconv.FormatFloat(math.Abs(v), 'f', decimals, 64)
	intPart, frac, _ := strings.Cut(s, ".")
	var b strings.Builder
	if v < 0 && strings.Trim(s, "0.") != "" {
		b.WriteByte('-')
	}
	for i, r := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if frac != "" {
		b.WriteByte('.')
		b.WriteString(frac)
	}
	return b.String()
}
