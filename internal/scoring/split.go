package scoring

import (
	"cmp"
	"math"
	"slices"
)

// SplitOption is a quote an award may take a share of: its offer (the
// worksheet's figures), its vendor (the at-most-N % cap is per vendor)
// and whether the buyer's constraints let it carry the work (e.g.
// multi-node work only on verified fabric).
type SplitOption struct {
	QuoteID  int64
	Vendor   string
	Eligible bool
	Offer
}

// SplitShare is one quote's share of a suggested split.
type SplitShare struct {
	QuoteID  int64
	SharePct int
}

// Split is a suggested award with its figures, priced by [Combine]
// exactly as the award recorded from it will be.
type Split struct {
	Shares      []SplitShare
	CostPerUnit float64 // minor units, unrounded: Figures.CostRank
	Figures     Combined
}

// SuggestSplit finds the whole-percent award of the brief's volume over
// the eligible options, at most maxVendorPct with one vendor (100: no
// cap, and one quote alone is an option), that minimises the cost per
// useful unit as [Combine] prices it, and its runner-up: the best award
// without the suggestion's largest share. Nil when no award fits the caps
// and the offers' capacities.
//
// The cost of a part is not linear in its share (a minimum spend is owed
// whole), so a split is found by dynamic programming over whole percents:
// per vendor, the cheapest way to fill p % from its quotes; across
// vendors, the cheapest way to fill 100 %. The objective is a ratio (cost
// over units delivered) when the brief states no volume; Dinkelbach's
// method turns it into a sum: for a guess λ, minimise Σ cost − λ·units,
// and λ becomes that award's ratio until none beats it. With a volume the
// units are the volume, and one pass is exact.
func SuggestSplit(opts []SplitOption, volume float64, maxVendorPct int) (best, runnerUp *Split) {
	best = suggest(opts, volume, maxVendorPct, -1)
	if best == nil {
		return nil, nil
	}
	top := slices.MaxFunc(best.Shares, func(a, b SplitShare) int { return cmp.Compare(a.SharePct, b.SharePct) })
	return best, suggest(opts, volume, maxVendorPct, top.QuoteID)
}

func suggest(opts []SplitOption, volume float64, maxVendorPct int, without int64) *Split {
	var pool []SplitOption
	for _, o := range opts {
		if o.Eligible && o.UnitsPerMonth > 0 && o.QuoteID != without {
			pool = append(pool, o)
		}
	}
	if maxVendorPct <= 0 || maxVendorPct > 100 {
		maxVendorPct = 100
	}
	var best *Split
	consider := func(s *Split) {
		if s != nil && (best == nil || s.CostPerUnit < best.CostPerUnit*(1-1e-12)) {
			best = s
		}
	}
	if maxVendorPct == 100 {
		for _, o := range pool {
			consider(price([]SplitOption{o}, []int{100}, volume))
		}
	}
	consider(bestSplit(pool, volume, maxVendorPct))
	return best
}

// price prices shares of pool (0: no share) with Combine; nil when the
// award does not fit.
func price(pool []SplitOption, shares []int, volume float64) *Split {
	var parts []Part
	out := &Split{}
	for i, s := range shares {
		if s > 0 {
			parts = append(parts, Part{SharePct: s, Offer: pool[i].Offer})
			out.Shares = append(out.Shares, SplitShare{QuoteID: pool[i].QuoteID, SharePct: s})
		}
	}
	c, err := Combine(parts, volume)
	if err != nil || !(c.UnitsPerMonth > 0) {
		return nil
	}
	out.Figures, out.CostPerUnit = c, c.CostRank
	return out
}

// partTable is each option's monthly cost and units at every share of
// 1–99 % (a split has two parts at least); NaN cost where it does not fit.
type partTable struct{ cost, units [][100]float64 }

func tableFor(pool []SplitOption, volume float64) partTable {
	t := partTable{cost: make([][100]float64, len(pool)), units: make([][100]float64, len(pool))}
	for i, o := range pool {
		t.cost[i][0] = math.NaN()
		for s := 1; s < 100; s++ {
			f, err := partFigures(Part{SharePct: s, Offer: o.Offer}, volume, false)
			if err != nil {
				t.cost[i][s] = math.NaN()
				continue
			}
			t.cost[i][s], t.units[i][s] = float64(f.MonthlyMinor), f.UnitsPerMonth
		}
	}
	return t
}

// bestSplit is the cheapest split of two parts or more.
func bestSplit(pool []SplitOption, volume float64, vendorCap int) *Split {
	if len(pool) < 2 {
		return nil
	}
	t := tableFor(pool, volume)
	var cur *Split
	lambda := 0.0
	keys := make([][100]float64, len(pool))
	for range 30 {
		for i := range keys {
			for s := 1; s < 100; s++ {
				keys[i][s] = t.cost[i][s] - lambda*t.units[i][s]
			}
		}
		shares := fillBy(pool, vendorCap, keys)
		if shares == nil {
			return cur
		}
		next := price(pool, shares, volume)
		if next == nil {
			return cur
		}
		if cur != nil && next.CostPerUnit >= cur.CostPerUnit*(1-1e-12) {
			return cur
		}
		cur, lambda = next, next.CostPerUnit
		if volume > 0 {
			// Every split delivers the volume: the cost alone was
			// minimised, and the first pass is the optimum.
			return cur
		}
	}
	return cur
}

