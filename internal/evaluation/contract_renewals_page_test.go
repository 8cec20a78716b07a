package evaluation_test

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/evaluation"
)

// TestRenewalsOverviewIsTheBoardAndEveryContract: the renewals page reads
// the alert board of the horizon and every contract, drafts included.
func TestRenewalsOverviewIsTheBoardAndEveryContract(t *testing.T) {
	t.Parallel()
	_, svc, p, c := approvedContract(t)
	ctx := context.Background()
	o, err := svc.RenewalsOverview(ctx)
	if err != nil || len(o.Contracts) != 1 || o.Contracts[0].ID != c.ID || len(o.Renewals) != 0 || len(o.Claims) != 0 {
		t.Fatalf("a draft: %+v %v", o, err)
	}
	if _, err := svc.ReviseContract(ctx, p, c.ID, evaluation.ContractChange{Reason: "signed",
		Fields: fields(t, `{"start_date": "2026-01-01", "term_months": 6, "notice_days": 30, "activated": true}`)}); err != nil {
		t.Fatal(err)
	}
	o, err = svc.RenewalsOverview(ctx)
	if err != nil {
		t.Fatal(err)
	}
	b, err := svc.AlertBoard(ctx, evaluation.RenewalHorizon)
	if err != nil || !reflect.DeepEqual(o.AlertBoard, b) {
		t.Errorf("board %+v, want AlertBoard's %+v (%v)", o.AlertBoard, b, err)
	}
	if len(o.Renewals) != 1 || o.Renewals[0].CancelBy.String() != "2026-06-01" || len(o.Contracts) != 1 || o.Contracts[0].Version != 2 {
		t.Errorf("active: %+v", o)
	}
}

// TestRecordUsefulUnitsAnswersTheReport: the units saved come back in the
// commitment report; a refused entry saves nothing and answers no report.
func TestRecordUsefulUnitsAnswersTheReport(t *testing.T) {
	t.Parallel()
	_, svc, p, c := approvedContract(t)
	ctx := context.Background()
	csv := "period,description,quantity,unit,unit_price,amount,currency\n2026-03,GPU-hours,1000,GPU-hour,2.00,2000.00,USD\n"
	if _, err := svc.UploadBill(ctx, p, c.ID, "march.csv", strings.NewReader(csv)); err != nil {
		t.Fatal(err)
	}
	if rows, err := svc.RecordUsefulUnits(ctx, p, c.ID, "2026-04", "10"); !evaluation.IsContractError(err) || rows != nil {
		t.Errorf("April on 10 March: %+v %v", rows, err)
	}
	rows, err := svc.RecordUsefulUnits(ctx, p, c.ID, "2026-03", "1600")
	if err != nil || len(rows) != 1 || rows[0].CostPerUsefulUnit.String() != "1.25" {
		t.Fatalf("1,600 units: %+v %v", rows, err)
	}
}
