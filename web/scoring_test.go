package web_test

import (
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/PuerkitoBio/goquery"
	"github.com/xuri/excelize/v2"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/scoring"
)

// PUT criteria refuses weights that do not sum to 100, naming the field;
// saved weights are the ones the analysis scores with, and every quote
// (priced or left out) carries a score band with each criterion's rule.
func TestCriteriaAndScoresThroughTheAPI(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id, tok := analysedEvaluation(t, a)
	path := "/api/v1/evaluations/" + id
	res, out := a.api(tok, "PUT", path+"/criteria", `{"criteria":[{"key":"cost_per_unit","weight":70}]}`)
	wantStatus(t, res, http.StatusUnprocessableEntity)
	if out["fields"].(map[string]any)["criteria"] == nil {
		t.Errorf("no field error for the sum: %v", out)
	}
	res, out = a.api(tok, "PUT", path+"/criteria", `{"criteria":[{"key":"cost_per_unit","weight":70},{"key":"price","weight":30}]}`)
	wantStatus(t, res, http.StatusUnprocessableEntity)
	if out["fields"].(map[string]any)["criteria[1].key"] == nil {
		t.Errorf("no field error for the unknown key: %v", out)
	}
	res, _ = a.api(tok, "PUT", path+"/criteria", `{"criteria":[{"key":"cost_per_unit","weight":70.5},{"key":"lock_in_exit","weight":29.5}]}`)
	wantStatus(t, res, http.StatusUnprocessableEntity)
	// The organisation template applies until the evaluation has its own.
	res, _ = a.api(tok, "PUT", "/api/v1/settings/criteria-template", `{"criteria":[{"key":"cost_per_unit","weight":50},{"key":"lock_in_exit","weight":50}]}`)
	wantStatus(t, res, http.StatusOK)
	_, an := a.api(tok, "GET", path+"/analysis", "")
	if sc := an["scoring"].(map[string]any); sc["weights_from"] != "template" || sc["weights"].([]any)[0].(map[string]any)["weight"].(float64) != 50 {
		t.Errorf("template not applied: %v", sc["weights"])
	}
	res, _ = a.api(tok, "PUT", path+"/criteria", `{"criteria":[{"key":"cost_per_unit","weight":60},{"key":"lock_in_exit","weight":40}]}`)
	wantStatus(t, res, http.StatusOK)

	res, an = a.api(tok, "GET", path+"/analysis", "")
	wantStatus(t, res, http.StatusOK)
	sc := an["scoring"].(map[string]any)
	if sc["weights_from"] != "evaluation" {
		t.Errorf("weights from %v", sc["weights_from"])
	}
	quotes := an["quotes"].([]any)
	if len(quotes) == 0 {
		t.Fatal("no priced quotes")
	}
	for _, q := range quotes {
		s := q.(map[string]any)["score"].(map[string]any)
		lo, hi := s["low"].(float64), s["high"].(float64)
		if lo > hi || hi > 10 || len(s["criteria"].([]any)) != len(scoring.Keys) {
			t.Errorf("score %v", s)
		}
		c := s["criteria"].([]any)[0].(map[string]any)
		if c["key"] != "cost_per_unit" || c["weight"].(float64) != 60 || !strings.Contains(c["rule"].(map[string]any)["text"].(string), "best") {
			t.Errorf("cost criterion %v", c)
		}
	}
}

