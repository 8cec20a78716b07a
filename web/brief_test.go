package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
)

func TestEvaluationLifecycle(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	c, _ := a.login("proc@example.com", auth.Procurement)
	res := c.post("/evaluations", url.Values{"name": {""}})
	wantStatus(t, res, http.StatusUnprocessableEntity)
	if doc(t, res).Find("#err-name").Text() == "" {
		t.Errorf("no error next to the name field")
	}
	res = c.post("/evaluations", url.Values{"name": {"Q1 fine-tuning capacity"}})
	wantStatus(t, res, http.StatusSeeOther)
	loc := res.Header.Get("Location")
	home := doc(t, c.get(loc))
	if home.Find("[data-testid=evaluation-name]").Text() != "Q1 fine-tuning capacity" {
		t.Fatalf("home page does not show the name")
	}
	if home.Find("[data-testid=not-ready-banner]").Length() != 1 {
		t.Errorf("a new evaluation must say it is not ready to reserve")
	}
	if !strings.Contains(home.Find("[data-testid=flash]").Text(), "created") {
		t.Errorf("no flash after create")
	}
	// Rename with a stale version is refused and keeps the input.
	res = c.post(loc+"/rename", url.Values{"name": {"Renamed"}, "version": {"1"}})
	wantStatus(t, res, http.StatusSeeOther)
	res = c.post(loc+"/rename", url.Values{"name": {"Stale rename"}, "version": {"1"}})
	wantStatus(t, res, http.StatusConflict)
	if v, _ := doc(t, res).Find("#rename").Attr("value"); v != "Stale rename" {
		t.Errorf("conflict lost the input: %q", v)
	}
	wantStatus(t, c.post(loc+"/archive", url.Values{"archived": {"yes"}, "version": {"2"}}), http.StatusSeeOther)
	list := doc(t, c.get("/evaluations")).Find("[data-testid=evaluations]").Text()
	if strings.Contains(list, "Renamed") {
		t.Errorf("archived evaluation still listed")
	}
	if !strings.Contains(doc(t, c.get("/evaluations?archived=1")).Text(), "Renamed") {
		t.Errorf("archived evaluation not in the archive")
	}
	entries := body(t, func() *http.Response {
		m, _ := a.login("mgr@example.com", auth.Manager)
		return m.get("/audit?object_type=evaluation")
	}())
	for _, action := range []string{"evaluation.create", "evaluation.rename", "evaluation.archive"} {
		if !strings.Contains(entries, action) {
			t.Errorf("audit page lacks %s", action)
		}
	}
}

func TestBriefFormValidatesAndKeepsInput(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	ctx := context.Background()
	c, u := a.login("proc@example.com", auth.Procurement)
	ev, err := a.store.CreateEvaluation(ctx, u.Actor(), "Brief")
	if err != nil {
		t.Fatal(err)
	}
	path := "/evaluations/" + itoa(ev.ID) + "/brief"
	bad := url.Values{"version": {"1"}, "workload_type": {"fine_tuning"}, "node_count": {"four"},
		"dataset_tb": {"-3"}, "model_family": {"Llama 3"}, "acceptable_gpus": {"h100_sxm", "h200"}}
	res := c.post(path, bad)
	wantStatus(t, res, http.StatusUnprocessableEntity)
	d := doc(t, res)
	if d.Find("[data-testid=error-node_count]").Text() == "" || d.Find("[data-testid=error-dataset_tb]").Text() == "" {
		t.Errorf("errors not shown next to their fields")
	}
	if v, _ := d.Find("#f-node_count").Attr("value"); v != "four" {
		t.Errorf("input not kept: %q", v)
	}
	if v, _ := d.Find("#f-model_family").Attr("value"); v != "Llama 3" {
		t.Errorf("valid input not kept: %q", v)
	}
	if d.Find("input[name=acceptable_gpus][value=h200][checked]").Length() != 1 {
		t.Errorf("checkbox choice lost")
	}
	stored, _ := a.store.Brief(ctx, ev.ID)
	if stored.Version != 1 || len(stored.Data) != 0 {
		t.Fatalf("a bad form saved something: %+v", stored)
	}

	good := url.Values{"version": {"1"}, "workload_type": {"fine_tuning"}, "node_count": {"4"}, "dataset_tb": {"12.5"},
		"model_family": {"Llama 3"}, "acceptable_gpus": {"h100_sxm", "h200"}}
	wantStatus(t, c.post(path, good), http.StatusSeeOther)
	page := doc(t, c.get(path))
	if pct := page.Find("[data-testid=brief-completeness] [data-testid=brief-percent]").Text(); pct == "0 %" || pct == "" {
		t.Errorf("completeness did not rise: %q", pct)
	}
	stored, _ = a.store.Brief(ctx, ev.ID)
	if stored.Version != 2 || stored.Data["dataset_tb"] != "12.5" || stored.Data["acceptable_gpus"] != "h100_sxm,h200" {
		t.Errorf("stored %+v", stored)
	}

	// A second editor still on version 1 is told what changed and keeps input.
	res = c.post(path, url.Values{"version": {"1"}, "workload_type": {"pre_training"}, "node_count": {"8"}})
	wantStatus(t, res, http.StatusConflict)
	d = doc(t, res)
	conflict := d.Find("[data-testid=brief-conflict]").Text()
	if !strings.Contains(conflict, "Node count") || !strings.Contains(conflict, "proc") {
		t.Errorf("conflict banner: %q", conflict)
	}
	if v, _ := d.Find("#f-node_count").Attr("value"); v != "8" {
		t.Errorf("conflict lost the input: %q", v)
	}
	if v, _ := d.Find("input[name=version]").Attr("value"); v != "2" {
		t.Errorf("resubmitting must be possible at the current version, got %q", v)
	}
	stored, _ = a.store.Brief(ctx, ev.ID)
	if stored.Data["node_count"] != "4" {
		t.Errorf("the conflicting save overwrote the brief")
	}
}

