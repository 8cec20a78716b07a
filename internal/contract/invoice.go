package contract

import (
	"fmt"
	"strings"
	"time"

	"github.com/gpuquote/gpuquote/internal/money"
)

// invoiceFormat is the plain invoice CSV: one line per charge, amounts to
// the currency's minor unit.
var invoiceFormat = format{
	name:     FormatInvoice,
	required: []string{"period", "description", "quantity", "unit", "unit_price", "amount", "currency"},
	strict:   true,
	parse:    parseInvoiceRow,
}

func parseInvoiceRow(r *row) Line {
	l := Line{Description: r.text("description"), Unit: r.text("unit"), Currency: r.currencyCell("currency")}
	l.PeriodStart, l.PeriodEnd = r.period("period")
	qty, okQ := r.number("quantity", 6, false, true)
	price, okP := r.number("unit_price", 6, true, true)
	digits := money.Digits(r.ctx.currency)
	amt, okA := r.number("amount", digits, true, true)
	l.Quantity, l.UnitPrice, l.Amount = qty, price, amt
	l.Category = CategoryUsage
	if amt < 0 {
		l.Category = CategoryCredit
	}
	if okQ && okP && okA {
		want := toMinor(amount(qty, price), r.ctx.currency)
		if toMinor(amt, r.ctx.currency) != want {
			r.fail("amount", fmt.Sprintf("%s is not quantity × unit price (%s)", amt, money.Format(want, r.ctx.currency)))
		}
	}
	return l
}

// period reads "2026-01", a calendar month in the contract's zone, or
// "2026-01-01/2026-01-16", a range of days whose end is the first day not
// covered, as in ISO 8601 and FOCUS.
func (r *row) period(col string) (time.Time, time.Time) {
	s := r.get(col)
	if from, to, ok := strings.Cut(s, "/"); ok {
		a, errA := ParseDate(from)
		b, errB := ParseDate(to)
		if errA != nil || errB != nil || !a.Before(b) {
			r.fail(col, fmt.Sprintf("%q: give a month (2026-01) or a range 2026-01-01/2026-02-01 whose end is after its start", s))
			return time.Time{}, time.Time{}
		}
		return a.Start(r.ctx.zone), b.Start(r.ctx.zone)
	}
	m, err := time.Parse("2006-01", s)
	if err != nil {
		r.fail(col, fmt.Sprintf("%q: give a month (2026-01) or a range 2026-01-01/2026-02-01", s))
		return time.Time{}, time.Time{}
	}
	first := NewDate(m.Year(), m.Month(), 1)
	return first.Start(r.ctx.zone), first.AddMonths(1).Start(r.ctx.zone)
}
