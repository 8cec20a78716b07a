package contract

import (
	"testing"
	"time"
)

// By hand, on testContract (8 nodes from 2026-01-01, 12 months, the
// GPU-hour at 2.95) with a 1,200.00 upfront (100.00 a month):
//
//	January: 1000.00 spent on 400 GPU-hours, a 50.00 credit → 1050.00.
//	February: 500.00 on 200 GPU-hours and a 100.00 shortfall → 700.00,
//	with 1000 useful units entered.
//
// Together 1750.00 for 600 GPU-hours: 2.916667 a GPU-hour; the useful
// units' month 700.00 / 1000 = 0.70 a unit. Four nodes down all February
// (and all March, not billed): 248 + 224 node-days, 112 down → 76.27 %.
func TestDeliveredByHand(t *testing.T) {
	c := testContract()
	c.Upfront = MicrosFromInt(1200)
	use := []MonthUse{
		{Month: d("2026-01-01"), GPUHours: MicrosFromInt(400), Spend: MicrosFromInt(1000), Credits: MicrosFromInt(50)},
		{Month: d("2026-02-01"), GPUHours: MicrosFromInt(200), Spend: MicrosFromInt(500), Shortfall: MicrosFromInt(100), UsefulUnits: MicrosFromInt(1000)},
	}
	down := []Outage{{Start: time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC), End: time.Date(2026, 4, 1, 0, 0, 0, 0, time.UTC), Nodes: 4}}
	got := DeliveredOver(c, use, down)
	if got.From.String() != "2026-01-01" || got.Through.String() != "2026-02-01" || got.Months != 2 {
		t.Errorf("period %s–%s (%d)", got.From, got.Through, got.Months)
	}
	if got.GPUHours != MicrosFromInt(600) || got.Cost != usd(175000) || got.EffectiveRate != 2_916_667 || got.QuotedRate != 2_950_000 {
		t.Errorf("GPU-hours %s cost %s rate %s quoted %s", got.GPUHours, got.Cost, got.EffectiveRate, got.QuotedRate)
	}
	if got.UsefulUnits != MicrosFromInt(1000) || got.CostPerUsefulUnit != 700_000 || got.Availability.String() != "76.27" {
		t.Errorf("units %s per unit %s availability %s", got.UsefulUnits, got.CostPerUsefulUnit, got.Availability)
	}
	if none := DeliveredOver(c, nil, down); none.From != nil || none.Cost != usd(0) || none.Availability.String() != "100.00" || none.QuotedRate != 2_950_000 {
		t.Errorf("before any bill: %+v", none)
	}
}
