package market

import (
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/gpuquote/gpuquote/internal/quote"
)

// Verdict places a quoted per-GPU-hour rate within the reference prices.
type Verdict string

// Verdicts, from cheapest to dearest. The bands are: far_below < below <
// P25 ≤ within ≤ P75 < above < far_above, where the "far" verdicts also
// need the rate to be beyond a ratio of the median (see the thresholds).
const (
	// VerdictNoReference: nothing to compare with — unknown or ambiguous
	// GPU, a rental model not priced per GPU-hour, no price, or fewer than
	// MinReferencePrices reference prices.
	VerdictNoReference Verdict = "no_reference"
	// VerdictFarBelow: below P25 and under FarBelowPercentOfMedian of the
	// median. Check what is missing: a rate this low usually leaves out
	// something the market price includes (storage, network, support,
	// part of the node) or is for another product or commitment.
	VerdictFarBelow Verdict = "far_below"
	// VerdictBelow: below P25, the cheaper quarter of the market.
	VerdictBelow Verdict = "below"
	// VerdictWithin: between P25 and P75 inclusive, the middle half.
	VerdictWithin Verdict = "within"
	// VerdictAbove: above P75, the dearer quarter of the market.
	VerdictAbove Verdict = "above"
	// VerdictFarAbove: above P75 and over FarAbovePercentOfMedian of the
	// median: dearer than most of the market; negotiate or justify.
	VerdictFarAbove Verdict = "far_above"
)

// Verdict thresholds. They are percentages of the median so that the
// comparison stays exact in integers.
const (
	// FarBelowPercentOfMedian: a rate under 60% of the median (and below
	// P25) is far below. The spread of list prices for one GPU is wide
	// (H100 SXM runs from about $2 to $12 an hour), so only a rate well
	// under the middle is suspicious rather than merely good.
	FarBelowPercentOfMedian = 60
	// FarAbovePercentOfMedian: a rate over 150% of the median (and above
	// P75) is far above.
	FarAbovePercentOfMedian = 150
	// MinReferencePrices is the fewest prices a verdict is given on: with
	// one or two prices the quartiles are those prices themselves and say
	// nothing about a market.
	MinReferencePrices = 3
)

// SegmentStats are the reference prices of one kind of provider, and the
// verdict the quoted rate would get against them alone.
type SegmentStats struct {
	Segment string // "hyperscaler" (aws, azure, gcp) or "other"
	Stats   Stats
	Verdict Verdict // by the same thresholds; no_reference under MinReferencePrices
}

// hyperscalers are the clouds whose list prices run far above the rest;
// a pooled median mixes them with neoclouds, so Compare shows both.
var hyperscalers = map[string]bool{"aws": true, "azure": true, "gcp": true}

// Comparison is the result of Compare: the verdict and everything needed
// to show why.
type Comparison struct {
	// Verdict is where Price falls in Stats; see the Verdict constants.
	Verdict Verdict
	// Price is the quoted rate compared, USD per GPU-hour.
	Price quote.Decimal
	// GPUKey is the quote's GPU as read, e.g. "H100-SXM", or "H100" when
	// AnyForm; empty when the model could not be read.
	GPUKey string
	// AnyForm is true when the quote gave no form factor and prices of
	// every form factor were pooled (Notes says so too).
	AnyForm bool
	// MatchedKeys are the reference keys whose prices were pooled.
	MatchedKeys []string
	// Kind is the price kind compared with; empty when none applies.
	Kind PriceKind
	// Stats summarise the pooled reference prices: count, min–max range,
	// quartiles and median.
	Stats Stats
	// PercentOfMedian is Price as a percentage of the median, to one
	// decimal place; zero when there is no median.
	PercentOfMedian quote.Decimal
	// Segments split the pooled prices into hyperscaler and other
	// providers, whose medians can differ by 2× or more (H100 SXM
	// on-demand: about $8 against $3.6 in the bundled file), so a
	// neocloud quote can be judged against neocloud prices too. Verdict
	// stays on the pooled prices, because Compare does not know the
	// quote's provider category.
	Segments []SegmentStats
	// StrongWarning marks a verdict more serious than its name: a
	// reserved rate at or above the on-demand median.
	StrongWarning bool
	// Source and SourceDate say which price file this is, and how old.
	Source     string
	SourceDate string
	// Notes explain guesses, pooling and caveats, for the user.
	Notes []string
}

