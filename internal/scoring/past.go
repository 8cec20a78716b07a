package scoring

import (
	"strconv"
	"strings"
)

// PastPerformance is the criterion graded from the vendor's record across
// earlier evaluations and contracts (issue 31). Its default weight is 0,
// so scores of evaluations that never weighed it do not move; a buyer
// gives it a weight on the criteria form.
const PastPerformance = "past_performance"

// The figures of a vendor's record the past-performance rule reads, in
// basis points of a percent (9990 is 99.90 %).
const (
	PastAvailability   = "availability"    // the lowest availability delivered on a contract
	PastPriceAdherence = "price_adherence" // the lowest share of a contract's bills within its terms
	PastPassRate       = "pass_rate"       // acceptance tests passed of those decided
)

// PastFigures are the figures the rule reads; pastFacts name them in the
// rule's text.
var (
	PastFigures = []string{PastAvailability, PastPriceAdherence, PastPassRate}
	pastFacts   = []string{"Availability", "PriceAdherence", "PassRate"}
)

// PastBand is one grade of the rule and the floor each figure must reach
// for it, in basis points.
type PastBand struct {
	Grade  float64
	Floors map[string]int64
}

// PastBands is the past-performance rule, as data and in one place: a
// record earns the grade of the first band whose every floor its figures
// reach. A figure the record lacks (no bill yet, no decided test) is
// unknown: the grade is then a band, the figure read at 0 for the low end
// and at 100 % for the high end, so a vendor with no record is graded 0
// to Scale.
var PastBands = []PastBand{
	{10, map[string]int64{PastAvailability: 9990, PastPriceAdherence: 9990, PastPassRate: 9500}},
	{8, map[string]int64{PastAvailability: 9950, PastPriceAdherence: 9900, PastPassRate: 9000}},
	{6, map[string]int64{PastAvailability: 9900, PastPriceAdherence: 9800, PastPassRate: 8000}},
	{4, map[string]int64{PastAvailability: 9800, PastPriceAdherence: 9500, PastPassRate: 6000}},
	{2, map[string]int64{PastAvailability: 9500, PastPriceAdherence: 9000, PastPassRate: 4000}},
	{0, map[string]int64{PastAvailability: 0, PastPriceAdherence: 0, PastPassRate: 0}},
}

// Past is a vendor's record as the rule reads it: the known figures, in
// basis points; a figure absent from the map is unknown.
type Past map[string]int64

// band is the grade of the first band every figure of p reaches, an
// unknown figure read as fill.
func (p Past) band(fill int64) float64 {
	for _, b := range PastBands {
		ok := true
		for _, f := range PastFigures {
			v, known := p[f]
			if !known {
				v = fill
			}
			if v < b.Floors[f] {
				ok = false
				break
			}
		}
		if ok {
			return b.Grade
		}
	}
	return 0
}

// PastGrade pre-grades a record by PastBands: a band from the unknown
// figures read at their worst to their best, the point grade its middle.
// The grade is a suggestion: an evaluator's override replaces it as for
// any criterion.
func PastGrade(p Past) Grade {
	g := Grade{Key: PastPerformance, Rule: "scoring.rule.past_performance", Facts: map[string]string{"Scale": num(Scale), "Bands": pastBandsText()}}
	g.Low, g.High = p.band(0), p.band(10000)
	g.Value = round1((g.Low + g.High) / 2)
	known := 0
	for i, f := range PastFigures {
		g.Facts[pastFacts[i]] = "—"
		if v, ok := p[f]; ok {
			g.Facts[pastFacts[i]] = pctText(v)
			known++
		}
	}
	if known == 0 {
		g.Rule = "scoring.rule.past_unknown"
	}
	return g
}

// pctText writes basis points as a percentage with two decimals.
func pctText(bp int64) string {
	s := strconv.FormatInt(bp/100, 10) + "."
	if r := bp % 100; r < 10 {
		s += "0" + strconv.FormatInt(r, 10)
	} else {
		s += strconv.FormatInt(r, 10)
	}
	return s
}

// PastRule is the rule written out for the page: each band's grade and
// floors as percentages, best band first.
func PastRule() []PastBandText {
	out := make([]PastBandText, 0, len(PastBands))
	for _, b := range PastBands {
		out = append(out, PastBandText{Grade: num(b.Grade), Availability: pctText(b.Floors[PastAvailability]),
			PriceAdherence: pctText(b.Floors[PastPriceAdherence]), PassRate: pctText(b.Floors[PastPassRate])})
	}
	return out
}

// pastBandsText is the rule in one line for the grade's text: each band's
// floors (availability/price adherence/pass rate, in percent) and grade.
func pastBandsText() string {
	var b strings.Builder
	for i, x := range PastRule() {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(x.Availability + "/" + x.PriceAdherence + "/" + x.PassRate + " → " + x.Grade)
	}
	return b.String()
}

// PastBandText is one band of the rule as text.
type PastBandText struct {
	Grade, Availability, PriceAdherence, PassRate string
}
