package evaluation_test

import (
	"context"
	"testing"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/scoring"
	"github.com/gpuquote/gpuquote/internal/store"
)

// The criteria template reads the defaults until the admin saves one,
// then what was saved.
func TestCriteriaTemplateDefaultsThenSaved(t *testing.T) {
	t.Parallel()
	f := newBenchFixture(t, h100Quote)
	ctx := context.Background()
	ws, err := f.svc.CriteriaTemplate(ctx)
	if err != nil || len(ws) != len(scoring.DefaultWeights()) || ws[0] != scoring.DefaultWeights()[0] {
		t.Fatalf("before any template: %+v %v", ws, err)
	}
	if _, err := f.svc.SaveCriteriaTemplate(ctx, f.u.Actor(), []scoring.Weight{{Key: scoring.Keys[0], Weight: 100}}); err != nil {
		t.Fatal(err)
	}
	ws, err = f.svc.CriteriaTemplate(ctx)
	if err != nil || ws[0].Key != scoring.Keys[0] || ws[0].Weight != 100 || ws[1].Weight != 0 {
		t.Errorf("after saving: %+v %v", ws, err)
	}
}

// A refused request recorded as denied reads back from the audit log with
// the filter's choices.
func TestRecordDeniedReadsBackFromTheAuditLog(t *testing.T) {
	t.Parallel()
	f := newBenchFixture(t, h100Quote)
	ctx := context.Background()
	if err := f.svc.RecordDenied(ctx, audit.Entry{ActorID: f.u.ID, ActorEmail: f.u.Email, Action: "auth.denied",
		ObjectType: "route", ObjectID: "POST /admin/users", After: map[string]any{"needs": "users.manage"}}); err != nil {
		t.Fatal(err)
	}
	entries, choices, err := f.svc.AuditLog(ctx, store.AuditFilter{Action: "auth.denied", Limit: 10})
	if err != nil || len(entries) != 1 || entries[0].ObjectID != "POST /admin/users" {
		t.Fatalf("entries %+v %v", entries, err)
	}
	if len(choices.Users) == 0 {
		t.Errorf("no user to filter by: %+v", choices)
	}
	if err := f.svc.Ping(ctx); err != nil {
		t.Errorf("ping: %v", err)
	}
}
