package redflag

import (
	"testing"
	"time"
)

var commercialCases = []ruleCase{
	{name: "support terms not stated", cells: map[string]string{"support_terms": ""}, want: []string{"support_vague"}},
	{name: "support response time not stated", cells: map[string]string{"support_response_hours": ""}, want: []string{"support_vague"}},
	{
		name:  "support response refused is a blocker",
		cells: map[string]string{"support_terms": "", "support_response_hours": "refused"},
		want:  []string{"support_refused"},
	},
	{
		name: "price without minimum term", cells: map[string]string{"min_term_months": ""},
		want: []string{"commitment_terms_missing"}, data: map[string]string{"Price": "2.95", "Currency": "EUR"},
	},
	{name: "commitment without cancellation terms", cells: map[string]string{"cancellation_terms": ""}, want: []string{"commitment_terms_missing"}},
	{name: "no commitment needs no cancellation terms", cells: map[string]string{"min_term_months": "0", "cancellation_terms": ""}, want: []string{}},
	{name: "no price, nothing to qualify", cells: map[string]string{"price_per_gpu_hour": "", "min_term_months": ""}, want: []string{}},
	{name: "cancellation refused is a blocker", cells: map[string]string{"cancellation_terms": "refused"}, want: []string{"cancellation_terms_refused"}},
	// The message names the term refused: a quote that states its
	// minimum term but refuses cancellation was told it "refused to state
	// the minimum term".
	{name: "minimum term refused is a blocker", cells: map[string]string{"min_term_months": "refused"}, want: []string{"commitment_terms_refused"}},
	{name: "no benchmark window", cells: map[string]string{"benchmark_window": "no"}, want: []string{"benchmark_window_missing"}},
	{name: "benchmark window not stated", cells: map[string]string{"benchmark_window": ""}, want: []string{"benchmark_window_missing"}},
	{name: "benchmark window refused is a blocker", cells: map[string]string{"benchmark_window": "refused"}, want: []string{"benchmark_window_refused"}},
	{name: "no benchmark window needed without commitment", cells: map[string]string{"benchmark_window": "no", "min_term_months": "0"}, want: []string{}},
	{
		name: "expired the day after valid_until", today: time.Date(2027, 4, 1, 0, 0, 0, 0, time.UTC),
		want: []string{"quote_expired"}, data: map[string]string{"Date": "2027-03-31"},
	},
	{
		name: "valid on its last day", today: time.Date(2027, 3, 31, 23, 59, 0, 0, time.UTC),
		want: []string{"quote_expiring"}, data: map[string]string{"Date": "2027-03-31", "Days": "0"},
	},
	{
		name:  "last day in the buyer's own time zone",
		today: time.Date(2027, 3, 31, 23, 30, 0, 0, time.FixedZone("UTC+10", 10*3600)),
		want:  []string{"quote_expiring"}, data: map[string]string{"Date": "2027-03-31", "Days": "0"},
	},
	{
		name: "seven days left", today: time.Date(2027, 3, 24, 0, 0, 0, 0, time.UTC),
		want: []string{"quote_expiring"}, data: map[string]string{"Date": "2027-03-31", "Days": "7"},
	},
	{name: "eight days left", today: time.Date(2027, 3, 23, 0, 0, 0, 0, time.UTC), want: []string{}},
	{name: "no validity date", cells: map[string]string{"valid_until": ""}, today: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC), want: []string{}},
}

func TestCommercialRules(t *testing.T) { runCases(t, commercialCases) }

// TestNoClockNoValidity: without today's date the validity rules cannot
// judge, and must not pretend to.
func TestNoClockNoValidity(t *testing.T) {
	in := ruleCase{}.input(t)
	in.Today = time.Time{}
	in.Quote.ValidUntil.Value = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	if got := ids(Evaluate(in)); len(got) != 0 {
		t.Errorf("Evaluate without a date = %v, want no flags", got)
	}
}
