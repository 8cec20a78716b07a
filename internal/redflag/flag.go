// Package redflag finds the terms of a vendor quote that should pause a GPU
// deal: the ten red flags of the buyer's guides, the product card's missing
// SXM/PCIe, fabric, storage and egress terms, and the places where a quote
// does not meet the workload brief.
//
// Each rule is one small function with a stable id, a fixed severity and
// the quote terms (CSV column names) it reads. A rule that fires yields a
// Flag: its message and the question to put to the vendor, as i18n keys
// (redflag.<id>.message, redflag.<id>.question), as English text, and with
// the facts the translated templates need.
//
// "Not stated" and "refused" are kept apart. Where not stating a term is a
// warning, a separate rule with the suffix _refused raises a blocker for
// the refusal: a vendor who was asked and declined is a worse sign than one
// who was not asked yet, and each id keeps one message that says which.
//
// The package is pure: standard library, internal/quote and internal/brief
// only, no clock (Input carries today's date).
package redflag

import (
	"cmp"
	"slices"
	"time"

	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/quote"
)

// Severity says how much a flag weighs in the decision.
type Severity string

// The two severities. A blocker pauses the deal until the vendor answers:
// the offer cannot be compared or signed as it stands (what is bought is
// unknown, the vendor refused to say, the quote has expired, or it does not
// meet the brief). A warning is a question to settle before signing.
const (
	Blocker Severity = "blocker"
	Warning Severity = "warning"
)

// LabelKey returns the i18n key of the severity's label, e.g.
// "redflag.severity.blocker".
func (s Severity) LabelKey() string { return "redflag.severity." + string(s) }

// rank orders severities for sorting: blockers first.
func (s Severity) rank() int {
	if s == Blocker {
		return 0
	}
	return 1
}

// Flag is one rule that fired on one quote.
type Flag struct {
	ID          string   // the rule's stable id, e.g. "egress_refused"
	Severity    Severity // the rule's severity
	Terms       []string // CSV column names of the terms the rule read
	MessageKey  string   // "redflag.<id>.message"
	QuestionKey string   // "redflag.<id>.question"
	Message     string   // English message with the facts filled in
	Question    string   // English question for the vendor, facts filled in
	// Data holds the facts for the message and question templates, by
	// placeholder name ({{.GPU}} reads Data["GPU"]); nil when there are none.
	Data map[string]string
}

// Input is what a rule looks at: the quote, the brief it answers (may be
// empty: rules against the brief then stay silent) and today's date, which
// decides validity. A zero Today turns the validity rules off.
type Input struct {
	Quote quote.Quote
	Brief brief.Brief // nil or empty: no brief to compare with yet
	Today time.Time   // its calendar date in its own location counts
	// USDPer is the admin's exchange rates (USD per unit of each
	// currency); nil when the caller does not know them, which keeps the
	// rules that need them silent.
	USDPer map[string]quote.Decimal
	// RetryWaste is the worksheet's share of busy time lost to checkpoints
	// and restarts; nil outside the analysis.
	RetryWaste *float64
}

// Rule is one red-flag check. Check reports whether the rule fires on the
// input and, if so, the complete Flag.
type Rule struct {
	ID       string   // stable snake_case id; also names the i18n keys
	Severity Severity // the severity of every flag the rule raises
	Terms    []string // CSV column names the rule reads
	Check    func(Input) (Flag, bool)
}

// check is the body of a rule: whether it fires and the facts its message
// and question quote. Rules are written as checks and wrapped by newRule,
// so that every flag gets its id, keys and texts the same way.
type check func(Input) (map[string]string, bool)

func newRule(id string, sev Severity, terms []string, c check) Rule {
	r := Rule{ID: id, Severity: sev, Terms: terms}
	r.Check = func(in Input) (Flag, bool) {
		data, ok := c(in)
		if !ok {
			return Flag{}, false
		}
		f := Flag{
			ID:          id,
			Severity:    sev,
			Terms:       slices.Clone(terms),
			MessageKey:  MessageKey(id),
			QuestionKey: QuestionKey(id),
			Data:        data,
		}
		f.Message = render(f.MessageKey, data)
		f.Question = render(f.QuestionKey, data)
		return f, true
	}
	return r
}

// MessageKey returns the i18n key of rule id's message.
func MessageKey(id string) string { return "redflag." + id + ".message" }

// QuestionKey returns the i18n key of rule id's question for the vendor.
func QuestionKey(id string) string { return "redflag." + id + ".question" }

// Rules returns every rule in display order (topology, fabric, storage,
// commercial, access, security, then the brief). The slice is fresh on each
// call; the Check functions are shared and safe for concurrent use.
func Rules() []Rule { return slices.Clone(allRules()) }

// Evaluate runs every rule on in and returns the flags raised, blockers
// first, each severity in rule order, so the same quote always lists the
// same way.
func Evaluate(in Input) []Flag {
	var flags []Flag
	for _, r := range allRules() {
		if f, ok := r.Check(in); ok {
			flags = append(flags, f)
		}
	}
	slices.SortStableFunc(flags, func(a, b Flag) int {
		return cmp.Compare(a.Severity.rank(), b.Severity.rank())
	})
	return flags
}

// Counts returns how many of flags are blockers and how many warnings.
func Counts(flags []Flag) (blockers, warnings int) {
	for _, f := range flags {
		if f.Severity == Blocker {
			blockers++
		} else {
			warnings++
		}
	}
	return blockers, warnings
}

// Questions returns the English questions of flags for the "questions for
// the vendor" page, in flag order, each once: two flags can ask the same
// thing, and a vendor should not read a question twice.
func Questions(flags []Flag) []string {
	var qs []string
	seen := make(map[string]bool, len(flags))
	for _, f := range flags {
		if f.Question == "" || seen[f.Question] {
			continue
		}
		seen[f.Question] = true
		qs = append(qs, f.Question)
	}
	return qs
}
