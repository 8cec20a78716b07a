package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/i18n"
)

// The contract pages: procurement activates the draft, imports a bill
// whose GPU-hours are above the contracted rate and sees that line as an
// exception with its amount; a bill in another currency is refused with
// its line and column; an outage is recorded. An engineer reads and gets
// no form. Every page reads in the four languages with no raw key.
func TestContractPages(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	c := approvedContractID(t, a)
	buyer, buyerUser := a.login("buyer2@example.com", auth.Procurement)
	eng, _ := a.login("eng2@example.com", auth.Engineer)
	path := fmt.Sprintf("/contracts/%d", c.ID)

	d := doc(t, buyer.get(path))
	if got := d.Find("[data-testid=contract-state]").Text(); got != "draft" {
		t.Errorf("state %q", got)
	}
	month := time.Now().UTC().Format("2006-01")
	wantStatus(t, buyer.post(path+"/terms", url.Values{"start_date": {month + "-01"}, "term_months": {"12"}, "notice_days": {"30"},
		"activate": {"1"}, "reason": {"signed copy received"}}), http.StatusSeeOther)
	res := buyer.post(path+"/terms", url.Values{"start_date": {month + "-01"}, "term_months": {"0"}, "notice_days": {"30"}, "reason": {"typo"}})
	wantStatus(t, res, http.StatusUnprocessableEntity)
	if !strings.Contains(doc(t, res).Find("[data-testid=contract-error]").Text(), "term_months") {
		t.Errorf("a term of 0 months is not named")
	}

	bad := "period,description,quantity,unit,unit_price,amount,currency\n" + month + ",GPU-hours,10,GPU-hour,2.00,20.00,EUR\n"
	res = buyer.postMultipart(path+"/bills", nil, "file", []byte(bad))
	wantStatus(t, res, http.StatusUnprocessableEntity)
	if got := doc(t, res).Find("[data-testid=bill-errors] li").Text(); !strings.Contains(got, "line 2, column currency") {
		t.Errorf("bad bill errors %q", got)
	}
	bill := "period,description,quantity,unit,unit_price,amount,currency\n" +
		month + ",GPU-hours,100,GPU-hour,2.50,250.00,USD\n" + month + ",Support,1,month,1000,1000.00,USD\n"
	wantStatus(t, buyer.postMultipart(path+"/bills", nil, "file", []byte(bill)), http.StatusSeeOther)
	d = doc(t, buyer.get(path))
	if got := d.Find("[data-testid=line-exception]").Text(); !strings.Contains(got, "rate above the contract") || !strings.Contains(got, "50.00") {
		t.Errorf("line exception %q", got)
	}
	if got := d.Find("[data-testid=should-be-paid]").Text(); !strings.HasPrefix(got, "exception") {
		t.Errorf("should be paid %q", got)
	}
	if d.Find("[data-testid=contract-versions] tbody tr").Length() != 2 {
		t.Errorf("versions: %d rows", d.Find("[data-testid=contract-versions] tbody tr").Length())
	}
	start := time.Now().UTC().Truncate(24 * time.Hour)
	if start.Day() > 1 {
		start = start.AddDate(0, 0, -1)
	}
	wantStatus(t, buyer.post(path+"/outages", url.Values{"start": {start.Format("2006-01-02T15:04")}, "end": {start.Add(12 * time.Hour).Format("2006-01-02T15:04")},
		"nodes": {"2"}, "note": {"both nodes down"}}), http.StatusSeeOther)
	if doc(t, buyer.get(path)).Find("[data-testid=outages] li").Length() != 1 {
		t.Errorf("the outage is not listed")
	}

	d = doc(t, eng.get(path))
	if d.Find("[data-testid=bill-form], [data-testid=contract-form], [data-testid=outage-form]").Length() != 0 {
		t.Errorf("an engineer sees a form")
	}
	wantStatus(t, eng.post(path+"/terms", url.Values{"reason": {"x"}}), http.StatusForbidden)
	if doc(t, eng.get("/renewals")).Find("[data-testid=contract-link]").Length() != 1 {
		t.Errorf("renewals do not list the contract")
	}

	// Re-bid: a new evaluation with the brief copied; an engineer may not.
	wantStatus(t, eng.post(path+"/rebid", nil), http.StatusForbidden)
	ctx := context.Background()
	cur, err := a.store.Brief(ctx, c.EvaluationID)
	if err != nil {
		t.Fatal(err)
	}
	oldBrief, err := a.store.SaveBrief(ctx, buyerUser.Actor(), c.EvaluationID, cur.Version,
		brief.Brief{"dataset_tb": "20", "staging_window_hours": "2"})
	if err != nil {
		t.Fatal(err)
	}
	// The quote was imported: no round reached the vendor, so the click
	// asks for the contact next to the button and starts nothing.
	res = buyer.post(path+"/rebid", nil)
	wantStatus(t, res, http.StatusUnprocessableEntity)
	d = doc(t, res)
	if d.Find("[data-testid=rebid-contact][open] [data-testid=rebid-error]").Length() != 1 {
		t.Errorf("no contact asked for")
	}
	// The form comes back whole: the contact's language is still a choice
	// of the four (it came back with none).
	if n := d.Find("#rebid-language option").Length(); n != 4 {
		t.Errorf("the refused re-bid's language list has %d options, want 4", n)
	}
	res = buyer.post(path+"/rebid", url.Values{"contact": {"Ann"}, "email": {"ann@vendor.example"}, "language": {"vi"}})
	wantStatus(t, res, http.StatusSeeOther)
	var next int64
	if _, err := fmt.Sscanf(res.Header.Get("Location"), "/evaluations/%d/worksheet", &next); err != nil || next == c.EvaluationID {
		t.Fatalf("re-bid went to %q", res.Header.Get("Location"))
	}
	nb, err := a.store.Brief(ctx, next)
	if err != nil || !reflect.DeepEqual(nb.Data, oldBrief.Data) {
		t.Errorf("re-bid brief %+v, want %+v (%v)", nb.Data, oldBrief.Data, err)
	}
	rounds, err := a.store.RFQsOf(ctx, next)
	if err != nil || len(rounds) != 1 {
		t.Fatalf("re-bid rounds %+v %v", rounds, err)
	}
	if invs, err := a.store.Invitations(ctx, rounds[0].ID); err != nil || len(invs) != 1 || invs[0].Email != "ann@vendor.example" || invs[0].Company != c.Vendor {
		t.Errorf("re-bid invitations %+v %v", invs, err)
	}
	ws := doc(t, buyer.get(fmt.Sprintf("/evaluations/%d/worksheet", next)))
	if box := ws.Find("[data-testid=rebid-baseline]"); box.Length() != 1 || box.Find("[data-testid=baseline-facts] dd").Length() != 7 {
		t.Errorf("the re-bid's worksheet has no baseline")
	}
	var api struct {
		Baseline *struct {
			ContractID int64  `json:"contract_id"`
			GPUHours   string `json:"gpu_hours"`
		} `json:"baseline"`
	}
	if err := json.NewDecoder(buyer.get(fmt.Sprintf("/api/v1/evaluations/%d/baseline", next)).Body).Decode(&api); err != nil || api.Baseline == nil || api.Baseline.ContractID != c.ID {
		t.Errorf("baseline API %+v %v", api.Baseline, err)
	}

	stems := keyStems(t)
	for _, lang := range i18n.Languages {
		eng.post("/language", url.Values{"lang": {lang}})
		for _, p := range []string{path, "/renewals", fmt.Sprintf("/vendors/%d/record", c.VendorID), fmt.Sprintf("/evaluations/%d/worksheet", next)} {
			res := eng.get(p)
			if res.StatusCode != http.StatusOK {
				t.Errorf("%s %s: %d", lang, p, res.StatusCode)
				continue
			}
			txt := readerText(doc(t, res))
			if problems := append(wordProblems(txt, stems), numberProblems(lang, txt)...); len(problems) > 0 {
				slices.Sort(problems)
				t.Errorf("%s %s: %s", lang, p, strings.Join(slices.Compact(problems), "; "))
			}
		}
	}
}
