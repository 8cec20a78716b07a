package scoring

import "math"

// Part is one quote's share of an award, with the quote's figures for the
// whole brief in minor units of one currency: the contract value over the
// term, the monthly TCO and the useful units a month.
type Part struct {
	SharePct      int
	ContractMinor int64
	TCOMinor      int64
	UnitsPerMonth float64
}

// Combined are an award's figures across its parts.
type Combined struct {
	ContractMinor    int64 // Σ share × contract value, each rounded half up to the minor unit
	CostPerUnitMinor int64 // Σ share × TCO / Σ share × units, rounded to the minor unit
}

// Combine prices a split award: a share s of the brief's capacity at a
// quote costs s of its contract and TCO and yields s of its useful units.
// The shares are checked by the caller (they sum to 100).
func Combine(parts []Part) Combined {
	var c Combined
	var tco, units float64
	for _, p := range parts {
		c.ContractMinor += (p.ContractMinor*int64(p.SharePct) + 50) / 100
		tco += float64(p.SharePct) * float64(p.TCOMinor)
		units += float64(p.SharePct) * p.UnitsPerMonth
	}
	if units > 0 {
		c.CostPerUnitMinor = int64(math.Round(tco / units))
	}
	return c
}
