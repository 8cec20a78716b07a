package web_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"io"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/xuri/excelize/v2"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// analysedEvaluation imports the example quotes (one in EUR) into a new
// evaluation with an EUR rate, and returns its id and an admin token.
func analysedEvaluation(t *testing.T, a *app) (string, string) {
	t.Helper()
	tok := a.token("analyst@example.com", auth.Admin)
	admin := a.user("fx-admin@example.com", auth.Admin)
	if err := a.store.SetFXRate(context.Background(), admin.Actor(), "EUR", "1.08", time.Now()); err != nil {
		t.Fatal(err)
	}
	res, ev := a.api(tok, "POST", "/api/v1/evaluations", `{"name":"Analysis"}`)
	wantStatus(t, res, http.StatusCreated)
	id := strconv.FormatFloat(ev["id"].(float64), 'f', 0, 64)
	example, err := os.ReadFile(exampleCSV)
	if err != nil {
		t.Fatal(err)
	}
	res, _ = a.api(tok, "POST", "/api/v1/evaluations/"+id+"/quotes/import", string(example), "Content-Type", "text/csv")
	wantStatus(t, res, http.StatusCreated)
	return id, tok
}

func figure(t *testing.T, m any, key string) string {
	t.Helper()
	v, ok := m.(map[string]any)[key].(map[string]any)
	if !ok {
		t.Fatalf("no %s in %v", key, m)
	}
	return v["amount"].(string)
}

// The example's specialised cloud commits 400,000 EUR over 6 months plus
// 50,000 EUR upfront: the contract value counts both, and the cost per
// unit is the contract's monthly equivalent over the accepted units.
func TestAnalysisCountsMinimumSpendAndUpfront(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id, tok := analysedEvaluation(t, a)
	res, an := a.api(tok, "GET", "/api/v1/evaluations/"+id+"/analysis", "")
	wantStatus(t, res, http.StatusOK)
	var spec map[string]any
	for _, q := range an["quotes"].([]any) {
		if q.(map[string]any)["provider"] == "Example Specialized Cloud" {
			spec = q.(map[string]any)
		}
	}
	if spec == nil {
		t.Fatalf("the specialised cloud quote is not in the analysis: %v", an["left_out"])
	}
	cents := func(key string) int64 {
		s := strings.Replace(figure(t, spec, key), ".", "", 1)
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			t.Fatalf("%s: %v", key, err)
		}
		return n
	}
	tco, value, upfront, short := cents("monthly_tco"), cents("contract_value"), cents("upfront"), cents("min_spend_shortfall")
	if spec["term_months"].(float64) != 6 {
		t.Errorf("term %v, want the stated 6 months", spec["term_months"])
	}
	if upfront != 5_400_000 { // 50,000 EUR × 1.08
		t.Errorf("upfront %d cents, want 54,000.00 USD", upfront)
	}
	usage := tco * 6
	if want := max(usage, 43_200_000) + upfront; value != want { // 400,000 EUR × 1.08
		t.Errorf("contract value %d, want max(%d, 43,200,000) + upfront = %d", value, usage, want)
	}
	if want := max(0, 43_200_000-usage); short != want {
		t.Errorf("shortfall %d, want %d", short, want)
	}
	if cents("monthly_equivalent") <= tco {
		t.Errorf("monthly equivalent %d does not exceed the usage TCO %d despite the upfront", cents("monthly_equivalent"), tco)
	}
}

