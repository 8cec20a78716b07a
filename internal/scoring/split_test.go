package scoring

import (
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
)

// offer is a quote without commitment over a 3-month term.
func offer(tcoMinor int64, units float64) Offer {
	return Offer{TCOMinor: tcoMinor, TermMonths: 3, ContractMinor: 3 * tcoMinor, MonthlyMinor: tcoMinor, UnitsPerMonth: units}
}

// The case: at a 60 % cap the optimiser suggested Alpha+Gamma,
// really 7,503.03 a run, where Alpha+Beta at 7,215.38 is optimal. Gamma
// is the cheapest per run on its monthly TCO, but it owes a minimum spend
// of 3,903.03 a month whatever its share, and offers 40 % of the volume.
func TestSuggestSplitPricesTheMinimumSpendWhole(t *testing.T) {
	const volume = 10 // runs a month
	alpha := SplitOption{QuoteID: 1, Vendor: "Alpha", Eligible: true, Offer: offer(6_000_000, 10)}
	beta := SplitOption{QuoteID: 2, Vendor: "Beta", Eligible: true, Offer: offer(9_038_450, 10)}
	gamma := SplitOption{QuoteID: 3, Vendor: "Gamma", Eligible: true, Offer: Offer{TCOMinor: 2_000_000, TermMonths: 12,
		MinSpendMinor: 12 * 3_903_030_00 / 100, ContractMinor: 12 * 3_903_030, MonthlyMinor: 3_903_030, UnitsPerMonth: 4}}
	best, run := SuggestSplit([]SplitOption{alpha, beta, gamma}, volume, 60)
	if best == nil || !slices.Equal(best.Shares, []SplitShare{{1, 60}, {2, 40}}) || best.Figures.CostPerUnitMinor != 721_538 {
		t.Fatalf("best %+v, want Alpha 60 + Beta 40 at 7,215.38 a run", best)
	}
	ag, err := Combine([]Part{{60, alpha.Offer}, {40, gamma.Offer}}, volume)
	if err != nil || ag.CostPerUnitMinor != 750_303 {
		t.Errorf("Alpha+Gamma %+v %v, want 7,503.03 a run", ag, err)
	}
	// Without Alpha (the largest share), Beta 60 with Gamma 40 vs Alpha:
	// Beta 60 + Gamma 40 = 54,230.70 + 39,030.30 a month = 9,326.10 a run.
	if run == nil || !slices.Equal(run.Shares, []SplitShare{{2, 60}, {3, 40}}) || run.Figures.CostPerUnitMinor != 932_610 {
		t.Errorf("runner-up %+v", run)
	}
}

// A split scaled each vendor's minimum spend by its share: 840,089.22
// where 1,410,089.22 is owed (A's 1,140,000.00 minimum spend is owed
// whole at 50 %).
func TestCombineCountsMinimumSpendWhole(t *testing.T) {
	a := Offer{TCOMinor: 1_000_000, TermMonths: 12, MinSpendMinor: 114_000_000, ContractMinor: 114_000_000, MonthlyMinor: 9_500_000, UnitsPerMonth: 10}
	b := Offer{TCOMinor: 4_501_487, TermMonths: 12, ContractMinor: 12 * 4_501_487, MonthlyMinor: 4_501_487, UnitsPerMonth: 10}
	c, err := Combine([]Part{{50, a}, {50, b}}, 10)
	if err != nil || c.ContractMinor != 141_008_922 {
		t.Fatalf("contract %d (%v), want 1,410,089.22", c.ContractMinor, err)
	}
	if c.UnitsPerMonth != 10 || c.MonthlyMinor != 9_500_000+2_250_744 {
		t.Errorf("monthly %d units %v", c.MonthlyMinor, c.UnitsPerMonth)
	}
	// One quote at 100 % is the worksheet's own figures.
	one, err := Combine([]Part{{100, a}}, 10)
	if err != nil || one.ContractMinor != a.ContractMinor || one.MonthlyMinor != a.MonthlyMinor || one.CostPerUnitMinor != 950_000 {
		t.Errorf("one quote %+v %v", one, err)
	}
}

// A split must deliver the brief's volume within each offer: 60/40 of
// 9.33 runs needs 5.6 runs from A, which offers 6.22.
func TestCombineKeepsTheVolumeWithinCapacity(t *testing.T) {
	a, b := offer(1_000_000, 6.22), offer(1_000_000, 3.5)
	c, err := Combine([]Part{{60, a}, {40, b}}, 9.33)
	if err == nil {
		t.Fatalf("B cannot deliver 3.73 runs from 3.5: %+v", c)
	}
	var pe *PartError
	if !asPartError(err, &pe) || pe.Index != 1 {
		t.Errorf("error %v, want part 1 over capacity", err)
	}
	c, err = Combine([]Part{{63, a}, {37, b}}, 9.33)
	if err != nil || math.Abs(c.UnitsPerMonth-9.33) > 1e-9 {
		t.Errorf("63/37 delivers %v (%v), want the 9.33 runs", c.UnitsPerMonth, err)
	}
}

func asPartError(err error, pe **PartError) bool {
	p, ok := err.(*PartError)
	*pe = p
	return ok
}

