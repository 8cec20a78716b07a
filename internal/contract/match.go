package contract

import (
	"strings"
	"time"
)

// ChargeKind is what a contracted charge pays for; it decides how a bill
// line naming it is checked.
type ChargeKind string

const (
	KindGPUHours  ChargeKind = "gpu_hours" // checked against the rate and the capacity delivered
	KindEgress    ChargeKind = "egress"    // checked against the quoted price
	KindStorage   ChargeKind = "storage"   // checked against the quoted price
	KindFee       ChargeKind = "fee"       // support, setup, a fixed monthly fee: checked against its rate
	KindUpfront   ChargeKind = "upfront"   // the upfront payment: checked against its amount
	KindShortfall ChargeKind = "shortfall" // a minimum-commitment shortfall: checked against what is due
)

// Charge is one rate the contract names, frozen from the approved quote
// revision. A bill line is the charge whose name is its description and
// whose unit is its unit (case and spacing aside).
type Charge struct {
	Name string     `json:"name"`
	Kind ChargeKind `json:"kind"`
	Unit string     `json:"unit"`
	Rate Micros     `json:"rate"` // per Unit, in the contract's currency
}

// Capacity is what the contract delivers when nothing fails.
type Capacity struct {
	GPUs        int `json:"gpus"`
	GPUsPerNode int `json:"gpus_per_node"`
}

// Contract is the part of a contract the bills, the commitment report and
// the SLA credits are checked against.
type Contract struct {
	ID         int64
	Currency   string
	Zone       *time.Location
	Dates      Dates
	Charges    []Charge
	Capacity   Capacity
	Commitment *Commitment // nil: none
	Upfront    Micros      // paid once, amortised over the initial term
	SLA        *SLA        // nil: no credits
}

// Reason names why a bill line, or the bill, is an exception.
type Reason string

const (
	RateAboveContract      Reason = "rate_above_contract"
	QuantityAboveDelivered Reason = "quantity_above_delivered"
	ChargeNotInContract    Reason = "charge_not_in_contract"
	AboveQuotedPrice       Reason = "above_quoted_price" // egress or storage
	ShortfallCharge        Reason = "minimum_spend_shortfall"
	MissingCredit          Reason = "missing_credit"
	TotalMismatch          Reason = "total_mismatch"
)

// Exception is one discrepancy and what it is worth: the amount billed
// beyond what the contract allows (or the credit missing).
type Exception struct {
	Line   int    `json:"line,omitempty"` // 0: the bill as a whole
	Reason Reason `json:"reason"`
	Amount Money  `json:"amount"`
}

// LineMatch is one bill line's result: "ok", or "exception" with the
// discrepancies found.
type LineMatch struct {
	Line       int         `json:"line"`
	Charge     string      `json:"charge,omitempty"` // the contracted charge it was matched to
	Match      string      `json:"match"`
	Exceptions []Exception `json:"exceptions,omitempty"`
}

// Payable answers "should this bill be paid?", as a bill control does.
type Payable string

const (
	PayYes       Payable = "yes"       // every line matches
	PayNo        Payable = "no"        // the lines do not add up to the invoice: send it back
	PayException Payable = "exception" // pay what matches, dispute the exceptions
)

// Result is the three-way match of one bill.
type Result struct {
	Lines          []LineMatch   `json:"lines"`
	BillExceptions []Exception   `json:"bill_exceptions,omitempty"` // missing credits, a wrong total
	ClaimsCredited []ClaimCredit `json:"claims_credited,omitempty"` // each open claim and what the bill credits to it
	Total          Money         `json:"total"`
	Disputed       Money         `json:"disputed"` // the sum of every exception
	ShouldBePaid   Payable       `json:"should_be_paid"`
}

// Exceptions lists every exception, lines first, in file order.
func (r Result) Exceptions() []Exception {
	var out []Exception
	for _, l := range r.Lines {
		out = append(out, l.Exceptions...)
	}
	return append(out, r.BillExceptions...)
}

// ClaimCredit is what a bill credits to one open claim, so the claim can
// be marked paid (Credited = Claimed) or still open.
type ClaimCredit struct {
	Month    Date  `json:"month"`
	Claimed  Money `json:"claimed"`
	Credited Money `json:"credited"`
}

// MatchInput is what a bill is matched against besides the contract.
type MatchInput struct {
	Contract    Contract
	Bill        Bill
	Outages     []Outage      // recorded outages and unhealthy nodes
	OpenClaims  []CreditClaim // credits claimed and not yet seen on an earlier bill
	StatedTotal *Micros       // the invoice's printed total, when known
	UsedBefore  Micros        // a term commitment: what earlier bills used
}

// findCharge is the contracted charge a line names, or nil.
func (c Contract) findCharge(l Line) *Charge {
	for i, ch := range c.Charges {
		if sameName(ch.Name, l.Description) && sameName(ch.Unit, l.Unit) {
			return &c.Charges[i]
		}
	}
	return nil
}

// sameName compares names ignoring case and runs of spaces.
func sameName(a, b string) bool {
	return strings.EqualFold(strings.Join(strings.Fields(a), " "), strings.Join(strings.Fields(b), " "))
}

// gpuRate is the first GPU-hour rate, which prices a usage shortfall.
func (c Contract) gpuRate() Micros {
	for _, ch := range c.Charges {
		if ch.Kind == KindGPUHours {
			return ch.Rate
		}
	}
	return 0
}

func (c Contract) money(m Micros) Money {
	return Money{Minor: toMinor(m, c.Currency), Currency: c.Currency}
}
