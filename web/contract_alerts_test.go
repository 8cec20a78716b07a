package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/chromedp/chromedp"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/store"
)

// The admin sets the contract alert offsets and roles on the reference
// page (a refusal shown next to its field, nothing saved) and through the
// API; home then shows the contract's cancel-by date and its open credit
// claim's deadline to finance, the role named, and nothing to an
// engineer. The renewals page lists the claim deadline, from the same use
// case. The pages read in the four languages with no raw key.
func TestContractAlertSettingsAndHomeAlerts(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	c := approvedContractID(t, a)
	admin, _ := a.login("admin3@example.com", auth.Admin)
	buyer, buyerUser := a.login("buyer3@example.com", auth.Procurement)
	fin, _ := a.login("fin3@example.com", auth.Finance)
	eng, _ := a.login("eng3@example.com", auth.Engineer)

	alertingContract(t, a, buyer, buyerUser, c.ID)

	d := doc(t, admin.get("/admin/reference"))
	if v, _ := d.Find("#alert-offsets").Attr("value"); v != "120, 30, 7" {
		t.Errorf("default offsets %q", v)
	}
	for _, c := range []struct {
		offsets, role, field, msg string
	}{
		{"30, 30", "finance", "#alert-offsets", "given twice"},
		{"0, 30", "finance", "#alert-offsets", "from 1 to 3650"},
		{"soon", "finance", "#alert-offsets", "whole number of days"},
		{"", "finance", "#alert-offsets", "1 to 10"},
		{"60, 14", "chef", "#alert-roles", "from the list"},
	} {
		res := admin.post("/admin/settings/contract-alerts", url.Values{"offsets": {c.offsets}, "roles": {c.role}})
		wantStatus(t, res, http.StatusUnprocessableEntity)
		d := doc(t, res)
		field := d.Find(c.field)
		if c.field == "#alert-offsets" {
			field = field.Parent()
		}
		if got := field.Find(".error-text").Text(); !strings.Contains(got, c.msg) {
			t.Errorf("%q %q: error next to %s is %q", c.offsets, c.role, c.field, got)
		}
		if v, _ := d.Find("#alert-offsets").Attr("value"); v != c.offsets {
			t.Errorf("%q: the form shows %q", c.offsets, v)
		}
	}
	wantStatus(t, eng.post("/admin/settings/contract-alerts", url.Values{"offsets": {"60"}}), http.StatusForbidden)
	wantStatus(t, admin.post("/admin/settings/contract-alerts", url.Values{"offsets": {"14, 60"}, "roles": {"finance"}}), http.StatusSeeOther)
	d = doc(t, admin.get("/admin/reference"))
	if v, _ := d.Find("#alert-offsets").Attr("value"); v != "60, 14" {
		t.Errorf("saved offsets %q", v)
	}
	if _, ok := d.Find(`input[name=roles][value=finance]`).Attr("checked"); !ok {
		t.Errorf("finance is not ticked")
	}

	tok := a.token("admin3api@example.com", auth.Admin)
	if res, _ := a.api(tok, "PUT", "/api/v1/settings/contract-alerts", `{"offsets": [0], "roles": []}`); res.StatusCode != http.StatusUnprocessableEntity {
		t.Errorf("PUT offsets [0]: %d", res.StatusCode)
	}
	if res, got := a.api(tok, "PUT", "/api/v1/settings/contract-alerts", `{"offsets": [60, 14, 90], "roles": ["finance"]}`); res.StatusCode != http.StatusOK ||
		fmt.Sprint(got["roles"]) != "[finance]" {
		t.Errorf("PUT: %d %v", res.StatusCode, got)
	}
	if res, got := a.api(tok, "GET", "/api/v1/settings/contract-alerts", ""); res.StatusCode != http.StatusOK || len(got["offsets"].([]any)) != 3 {
		t.Errorf("GET: %d %v", res.StatusCode, got)
	}
	if res, _ := a.api(a.token("eng3api@example.com", auth.Engineer), "PUT", "/api/v1/settings/contract-alerts", `{"offsets": [60]}`); res.StatusCode != http.StatusForbidden {
		t.Errorf("an engineer's PUT: %d", res.StatusCode)
	}

	d = doc(t, fin.get("/evaluations"))
	if d.Find("[data-testid=home-alerts] [data-testid=home-renewal]").Length() != 1 || d.Find("[data-testid=home-alerts] [data-testid=claim-deadline]").Length() != 1 {
		t.Errorf("finance's home alerts: %q", d.Find("[data-testid=home-alerts]").Text())
	}
	if doc(t, eng.get("/evaluations")).Find("[data-testid=home-alerts]").Length() != 0 {
		t.Errorf("an engineer sees the contract alerts")
	}
	if doc(t, eng.get("/renewals")).Find("[data-testid=claim-deadline]").Length() != 1 {
		t.Errorf("the renewals page does not list the claim deadline")
	}
	if res, got := a.api(tok, "GET", "/api/v1/renewals", ""); res.StatusCode != http.StatusOK || len(got["claims"].([]any)) != 1 {
		t.Errorf("GET renewals: %d %v", res.StatusCode, got)
	}

	stems := keyStems(t)
	for _, lang := range i18n.Languages {
		for _, cl := range []*client{fin, admin} {
			cl.post("/language", url.Values{"lang": {lang}})
		}
		for _, p := range []struct {
			cl   *client
			path string
		}{{fin, "/evaluations"}, {fin, "/renewals"}, {admin, "/admin/reference"}} {
			res := p.cl.get(p.path)
			if res.StatusCode != http.StatusOK {
				t.Errorf("%s %s: %d", lang, p.path, res.StatusCode)
				continue
			}
			txt := readerText(doc(t, res))
			if problems := append(wordProblems(txt, stems), numberProblems(lang, txt)...); len(problems) > 0 {
				slices.Sort(problems)
				t.Errorf("%s %s: %s", lang, p.path, strings.Join(slices.Compact(problems), "; "))
			}
		}
	}
}

