package redflag

import (
	"math/big"
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/quote"
)

// contractRules compare what the quote commits the buyer to with the
// brief's limits, and catch terms that contradict each other.
func contractRules() []Rule {
	return []Rule{
		newRule("term_beyond_horizon", Warning, []string{"min_term_months"}, termBeyondHorizon),
		newRule("min_spend_above_limit", Blocker, []string{"min_spend", "currency"}, minSpendAboveLimit),
		newRule("long_commitment_no_exit", Warning, []string{"min_term_months", "cancellation_terms"}, longCommitmentNoExit),
		newRule("billing_unit_ambiguous", Warning, []string{"billing_unit", "price_per_gpu_hour"}, billingUnitAmbiguous),
		newRule("storage_price_missing", Warning, []string{"storage_terms", "storage_price_per_tb_month"}, storagePriceMissing),
		newRule("isolation_below_brief", Blocker, []string{"tenant_isolation", "dedicated_claim"}, isolationBelowBrief),
		newRule("fx_rate_missing", Blocker, []string{"currency"}, fxRateMissing),
		newRule("retry_waste_over_budget", Warning, []string{"node_failure_policy"}, retryOverBudget),
	}
}

// termBeyondHorizon: a minimum term longer than the brief plans for is
// paid after the workload may have moved on.
func termBeyondHorizon(in Input) (map[string]string, bool) {
	months, ok := in.Quote.MinTermMonths.Get()
	horizon, okH := in.Brief.Int("term_months")
	if !ok || !okH || horizon <= 0 || months <= horizon {
		return nil, false
	}
	return map[string]string{"Months": itoa(months), "Horizon": itoa(horizon)}, true
}

// minSpendAboveLimit compares the minimum spend with the brief's limit, in
// the brief's budget currency (USD when it names none), converting with
// the admin's rates; without a rate for either currency it stays silent
// (fx_rate_missing speaks for the quote's currency).
func minSpendAboveLimit(in Input) (map[string]string, bool) {
	spend, ok := in.Quote.MinSpend.Get()
	limitText := in.Brief["min_spend_limit"]
	if !ok || limitText == "" {
		return nil, false
	}
	limit, ok := new(big.Rat).SetString(limitText)
	if !ok {
		return nil, false
	}
	budget := in.Brief["budget_currency"]
	if budget == "" {
		budget = "USD"
	}
	cur, _ := in.Quote.Currency.Get()
	s, ok := new(big.Rat).SetString(spend.String())
	if !ok {
		return nil, false
	}
	if cur != budget {
		from, okF := usdPer(in.USDPer, cur)
		to, okT := usdPer(in.USDPer, budget)
		if !okF || !okT || to.Sign() == 0 {
			return nil, false
		}
		s.Mul(s, from).Quo(s, to)
	}
	if s.Cmp(limit) <= 0 {
		return nil, false
	}
	return map[string]string{"Spend": spend.String(), "Currency": cur, "Limit": limitText, "Budget": budget}, true
}

func usdPer(rates map[string]quote.Decimal, cur string) (*big.Rat, bool) {
	if cur == "USD" {
		return big.NewRat(1, 1), true
	}
	d, ok := rates[cur]
	if !ok {
		return nil, false
	}
	r, ok := new(big.Rat).SetString(d.String())
	return r, ok
}

// noExit are cancellation terms that say there is no way out.
var noExit = map[string]bool{"none": true, "no": true, "n/a": true, "na": true, "not cancellable": true,
	"non-cancellable": true, "non cancellable": true, "no cancellation": true, "not cancelable": true, "non-cancelable": true}

// longCommitmentNoExit: two years or more with no cancellation at all.
func longCommitmentNoExit(in Input) (map[string]string, bool) {
	months, ok := in.Quote.MinTermMonths.Get()
	terms, okT := in.Quote.CancellationTerms.Get()
	if !ok || !okT || months < 24 || !noExit[strings.ToLower(strings.Trim(strings.TrimSpace(terms), "."))] {
		return nil, false
	}
	return map[string]string{"Months": itoa(months)}, true
}

// billingUnitAmbiguous: a price per GPU-hour billed by the month or block
// can mean 730 paid hours or the hours used; the worksheet reads it as
// capacity paid for the whole period, and the vendor must confirm.
func billingUnitAmbiguous(in Input) (map[string]string, bool) {
	unit, ok := in.Quote.BillingUnit.Get()
	if !ok || (unit != quote.BillingMonth && unit != quote.BillingBlock) || !in.Quote.PricePerGPUHour.IsStated() {
		return nil, false
	}
	return map[string]string{"Unit": string(unit)}, true
}

// storagePriceMissing: storage described but not priced; the worksheet
// then assumes the market price, which the vendor should replace.
func storagePriceMissing(in Input) (map[string]string, bool) {
	q := in.Quote
	return nil, q.StorageTerms.IsStated() && missing(q.StoragePricePerTBMonth)
}

// sharedWords mark tenant-isolation text that says the hosts are shared.
var sharedWords = []string{"shared", "multi-tenant", "multi tenant", "multitenant"}

// isolationBelowBrief: the brief requires dedicated nodes or a dedicated
// cluster and the quote says the capacity is shared.
func isolationBelowBrief(in Input) (map[string]string, bool) {
	want := in.Brief["customer_isolation"]
	if want != "dedicated_nodes" && want != "dedicated_cluster" {
		return nil, false
	}
	if d, ok := in.Quote.DedicatedClaim.Get(); ok && !d {
		return map[string]string{"Wanted": want}, true
	}
	text, ok := in.Quote.TenantIsolation.Get()
	if !ok {
		return nil, false
	}
	low := strings.ToLower(text)
	for _, w := range sharedWords {
		if strings.Contains(low, w) && !strings.Contains(low, "not "+w) && !strings.Contains(low, "no "+w) {
			return map[string]string{"Wanted": want}, true
		}
	}
	return nil, false
}

// fxRateMissing: a quote in a currency the admin has no rate for cannot be
// compared; the quote itself says which rate is missing. USDPer nil means
// the caller does not know the rates, and the rule is silent.
func fxRateMissing(in Input) (map[string]string, bool) {
	cur, ok := in.Quote.Currency.Get()
	if in.USDPer == nil || !ok || cur == "USD" {
		return nil, false
	}
	if _, ok := in.USDPer[cur]; ok {
		return nil, false
	}
	return map[string]string{"Currency": cur}, true
}

// retryOverBudget compares the worksheet's retry waste (checkpoints and
// restarts) with the brief's retry budget. Only the analysis knows the
// waste; elsewhere RetryWaste is nil and the rule is silent.
func retryOverBudget(in Input) (map[string]string, bool) {
	budget, ok := in.Brief.Float("retry_budget_pct")
	if in.RetryWaste == nil || !ok || *in.RetryWaste*100 <= budget {
		return nil, false
	}
	return map[string]string{"Waste": pct1(*in.RetryWaste * 100), "Budget": pct1(budget)}, true
}

// pct1 writes a percentage with at most one decimal: "47.8", "10".
func pct1(v float64) string {
	s := strconv.FormatFloat(v, 'f', 1, 64)
	return strings.TrimSuffix(s, ".0")
}
