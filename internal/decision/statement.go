package decision

import (
	"math"
	"strconv"
	"strings"
)

// Statement is one plain-words sentence of a recommendation: a reason, a
// condition that would change the answer, or a note. Key is stable across
// releases and names the sentence in [Catalog] ("decision.reason.short_horizon");
// Text is the English rendering of that catalog entry with the facts filled
// in, so the English text and the translations cannot drift apart; Facts
// are the evaluation facts the sentence rests on.
type Statement struct {
	Key   string `json:"key"`
	Text  string `json:"text"`
	Facts []Fact `json:"facts,omitempty"`
}

// Fact is one value of this evaluation that a Statement cites. Name is
// stable and doubles as the placeholder a catalog text fills
// ("HorizonMonths" is {{.HorizonMonths}}); a statement may carry facts its
// text does not quote. Value is already formatted for display but not
// localised: a plain decimal with a decimal point and no grouping ("30000.00",
// "84.3", "75"), a machine word ("reserved", "true") or free text from the
// evaluation (a quote label, a source). Unit says how to read it (a
// currency code such as "USD", "USD/GPU-hour", "months", "years", "%",
// "M tokens", "tokens/s", or empty for counts and words); the catalog texts
// spell the unit out, with {{.Currency}} for the currency.
type Fact struct {
	Name  string `json:"name"`
	Value string `json:"value"`
	Unit  string `json:"unit,omitempty"`
}

// Data returns the facts by name, the template data of the statement's
// catalog text in any language: i18n's T(s.Key, s.Data()).
func (s Statement) Data() map[string]string {
	data := make(map[string]string, len(s.Facts))
	for _, f := range s.Facts {
		data[f.Name] = f.Value
	}
	return data
}

// st builds the statement key with its facts; its Text is the English
// catalog text filled with them.
func st(key string, facts ...Fact) Statement {
	s := Statement{Key: key, Facts: facts}
	s.Text = render(key, s.Data())
	return s
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

// currencyFact is the {{.Currency}} of every statement that cites money.
func currencyFact(currency string) Fact { return Fact{Name: "Currency", Value: currency} }

// percentFact shows a 0–1 share as a percentage with at most one decimal:
// 0.7143 is "71.4".
func percentFact(name string, v float64) Fact {
	return Fact{Name: name, Value: num(tenth(v * 100)), Unit: "%"}
}

func monthsFact(name string, v float64) Fact {
	return Fact{Name: name, Value: num(tenth(v)), Unit: "months"}
}

// yearsFact shows months as years to one decimal, because buyers think in
// both: 84.3 months is "7".
func yearsFact(name string, months float64) Fact {
	return Fact{Name: name, Value: num(tenth(months / 12)), Unit: "years"}
}

// mTokensFact shows a token count in millions, to three decimals.
func mTokensFact(name string, tokens float64) Fact {
	return Fact{Name: name, Value: num(math.Round(tokens/1e3) / 1e3), Unit: "M tokens"}
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
