package web_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/scoring"
	"github.com/gpuquote/gpuquote/internal/store"
)

// The admin sets the approval rules and the criteria template from the
// reference page: refusals at the field (and nothing saved), then saved
// and audited; a manager may not.
func TestAwardSettingsFormsAreCheckedAndAudited(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	admin, _ := a.login("settings-admin@example.com", auth.Admin)
	page := doc(t, admin.get("/admin/reference"))
	if page.Find("[data-testid=approval-rules-form]").Length() != 1 || page.Find("[data-testid=criteria-template-form]").Length() != 1 {
		t.Fatal("the settings forms are missing")
	}
	bad := url.Values{"currency": {"usd1"}, "rule-0-above": {"0"}, "rule-0-approvers": {"1"},
		"rule-1-above": {"250000"}, "rule-1-approvers": {"2"}, "rule-1-order": {"in_order"}, "rule-1-role_1": {"manager"}}
	res := admin.post("/admin/settings/approval-rules", bad)
	wantStatus(t, res, http.StatusUnprocessableEntity)
	d := doc(t, res)
	for _, id := range []string{"rule-currency", "rule-1-roles"} {
		if d.Find("[data-testid=summary-"+id+"]").Length() != 1 {
			t.Errorf("no summary entry for %s: %q", id, d.Find("[data-testid=error-summary]").Text())
		}
	}
	if v, _ := d.Find("#rule-1-above").Attr("value"); v != "250000" {
		t.Errorf("the typed threshold was lost: %q", v)
	}
	if raw, _ := a.store.Setting(context.Background(), store.SettingApprovalRules); raw != "" {
		t.Fatalf("refused rules were saved: %s", raw)
	}
	good := url.Values{"currency": {"usd"}, "rule-0-above": {"0"}, "rule-0-approvers": {"1"},
		"rule-1-above": {"250,000.50"}, "rule-1-approvers": {"2"}, "rule-1-order": {"in_order"},
		"rule-1-role_1": {"manager"}, "rule-1-role_2": {"finance"}}
	wantStatus(t, admin.post("/admin/settings/approval-rules", good), http.StatusSeeOther)
	raw, _ := a.store.Setting(context.Background(), store.SettingApprovalRules)
	var rules scoring.ApprovalRules
	if err := json.Unmarshal([]byte(raw), &rules); err != nil || rules.Currency != "USD" || len(rules.Tiers) != 2 ||
		rules.Tiers[1].Above != "250000.50" || rules.Tiers[1].Order != "in_order" || strings.Join(rules.Tiers[1].Roles, ",") != "manager,finance" {
		t.Errorf("saved %s", raw)
	}
	if v, _ := doc(t, admin.get("/admin/reference")).Find("#rule-1-above").Attr("value"); v != "250,000.50" {
		t.Errorf("the saved threshold is shown as %q", v)
	}

	crit := url.Values{}
	for _, k := range scoring.Keys {
		crit.Set("w_"+k, "10")
	}
	res = admin.post("/admin/settings/criteria-template", crit)
	wantStatus(t, res, http.StatusUnprocessableEntity)
	if !strings.Contains(doc(t, res).Find("#crit-sum").Text(), "100") {
		t.Errorf("no sum error")
	}
	crit.Set("w_"+scoring.Keys[0], "30")
	crit.Set("w_"+scoring.PastPerformance, "0") // 30 + 7 × 10 + 0
	wantStatus(t, admin.post("/admin/settings/criteria-template", crit), http.StatusSeeOther)
	if raw, _ := a.store.Setting(context.Background(), store.SettingCriteriaTemplate); !strings.Contains(raw, `"weight":30`) {
		t.Errorf("template %s", raw)
	}
	entries, _ := a.store.ListAudit(context.Background(), store.AuditFilter{ObjectType: "setting"})
	n := 0
	for _, e := range entries {
		if e.ObjectID == store.SettingApprovalRules || e.ObjectID == store.SettingCriteriaTemplate {
			n++
		}
	}
	if n != 2 {
		t.Errorf("%d audit rows for the two settings", n)
	}
	mgr, _ := a.login("settings-mgr@example.com", auth.Manager)
	wantStatus(t, mgr.post("/admin/settings/approval-rules", good), http.StatusForbidden)
}