// The optimiser against brute force: every whole-percent award of up to
// four quotes, priced by Combine, on generated offers with and without a
// volume, minimum spends, upfronts, capacity limits and vendor caps.
func TestSuggestSplitMatchesBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 2026))
	for n := range 300 {
		opts, volume, vcap := generated(r, 2+min(n%10, 1)+n%20/19)
		best, _ := SuggestSplit(opts, volume, vcap)
		want := bruteForce(opts, volume, vcap)
		switch {
		case (best == nil) != (want == nil):
			t.Fatalf("case %d: best %+v, brute force %+v (opts %+v, volume %v, cap %d)", n, best, want, opts, volume, vcap)
		case best == nil:
		case best.CostPerUnit > want.CostPerUnit*(1+1e-9):
			t.Fatalf("case %d: optimiser %v %+v, brute force %v %+v (opts %+v, volume %v, cap %d)",
				n, best.CostPerUnit, best.Shares, want.CostPerUnit, want.Shares, opts, volume, vcap)
		}
	}
}

func generated(r *rand.Rand, n int) ([]SplitOption, float64, int) {
	volume := 0.0
	if r.IntN(3) > 0 {
		volume = float64(5 + r.IntN(20))
	}
	vendors := []string{"a", "b", "c"}
	opts := make([]SplitOption, n)
	for i := range opts {
		o := Offer{TCOMinor: int64(100_000 + r.IntN(2_000_000)), TermMonths: 1 + r.IntN(12), UnitsPerMonth: float64(1 + r.IntN(30))}
		if r.IntN(2) == 0 {
			o.MinSpendMinor = int64(r.IntN(30_000_000))
		}
		if r.IntN(3) == 0 {
			o.UpfrontMinor = int64(r.IntN(5_000_000))
		}
		usage := o.TCOMinor * int64(o.TermMonths)
		o.ContractMinor = max(usage, o.MinSpendMinor) + o.UpfrontMinor
		o.MonthlyMinor = int64(math.Round(float64(o.ContractMinor) / float64(o.TermMonths)))
		opts[i] = SplitOption{QuoteID: int64(i + 1), Vendor: vendors[r.IntN(len(vendors))], Eligible: r.IntN(6) > 0, Offer: o}
	}
	return opts, volume, []int{100, 100, 70, 60, 50, 40}[r.IntN(6)]
}

// bruteForce prices every whole-percent award that fits the caps.
func bruteForce(opts []SplitOption, volume float64, vcap int) *Split {
	var pool []SplitOption
	for _, o := range opts {
		if o.Eligible {
			pool = append(pool, o)
		}
	}
	var best *Split
	shares := make([]int, len(pool))
	var walk func(i, left int)
	walk = func(i, left int) {
		if i == len(pool)-1 {
			shares[i] = left
			used := map[string]int{}
			for j, s := range shares {
				used[pool[j].Vendor] += s
			}
			for _, u := range used {
				if u > vcap {
					return
				}
			}
			if s := price(pool, shares, volume); s != nil && (best == nil || s.CostPerUnit < best.CostPerUnit) {
				best = s
			}
			return
		}
		for s := 0; s <= left; s++ {
			shares[i] = s
			walk(i+1, left-s)
		}
	}
	if len(pool) > 0 {
		walk(0, 100)
	}
	return best
}

// Dropping the quotes that cannot be in a cheapest split (more than 100
// vendors beat them, or more than a vendor's fill has parts) changes no
// optimum: on many vendors and on one vendor with many quotes, the split
// found with and without it costs the same.
func TestSuggestSplitPruningKeepsTheOptimum(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 23))
	for n := range 6 {
		opts := benchOptions(150 + 50*n)
		for i := range opts {
			// Small offers: a split needs several quotes of a vendor, or
			// many vendors, to deliver the volume.
			opts[i].UnitsPerMonth = float64(1 + r.IntN(3))
			if n%2 == 1 {
				opts[i].Vendor = []string{"one", "two"}[i%2] // two vendors with many quotes each
			} else {
				opts[i].Vendor = strconv.Itoa(i) // more than 100 vendors
			}
		}
		volume := []float64{20, 0}[n/4]
		vcap := []int{100, 60, 30}[n%3]
		best, _ := SuggestSplit(opts, volume, vcap)
		pruning = false
		full, _ := SuggestSplit(opts, volume, vcap)
		pruning = true
		switch {
		case (best == nil) != (full == nil):
			t.Fatalf("case %d: pruned %+v, full %+v", n, best, full)
		case best != nil && math.Abs(best.CostPerUnit-full.CostPerUnit) > 1e-9*full.CostPerUnit:
			t.Errorf("case %d: pruned %v %v, full %v %v", n, best.CostPerUnit, best.Shares, full.CostPerUnit, full.Shares)
		}
	}
}

// A split divided the monthly TCO, 20,203.58 a month, where the
// contract's monthly equivalent with A's 31,010.10 upfront is 25,371.93.
func TestCombineUsesTheContractMonthlyEquivalent(t *testing.T) {
	a := Offer{TCOMinor: 2_000_000, TermMonths: 6, UpfrontMinor: 3_101_010, ContractMinor: 15_101_010, MonthlyMinor: 2_516_835, UnitsPerMonth: 10}
	b := Offer{TCOMinor: 2_040_716, TermMonths: 6, ContractMinor: 6 * 2_040_716, MonthlyMinor: 2_040_716, UnitsPerMonth: 10}
	c, err := Combine([]Part{{50, a}, {50, b}}, 0)
	if err != nil || c.MonthlyMinor != 2_537_193 {
		t.Fatalf("monthly %d (%v), want 25,371.93", c.MonthlyMinor, err)
	}
	if tco := (a.TCOMinor + b.TCOMinor) / 2; tco != 2_020_358 || c.CostPerUnitMinor != 253_719 {
		t.Errorf("TCO share %d, cost per unit %d", tco, c.CostPerUnitMinor)
	}
}
