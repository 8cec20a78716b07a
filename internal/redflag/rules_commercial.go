package redflag

import (
	"time"
)

// commercialRules cover red flags 4 (vague support), 6 (a low price with
// no utilisation or cancellation terms) and 7 (no benchmark window before
// the commitment), and the quote's validity date.
func commercialRules() []Rule {
	return []Rule{
		newRule("support_vague", Warning, []string{"support_terms", "support_response_hours"}, supportVague),
		newRule("support_refused", Blocker, []string{"support_terms", "support_response_hours"}, supportRefused),
		newRule("commitment_terms_missing", Warning, []string{"price_per_gpu_hour", "currency", "min_term_months", "cancellation_terms"}, commitmentMissing),
		newRule("commitment_terms_refused", Blocker, []string{"min_term_months"}, commitmentRefused),
		newRule("cancellation_terms_refused", Blocker, []string{"cancellation_terms"}, cancellationRefused),
		newRule("benchmark_window_missing", Warning, []string{"min_term_months", "benchmark_window"}, benchmarkMissing),
		newRule("benchmark_window_refused", Blocker, []string{"min_term_months", "benchmark_window"}, benchmarkRefused),
		newRule("quote_expired", Blocker, []string{"valid_until"}, quoteExpired),
		newRule("quote_expiring", Warning, []string{"valid_until"}, quoteExpiring),
	}
}

// supportVague: scope without a response time, or a time without scope,
// is what "vague" means for the most expensive training window.
func supportVague(in Input) (map[string]string, bool) {
	q := in.Quote
	if refused(q.SupportTerms) || refused(q.SupportResponseHours) {
		return nil, false // support_refused says it more strongly
	}
	return nil, missing(q.SupportTerms) || missing(q.SupportResponseHours)
}

func supportRefused(in Input) (map[string]string, bool) {
	q := in.Quote
	return nil, refused(q.SupportTerms) || refused(q.SupportResponseHours)
}

// commitmentMissing: a rate means little until the minimum term says how
// long it must be paid and the cancellation terms say how to get out; a
// cheap rate is expensive when utilisation falls. With no commitment
// (min_term_months 0) there is nothing to cancel.
func commitmentMissing(in Input) (map[string]string, bool) {
	q := in.Quote
	price, ok := q.PricePerGPUHour.Get()
	if !ok {
		return nil, false
	}
	months, termStated := q.MinTermMonths.Get()
	gap := missing(q.MinTermMonths) || termStated && months > 0 && missing(q.CancellationTerms)
	if !gap || refused(q.MinTermMonths) || refused(q.CancellationTerms) {
		return nil, false
	}
	return map[string]string{"Price": price.String(), "Currency": q.Currency.Value}, true
}

// commitmentRefused and cancellationRefused are separate rules so that
// each message names the term the vendor refused.
func commitmentRefused(in Input) (map[string]string, bool) {
	return nil, refused(in.Quote.MinTermMonths)
}

func cancellationRefused(in Input) (map[string]string, bool) {
	return nil, refused(in.Quote.CancellationTerms)
}

// noCommitment reports whether the quote states that nothing is committed:
// then the buyer can benchmark by simply renting, and a benchmark window
// adds nothing.
func noCommitment(in Input) bool {
	m, ok := in.Quote.MinTermMonths.Get()
	return ok && m == 0
}

func benchmarkMissing(in Input) (map[string]string, bool) {
	if noCommitment(in) {
		return nil, false
	}
	offered, stated := in.Quote.BenchmarkWindow.Get()
	return nil, missing(in.Quote.BenchmarkWindow) || stated && !offered
}

func benchmarkRefused(in Input) (map[string]string, bool) {
	return nil, !noCommitment(in) && refused(in.Quote.BenchmarkWindow)
}

// expiringDays is how close to its end a quote must be to warn: a week is
// about what a benchmark and an approval take.
const expiringDays = 7

// daysLeft returns the whole days from today to the quote's last valid
// day (0 when it ends today, negative once expired), comparing calendar
// dates so the hour of the check does not matter.
func daysLeft(in Input) (days int, date string, ok bool) {
	until, ok := in.Quote.ValidUntil.Get()
	if !ok || in.Today.IsZero() {
		return 0, "", false
	}
	y, m, d := in.Today.Date()
	today := time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	y, m, d = until.Date()
	last := time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	return int(last.Sub(today).Hours() / 24), last.Format(time.DateOnly), true
}

func quoteExpired(in Input) (map[string]string, bool) {
	days, date, ok := daysLeft(in)
	if !ok || days >= 0 {
		return nil, false
	}
	return map[string]string{"Date": date}, true
}

func quoteExpiring(in Input) (map[string]string, bool) {
	days, date, ok := daysLeft(in)
	if !ok || days < 0 || days > expiringDays {
		return nil, false
	}
	return map[string]string{"Date": date, "Days": itoa(int64(days))}, true
}