// kindFor maps a rental model to the reference price kind, or explains
// why there is none.
func kindFor(rental quote.RentalModel) (PriceKind, string) {
	switch rental {
	case quote.RentalOnDemand, quote.RentalSingleNode, quote.RentalManagedCluster, quote.RentalReserved:
		return KindOnDemand, ""
	case quote.RentalMarketplace:
		return KindMarketplace, ""
	case quote.RentalModelAPI:
		return "", "a model API is priced per token, not per GPU-hour: no GPU price reference applies"
	case quote.RentalBuy:
		return "", "buying is capital expense, not a rate per GPU-hour: compare it in the TCO worksheet"
	case "":
		return KindOnDemand, "no rental model given: compared with on-demand prices"
	}
	return KindOnDemand, fmt.Sprintf("rental model %q is not one the reference knows: compared with on-demand prices", rental)
}

// Compare places a quote's per-GPU-hour rate in USD within the reference
// prices for its GPU.
//
// The rental model picks the reference: on_demand, single_node and
// managed_cluster compare with on-demand list prices. reserved compares
// with on-demand too, as the file has no committed prices (README caveat
// 6); since reservations usually cost less than on-demand (AWS Savings
// Plans up to 66–72% off; the H100 1-year contract index was $2.35 in
// March 2026 against $2.9–4.3 neocloud on-demand), a reserved rate at or
// above the on-demand median sets StrongWarning. marketplace compares with
// KindMarketplace: spot prices pooled with marketplace offers. The file
// has no spot price for marketplaces themselves (Vast.ai's is 0.00,
// README caveat 3), and its Vast rows are marketplace asking prices, not
// list prices; both those offers and hyperscaler spot are market-clearing
// prices with no capacity guarantee, which is what a marketplace rental
// is. model_api and buy have no GPU-hour reference.
func Compare(ref Reference, gpuModel string, form quote.FormFactor, rental quote.RentalModel, usdPerGPUHour quote.Decimal) Comparison {
	c := Comparison{Verdict: VerdictNoReference, Price: usdPerGPUHour, Source: ref.Source, SourceDate: ref.SourceDate}
	kind, why := kindFor(rental)
	if why != "" {
		c.Notes = append(c.Notes, why)
	}
	if kind == "" {
		return c
	}
	c.Kind = kind

	m := QuoteGPU(gpuModel, form)
	c.GPUKey, c.AnyForm = m.Key(), m.AnyForm
	c.Notes = append(c.Notes, m.Notes...)
	if c.GPUKey == "" {
		return c
	}
	keep := func(r Row) bool { return m.Matches(r.GPU) }
	for _, r := range ref.Rows {
		if keep(r) && len(r.prices(kind)) > 0 && !slices.Contains(c.MatchedKeys, r.GPU.Key()) {
			c.MatchedKeys = append(c.MatchedKeys, r.GPU.Key())
		}
	}
	slices.Sort(c.MatchedKeys)
	c.Stats = Summarize(ref.prices(keep, kind))
	for _, seg := range []string{"hyperscaler", "other"} {
		s := Summarize(ref.prices(func(r Row) bool { return keep(r) && hyperscalers[r.Cloud] == (seg == "hyperscaler") }, kind))
		if s.Count > 0 {
			c.Segments = append(c.Segments, SegmentStats{Segment: seg, Stats: s, Verdict: VerdictNoReference})
		}
	}

	switch {
	case usdPerGPUHour.Micros() <= 0:
		c.Notes = append(c.Notes, "the quote has no per-GPU-hour price to compare")
		return c
	case c.Stats.Count == 0:
		c.Notes = append(c.Notes, fmt.Sprintf("the reference has no %s prices for %s", kindName(kind), c.GPUKey))
		return c
	case c.Stats.Count < MinReferencePrices:
		c.Notes = append(c.Notes, fmt.Sprintf("the reference has only %s for %s, too few for a verdict; %s shown for information", quote.Count(c.Stats.Count, kindName(kind)+" price", kindName(kind)+" prices"), c.GPUKey, map[bool]string{true: "it is", false: "they are"}[c.Stats.Count == 1]))
		return c
	}

	c.PercentOfMedian = percentOf(usdPerGPUHour, c.Stats.Median)
	c.Verdict = verdict(usdPerGPUHour, c.Stats)
	for i := range c.Segments {
		if c.Segments[i].Stats.Count >= MinReferencePrices {
			c.Segments[i].Verdict = verdict(usdPerGPUHour, c.Segments[i].Stats)
		}
	}
	if len(c.Segments) == 2 {
		hi, lo := c.Segments[0].Stats.Median, c.Segments[1].Stats.Median
		if atLeastPercent(hi, lo, FarAbovePercentOfMedian) || atLeastPercent(lo, hi, FarAbovePercentOfMedian) {
			c.Notes = append(c.Notes, fmt.Sprintf("the reference mixes hyperscaler prices (median %s, %d prices: %s) with other providers (median %s, %d prices: %s); judge a quote against its own kind of provider too",
				hi, c.Segments[0].Stats.Count, c.Segments[0].Verdict, lo, c.Segments[1].Stats.Count, c.Segments[1].Verdict))
		}
	}
	switch rental {
	case quote.RentalReserved:
		c.Notes = append(c.Notes, "reserved rate compared with on-demand prices (the reference has no committed prices): reservations usually cost less than on-demand, so a reserved rate at or above the on-demand median is a strong warning")
		if usdPerGPUHour.Cmp(c.Stats.Median) >= 0 {
			c.StrongWarning = true
		}
	case quote.RentalManagedCluster:
		c.Notes = append(c.Notes, "managed clusters may bundle orchestration, storage or support that instance prices do not include")
	case quote.RentalMarketplace:
		c.Notes = append(c.Notes, "marketplace rate compared with spot/preemptible prices and marketplace offers (Vast.ai asking prices), which carry no capacity guarantee")
	}
	return c
}