// fillBy gives whole-percent shares summing to 100, at most vendorCap per
// vendor, that minimise Σ keys[option][share]; nil when none fits. A key
// is NaN where a share does not fit.
func fillBy(pool []SplitOption, vendorCap int, keys [][100]float64) []int {
	alive := acrossVendors(pool, vendorCap, keys)
	if !pruning {
		for i := range alive {
			alive[i] = true
		}
	}
	groups := map[string][]int{}
	var vendors []string
	for i, o := range pool {
		if !alive[i] {
			continue
		}
		if _, ok := groups[o.Vendor]; !ok {
			vendors = append(vendors, o.Vendor)
		}
		groups[o.Vendor] = append(groups[o.Vendor], i)
	}
	inf := math.Inf(1)
	total := make([]float64, 101) // cheapest fill of t % by the vendors so far
	for p := range total {
		total[p] = inf
	}
	total[0] = 0
	type vendorFill struct {
		quotes []int
		pick   [][]int // pick[j][p]: share of quote j in the vendor's best fill of p % by quotes 0..j
		take   []int   // take[t]: the vendor's % in the best fill of t %
	}
	fills := make([]vendorFill, len(vendors))
	for g, v := range vendors {
		vf := vendorFill{quotes: groups[v]}
		if pruning {
			vf.quotes = prune(vf.quotes, vendorCap, keys)
		}
		own, pick := vendorBest(vf.quotes, vendorCap, keys)
		vf.pick = pick
		next := make([]float64, 101)
		vf.take = make([]int, 101)
		for tt := range next {
			next[tt] = total[tt]
			for p := 1; p <= min(tt, vendorCap); p++ {
				if c := total[tt-p] + own[p]; c < next[tt] {
					next[tt], vf.take[tt] = c, p
				}
			}
		}
		total, fills[g] = next, vf
	}
	if math.IsInf(total[100], 1) {
		return nil
	}
	shares := make([]int, len(pool))
	left := 100
	for g := len(fills) - 1; g >= 0; g-- {
		vf := fills[g]
		p := vf.take[left]
		left -= p
		for j := len(vf.quotes) - 1; j >= 0 && p > 0; j-- {
			s := vf.pick[j][p]
			shares[vf.quotes[j]] = s
			p -= s
		}
	}
	return shares
}

// vendorBest is the cheapest way to fill each p ≤ vendorCap % from one
// vendor's quotes, with the choices to rebuild it.
func vendorBest(quotes []int, vendorCap int, keys [][100]float64) ([]float64, [][]int) {
	inf := math.Inf(1)
	best := make([]float64, vendorCap+1)
	for p := range best {
		best[p] = inf
	}
	best[0] = 0
	pick := make([][]int, len(quotes))
	for j, qi := range quotes {
		next := slices.Clone(best)
		pick[j] = make([]int, vendorCap+1)
		k := &keys[qi]
		for p := 1; p <= vendorCap; p++ {
			for s := 1; s <= min(p, 99); s++ {
				if math.IsNaN(k[s]) {
					continue
				}
				if c := best[p-s] + k[s]; c < next[p] {
					next[p], pick[j][p] = c, s
				}
			}
		}
		best = next
	}
	return best, pick
}

// prune keeps the quotes of one vendor that can be in its cheapest fill:
// a fill has at most m = min(vendorCap, 99) parts, so a quote that m
// others beat at every share can always be swapped for one of them not
// in the fill, at no loss. It bounds the work of a vendor with many
// quotes by the shares, not the quotes.
func prune(quotes []int, vendorCap int, keys [][100]float64) []int {
	m := min(vendorCap, 99)
	if len(quotes) <= m {
		return quotes
	}
	keep := make(map[int]bool, m)
	order := slices.Clone(quotes)
	for s := 1; s <= m; s++ {
		slices.SortStableFunc(order, func(a, b int) int {
			ka, kb := keys[a][s], keys[b][s]
			switch {
			case math.IsNaN(ka) || math.IsNaN(kb):
				return cmp.Compare(boolRank(math.IsNaN(ka)), boolRank(math.IsNaN(kb)))
			}
			return cmp.Compare(ka, kb)
		})
		for _, qi := range order[:m] {
			if !math.IsNaN(keys[qi][s]) {
				keep[qi] = true
			}
		}
	}
	out := make([]int, 0, len(keep))
	for _, qi := range quotes {
		if keep[qi] {
			out = append(out, qi)
		}
	}
	return out
}

func boolRank(b bool) int {
	if b {
		return 1
	}
	return 0
}

// pruning is off only in the test that checks it changes no optimum.
var pruning = true

// maxParts is the most parts a split can have: one percent each.
const maxParts = 100

// acrossVendors marks the options that can be in a cheapest split. A
// split has at most maxParts parts, so an option that more than maxParts
// vendors beat at each share it may take can always be swapped, at that
// share, for a quote of a vendor the split does not use (which its cap
// then allows), at no loss. It bounds the work of an evaluation with
// many vendors by the shares, not the quotes.
func acrossVendors(pool []SplitOption, vendorCap int, keys [][100]float64) []bool {
	alive := make([]bool, len(pool))
	index := map[string]int{}
	vendorOf := make([]int, len(pool))
	for i, o := range pool {
		v, ok := index[o.Vendor]
		if !ok {
			v = len(index)
			index[o.Vendor] = v
		}
		vendorOf[i] = v
	}
	if len(index) <= maxParts {
		for i := range alive {
			alive[i] = true
		}
		return alive
	}
	mins := make([]float64, len(index))
	for s := 1; s <= min(vendorCap, 99); s++ {
		for v := range mins {
			mins[v] = math.Inf(1)
		}
		for i := range pool {
			if k := keys[i][s]; k < mins[vendorOf[i]] { // NaN compares false
				mins[vendorOf[i]] = k
			}
		}
		sorted := slices.Clone(mins)
		slices.Sort(sorted)
		limit := sorted[maxParts] // the (maxParts+1)th cheapest vendor
		for i := range pool {
			if k := keys[i][s]; k <= limit {
				alive[i] = true
			}
		}
	}
	return alive
}