// alertingContract activates contract id for 3 months from the first of
// this month (its cancel-by date within 180 days), with an SLA that an
// outage this month breaches: a credit claim whose window closes next
// month.
func alertingContract(t *testing.T, a *app, buyer *client, buyerUser store.User, id int64) {
	t.Helper()
	ctx := context.Background()
	path := fmt.Sprintf("/contracts/%d", id)
	// A 3-month term from the first of this month: its cancel-by date is
	// within 180 days. An outage this month puts it below the SLA.
	month := time.Now().UTC().Format("2006-01")
	wantStatus(t, buyer.post(path+"/terms", url.Values{"start_date": {month + "-01"}, "term_months": {"3"}, "notice_days": {"30"},
		"activate": {"1"}, "reason": {"signed copy received"}}), http.StatusSeeOther)
	if _, err := evaluation.New(a.store).ReviseContract(ctx, buyerUser, id, evaluation.ContractChange{Reason: "SLA agreed",
		Fields: map[string]json.RawMessage{"sla": json.RawMessage(`{"uptime_pct": "99.5", "credits": [{"below_pct": "99.5", "credit_pct": "10"}], "claim_days": 30}`)}}); err != nil {
		t.Fatal(err)
	}
	bill := "period,description,quantity,unit,unit_price,amount,currency\n" + month + ",GPU-hours,100,GPU-hour,2.00,200.00,USD\n"
	wantStatus(t, buyer.postMultipart(path+"/bills", nil, "file", []byte(bill)), http.StatusSeeOther)
	start := time.Now().UTC().Truncate(24 * time.Hour)
	if start.Day() > 1 {
		start = start.AddDate(0, 0, -1)
	}
	wantStatus(t, buyer.post(path+"/outages", url.Values{"start": {start.Format("2006-01-02T15:04")}, "end": {start.Add(12 * time.Hour).Format("2006-01-02T15:04")},
		"nodes": {"2"}}), http.StatusSeeOther)

}