// An award splits the capacity across priced quotes with shares summing
// to 100; anything else is refused with the share at fault.
func TestAwardRecordsASplit(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id, tok := analysedEvaluation(t, a)
	path := "/api/v1/evaluations/" + id
	_, an := a.api(tok, "GET", path+"/analysis", "")
	quotes := an["quotes"].([]any)
	if len(quotes) < 2 {
		t.Fatalf("%d priced quotes", len(quotes))
	}
	q0 := strconv.FormatFloat(quotes[0].(map[string]any)["quote_id"].(float64), 'f', 0, 64)
	q1 := strconv.FormatFloat(quotes[1].(map[string]any)["quote_id"].(float64), 'f', 0, 64)
	for _, bad := range []struct{ body, field string }{
		{`{"shares":[{"quote_id":` + q0 + `,"share_pct":70}],"reason":"r"}`, "shares"},
		{`{"shares":[{"quote_id":` + q0 + `,"share_pct":70},{"quote_id":` + q0 + `,"share_pct":30}],"reason":"r"}`, "shares[1].quote_id"},
		{`{"shares":[{"quote_id":999999,"share_pct":100}],"reason":"r"}`, "shares[0].quote_id"},
		{`{"shares":[{"quote_id":` + q0 + `,"share_pct":100}],"reason":" "}`, "reason"},
	} {
		res, out := a.api(tok, "POST", path+"/award", bad.body)
		wantStatus(t, res, http.StatusUnprocessableEntity)
		if out["fields"].(map[string]any)[bad.field] == nil {
			t.Errorf("%s: no error on %s: %v", bad.body, bad.field, out)
		}
	}
	res, out := a.api(tok, "POST", path+"/award", `{"shares":[{"quote_id":`+q0+`,"share_pct":70},{"quote_id":`+q1+`,"share_pct":30}],"reason":"reserved plus burst"}`)
	wantStatus(t, res, http.StatusCreated)
	if out["status"] != "awaiting_approval" {
		t.Errorf("award %v", out)
	}
	// Each share costs its share of the quote's usage over its term; a
	// minimum spend and an upfront are owed whole (the brief states no
	// volume, so a share is that share of the offer).
	num := func(s string) float64 { v, _ := strconv.ParseFloat(s, 64); return v }
	part := func(q any, share float64) float64 {
		usage := share * num(figure(t, q, "monthly_tco")) * q.(map[string]any)["term_months"].(float64)
		return math.Round(100*(max(usage, num(figure(t, q, "min_spend")))+num(figure(t, q, "upfront")))) / 100
	}
	want := part(quotes[0], 0.7) + part(quotes[1], 0.3)
	if got := num(figure(t, out, "contract_value")); got < want-0.01 || got > want+0.01 || got == 0 {
		t.Errorf("contract value %v, want %.2f", got, want)
	}
	eng := a.token("eng@example.com", auth.Engineer)
	res, _ = a.api(eng, "POST", path+"/award", `{"shares":[{"quote_id":`+q0+`,"share_pct":100}],"reason":"r"}`)
	wantStatus(t, res, http.StatusForbidden)
}

// The scoring sheet shows each criterion × quote grade with its rule;
// blind mode hides the provider names; an override needs a grade on the
// scale and a reason (an error next to the field, nothing saved), and an
// engineer cannot override.
func TestScoringSheetGradesAndOverrides(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id, tok := analysedEvaluation(t, a)
	_, an := a.api(tok, "GET", "/api/v1/evaluations/"+id+"/analysis", "")
	q := an["quotes"].([]any)[0].(map[string]any)
	qid := strconv.FormatFloat(q["quote_id"].(float64), 'f', 0, 64)
	provider := q["provider"].(string)
	mgr, _ := a.login("grader@example.com", auth.Manager)

	res := mgr.get("/evaluations/" + id + "/scores")
	wantStatus(t, res, http.StatusOK)
	d := doc(t, res)
	sheet := d.Find(`[data-testid="scoring-sheet"]`)
	if sheet.Find("tbody tr").Length() != len(scoring.Keys)+2 || !strings.Contains(sheet.Text(), provider) || !strings.Contains(d.Find(`[data-testid="scoring-legend"]`).Text(), "best") {
		t.Errorf("sheet: %d rows, provider %q shown %v", sheet.Find("tbody tr").Length(), provider, strings.Contains(sheet.Text(), provider))
	}
	if d.Find(`[data-testid="override-form"]`).Length() != 1 {
		t.Error("a manager sees no override form")
	}
	res = mgr.get("/evaluations/" + id + "/scores?blind=1")
	if text := doc(t, res).Find(`[data-testid="scoring-sheet"]`).Text(); strings.Contains(text, provider) || !strings.Contains(text, "Quote A") {
		t.Errorf("blind sheet names the provider or letters nothing")
	}

	path := "/evaluations/" + id + "/scores/overrides"
	form := url.Values{"quote_id": {qid}, "criterion": {"lock_in_exit"}, "grade": {"10.5"}, "reason": {"egress quoted by mail"}}
	res = mgr.post(path, form)
	wantStatus(t, res, http.StatusUnprocessableEntity)
	if doc(t, res).Find(`.field.invalid #grade`).Length() != 1 {
		t.Error("no error next to the grade")
	}
	form.Set("grade", "4.5")
	form.Set("reason", " ")
	wantStatus(t, mgr.post(path, form), http.StatusUnprocessableEntity)
	_, an = a.api(tok, "GET", "/api/v1/evaluations/"+id+"/analysis", "")
	if crit(an, qid, "lock_in_exit")["override"] != nil {
		t.Fatal("a refused override was saved")
	}
	form.Set("reason", "egress quoted by mail")
	if res := mgr.post(path, form); res.StatusCode != http.StatusSeeOther && res.StatusCode != http.StatusOK {
		t.Fatalf("override: %d", res.StatusCode)
	}
	_, an = a.api(tok, "GET", "/api/v1/evaluations/"+id+"/analysis", "")
	c := crit(an, qid, "lock_in_exit")
	if o, _ := c["override"].(map[string]any); o == nil || o["consensus"].(float64) != 4.5 || c["grade"].(map[string]any)["low"].(float64) != 4.5 {
		t.Errorf("override not applied: %v", c)
	}
	eng, _ := a.login("eng2@example.com", auth.Engineer)
	wantStatus(t, eng.post(path, form), http.StatusForbidden)
}

