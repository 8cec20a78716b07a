package evaluation

import (
	"cmp"
	"slices"

	"github.com/gpuquote/gpuquote/internal/scoring"
	"github.com/gpuquote/gpuquote/internal/store"
)

// Why a quote takes no share, or a limited one, in a suggested split.
const (
	SplitRejected     = "rejected"      // rejected on the shortlist
	SplitOpenBlockers = "open_blockers" // Count open blockers
	SplitNotVerified  = "not_verified"  // verified fabric only, and its all-reduce test has not passed
	SplitNoCapacity   = "no_capacity"   // it states no units a month
	SplitCap          = "cap"           // eligible, but one vendor may take at most Pct %
	SplitShort        = "short"         // eligible, uncapped, but the offers' capacity cannot carry the volume
	SplitNoRate       = "no_rate"       // left out: no exchange rate
	SplitUnpriced     = "unpriced"      // left out: the cost model cannot price it
)

// SplitExclusion is one quote and why it could not carry (all of) a split.
type SplitExclusion = scoring.SplitExclusion

// SplitWhy says why no split meets the buyer's constraints, quote by
// quote, and offers the nearest split that can be found (at most
// SplitWhyShown quotes are named).
type SplitWhy = scoring.SplitWhy

// WhyNoSplit explains an empty SuggestSplit under these constraints.
func (a *Analysis) WhyNoSplit(maxVendorPct int, verifiedOnly bool) SplitWhy {
	var w SplitWhy
	nodes, _ := a.Brief.Data.Int("node_count")
	for i, sq := range a.Quotes {
		ex := SplitExclusion{QuoteID: sq.ID, Provider: sq.ProviderName}
		switch n := len(a.OpenBlockers(sq.ID)); {
		case a.Shortlist[sq.ID].Status == "rejected":
			ex.Reason = SplitRejected
		case n > 0:
			ex.Reason, ex.Count = SplitOpenBlockers, n
		case verifiedOnly && nodes > 1 && a.Suites[sq.ID]["nccl_allreduce"].Status != store.AcceptancePassed:
			ex.Reason = SplitNotVerified
		case !(a.WS.Results[i].UnitsPerMonth > 0):
			ex.Reason = SplitNoCapacity
		case maxVendorPct >= 100:
			ex.Reason = SplitShort
		default:
			ex.Reason, ex.Pct = SplitCap, maxVendorPct
		}
		w.Excluded = append(w.Excluded, ex)
	}
	w.Excluded = a.cheapestShown(w.Excluded)
	leftOut := a.LeftOutQuotes()
	w.ExcludedTotal = len(a.Quotes) + len(leftOut)
	for _, l := range leftOut {
		if len(w.Excluded) >= SplitWhyShown {
			break
		}
		ex := SplitExclusion{QuoteID: l.QuoteID, Provider: l.Provider, Reason: SplitUnpriced, Detail: l.Detail}
		if l.Reason == LeftOutNoRate {
			ex.Reason, ex.Currency, ex.Target = SplitNoRate, l.Currency, l.Target
		}
		w.Excluded = append(w.Excluded, ex)
	}
	// A larger cap only relaxes the constraint, so the smallest cap that
	// works is found by bisection (a handful of splits, not a hundred).
	if maxVendorPct < 100 {
		if best, _ := a.SuggestSplit(100, verifiedOnly); best != nil {
			lo, hi := maxVendorPct, 100 // no split at lo, one at hi
			for hi-lo > 1 {
				mid := (lo + hi) / 2
				if b, _ := a.SuggestSplit(mid, verifiedOnly); b != nil {
					hi = mid
				} else {
					lo = mid
				}
			}
			w.Nearest, w.NearestPct, w.NearestVerified = best, hi, verifiedOnly
			if b, _ := a.SuggestSplit(hi, verifiedOnly); b != nil {
				w.Nearest = b
			}
			return w
		}
	}
	if verifiedOnly {
		if best, _ := a.SuggestSplit(maxVendorPct, false); best != nil {
			w.Nearest, w.NearestPct = best, maxVendorPct
		}
	}
	return w
}

// SplitWhyShown is how many quotes WhyNoSplit names: the page stays the
// same size whether 10 or 10,000 quotes could not carry a split.
const SplitWhyShown = 10

// cheapestShown keeps the SplitWhyShown cheapest of the priced quotes'
// exclusions (ex in Quotes order), in worksheet order.
func (a *Analysis) cheapestShown(ex []SplitExclusion) []SplitExclusion {
	if len(ex) <= SplitWhyShown {
		return ex
	}
	idx := make([]int, len(ex))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(i, j int) int { return cmp.Compare(a.WS.Results[i].CostRank, a.WS.Results[j].CostRank) })
	keep := idx[:SplitWhyShown]
	slices.Sort(keep)
	out := make([]SplitExclusion, len(keep))
	for k, i := range keep {
		out[k] = ex[i]
	}
	return out
}
