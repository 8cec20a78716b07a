package evaluation_test

import (
	"context"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/evaluation"
)

// TestUsefulUnitsGiveTheCostPerUnitDelivered: the buyer enters the useful
// units a month delivered, and the commitment report divides the month's
// cost by them, beside the award's quoted cost per unit (issue 31).
func TestUsefulUnitsGiveTheCostPerUnitDelivered(t *testing.T) {
	t.Parallel()
	_, svc, p, c := approvedContract(t)
	ctx := context.Background()
	csv := "period,description,quantity,unit,unit_price,amount,currency\n2026-03,GPU-hours,1000,GPU-hour,2.00,2000.00,USD\n"
	if _, err := svc.UploadBill(ctx, p, c.ID, "march.csv", strings.NewReader(csv)); err != nil {
		t.Fatal(err)
	}
	rows, err := svc.Commitment(ctx, c.ID)
	if err != nil || len(rows) != 1 {
		t.Fatalf("commitment %+v %v", rows, err)
	}
	if rows[0].CostPerUsefulUnit != 0 || rows[0].QuotedPerUseful.String() != "1" {
		t.Errorf("before any units: %s per unit, quoted %s", rows[0].CostPerUsefulUnit, rows[0].QuotedPerUseful)
	}

	for _, bad := range []struct{ month, units, field string }{
		{"2026-04", "10", "month: "}, // the clock is 10 March: April is not delivered yet
		{"2025-12", "10", "month: "}, // before the contract
		{"March", "10", "month: "},
		{"2026-03", "-5", "units: "},
		{"2026-03", "1,600", "units: "},
	} {
		err := svc.SaveUsefulUnits(ctx, p, c.ID, bad.month, bad.units)
		if !evaluation.IsContractError(err) || !strings.HasPrefix(err.Error(), bad.field) {
			t.Errorf("%s %s: %v, want a %q error", bad.month, bad.units, err, bad.field)
		}
	}

	// 2,000.00 for 1,600 units: 1.25 a unit, against 1.00 quoted.
	if err := svc.SaveUsefulUnits(ctx, p, c.ID, "2026-03", "1600"); err != nil {
		t.Fatal(err)
	}
	rows, _ = svc.Commitment(ctx, c.ID)
	if r := rows[0]; r.CostPerUsefulUnit.String() != "1.25" || r.QuotedPerUseful.String() != "1" {
		t.Errorf("with 1,600 units: %s per unit, quoted %s", r.CostPerUsefulUnit, r.QuotedPerUseful)
	}
	// A second entry for the month replaces the first.
	if err := svc.SaveUsefulUnits(ctx, p, c.ID, "2026-03", "2500.5"); err != nil {
		t.Fatal(err)
	}
	rows, _ = svc.Commitment(ctx, c.ID)
	if got := rows[0].CostPerUsefulUnit.String(); got != "0.79984" {
		t.Errorf("with 2,500.5 units: %s per unit, want 2000/2500.5 = 0.79984", got)
	}
}