func TestBriefAcceptsTheLocaleDecimalMark(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	ctx := context.Background()
	c, u := a.login("ru@example.com", auth.Procurement)
	wantStatus(t, c.post("/language", url.Values{"lang": {"ru"}}), http.StatusSeeOther)
	ev, _ := a.store.CreateEvaluation(ctx, u.Actor(), "Locale")
	path := "/evaluations/" + itoa(ev.ID) + "/brief"
	wantStatus(t, c.post(path, url.Values{"version": {"1"}, "dataset_tb": {"1 234,5"}}), http.StatusSeeOther)
	stored, _ := a.store.Brief(ctx, ev.ID)
	if stored.Data["dataset_tb"] != "1234.5" {
		t.Errorf("stored %q", stored.Data["dataset_tb"])
	}
	if v, _ := doc(t, c.get(path)).Find("#f-dataset_tb").Attr("value"); v != "1\u00a0234,5" {
		t.Errorf("shown as %q", v)
	}
}

func TestBriefPrintView(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	ctx := context.Background()
	c, u := a.login("print@example.com", auth.Engineer)
	ev, _ := a.store.CreateEvaluation(ctx, u.Actor(), "Print me")
	if _, err := a.store.SaveBrief(ctx, u.Actor(), ev.ID, 1, map[string]string{"target_gpu": "h100_sxm", "node_count": "8"}); err != nil {
		t.Fatal(err)
	}
	d := doc(t, c.get("/evaluations/"+itoa(ev.ID)+"/brief/print"))
	text := d.Find("[data-testid=brief-print]").Text()
	for _, want := range []string{"Print me", "H100 SXM", "Node count", "To be confirmed"} {
		if !strings.Contains(text, want) {
			t.Errorf("print view lacks %q", want)
		}
	}
	if d.Find("[data-testid=brief-save]").Length() != 0 {
		t.Errorf("an engineer must not see the save button")
	}
}

func TestAdminManagesUsers(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	admin, me := a.login("admin@example.com", auth.Admin)
	res := admin.post("/admin/users", url.Values{"email": {"new@example.com"}, "name": {"New"}, "role": {"engineer"}, "password": {"Password1!"}})
	wantStatus(t, res, http.StatusUnprocessableEntity)
	if doc(t, res).Find("[data-testid=error-password]").Text() == "" {
		t.Errorf("a common password must be refused at the field")
	}
	wantStatus(t, admin.post("/admin/users", url.Values{"email": {"new@example.com"}, "name": {"New"}, "role": {"engineer"}, "password": {testPassword}}), http.StatusSeeOther)
	res = admin.post("/admin/users", url.Values{"email": {"NEW@example.com"}, "name": {"Dup"}, "role": {"engineer"}, "password": {testPassword}})
	wantStatus(t, res, http.StatusUnprocessableEntity)
	u, err := a.store.UserByEmail(context.Background(), "new@example.com")
	if err != nil {
		t.Fatal(err)
	}
	newUser := a.client()
	wantStatus(t, newUser.post("/login", url.Values{"email": {"new@example.com"}, "password": {testPassword}}), http.StatusSeeOther)
	wantStatus(t, admin.post("/admin/users/"+itoa(u.ID)+"/role", url.Values{"role": {"manager"}}), http.StatusSeeOther)
	// A role change ends the user's sessions: the new role needs a new login.
	wantStatus(t, newUser.get("/evaluations"), http.StatusSeeOther)
	u, _ = a.store.UserByEmail(context.Background(), "new@example.com")
	if u.Role != auth.Manager {
		t.Errorf("role = %s", u.Role)
	}
	wantStatus(t, admin.post("/admin/users/"+itoa(me.ID)+"/active", url.Values{"active": {"no"}}), http.StatusForbidden)
}
