package tco

import "fmt"

// Row keys for [Worksheet.Best] beyond the nine line keys.
const (
	RowTCO         = "tco"
	RowCostPerUnit = "cost_per_unit"
)

// Result is one quote's monthly TCO and cost per useful unit.
type Result struct {
	QuoteID     string
	Label       string
	RentalModel RentalModel
	Committed   bool // capacity paid whether used or not (the estimate's reading when the quote leaves it open)

	Lines       []Line   // the nine lines, in LineKeys order
	ComputeBill Money    // committed + burst + idle + retry: the compute invoice
	TCO         Money    // sum of the lines
	Contract    Contract // what the term, minimum spend and upfront make owed
	Low, High   Money    // TCO range over the missing terms' assumptions; equal to TCO when complete

	Incomplete bool      // some needed term was not stated or was refused
	Missing    []Missing // those terms, with what was assumed instead

	RetryWasteShare float64 // share of busy time lost to checkpoints and restarts
	Speed           Speed   // relative throughput the units were counted at, with its source
	UnitsPerMonth   float64 // accepted units: useful GPU-hours × relative throughput / GPU-hours per unit
	CostPerUnit     Money   // TCO / UnitsPerMonth
	CostPerUnitLow  Money
	CostPerUnitHigh Money
	// CostRank is the unrounded cost per unit in minor units: what the
	// worksheet ranks on, so quotes a fraction of a cent apart are no tie.
	CostRank float64

	Warnings []string // figures to read with care, e.g. a capped retry waste
}

// Worksheet is the evaluation's comparison: one result per quote, in input
// order, the lowest quote per row, and the sensitivity grid.
type Worksheet struct {
	Currency    string
	UnitName    string
	Results     []Result
	Best        map[string]string // row key (a Line* key, RowTCO, RowCostPerUnit) → quote ID; ties go to the earlier quote
	Sensitivity Sensitivity
}

// Compute prices every quote under the assumptions and runs the default
// sensitivity grid. It fails on invalid input ([ErrInvalid]) and on a
// currency without an FX rate ([ErrNoFXRate]), naming the quote.
func Compute(quotes []Quote, a Assumptions) (Worksheet, error) {
	ws, out, err := ComputeEach(quotes, a)
	if err == nil && len(out) > 0 {
		err = out[0].Err
	}
	if err != nil {
		return Worksheet{}, err
	}
	return ws, nil
}

// LeftOut is a quote ComputeEach could not price, and why (an error
// naming the quote and the figure).
type LeftOut struct {
	Index   int // in the input
	QuoteID string
	Err     error
}

// ComputeEach is Compute for quotes that fail on their own: a quote whose
// figures cannot be computed (an amount beyond any real contract, at the
// estimate or at any point of the sensitivity grid) is left out with the
// error, and the worksheet holds the others, in input order. Invalid
// assumptions or terms still fail the whole call.
func ComputeEach(quotes []Quote, a Assumptions) (Worksheet, []LeftOut, error) {
	e, preps, err := setup(quotes, &a)
	if err != nil {
		return Worksheet{}, nil, err
	}
	ws := Worksheet{Currency: a.Currency, UnitName: a.UnitName}
	var kept []prepared
	var costs []float64
	var grid [][]float64
	var out []LeftOut
	utils := DefaultUtilisations()
	for i := range preps {
		r, cost, err := e.result(&preps[i])
		var g []float64
		if err == nil {
			g, err = e.gridCosts(&preps[i], utils)
		}
		if err != nil {
			out = append(out, LeftOut{Index: i, QuoteID: preps[i].q.ID, Err: fmt.Errorf("tco: quote %q: %w", preps[i].q.ID, err)})
			continue
		}
		ws.Results, costs, kept, grid = append(ws.Results, r), append(costs, cost), append(kept, preps[i]), append(grid, g)
	}
	ws.Best = best(ws.Results, costs)
	ws.Sensitivity = e.sensitivityOf(kept, utils, grid)
	return ws, out, nil
}

