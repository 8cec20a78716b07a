package contract

// Delivered is what a contract delivered over its billed months, summed
// from the commitment report's months: the baseline a re-bid sets its new
// quotes beside. Rates are per GPU-hour in the contract's currency.
type Delivered struct {
	From    *Date `json:"from"`    // the first billed month; nil before any bill
	Through *Date `json:"through"` // the last billed month (its first day)
	Months  int   `json:"months"`
	// GPUHours are the GPU-hours billed.
	GPUHours Micros `json:"gpu_hours"`
	// Cost is the report's cost: usage, shortfall and the upfront's share,
	// less credits received.
	Cost Money `json:"cost"`
	// Availability is the nodes' uptime over the billed months, from the
	// recorded outages.
	Availability Pct `json:"availability_pct"`
	// EffectiveRate is Cost per GPU-hour billed; QuotedRate the contracted
	// GPU-hour rate (0 when the contract names none).
	EffectiveRate Micros `json:"effective_rate"`
	QuotedRate    Micros `json:"quoted_rate"`
	// UsefulUnits are the useful units entered for the months (0: none),
	// and CostPerUsefulUnit the cost of those months per unit.
	UsefulUnits       Micros `json:"useful_units"`
	CostPerUsefulUnit Micros `json:"cost_per_useful_unit"`
}

// DeliveredOver sums the months of use (the bills' use per month, in the
// report's order) into what the contract delivered. It is the same cost
// the commitment report computes per month, in micros before any rounding.
func DeliveredOver(c Contract, use []MonthUse, outages []Outage) Delivered {
	d := Delivered{Cost: c.money(0)}
	for _, ch := range c.Charges {
		if ch.Kind == KindGPUHours {
			d.QuotedRate = ch.Rate
			break
		}
	}
	if len(use) == 0 {
		d.Availability = 10000
		return d
	}
	from, through := use[0].Month, use[len(use)-1].Month
	d.From, d.Through, d.Months = &from, &through, len(use)
	var cost, usefulCost Micros
	for _, u := range use {
		m := u.Spend + u.Shortfall + share(c.Upfront, c.Dates.TermMonths, monthsBetween(c.Dates.Start, u.Month)) - u.Credits
		cost += m
		d.GPUHours += u.GPUHours
		if u.UsefulUnits > 0 {
			d.UsefulUnits += u.UsefulUnits
			usefulCost += m
		}
	}
	d.Cost = c.money(cost)
	d.EffectiveRate = ratio(cost, d.GPUHours)
	d.CostPerUsefulUnit = ratio(usefulCost, d.UsefulUnits)
	d.Availability = 10000
	if c.Capacity.GPUsPerNode > 0 {
		var a Availability
		for _, u := range use {
			m := AvailabilityIn(c.Capacity.GPUs/c.Capacity.GPUsPerNode, outages, u.Month.Start(c.Zone), u.Month.AddMonths(1).Start(c.Zone))
			a.Total, a.Down = a.Total+m.Total, a.Down+m.Down
		}
		d.Availability = a.Pct()
	}
	return d
}