func crit(an map[string]any, qid, key string) map[string]any {
	for _, q := range an["quotes"].([]any) {
		qm := q.(map[string]any)
		if strconv.FormatFloat(qm["quote_id"].(float64), 'f', 0, 64) != qid {
			continue
		}
		for _, c := range qm["score"].(map[string]any)["criteria"].([]any) {
			if cm := c.(map[string]any); cm["key"] == key {
				return cm
			}
		}
	}
	return nil
}

// Above the threshold an award needs two approvers: the first approval
// answers 202 "awaiting approval", the same person again is refused, a
// finance approver completes it.
func TestApprovalByAmount(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id, tok := analysedEvaluation(t, a)
	res, out := a.api(tok, "PUT", "/api/v1/settings/approval-rules", `{"currency":"usd","tiers":[{"above":"10","approvers":1},{"above":5,"approvers":4}]}`)
	wantStatus(t, res, http.StatusUnprocessableEntity)
	for _, f := range []string{"currency", "tiers[1].above", "tiers[1].approvers"} {
		if out["fields"].(map[string]any)[f] == nil {
			t.Errorf("no error on %s: %v", f, out)
		}
	}
	res, _ = a.api(tok, "PUT", "/api/v1/settings/approval-rules", `{"currency":"USD","tiers":[{"above":0,"approvers":1},{"above":"1","approvers":2}]}`)
	wantStatus(t, res, http.StatusOK)
	_, an := a.api(tok, "GET", "/api/v1/evaluations/"+id+"/analysis", "")
	qid := strconv.FormatFloat(an["quotes"].([]any)[0].(map[string]any)["quote_id"].(float64), 'f', 0, 64)
	res, aw := a.api(tok, "POST", "/api/v1/evaluations/"+id+"/award", `{"shares":[{"quote_id":`+qid+`,"share_pct":100}],"reason":"cheapest"}`)
	wantStatus(t, res, http.StatusCreated)
	if aw["required_approvers"].(float64) != 2 {
		t.Fatalf("award %v", aw)
	}
	path := "/api/v1/awards/" + strconv.FormatFloat(aw["id"].(float64), 'f', 0, 64) + "/approval"
	mgr := a.token("approver@example.com", auth.Manager)
	res, out = a.api(mgr, "POST", path, `{"reason":"fits the budget"}`)
	wantStatus(t, res, http.StatusAccepted)
	if out["state"] != "awaiting approval" {
		t.Errorf("first approval %v", out)
	}
	res, _ = a.api(mgr, "POST", path, `{"reason":"fits the budget"}`)
	wantStatus(t, res, http.StatusConflict)
	fin := a.token("finance@example.com", auth.Finance)
	res, out = a.api(fin, "POST", path, `{"reason":"funds reserved"}`)
	wantStatus(t, res, http.StatusOK)
	if out["state"] != "approved" || len(out["approvers"].([]any)) != 2 {
		t.Errorf("second approval %v", out)
	}
}

