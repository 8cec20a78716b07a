package scoring

import (
	"errors"
	"fmt"
	"math"
)

// Offer is one priced quote as an award takes a share of it: the
// worksheet's figures for the quote as offered, in minor units of the
// evaluation currency.
type Offer struct {
	TCOMinor      int64   // monthly TCO of the whole offered capacity (usage)
	TermMonths    int     // the contract's term: stated, else the brief's
	MinSpendMinor int64   // owed over the term whatever the usage; 0: none
	UpfrontMinor  int64   // paid once whatever the usage; 0: none
	ContractMinor int64   // the worksheet's contract value of the whole offer
	MonthlyMinor  int64   // the worksheet's contract monthly equivalent
	UnitsPerMonth float64 // accepted units a month from the whole offer
}

// Part is one quote's share of an award: SharePct of the brief's volume.
type Part struct {
	SharePct int
	Offer
}

// PartFigures are what one part of an award costs and delivers.
type PartFigures struct {
	CapacityUsed  float64 // share of the offer's capacity the part needs (≤ 1)
	ContractMinor int64   // what the part makes owed over its term
	MonthlyMinor  int64   // ContractMinor / term
	UnitsPerMonth float64 // what the part delivers
}

// Combined are an award's figures across its parts.
type Combined struct {
	Parts         []PartFigures
	ContractMinor int64   // Σ parts' contract values
	MonthlyMinor  int64   // Σ parts' monthly equivalents: the award's contract monthly equivalent
	UnitsPerMonth float64 // what the award delivers
	// CostPerUnitMinor is MonthlyMinor / UnitsPerMonth rounded half away
	// from zero; CostRank the same unrounded.
	CostPerUnitMinor int64
	CostRank         float64
}

// ErrOverCapacity refuses a part that needs more than its offer's
// capacity to deliver its share of the brief's volume.
var ErrOverCapacity = errors.New("scoring: a share needs more than the quote's offered capacity")

// ErrTooLarge refuses figures whose sum does not fit the money type.
var ErrTooLarge = errors.New("scoring: the award's amounts are too large to add up")

// PartError names the part (by index) a refusal is about.
type PartError struct {
	Index int
	Err   error
}

func (e *PartError) Error() string { return fmt.Sprintf("part %d: %v", e.Index, e.Err) }
func (e *PartError) Unwrap() error { return e.Err }

// capacitySlack forgives the float rounding of s × V / U at exactly 100 %.
const capacitySlack = 1e-9

// Combine prices an award from the worksheet's figures (PRODUCT.md, "A
// commitment changes what is owed"):
//
//   - One quote at 100 % is the quote as offered: the worksheet's contract
//     value, monthly equivalent and units, so an award of one quote never
//     differs from the worksheet's figures.
//   - A split divides the brief's volume (accepted units a month; 0 when
//     the brief states none, and then each share is that share of the
//     offer's capacity). A part delivering s × volume uses
//     s × volume / units of its offer's capacity, which must not exceed
//     the whole offer; its usage over the term is that share of the
//     offer's, and it costs max(usage, minimum spend) + upfront: the
//     minimum spend and the upfront are owed whatever the share, so they
//     count whole for every vendor in the split.
//
// The shares are checked by the caller (they sum to 100).
func Combine(parts []Part, volume float64) (Combined, error) {
	c := Combined{Parts: make([]PartFigures, len(parts))}
	for i, p := range parts {
		f, err := partFigures(p, volume, len(parts) == 1)
		if err != nil {
			return Combined{}, &PartError{Index: i, Err: err}
		}
		c.Parts[i] = f
		var ok1, ok2 bool
		c.ContractMinor, ok1 = addChecked(c.ContractMinor, f.ContractMinor)
		c.MonthlyMinor, ok2 = addChecked(c.MonthlyMinor, f.MonthlyMinor)
		if !ok1 || !ok2 {
			return Combined{}, &PartError{Index: i, Err: ErrTooLarge}
		}
		c.UnitsPerMonth += f.UnitsPerMonth
	}
	if c.UnitsPerMonth > 0 {
		c.CostRank = float64(c.MonthlyMinor) / c.UnitsPerMonth
		c.CostPerUnitMinor = int64(math.Round(c.CostRank))
	}
	return c, nil
}

// partFigures prices one part; alone says it is the award's only part.
func partFigures(p Part, volume float64, alone bool) (PartFigures, error) {
	if alone && p.SharePct == 100 {
		return PartFigures{CapacityUsed: 1, ContractMinor: p.ContractMinor, MonthlyMinor: p.MonthlyMinor,
			UnitsPerMonth: p.UnitsPerMonth}, nil
	}
	s := float64(p.SharePct) / 100
	used, units := s, s*p.UnitsPerMonth
	if volume > 0 {
		if !(p.UnitsPerMonth > 0) {
			return PartFigures{}, ErrOverCapacity
		}
		used, units = s*volume/p.UnitsPerMonth, s*volume
	}
	if used > 1+capacitySlack {
		return PartFigures{}, ErrOverCapacity
	}
	term := int64(max(1, p.TermMonths))
	usage := math.Round(used * float64(p.TCOMinor) * float64(term))
	owed := math.Max(usage, float64(p.MinSpendMinor)) + float64(p.UpfrontMinor)
	if !(owed < math.MaxInt64/4) {
		return PartFigures{}, ErrTooLarge
	}
	value := int64(owed)
	return PartFigures{CapacityUsed: used, ContractMinor: value, MonthlyMinor: int64(math.Round(float64(value) / float64(term))),
		UnitsPerMonth: units}, nil
}

// addChecked is a + b, false when it overflows.
func addChecked(a, b int64) (int64, bool) {
	s := a + b
	if (b > 0 && s < a) || (b < 0 && s > a) {
		return 0, false
	}
	return s, true
}