// Home's alerts, the renewals page's claim deadlines and the alert
// settings form fit a 390 px phone in every language, and pass axe-core
// with no serious violation.
func TestBrowserContractAlertsFitAPhone(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	c := approvedContractID(t, a)
	buyer, buyerUser := a.login("buyer4@example.com", auth.Procurement)
	alertingContract(t, a, buyer, buyerUser, c.ID)
	admin, _ := a.login("admin4@example.com", auth.Admin)
	wantStatus(t, admin.post("/admin/settings/contract-alerts", url.Values{"offsets": {"120, 30, 7"}, "roles": {"admin"}}), http.StatusSeeOther)
	script := axeScript(t)
	ctx := browser(t)
	do(t, ctx, phone, browserLogin(a, "admin4@example.com"))
	for _, lang := range i18n.Languages {
		do(t, ctx,
			chromedp.WaitVisible(css("[data-testid=language-select]")),
			chromedp.SetValue(css("[data-testid=language-select]"), lang),
			chromedp.Evaluate[chromedp.Void](`window.oldPage = true; undefined`),
			chromedp.Click(css("[data-testid=language-submit]")),
		)
		waitFor(t, ctx, `!window.oldPage && document.readyState == "complete" && document.documentElement.lang == "`+lang+`"`)
		for _, p := range []struct{ path, sel string }{
			{"/evaluations", "[data-testid=home-alerts] [data-testid=claim-deadline]"},
			{"/renewals", "[data-testid=claim-deadlines]"},
			{"/admin/reference#contract-alerts", "[data-testid=contract-alerts-form]"},
		} {
			do(t, ctx, chromedp.Navigate(a.srv.URL+p.path), chromedp.WaitVisible(css(p.sel)))
			checkFits(t, ctx, lang+" "+p.path, 390)
			if lang == "en" {
				for _, v := range runAxe(t, ctx, script) {
					if v.Impact == "serious" || v.Impact == "critical" {
						t.Errorf("%s: %s %s (%d): %s — %s", p.path, v.Impact, v.ID, v.Nodes, v.Help, v.Target)
					}
				}
			}
		}
		if lang == "ru" {
			do(t, ctx, chromedp.Navigate(a.srv.URL+"/evaluations"), chromedp.WaitVisible(css("[data-testid=home-alerts]")))
			screenshot(t, ctx, "390-home-alerts-ru")
		}
	}
}

// A credit claim for last month whose window closes in 3 days: its alert
// is due, so the contract page says to claim it by then and the renewals
// page marks the alert as sent.
func TestContractPageShowsTheClaimAlert(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	c := approvedContractID(t, a)
	buyer, buyerUser := a.login("buyer5@example.com", auth.Procurement)
	now := time.Now().UTC()
	first := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	last := first.AddDate(0, -1, 0)
	path := fmt.Sprintf("/contracts/%d", c.ID)
	wantStatus(t, buyer.post(path+"/terms", url.Values{"start_date": {last.Format("2006-01-02")}, "term_months": {"3"}, "notice_days": {"30"},
		"activate": {"1"}, "reason": {"signed copy received"}}), http.StatusSeeOther)
	// The window runs from the first of this month to 3 days from today.
	sla := fmt.Sprintf(`{"uptime_pct": "99.5", "credits": [{"below_pct": "99.5", "credit_pct": "10"}], "claim_days": %d}`, now.Day()+3)
	if _, err := evaluation.New(a.store).ReviseContract(context.Background(), buyerUser, c.ID, evaluation.ContractChange{Reason: "SLA agreed",
		Fields: map[string]json.RawMessage{"sla": json.RawMessage(sla)}}); err != nil {
		t.Fatal(err)
	}
	bill := "period,description,quantity,unit,unit_price,amount,currency\n" + last.Format("2006-01") + ",GPU-hours,100,GPU-hour,2.00,200.00,USD\n"
	wantStatus(t, buyer.postMultipart(path+"/bills", nil, "file", []byte(bill)), http.StatusSeeOther)
	start := last.AddDate(0, 0, 4)
	wantStatus(t, buyer.post(path+"/outages", url.Values{"start": {start.Format("2006-01-02T15:04")}, "end": {start.Add(12 * time.Hour).Format("2006-01-02T15:04")},
		"nodes": {"2"}}), http.StatusSeeOther)

	deadline := now.AddDate(0, 0, 3).Format("2 Jan 2006")
	var found bool
	doc(t, buyer.get(path)).Find("[data-testid=notice-alert]").Each(func(_ int, s *goquery.Selection) {
		found = found || strings.Contains(s.Text(), "Claim the SLA credit of 20.00") && strings.Contains(s.Text(), "by "+deadline)
	})
	if !found {
		t.Errorf("the contract page has no claim alert for %s: %q", deadline, doc(t, buyer.get(path)).Find("[data-testid=notice-alert]").Text())
	}
	row := doc(t, buyer.get("/renewals")).Find("[data-testid=claim-deadline]")
	if row.Length() != 1 || !strings.Contains(row.Text(), "closes within 7 days") || !strings.Contains(row.Text(), deadline) {
		t.Errorf("renewals claim row %q", row.Text())
	}
}
