package evaluation

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/gpuquote/gpuquote/internal/contract"
	"github.com/gpuquote/gpuquote/internal/store"
)

// history is what a contract's bills, commitment and credits are worked
// out from: its terms, its earlier bills and its recorded outages.
type history struct {
	c       contract.Contract
	bills   []contract.Bill
	results []contract.Result // the match of each bill as a whole
	kept    []keptBill        // the bills as stored, with their lines
	outages []contract.Outage
	stored  []store.Outage
	matched map[string]int // bill lines by match: ok, exception
	// units are the useful units entered per month; quotedPerUseful the
	// award's cost per useful unit when it is in the contract's currency
	// (0: none to compare with).
	units           map[contract.Date]contract.Micros
	quotedPerUseful contract.Micros
}

// loadHistory reads a contract's history inside tx.
func loadHistory(ctx context.Context, tx *store.Store, sc store.Contract) (history, error) {
	t, err := parseTerms(sc.Terms)
	if err != nil {
		return history{}, err
	}
	c, err := t.core(sc.ID, sc.Currency)
	if err != nil {
		return history{}, err
	}
	kept, err := readBills(ctx, tx, sc.ID)
	if err != nil {
		return history{}, err
	}
	outages, err := tx.Outages(ctx, sc.ID)
	if err != nil {
		return history{}, err
	}
	return historyFrom(c, kept, outages), nil
}

// loadReportHistory is loadHistory with the useful units entered and the
// award's cost per useful unit: what the commitment report and the
// delivered baseline divide by. Matching a bill and the vendor record do
// without them, and without their two reads.
func loadReportHistory(ctx context.Context, tx *store.Store, sc store.Contract) (history, error) {
	h, err := loadHistory(ctx, tx, sc)
	if err != nil {
		return history{}, err
	}
	if h.units, h.quotedPerUseful, err = usefulUnitsOf(ctx, tx, sc); err != nil {
		return history{}, err
	}
	return h, nil
}

// usefulUnitsOf reads the useful units entered for a contract, and the
// cost per useful unit its award quoted, when that is in the contract's
// currency.
func usefulUnitsOf(ctx context.Context, tx *store.Store, sc store.Contract) (map[contract.Date]contract.Micros, contract.Micros, error) {
	stored, err := tx.UsefulUnits(ctx, sc.ID)
	if err != nil {
		return nil, 0, err
	}
	units := make(map[contract.Date]contract.Micros, len(stored))
	for month, u := range stored {
		units[contract.NewDate(month.Year(), month.Month(), 1)] = contract.Micros(u)
	}
	aw, err := tx.Award(ctx, sc.AwardID)
	if err != nil {
		return nil, 0, err
	}
	var quoted contract.Micros
	if aw.CostPerUnit != "" && aw.Currency == sc.Currency {
		quoted, _ = contract.ParseUsefulUnits(trimDecimal(aw.CostPerUnit)) // more than six places: not compared
	}
	return units, quoted, nil
}

// commitment is the commitment report of the history's bills.
func (h history) commitment() []contract.CommitmentRow {
	return contract.CommitmentReport(h.c, h.use(), h.quotedPerUseful)
}

// historyFrom is a contract's history from its bills and outages as read.
func historyFrom(c contract.Contract, kept []keptBill, outages []store.Outage) history {
	h := history{c: c, matched: map[string]int{}, kept: kept, stored: outages}
	for _, kb := range h.kept {
		h.results = append(h.results, kb.res)
		h.bills = append(h.bills, coreBill(kb.bill, kb.lines))
		for _, l := range kb.lines {
			h.matched[l.Match]++
		}
	}
	for _, o := range h.stored {
		h.outages = append(h.outages, contract.Outage{Start: o.Start, End: o.End, Nodes: o.Nodes, Source: o.Source})
	}
	return h
}

// keptBill is a stored bill with its lines and its match as kept.
type keptBill struct {
	bill  store.Bill
	lines []store.BillLine
	res   contract.Result
}

