package decision

import (
	"fmt"
	"math"
)

// BlendShares splits the workload's demand (useful GPU-hours) across
// reserved, on-demand and spot capacity. The shares must sum to 1.
type BlendShares struct {
	Reserved float64 `json:"reserved"`
	OnDemand float64 `json:"on_demand"`
	Spot     float64 `json:"spot"`
}

// BlendInputs prices a blend: the demand, the three rates in one currency,
// and the spot retry waste.
type BlendInputs struct {
	Currency         string      `json:"currency"`
	Shares           BlendShares `json:"shares"`
	GPUHoursPerMonth float64     `json:"gpu_hours_per_month"`
	ReservedRate     float64     `json:"reserved_rate"`
	OnDemandRate     float64     `json:"on_demand_rate"`
	SpotRate         float64     `json:"spot_rate"`
	// SpotRetryWaste is the share of paid spot hours lost to preemptions
	// and restarts; spot demand is grossed up by it.
	SpotRetryWaste float64 `json:"spot_retry_waste"`
}

// BlendTier is one kind of capacity in a blend.
type BlendTier struct {
	Share float64 `json:"share"`
	// DemandGPUHours is the useful work placed here; PaidGPUHours is what
	// is billed for it (more than the demand for spot, because of retries).
	DemandGPUHours float64 `json:"demand_gpu_hours"`
	PaidGPUHours   float64 `json:"paid_gpu_hours"`
	RatePerGPUHour float64 `json:"rate_per_gpu_hour"`
	MonthlyCost    float64 `json:"monthly_cost"`
}

// Blend is the staged path priced for one month. Money fields are rounded
// to cents and hours to one decimal.
type Blend struct {
	Currency         string    `json:"currency"`
	GPUHoursPerMonth float64   `json:"gpu_hours_per_month"`
	Reserved         BlendTier `json:"reserved"`
	OnDemand         BlendTier `json:"on_demand"`
	Spot             BlendTier `json:"spot"`
	MonthlyCost      float64   `json:"monthly_cost"`
	// EffectiveRate is MonthlyCost per useful GPU-hour.
	EffectiveRate float64 `json:"effective_rate"`
	// AllOnDemandMonthlyCost is the same demand entirely on demand, the
	// baseline a buyer compares the blend with.
	AllOnDemandMonthlyCost float64 `json:"all_on_demand_monthly_cost"`
}

// shareTolerance absorbs float error in shares a form sends as percentages
// (0.7 + 0.2 + 0.1 is not exactly 1 in binary).
const shareTolerance = 1e-6

// Validate reports an ErrInvalid error unless every share is in [0, 1] and
// the shares sum to 1.
func (s BlendShares) Validate() error {
	for _, v := range []float64{s.Reserved, s.OnDemand, s.Spot} {
		if v < 0 || v > 1 || math.IsNaN(v) {
			return fmt.Errorf("%w: blend share %v outside [0, 1]", ErrInvalid, v)
		}
	}
	if sum := s.Reserved + s.OnDemand + s.Spot; math.Abs(sum-1) > shareTolerance {
		return fmt.Errorf("%w: blend shares sum to %v, not 1", ErrInvalid, sum)
	}
	return nil
}

// BlendCost prices the split. The reserved part is assumed fully used: the
// staged path puts only the steady floor of demand on reservations, which is
// why a reservation there is not idle. A tier with a positive share needs a
// positive rate.
func BlendCost(in BlendInputs) (Blend, error) {
	if err := in.Shares.Validate(); err != nil {
		return Blend{}, err
	}
	if in.GPUHoursPerMonth < 0 || math.IsNaN(in.GPUHoursPerMonth) {
		return Blend{}, fmt.Errorf("%w: negative GPU-hours", ErrInvalid)
	}
	if in.SpotRetryWaste < 0 || in.SpotRetryWaste >= 1 {
		return Blend{}, fmt.Errorf("%w: spot retry waste %v outside [0, 1)", ErrInvalid, in.SpotRetryWaste)
	}
	for _, t := range []struct {
		name        string
		share, rate float64
	}{{"reserved", in.Shares.Reserved, in.ReservedRate}, {"on-demand", in.Shares.OnDemand, in.OnDemandRate}, {"spot", in.Shares.Spot, in.SpotRate}} {
		if t.share > 0 && t.rate <= 0 {
			return Blend{}, fmt.Errorf("%w: %s share %v without a %s rate", ErrInvalid, t.name, t.share, t.name)
		}
	}
	res := tier(in.Shares.Reserved, in.GPUHoursPerMonth, 0, in.ReservedRate)
	od := tier(in.Shares.OnDemand, in.GPUHoursPerMonth, 0, in.OnDemandRate)
	spot := tier(in.Shares.Spot, in.GPUHoursPerMonth, in.SpotRetryWaste, in.SpotRate)
	total := res.cost + od.cost + spot.cost
	b := Blend{
		Currency:         in.Currency,
		GPUHoursPerMonth: tenth(in.GPUHoursPerMonth),
		Reserved:         res.out(),
		OnDemand:         od.out(),
		Spot:             spot.out(),
		MonthlyCost:      cents(total),
	}
	if in.GPUHoursPerMonth > 0 {
		b.EffectiveRate = cents(total / in.GPUHoursPerMonth)
	}
	if in.OnDemandRate > 0 {
		b.AllOnDemandMonthlyCost = cents(in.GPUHoursPerMonth * in.OnDemandRate)
	}
	return b, nil
}

type tierCalc struct{ share, demand, paid, rate, cost float64 }

func tier(share, hours, waste, rate float64) tierCalc {
	demand := share * hours
	paid := demand / (1 - waste)
	return tierCalc{share: share, demand: demand, paid: paid, rate: rate, cost: paid * rate}
}

func (t tierCalc) out() BlendTier {
	return BlendTier{Share: t.share, DemandGPUHours: tenth(t.demand), PaidGPUHours: tenth(t.paid), RatePerGPUHour: t.rate, MonthlyCost: cents(t.cost)}
}