// Every surface shows the one analysis: the analysis, worksheet and
// decision APIs, the worksheet page, its CSV and XLSX exports, and the
// decision page agree on each quote's cost per useful unit and TCO.
func TestEverySurfaceShowsTheSameFigures(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id, tok := analysedEvaluation(t, a)
	base := "/api/v1/evaluations/" + id
	_, an := a.api(tok, "GET", base+"/analysis", "")
	_, ws := a.api(tok, "GET", base+"/worksheet", "")
	_, dc := a.api(tok, "GET", base+"/decision", "")
	type figs struct{ cpu, tco string }
	want := map[string]figs{}
	for _, q := range an["quotes"].([]any) {
		m := q.(map[string]any)
		want[strconv.FormatFloat(m["quote_id"].(float64), 'f', 0, 64)] = figs{figure(t, m, "cost_per_unit"), figure(t, m, "monthly_tco")}
	}
	if len(want) < 2 {
		t.Fatalf("only %d quotes analysed", len(want))
	}
	check := func(surface string, list any, tcoKey string) {
		t.Helper()
		for _, q := range list.([]any) {
			m := q.(map[string]any)
			qid := strconv.FormatFloat(m["quote_id"].(float64), 'f', 0, 64)
			if got := (figs{figure(t, m, "cost_per_unit"), figure(t, m, tcoKey)}); got != want[qid] {
				t.Errorf("%s, quote %s: %v, analysis says %v", surface, qid, got, want[qid])
			}
		}
	}
	check("worksheet API", ws["quotes"], "tco")
	check("decision API", dc["quotes"], "monthly_tco")

	get := func(path string) []byte {
		req, _ := http.NewRequest("GET", a.srv.URL+path, nil)
		req.Header.Set("Authorization", "Bearer "+tok)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return b
	}
	rows, err := csv.NewReader(bytes.NewReader(get(base + "/worksheet.csv"))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		for col := 3; col < len(r) && (r[0] == "cost_per_unit" || r[0] == "tco"); col++ {
			qid := rows[0][col]
			w := want[qid].cpu
			if r[0] == "tco" {
				w = want[qid].tco
			}
			if r[col] != w {
				t.Errorf("worksheet.csv %s, quote %s: %s, analysis says %s", r[0], qid, r[col], w)
			}
		}
	}
	f, err := excelize.OpenReader(bytes.NewReader(get(base + "/worksheet.xlsx")))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	// Recalculate the XLSX's live formulas: row 2 holds the quote ids, the
	// cost per unit row is labelled "Cost per <unit>".
	xrows, _ := f.GetRows("Worksheet")
	seen := 0
	for i, r := range xrows {
		if len(r) == 0 || !strings.HasPrefix(r[0], "Cost per ") || strings.Contains(r[0], ",") || seen > 0 {
			continue // the summary's row comes first; the workings' rows are in minor units
		}
		for col := 2; col <= len(xrows[1]); col++ {
			name, _ := excelize.CoordinatesToCellName(col, i+1)
			v, err := f.CalcCellValue("Worksheet", name)
			if err != nil {
				t.Fatalf("XLSX %s: %v", name, err)
			}
			got, _ := strconv.ParseFloat(strings.ReplaceAll(v, ",", ""), 64)
			w, _ := strconv.ParseFloat(want[xrows[1][col-1]].cpu, 64)
			if diff := got - w; diff > 0.005 || diff < -0.005 {
				t.Errorf("XLSX cost per unit of quote %s: %s, analysis says %v", xrows[1][col-1], v, w)
			}
			seen++
		}
	}
	if seen < len(want) {
		t.Errorf("XLSX: %d cost-per-unit cells recalculated, want %d", seen, len(want))
	}

	z := grouped
	c, _ := a.login("reader@example.com", auth.Engineer)
	page := doc(t, c.get("/evaluations/"+id+"/worksheet"))
	text := page.Find(`[data-testid="worksheet"]`).Text()
	decDoc := doc(t, c.get("/evaluations/"+id+"/decision"))
	dec := decDoc.Text()
	// The recommendation names a provider and its figure, the worksheet's.
	award := decDoc.Find("[data-testid=award-summary]").Text()
	aw := an["award"].(map[string]any)["quote"].(map[string]any)
	if !strings.Contains(award, aw["provider"].(string)) {
		t.Errorf("decision page award %q does not name %v", award, aw["provider"])
	}
	if got := decDoc.Find("[data-testid=award-cost-per-unit]").Text(); !strings.Contains(got, z(figure(t, aw, "cost_per_unit"))) {
		t.Errorf("award cost per unit %q, analysis %s", got, figure(t, aw, "cost_per_unit"))
	}
	home := doc(t, c.get("/evaluations/"+id)).Find("[data-testid=award-summary]").Text()
	if home != award {
		t.Errorf("evaluation home award %q, decision page %q", home, award)
	}
	for qid, f := range want {
		if !strings.Contains(text, z(f.cpu)) || !strings.Contains(text, z(f.tco)) {
			t.Errorf("worksheet page lacks quote %s's %s / %s", qid, z(f.cpu), z(f.tco))
		}
		if !strings.Contains(dec, z(f.cpu)) {
			t.Errorf("decision page lacks quote %s's cost per unit %s", qid, z(f.cpu))
		}
	}
}

