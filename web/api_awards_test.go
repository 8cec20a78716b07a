package web_test

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
)

// The award API speaks the names callers rely on: a signature over open
// blockers is 409 blockers_open with the list per quote; GET
// /api/v1/awards/{id} carries status, contract_value and
// monthly_equivalent as {amount, currency}, required_approvers,
// signatures, blockers each with waived, and changed.
func TestAwardAPIRefusesOpenBlockersWithTheList(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id, tok := analysedEvaluation(t, a)
	evID, _ := strconv.ParseInt(id, 10, 64)
	an, err := evaluation.New(a.store).Analyze(context.Background(), evID)
	if err != nil {
		t.Fatal(err)
	}
	var blocked int64
	for _, sq := range an.Quotes {
		if len(an.OpenBlockers(sq.ID)) > 0 {
			blocked = sq.ID
		}
	}
	if blocked == 0 {
		t.Skip("no priced quote with a blocker")
	}
	res, aw := a.api(tok, "POST", "/api/v1/evaluations/"+id+"/award", `{"shares":[{"quote_id":`+strconv.FormatInt(blocked, 10)+`,"share_pct":100}],"reason":"cheapest"}`)
	wantStatus(t, res, http.StatusCreated)
	awardPath := "/api/v1/awards/" + strconv.FormatFloat(aw["id"].(float64), 'f', 0, 64)
	mgr := a.token("approver@example.com", auth.Manager)
	res, out := a.api(mgr, "POST", awardPath+"/approval", `{"reason":"skip them"}`)
	wantStatus(t, res, http.StatusConflict)
	list, _ := out["blockers"].([]any)
	if out["code"] != "blockers_open" || len(list) != 1 {
		t.Fatalf("refusal %v", out)
	}
	res, got := a.api(mgr, "GET", awardPath, "")
	wantStatus(t, res, http.StatusOK)
	value, _ := got["contract_value"].(map[string]any)
	monthly, _ := got["monthly_equivalent"].(map[string]any)
	if got["status"] != "awaiting_approval" || value["currency"] != "USD" || value["amount"] == "" || monthly["currency"] != "USD" ||
		got["required_approvers"] != float64(1) || got["signatures"] == nil || got["changed"] == nil {
		t.Errorf("award %v", got)
	}
	blockers := got["blockers"].([]any)[0].(map[string]any)["blockers"].([]any)
	for _, b := range blockers {
		if w, ok := b.(map[string]any)["waived"]; !ok || w != false {
			t.Errorf("blocker %v", b)
		}
	}
	// The decision API lists the same award.
	res, dec := a.api(mgr, "GET", "/api/v1/evaluations/"+id+"/decision", "")
	wantStatus(t, res, http.StatusOK)
	if awards, _ := dec["awards"].([]any); len(awards) != 1 || !strings.Contains(awardPath, strconv.FormatFloat(awards[0].(map[string]any)["id"].(float64), 'f', 0, 64)) {
		t.Errorf("decision awards %v", dec["awards"])
	}
}