// readBills reads a contract's bills, oldest first, each with its lines
// and its kept match decoded: the one read of bills the history, the
// contract page and the bills' list share.
func readBills(ctx context.Context, tx *store.Store, id int64) ([]keptBill, error) {
	bills, err := tx.Bills(ctx, id)
	if err != nil {
		return nil, err
	}
	lines, err := tx.BillLines(ctx, id)
	if err != nil {
		return nil, err
	}
	return keepBills(bills, lines)
}

// keepBills pairs bills with their lines (by bill) and decodes each kept
// match.
func keepBills(bills []store.Bill, lines map[int64][]store.BillLine) ([]keptBill, error) {
	out := make([]keptBill, 0, len(bills))
	for _, sb := range bills {
		kb := keptBill{bill: sb, lines: lines[sb.ID]}
		if err := json.Unmarshal(sb.Result, &kb.res); err != nil {
			return nil, fmt.Errorf("evaluation: bill %d: %w", sb.ID, err)
		}
		out = append(out, kb)
	}
	return out, nil
}

// coreBill is a stored bill as internal/contract reads bills.
func coreBill(sb store.Bill, lines []store.BillLine) contract.Bill {
	b := contract.Bill{Format: contract.BillFormat(sb.Format), Currency: sb.Currency}
	for _, l := range lines {
		b.Lines = append(b.Lines, contract.Line{Line: l.Line, PeriodStart: l.PeriodStart, PeriodEnd: l.PeriodEnd,
			Description: l.Description, Category: contract.Category(l.Category), Quantity: contract.Micros(l.Quantity),
			Unit: l.Unit, UnitPrice: contract.Micros(l.UnitPrice), Amount: contract.Micros(l.Amount), Currency: sb.Currency})
	}
	return b
}

// use is the contract's use per month over every bill, by month.
func (h history) use() []contract.MonthUse {
	by := map[contract.Date]*contract.MonthUse{}
	for _, b := range h.bills {
		for _, u := range contract.UseFromBill(h.c, b) {
			m, ok := by[u.Month]
			if !ok {
				m = &contract.MonthUse{Month: u.Month}
				by[u.Month] = m
			}
			m.GPUHours += u.GPUHours
			m.Spend += u.Spend
			m.Shortfall += u.Shortfall
			m.Credits += u.Credits
		}
	}
	out := make([]contract.MonthUse, 0, len(by))
	for _, m := range by {
		m.UsefulUnits = h.units[m.Month]
		out = append(out, *m)
	}
	slices.SortFunc(out, func(a, b contract.MonthUse) int {
		return a.Month.Start(time.UTC).Compare(b.Month.Start(time.UTC))
	})
	return out
}

// usedBefore is what the earlier bills used, in the commitment's unit.
func (h history) usedBefore() contract.Micros {
	cm := h.c.Commitment
	if cm == nil {
		return 0
	}
	var sum contract.Micros
	for _, u := range h.use() {
		if cm.Kind == contract.CommitUsage {
			sum += u.GPUHours
		} else {
			sum += u.Spend
		}
	}
	return sum
}

// claims drafts the credit claims of every billed month from the outages.
func (h history) claims() []contract.CreditClaim {
	var charges []contract.MonthCharge
	for _, u := range h.use() {
		charges = append(charges, contract.MonthCharge{Month: u.Month, Amount: u.Spend})
	}
	return contract.Claims(h.c, charges, h.outages)
}

// credited is, per month, what earlier bills credited to its claim.
func (h history) credited() map[contract.Date]int64 {
	out := map[contract.Date]int64{}
	for _, r := range h.results {
		for _, cc := range r.ClaimsCredited {
			out[cc.Month] += cc.Credited.Minor
		}
	}
	return out
}

// openClaims are the claims not yet fully credited, for what is left.
func (h history) openClaims() []contract.CreditClaim {
	paid := h.credited()
	var out []contract.CreditClaim
	for _, cl := range h.claims() {
		if left := cl.Amount.Minor - paid[cl.Month]; left > 0 {
			cl.Amount.Minor = left
			out = append(out, cl)
		}
	}
	return out
}
