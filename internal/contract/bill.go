package contract

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// BillFormat says which CSV a bill came in.
type BillFormat string

const (
	FormatFOCUS   BillFormat = "focus"
	FormatInvoice BillFormat = "invoice"
)

// Category is a bill line's FOCUS ChargeCategory. Plain invoice lines are
// Usage, or Credit when their amount is below zero.
type Category string

const (
	CategoryUsage      Category = "Usage"
	CategoryPurchase   Category = "Purchase"
	CategoryTax        Category = "Tax"
	CategoryCredit     Category = "Credit"
	CategoryAdjustment Category = "Adjustment"
)

// Line is one charge of a bill, in the contract's currency.
type Line struct {
	Line        int       // the line of the CSV file; the header is line 1
	PeriodStart time.Time // the charge period, [PeriodStart, PeriodEnd)
	PeriodEnd   time.Time
	Description string
	Category    Category
	Quantity    Micros // in Unit (FOCUS PricingQuantity)
	Unit        string
	UnitPrice   Micros // stated on plain invoices; Amount / Quantity on FOCUS lines
	Amount      Micros // billed, in Micros of the currency (FOCUS BilledCost)
	Currency    string

	// FOCUS only: kept as read, for the evidence beside an exception.
	InvoiceID, RegionID, ChargeFrequency, PricingCategory string
	CommitmentDiscountStatus, SkuPriceDetails             string
	ContractedUnitPrice                                   *Micros
	ListCost, EffectiveCost, ContractedCost               *Micros
	ConsumedQuantity                                      *Micros
	ConsumedUnit                                          string
}

// Bill is a vendor's bill read from one CSV file.
type Bill struct {
	Format   BillFormat
	Currency string
	Lines    []Line
}

// Total is the sum of the billed amounts, credits included.
func (b Bill) Total() Micros {
	var t Micros
	for _, l := range b.Lines {
		t += l.Amount
	}
	return t
}

// RowError is one problem in a bill's CSV file.
type RowError struct {
	Line   int    // physical line; the header is line 1
	Column string // the column's name; empty for the whole row
	Reason string
}

// Error returns "line 3, column BilledCost: reason".
func (e RowError) Error() string {
	if e.Column == "" {
		return fmt.Sprintf("line %d: %s", e.Line, e.Reason)
	}
	return fmt.Sprintf("line %d, column %s: %s", e.Line, e.Column, e.Reason)
}

// ImportError rejects a whole bill: the import is all or nothing, and lists
// every problem found so the file can be fixed in one pass.
type ImportError struct {
	Errors []RowError // never empty
}

// Error lists every problem on one line.
func (e *ImportError) Error() string {
	var b strings.Builder
	b.WriteString("bill not imported, " + problems(len(e.Errors)))
	for _, re := range e.Errors {
		b.WriteString("; ")
		b.WriteString(re.Error())
	}
	return b.String()
}

// problems is "1 problem" or "n problems": a reader never sees "problem(s)".
func problems(n int) string {
	if n == 1 {
		return "1 problem"
	}
	return strconv.Itoa(n) + " problems"
}
