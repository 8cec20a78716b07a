package scoring

import (
	"cmp"
	"slices"
)

// SplitOption is a quote an award may take a share of: its monthly TCO
// (minor units) and useful units a month for the whole brief, its vendor
// (the at-most-N % cap is per vendor) and whether the buyer's constraints
// let it carry the work (e.g. multi-node work only on verified fabric).
type SplitOption struct {
	QuoteID  int64
	Vendor   string
	TCOMinor int64
	Units    float64
	Eligible bool
}

// SplitShare is one quote's share of a suggested split.
type SplitShare struct {
	QuoteID  int64
	SharePct int
}

// Split is a suggested split with its cost per useful unit (minor units,
// unrounded).
type Split struct {
	Shares      []SplitShare
	CostPerUnit float64
}

// SuggestSplit finds the whole-percent split of the capacity over the
// eligible options, at most maxVendorPct with one vendor (100: no cap),
// that minimises the combined cost per useful unit Σ sT / Σ sU, and its
// runner-up: the best split without the suggestion's largest share. Nil
// when the caps cannot reach 100 %.
//
// The objective is a ratio of linear functions, solved by Dinkelbach's
// method: for a guess λ, minimise Σ s(T − λU), which under a total and
// per-vendor caps a greedy fill in ascending T − λU solves; λ becomes the
// new split's ratio until no split beats it. Each step strictly lowers λ
// over finitely many greedy fills, so it ends.
func SuggestSplit(opts []SplitOption, maxVendorPct int) (best, runnerUp *Split) {
	best = suggest(opts, maxVendorPct, -1)
	if best == nil {
		return nil, nil
	}
	top := slices.MaxFunc(best.Shares, func(a, b SplitShare) int { return cmp.Compare(a.SharePct, b.SharePct) })
	return best, suggest(opts, maxVendorPct, top.QuoteID)
}

func suggest(opts []SplitOption, maxVendorPct int, without int64) *Split {
	var pool []SplitOption
	for _, o := range opts {
		if o.Eligible && o.Units > 0 && o.QuoteID != without {
			pool = append(pool, o)
		}
	}
	if maxVendorPct <= 0 || maxVendorPct > 100 {
		maxVendorPct = 100
	}
	shares := fill(pool, maxVendorPct, func(o SplitOption) float64 { return float64(o.TCOMinor) / o.Units })
	if shares == nil {
		return nil
	}
	lambda := ratio(pool, shares)
	for range 2 * len(pool) {
		next := fill(pool, maxVendorPct, func(o SplitOption) float64 { return float64(o.TCOMinor) - lambda*o.Units })
		r := ratio(pool, next)
		if r >= lambda-1e-9 {
			break
		}
		shares, lambda = next, r
	}
	out := &Split{CostPerUnit: lambda}
	for i, s := range shares {
		if s > 0 {
			out.Shares = append(out.Shares, SplitShare{QuoteID: pool[i].QuoteID, SharePct: s})
		}
	}
	return out
}

// fill gives shares in ascending key order, each quote up to what its
// vendor has left, until 100 %; nil when the caps run out first.
func fill(pool []SplitOption, vendorCap int, key func(SplitOption) float64) []int {
	order := make([]int, len(pool))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(key(pool[a]), key(pool[b])) })
	shares := make([]int, len(pool))
	used := map[string]int{}
	left := 100
	for _, i := range order {
		take := min(left, vendorCap-used[pool[i].Vendor])
		if take <= 0 {
			continue
		}
		shares[i], left = take, left-take
		used[pool[i].Vendor] += take
	}
	if left > 0 {
		return nil
	}
	return shares
}

func ratio(pool []SplitOption, shares []int) float64 {
	var t, u float64
	for i, s := range shares {
		t += float64(s) * float64(pool[i].TCOMinor)
		u += float64(s) * pool[i].Units
	}
	return t / u
}
