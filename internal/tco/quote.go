package tco

import (
	"errors"
	"fmt"
	"math"

	"github.com/gpuquote/gpuquote/internal/quote"
)

// RentalModel is how the capacity is rented: the quote package's type,
// so the cost model, the decision and the CSV share one list. It decides
// whether hours are paid whether used or not, which restart rate applies,
// and the engineering hours assumed.
type RentalModel = quote.RentalModel

// The rental models under the cost model's short names.
const (
	SingleNode     = quote.RentalSingleNode
	OnDemand       = quote.RentalOnDemand
	Reserved       = quote.RentalReserved
	Marketplace    = quote.RentalMarketplace
	ManagedCluster = quote.RentalManagedCluster
	ModelAPI       = quote.RentalModelAPI
	Buy            = quote.RentalBuy
)

// RentalModels returns every rental model in contract order.
func RentalModels() []RentalModel { return quote.RentalModels() }

// BillingUnit is the billing granularity, spelled as in the quote CSV
// contract. Pay-as-you-go jobs are rounded up to it; month and block
// billing reserve capacity for the period, so they count as committed.
type BillingUnit string

// The billing units of the quote CSV contract.
const (
	PerSecond BillingUnit = "second"
	PerMinute BillingUnit = "minute"
	PerHour   BillingUnit = "hour"
	PerMonth  BillingUnit = "month"
	PerBlock  BillingUnit = "block"
)

// hours returns the unit's length in hours for job rounding; month and
// block return 0 because they are treated as commitments, not rounded.
func (u BillingUnit) hours() (float64, bool) {
	switch u {
	case PerSecond:
		return 1.0 / 3600, true
	case PerMinute:
		return 1.0 / 60, true
	case PerHour:
		return 1, true
	case PerMonth, PerBlock:
		return 0, true
	}
	return 0, false
}

// Quote is one vendor offer as the cost model needs it. Prices are in
// Currency; each optional term records whether the vendor stated it.
type Quote struct {
	ID          string      // stable id, unique within one Compute call
	Label       string      // display name, e.g. "Nebius H200 reserved"
	RentalModel RentalModel // one of RentalModels
	GPUModel    string      // e.g. "H100 SXM"; picks the market rate when the rate is missing
	GPUsPerNode int
	Nodes       int
	// NodesMissing is the state of a node count the vendor did not give
	// (StatusNotStated or StatusRefused; "" when stated). Nodes is then
	// the brief's count, the figures are incomplete and NodesAssumption
	// says so; with no count at all the quote cannot be priced.
	NodesMissing    Status
	NodesAssumption string
	Currency        string // ISO 4217 code of every price below

	RatePerGPUHour Term[float64] // compute price per GPU-hour
	// OnDemandRate is the price of GPU-hours beyond capacity paid whether
	// used or not (burst on a reservation); unstated, the market's
	// on-demand rate for the GPU is used, labelled.
	OnDemandRate      Term[float64]
	BillingUnit       Term[BillingUnit] // billing granularity
	MinTermMonths     Term[int]         // 0 = no commitment
	StoragePerTBMonth Term[float64]     // persistent storage and snapshots
	EgressPerGB       Term[float64]     // 0 is a stated value: free egress
	SupportPerMonth   Term[float64]     // support cost per month, if the vendor priced it
	MinSpend          Term[float64]     // minimum spend over the minimum term
	Upfront           Term[float64]     // payment due at signature, on top of usage

	// Speed is the capacity's relative throughput (see [SpeedOf]); the
	// zero Speed is as fast as the brief's hardware.
	Speed Speed
}

// GPUs returns the cluster size, GPUs per node times nodes.
func (q Quote) GPUs() int { return q.GPUsPerNode * q.Nodes }

// maxPrice bounds every stated price and amount (in its currency's major
// units): a trillion covers a minimum spend in VND; anything above is a
// typo, and it keeps the cost lines far from int64 overflow.
const maxPrice = 1e12

// ErrInvalid marks input the cost model cannot price: the web layer maps it
// to a validation error rather than a server error.
var ErrInvalid = errors.New("invalid input")

// validate checks what every line relies on; the error names the field so
// the person who typed it can find it.
func (q Quote) validate() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: quote %q: %s", ErrInvalid, q.ID, fmt.Sprintf(format, args...))
	}
	if q.ID == "" {
		return fmt.Errorf("%w: quote without an id (label %q)", ErrInvalid, q.Label)
	}
	if !q.RentalModel.Valid() {
		return bad("unknown rental model %q", q.RentalModel)
	}
	if q.Nodes <= 0 && q.NodesMissing != "" {
		return bad("the vendor gave no node count (%s) and the brief has none to assume", q.NodesMissing)
	}
	if q.GPUsPerNode <= 0 || q.Nodes <= 0 {
		return bad("GPU count needs gpus_per_node and nodes above 0, got %d × %d", q.GPUsPerNode, q.Nodes)
	}
	// Bounds that keep every amount far inside int64 minor units: the
	// largest clusters sold are a few hundred thousand GPUs.
	if q.GPUsPerNode > 64 || q.Nodes > 100_000 {
		return bad("%d GPUs per node × %d nodes is beyond any cluster sold (at most 64 per node and 100,000 nodes)", q.GPUsPerNode, q.Nodes)
	}
	if !validCurrency(q.Currency) {
		return bad("currency %q is not an ISO 4217 code", q.Currency)
	}
	for _, c := range []struct {
		name     string
		t        Term[float64]
		positive bool // a stated zero rate is a typo, not free compute; zero egress is free egress
	}{
		{TermRate, q.RatePerGPUHour, true},
		{TermOnDemandRate, q.OnDemandRate, true},
		{TermStorage, q.StoragePerTBMonth, false},
		{TermEgress, q.EgressPerGB, false},
		{TermSupport, q.SupportPerMonth, false},
		{TermMinSpend, q.MinSpend, false},
		{TermUpfront, q.Upfront, false},
	} {
		if _, err := c.t.state(); err != nil {
			return bad("%s: %v", c.name, err)
		}
		v := c.t.Value
		if c.t.Known && (v < 0 || math.IsNaN(v) || math.IsInf(v, 0) || (c.positive && v == 0)) {
			return bad("%s: stated value %g is out of range", c.name, v)
		}
		if c.t.Known && v > maxPrice {
			return bad("%s: stated value %g is above %g, more than any real price", c.name, v, maxPrice)
		}
	}
	if err := q.Speed.validate(); err != nil {
		return bad("%v", err)
	}
	if _, err := q.BillingUnit.state(); err != nil {
		return bad(TermBillingUnit+": %v", err)
	}
	if _, ok := q.BillingUnit.Value.hours(); q.BillingUnit.Known && !ok {
		return bad(TermBillingUnit+": unknown unit %q", q.BillingUnit.Value)
	}
	if _, err := q.MinTermMonths.state(); err != nil {
		return bad(TermMinTerm+": %v", err)
	}
	if q.MinTermMonths.Known && (q.MinTermMonths.Value < 0 || q.MinTermMonths.Value > MaxTermMonths) {
		return bad(TermMinTerm+": stated value %d is outside 0–%d months", q.MinTermMonths.Value, MaxTermMonths)
	}
	return nil
}
