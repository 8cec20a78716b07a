package evaluation_test

import (
	"context"
	"errors"
	"testing"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/scoring"
	"github.com/gpuquote/gpuquote/internal/store"
)

// The page and the API save approval rules through one use case: refused
// rules are field errors and store nothing; accepted ones are in force.
func TestSaveApprovalRules(t *testing.T) {
	t.Parallel()
	f := newBenchFixture(t, h100Quote)
	ctx := context.Background()
	bad := scoring.ApprovalRules{Currency: "usd", Tiers: []scoring.Tier{{Above: "1000", Approvers: 1}, {Above: "500", Approvers: 0}}}
	err := f.svc.SaveApprovalRules(ctx, f.u.Actor(), bad)
	var fe evaluation.FieldErrors
	if !errors.As(err, &fe) || fe["currency"] == "" || fe["tiers[1].above"] != "scoring.error.tier_order" || fe["tiers[1].approvers"] == "" {
		t.Fatalf("%v %v", err, fe)
	}
	if rules, err := f.svc.ApprovalRules(ctx); rules != nil || err != nil {
		t.Fatalf("refused rules were stored: %+v %v", rules, err)
	}
	good := scoring.ApprovalRules{Currency: "EUR", Tiers: []scoring.Tier{{Above: "0", Approvers: 1}, {Above: "100000", Approvers: 2, Order: "in_order"}}}
	if err := f.svc.SaveApprovalRules(ctx, f.u.Actor(), good); err != nil {
		t.Fatal(err)
	}
	rules, err := f.svc.ApprovalRules(ctx)
	if err != nil || rules == nil || rules.Currency != "EUR" || len(rules.Tiers) != 2 || rules.Tiers[1].Approvers != 2 {
		t.Errorf("%+v %v", rules, err)
	}
}

func TestSaveCriteriaTemplate(t *testing.T) {
	t.Parallel()
	f := newBenchFixture(t, h100Quote)
	ctx := context.Background()
	_, err := f.svc.SaveCriteriaTemplate(ctx, f.u.Actor(), []scoring.Weight{{Key: scoring.Keys[0], Weight: 60}})
	var we evaluation.WeightErrors
	if !errors.As(err, &we) || len(we) == 0 {
		t.Fatalf("a sum of 60: %v", err)
	}
	if raw, _ := f.st.Setting(ctx, store.SettingCriteriaTemplate); raw != "" {
		t.Fatalf("refused weights were stored: %s", raw)
	}
	norm, err := f.svc.SaveCriteriaTemplate(ctx, f.u.Actor(), []scoring.Weight{{Key: scoring.Keys[1], Weight: 40}, {Key: scoring.Keys[0], Weight: 60}})
	if err != nil {
		t.Fatal(err)
	}
	if len(norm) != len(scoring.Keys) || norm[0].Key != scoring.Keys[0] || norm[0].Weight != 60 || norm[1].Weight != 40 {
		t.Errorf("every criterion in display order: %+v", norm)
	}
	if raw, _ := f.st.Setting(ctx, store.SettingCriteriaTemplate); raw == "" {
		t.Error("the template was not stored")
	}
}

// The scores page and the API save an evaluation's weights through one
// use case: refused weights store nothing, accepted ones are stored whole.
func TestSaveCriteria(t *testing.T) {
	t.Parallel()
	f := newBenchFixture(t, h100Quote)
	ctx := context.Background()
	ev := f.q.EvaluationID
	_, err := f.svc.SaveCriteria(ctx, f.u.Actor(), ev, []scoring.Weight{{Key: scoring.Keys[0], Weight: 60}, {Key: scoring.Keys[0], Weight: 40}})
	var we evaluation.WeightErrors
	if !errors.As(err, &we) || len(we) == 0 {
		t.Fatalf("a criterion twice: %v", err)
	}
	if got, err := f.st.Criteria(ctx, ev); err != nil || len(got) != 0 {
		t.Fatalf("refused weights were stored: %v %v", got, err)
	}
	norm, err := f.svc.SaveCriteria(ctx, f.u.Actor(), ev, []scoring.Weight{{Key: scoring.Keys[1], Weight: 30}, {Key: scoring.Keys[0], Weight: 70}})
	if err != nil || len(norm) != len(scoring.Keys) || norm[0].Weight != 70 || norm[1].Weight != 30 {
		t.Fatalf("%+v %v", norm, err)
	}
	got, err := f.st.Criteria(ctx, ev)
	if err != nil || len(got) != len(scoring.Keys) || got[0].Key != scoring.Keys[0] || got[0].Weight != 70 {
		t.Errorf("stored %+v %v", got, err)
	}
}