// The XLSX carries a Scores sheet whose totals are live formulas over the
// weights: they match the analysis, and move when a weight is edited.
func TestXLSXScoresSheetIsLive(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id, tok := analysedEvaluation(t, a)
	_, an := a.api(tok, "GET", "/api/v1/evaluations/"+id+"/analysis", "")
	first := an["quotes"].([]any)[0].(map[string]any)["score"].(map[string]any)["value"].(float64)
	req, _ := http.NewRequest("GET", a.srv.URL+"/api/v1/evaluations/"+id+"/worksheet.xlsx", nil)
	req.Header.Set("Authorization", "Bearer "+tok)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	wantStatus(t, res, http.StatusOK)
	f, err := excelize.OpenReader(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	total := func() float64 {
		v, err := f.CalcCellValue("Scores", "C"+strconv.Itoa(4+len(scoring.Keys))) // the totals, under one row per criterion
		if err != nil {
			t.Fatal(err)
		}
		x, _ := strconv.ParseFloat(v, 64)
		return x
	}
	if got := total(); got < first-0.051 || got > first+0.051 {
		t.Errorf("sheet total %v, analysis %v", got, first)
	}
	// All the weight on lock-in and exit: the total becomes that grade.
	for row := 4; row < 4+len(scoring.Keys); row++ {
		_ = f.SetCellValue("Scores", "B"+strconv.Itoa(row), 0)
	}
	_ = f.SetCellValue("Scores", "B11", 100)
	grade, _ := f.GetCellValue("Scores", "C11")
	if g, _ := strconv.ParseFloat(grade, 64); total() != g {
		t.Errorf("after editing the weights the total is %v, the lock-in grade %v", total(), g)
	}
}

// The analysis suggests the split that minimises cost per useful unit
// under the buyer's cap per vendor; a malformed cap is refused.
func TestAnalysisSuggestsASplit(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id, tok := analysedEvaluation(t, a)
	res, _ := a.api(tok, "GET", "/api/v1/evaluations/"+id+"/analysis?max_vendor_pct=0", "")
	wantStatus(t, res, http.StatusUnprocessableEntity)
	res, an := a.api(tok, "GET", "/api/v1/evaluations/"+id+"/analysis?max_vendor_pct=50", "")
	wantStatus(t, res, http.StatusOK)
	sp := an["award_split"].(map[string]any)
	best, ok := sp["suggested"].(map[string]any)
	if !ok {
		t.Fatalf("no split suggested: %v", sp)
	}
	sum := 0.0
	for _, s := range best["shares"].([]any) {
		pct := s.(map[string]any)["share_pct"].(float64)
		if pct > 50 {
			t.Errorf("share %v above the cap", pct)
		}
		sum += pct
	}
	if sum != 100 || best["cost_per_unit"] == nil {
		t.Errorf("split %v", best)
	}
}

// The weights form refuses a sum other than 100 with the message on the
// form and keeps what was typed; a valid set is saved and scored with.
func TestScoringSheetWeightsForm(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id, tok := analysedEvaluation(t, a)
	buyer, _ := a.login("weights@example.com", auth.Procurement)
	path := "/evaluations/" + id + "/scores/criteria"
	form := url.Values{"w_cost_per_unit": {"70"}}
	res := buyer.post(path, form)
	wantStatus(t, res, http.StatusUnprocessableEntity)
	d := doc(t, res)
	if d.Find(`[data-testid="weights-error"]`).Length() != 1 || d.Find(`#w_cost_per_unit`).AttrOr("value", "") != "70" {
		t.Error("no sum error, or the typed weight was lost")
	}
	form.Set("w_lock_in_exit", "x")
	res = buyer.post(path, form)
	wantStatus(t, res, http.StatusUnprocessableEntity)
	if doc(t, res).Find(`.field.invalid #w_lock_in_exit`).Length() != 1 {
		t.Error("no error next to the bad weight")
	}
	form.Set("w_lock_in_exit", "30")
	wantStatus(t, buyer.post(path, form), http.StatusSeeOther)
	_, an := a.api(tok, "GET", "/api/v1/evaluations/"+id+"/analysis", "")
	if sc := an["scoring"].(map[string]any); sc["weights_from"] != "evaluation" || sc["weights"].([]any)[7].(map[string]any)["weight"].(float64) != 30 {
		t.Errorf("weights %v", sc)
	}
}

// The sheet says each grading rule once, in a legend naming the criteria
// it grades; a cell keeps its grade and what is the quote's own (its cost,
// its tests), not the rule's text again for every quote.
func TestScoringSheetSaysEachRuleOnce(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id, _ := analysedEvaluation(t, a)
	mgr, _ := a.login("legend@example.com", auth.Manager)
	for _, lang := range []string{"en", "ru"} {
		wantStatus(t, mgr.post("/language", url.Values{"lang": {lang}}), http.StatusSeeOther)
		d := doc(t, mgr.get("/evaluations/"+id+"/scores"))
		page := d.Find("main").Text()
		legend := d.Find(`[data-testid="scoring-legend"] dd`)
		if legend.Length() == 0 {
			t.Fatalf("%s: the sheet has no legend of its rules", lang)
		}
		criteria := 0
		legend.Each(func(_ int, s *goquery.Selection) {
			if n := strings.Count(page, s.Text()); n != 1 {
				t.Errorf("%s: the rule %q is written %d times", lang, s.Text(), n)
			}
			criteria += len(strings.Split(s.Prev().Text(), ", "))
		})
		if rows := d.Find(`[data-testid="scoring-sheet"] tbody tr`).Length() - 2; criteria != rows {
			t.Errorf("%s: the legend names %d criteria, the sheet grades %d", lang, criteria, rows)
		}
		// The terms rule, said for every quote before, once in all.
		if n := strings.Count(page, "a stated shortfall in this criterion"); lang == "en" && n != 1 {
			t.Errorf("the terms rule appears %d times on the sheet", n)
		}
		d.Find(`[data-testid="scoring-sheet"] td .muted`).Each(func(_ int, s *goquery.Selection) {
			if n := utf8.RuneCountInString(s.Text()); n > 80 {
				t.Errorf("%s: a cell says %d characters: %q", lang, n, s.Text())
			}
		})
	}
}