// verdict applies the thresholds to a price with at least one reference.
func verdict(p quote.Decimal, s Stats) Verdict {
	switch {
	case p.Cmp(s.P25) < 0:
		if !atLeastPercent(p, s.Median, FarBelowPercentOfMedian) {
			return VerdictFarBelow
		}
		return VerdictBelow
	case p.Cmp(s.P75) > 0:
		if overPercent(p, s.Median, FarAbovePercentOfMedian) {
			return VerdictFarAbove
		}
		return VerdictAbove
	}
	return VerdictWithin
}

// atLeastPercent reports a ≥ pct% of b, exactly: 100·a ≥ pct·b.
func atLeastPercent(a, b quote.Decimal, pct int64) bool {
	return cmpScaled(a, 100, b, pct) >= 0
}

// overPercent reports a > pct% of b, exactly: 100·a > pct·b.
func overPercent(a, b quote.Decimal, pct int64) bool {
	return cmpScaled(a, 100, b, pct) > 0
}

// cmpScaled compares a·x with b·y in big integers, so no quoted amount can
// overflow the comparison.
func cmpScaled(a quote.Decimal, x int64, b quote.Decimal, y int64) int {
	l := new(big.Int).Mul(big.NewInt(a.Micros()), big.NewInt(x))
	r := new(big.Int).Mul(big.NewInt(b.Micros()), big.NewInt(y))
	return l.Cmp(r)
}

// percentOf returns 100·p/median to one decimal place, rounded half away
// from zero.
func percentOf(p, median quote.Decimal) quote.Decimal {
	if median.Micros() <= 0 {
		return quote.Decimal{}
	}
	// In tenths of a percent: 1000·p/median; then back to micros.
	n := new(big.Int).Mul(big.NewInt(p.Micros()), big.NewInt(1000))
	tenths, ok := divRound(n, big.NewInt(median.Micros()))
	if !ok || tenths > (1<<63-1)/100_000 {
		return quote.Decimal{}
	}
	return quote.DecimalFromMicros(tenths * 100_000)
}

func kindName(k PriceKind) string {
	return strings.ReplaceAll(string(k), "_", "-")
}
