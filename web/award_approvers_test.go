package web_test

import (
	"context"
	"net/http"
	"strconv"
	"testing"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/store"
)

// recordTwoStepAward sets two-approver rules (with the given tier JSON
// beyond the first) and records a one-quote award above the threshold.
func recordTwoStepAward(t *testing.T, a *app, tier string) (evaluationID, approvalPath string) {
	t.Helper()
	id, tok := analysedEvaluation(t, a)
	res, _ := a.api(tok, "PUT", "/api/v1/settings/approval-rules", `{"currency":"USD","tiers":[{"above":0,"approvers":1},`+tier+`]}`)
	wantStatus(t, res, http.StatusOK)
	_, an := a.api(tok, "GET", "/api/v1/evaluations/"+id+"/analysis", "")
	qid := strconv.FormatFloat(an["quotes"].([]any)[0].(map[string]any)["quote_id"].(float64), 'f', 0, 64)
	res, aw := a.api(tok, "POST", "/api/v1/evaluations/"+id+"/award", `{"shares":[{"quote_id":`+qid+`,"share_pct":100}],"reason":"cheapest"}`)
	wantStatus(t, res, http.StatusCreated)
	return id, "/api/v1/awards/" + strconv.FormatFloat(aw["id"].(float64), 'f', 0, 64) + "/approval"
}

// An ordered rule: finance cannot sign before the manager; a write-scope
// token is not the re-authentication an approval needs; the answer lists
// every approver with role, time and reason.
func TestOrderedAwardApprovalByAPI(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	_, path := recordTwoStepAward(t, a, `{"above":"1","approvers":2,"order":"in_order","roles":["manager","finance"]}`)
	fin := a.token("finance@example.com", auth.Finance)
	res, out := a.api(fin, "POST", path, `{"reason":"funds reserved"}`)
	wantStatus(t, res, http.StatusConflict)
	if out["code"] != "not_your_turn" {
		t.Errorf("finance first: %v", out)
	}
	mgrUser := a.user("approver@example.com", auth.Manager)
	write, _, err := a.store.IssueToken(context.Background(), audit.Actor{Email: "test"}, mgrUser, store.TokenSpec{Name: "w", Scope: auth.ScopeWrite})
	if err != nil {
		t.Fatal(err)
	}
	res, _ = a.api(write, "POST", path, `{"reason":"fits the budget"}`)
	wantStatus(t, res, http.StatusForbidden)
	mgr, _, err := a.store.IssueToken(context.Background(), audit.Actor{Email: "test"}, mgrUser, store.TokenSpec{Name: "a", Scope: auth.ScopeApprove})
	if err != nil {
		t.Fatal(err)
	}
	res, _ = a.api(mgr, "POST", path, `{"reason":"fits the budget"}`)
	wantStatus(t, res, http.StatusAccepted)
	res, out = a.api(fin, "POST", path, `{"reason":"funds reserved"}`)
	wantStatus(t, res, http.StatusOK)
	sigs, _ := out["signatures"].([]any)
	if len(sigs) != 2 {
		t.Fatalf("signatures %v", out)
	}
	first, second := sigs[0].(map[string]any), sigs[1].(map[string]any)
	if first["role"] != "manager" || first["reason"] != "fits the budget" || first["approved_at"] == nil || first["name"] == nil ||
		second["role"] != "finance" || second["email"] != "finance@example.com" {
		t.Errorf("signatures %v", sigs)
	}
}

// Rules naming a role that cannot approve awards, or an unknown order,
// are refused at the tier's field.
func TestApprovalRulesRefuseUnknownOrderAndRoles(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	tok := a.token("rules-admin@example.com", auth.Admin)
	res, out := a.api(tok, "PUT", "/api/v1/settings/approval-rules",
		`{"currency":"USD","tiers":[{"above":0,"approvers":2,"order":"sometimes","roles":["manager","engineer"]}]}`)
	wantStatus(t, res, http.StatusUnprocessableEntity)
	for _, f := range []string{"tiers[0].order", "tiers[0].roles"} {
		if out["fields"].(map[string]any)[f] == nil {
			t.Errorf("no error on %s: %v", f, out)
		}
	}
}