// grouped writes a decimal amount as the English pages do: "12,345.67".
func grouped(amount string) string {
	whole, frac, _ := strings.Cut(amount, ".")
	var b strings.Builder
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String() + "." + frac
}

// An evaluation whose budget currency is not USD got no recommendation
// ("buy inputs in USD, evaluation in EUR"): the USD facts and references
// are converted with the admin's rate.
func TestEURValuationGetsARecommendation(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id, tok := analysedEvaluation(t, a)
	_, b := a.api(tok, "GET", "/api/v1/evaluations/"+id+"/brief", "")
	ver := strconv.FormatFloat(b["version"].(float64), 'f', 0, 64)
	res, out := a.api(tok, "PUT", "/api/v1/evaluations/"+id+"/brief",
		`{"version":`+ver+`,"fields":{"budget_currency":"EUR","workload_type":"fine_tuning","gpus_per_node":8,"node_count":4}}`)
	wantStatus(t, res, http.StatusOK)
	_ = out
	_, dc := a.api(tok, "GET", "/api/v1/evaluations/"+id+"/decision", "")
	rec, ok := dc["recommendation"].(map[string]any)
	if !ok || rec["error"] != nil || rec["currency"] != "EUR" {
		t.Fatalf("recommendation %v", dc["recommendation"])
	}
	if q := dc["quotes"].([]any); len(q) == 0 || figure(t, q[0], "cost_per_unit") == "" {
		t.Errorf("quotes %v", q)
	}
}

// The worksheet of a big evaluation turns pages instead of growing with
// every quote (1,000 quotes made a 119 MB page): at most twelve quote
// columns a page, and saving one page keeps the others' run hours.
func TestWorksheetPagesThroughManyQuotes(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	c, u := a.login("pager@example.com", auth.Procurement)
	ev := newEvaluation(t, a, u, "Many")
	wantStatus(t, c.post(ev+"/quotes/import/confirm", url.Values{"csv": {string(manyQuotesCSV(t, 30))}}), http.StatusSeeOther)
	admin := a.user("fx-pager@example.com", auth.Admin)
	if err := a.store.SetFXRate(context.Background(), admin.Actor(), "EUR", "1.08", time.Now()); err != nil {
		t.Fatal(err)
	}
	first := doc(t, c.get(ev+"/worksheet"))
	if n := first.Find("[data-testid=ws-column]").Length(); n != 12 {
		t.Fatalf("first page shows %d quote columns, want 12", n)
	}
	next, ok := first.Find("[data-testid=worksheet-pager] a[rel=next]").Attr("href")
	if !ok {
		t.Fatal("no link to the next quotes")
	}
	last := doc(t, c.get(ev+"/worksheet?page=3"))
	if n := last.Find("[data-testid=ws-column]").Length(); n != 6 {
		t.Errorf("page 3 shows %d columns, want the last 6", n)
	}
	_ = next
	// Run hours typed on page 1, then a save from page 2, keep page 1's.
	form := func(d *goquery.Document) url.Values {
		v := url.Values{}
		d.Find("[data-testid=assumptions-form] input").Each(func(_ int, s *goquery.Selection) {
			name, _ := s.Attr("name")
			val, _ := s.Attr("value")
			v.Set(name, val)
		})
		return v
	}
	f1 := form(first)
	var id string
	first.Find("[data-testid=assumptions-form] input[name^=run_effective_]").First().Each(func(_ int, s *goquery.Selection) {
		name, _ := s.Attr("name")
		id = strings.TrimPrefix(name, "run_effective_")
	})
	f1.Set("run_effective_"+id, "48")
	f1.Set("run_real_"+id, "58")
	wantStatus(t, c.post(ev+"/worksheet/assumptions", f1), http.StatusSeeOther)
	page2 := doc(t, c.get(ev+"/worksheet?page=2"))
	wantStatus(t, c.post(ev+"/worksheet/assumptions", form(page2)), http.StatusSeeOther)
	again := doc(t, c.get(ev+"/worksheet"))
	if v, _ := again.Find("input[name=run_effective_" + id + "]").Attr("value"); v != "48" {
		t.Errorf("page 1's run hours after saving page 2: %q, want 48", v)
	}
}