// setup validates the input once for Compute and Sensitize.
func setup(quotes []Quote, a *Assumptions) (*engine, []prepared, error) {
	if err := a.validate(); err != nil {
		return nil, nil, fmt.Errorf("tco: %w", err)
	}
	seen := make(map[string]bool, len(quotes))
	preps := make([]prepared, len(quotes))
	for i := range quotes {
		q := &quotes[i]
		if seen[q.ID] {
			return nil, nil, fmt.Errorf("tco: %w: duplicate quote id %q", ErrInvalid, q.ID)
		}
		seen[q.ID] = true
		p, err := prepare(q, a)
		if err != nil {
			return nil, nil, fmt.Errorf("tco: %w", err)
		}
		preps[i] = p
	}
	return &engine{a: a}, preps, nil
}

// result computes one quote's estimate and, when terms are missing, the
// ends of its range. It also returns the unrounded cost per unit for
// ranking.
func (e *engine) result(p *prepared) (Result, float64, error) {
	base := point{util: e.a.Utilisation.Value, restart: mid}
	c, err := e.calc(p, mid, base)
	if err != nil {
		return Result{}, 0, err
	}
	lo, hi := c, c
	// An unknown fabric makes the speed a range: the high end counts the
	// units at its slow end, so the cost per unit's range shows it.
	if sp := p.q.Speed; len(p.missing) > 0 || sp.low() < sp.factor() {
		if lo, err = e.calc(p, low, base); err != nil {
			return Result{}, 0, err
		}
		if hi, err = e.calc(p, high, base); err != nil {
			return Result{}, 0, err
		}
	}
	cur := e.a.Currency
	tco := Money{Minor: c.tco, Currency: cur}
	r := Result{
		QuoteID:         p.q.ID,
		Label:           p.q.Label,
		RentalModel:     p.q.RentalModel,
		Committed:       c.committed,
		Lines:           e.buildLines(p, &c, &lo, &hi),
		ComputeBill:     c.compute.eval,
		TCO:             tco,
		Contract:        c.contract,
		Incomplete:      len(p.missing) > 0,
		Missing:         p.missing,
		RetryWasteShare: c.retry.share,
		Speed:           p.q.Speed,
		UnitsPerMonth:   c.units,
		CostPerUnit:     Money{Minor: roundHalfAway(c.costMinor), Currency: cur},
		CostRank:        c.costMinor,
	}
	r.Low, r.High = minMax(tco, Money{Minor: lo.tco, Currency: cur}, Money{Minor: hi.tco, Currency: cur})
	r.CostPerUnitLow, r.CostPerUnitHigh = minMax(r.CostPerUnit,
		Money{Minor: roundHalfAway(lo.costMinor), Currency: cur},
		Money{Minor: roundHalfAway(hi.costMinor), Currency: cur})

	if c.retry.raw > c.retry.share {
		r.Warnings = append(r.Warnings, fmt.Sprintf(
			"retry waste of %s capped at %s: restarts are too frequent for the first-order formula; measure this pool before trusting its cost", pct(c.retry.raw), pct(maxRetryShare)))
	}
	return r, c.costMinor, nil
}

// best picks the lowest quote per row. Cost per unit ranks on the
// unrounded figure so that two quotes a fraction of a cent apart are not
// a tie decided by input order.
func best(rs []Result, costs []float64) map[string]string {
	out := make(map[string]string, numLines+2)
	if len(rs) == 0 {
		return out
	}
	for li, key := range lineKeys {
		bi := 0
		for i := range rs {
			if rs[i].Lines[li].Amount.Minor < rs[bi].Lines[li].Amount.Minor {
				bi = i
			}
		}
		out[key] = rs[bi].QuoteID
	}
	bt, bc := 0, 0
	for i := range rs {
		if rs[i].TCO.Minor < rs[bt].TCO.Minor {
			bt = i
		}
		if costs[i] < costs[bc] {
			bc = i
		}
	}
	out[RowTCO] = rs[bt].QuoteID
	out[RowCostPerUnit] = rs[bc].QuoteID
	return out
}

// Check reports whether Compute can price q under a, without pricing it:
// the error (wrapping [ErrInvalid]) names the field that stops it. A
// currency without an FX rate is the caller's check.
func Check(q Quote, a Assumptions) error {
	if err := a.validate(); err != nil {
		return fmt.Errorf("tco: %w", err)
	}
	if _, err := prepare(&q, &a); err != nil {
		return fmt.Errorf("tco: %w", err)
	}
	return nil
}
