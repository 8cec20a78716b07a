package web_test

import (
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/i18n"
)

// inlineChart checks the inline SVG chart id on page: one figure holding
// an svg with role img, a viewBox and no fixed size (it scales to a
// 390 px phone), labelled by its own <title> and <desc>, both in words
// and with no raw message key. It returns the svg and its title.
func inlineChart(t *testing.T, lang string, page *goquery.Document, id string, stems map[string]bool) (*goquery.Selection, string) {
	t.Helper()
	svg := page.Find("figure[data-testid=" + id + "] > svg[role=img]")
	if svg.Length() != 1 {
		t.Fatalf("%s: %d svg charts %s", lang, svg.Length(), id)
	}
	if vb, _ := svg.Attr("viewbox"); vb == "" {
		if vb, _ = svg.Attr("viewBox"); vb == "" {
			t.Errorf("%s %s: no viewBox", lang, id)
		}
	}
	if _, fixed := svg.Attr("width"); fixed {
		t.Errorf("%s %s: a fixed width cannot shrink to a phone", lang, id)
	}
	if by, _ := svg.Attr("aria-labelledby"); by != id+"-title "+id+"-desc" {
		t.Errorf("%s %s: aria-labelledby %q", lang, id, by)
	}
	title := strings.TrimSpace(svg.ChildrenFiltered("title#" + id + "-title").Text())
	desc := strings.TrimSpace(svg.ChildrenFiltered("desc#" + id + "-desc").Text())
	if title == "" || desc == "" {
		t.Errorf("%s %s: title %q desc %q", lang, id, title, desc)
	}
	if p := wordProblems(title+" "+desc+" "+svg.Text(), stems); len(p) > 0 {
		t.Errorf("%s %s: %v", lang, id, p)
	}
	return svg, title
}

// chartTitles checks the chart on path in every language, with rows
// chart rows, and that its title is translated.
func chartTitles(t *testing.T, c *client, path, id string, rows func(*goquery.Document) int) {
	t.Helper()
	stems := keyStems(t)
	seen := map[string]string{}
	for _, lang := range i18n.Languages {
		wantStatus(t, c.post("/language", url.Values{"lang": {lang}}), http.StatusSeeOther)
		res := c.get(path)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("%s %s: %d", lang, path, res.StatusCode)
		}
		page := doc(t, res)
		svg, title := inlineChart(t, lang, page, id, stems)
		if other, ok := seen[title]; ok {
			t.Errorf("%s and %s share the title %q", lang, other, title)
		}
		seen[title] = lang
		if got, want := svg.Find("[data-testid=chart-row]").Length(), rows(page); got != want || got == 0 {
			t.Errorf("%s %s: %d rows, want %d", lang, id, got, want)
		}
	}
}

func TestCostRangeChartOnTheWorksheet(t *testing.T) {
	t.Parallel()
	d := newDemo(t)
	chartTitles(t, d.buyer, d.ev+"/worksheet", "cost-range-chart", func(p *goquery.Document) int {
		return p.Find("[data-testid=summary-row]").Length()
	})
	// The cheapest, as the summary marks it, is the chart's marked row.
	page := doc(t, d.as(d.buyer, "en").get(d.ev+"/worksheet"))
	best := strings.TrimSpace(page.Find("[data-testid=summary-row]:has(td.best[data-testid=summary-cpu]) th a").First().Text())
	marked := page.Find("[data-testid=cost-range-chart] [data-testid=chart-row]:has(text[font-weight=bold]) > title").Text()
	if best == "" || marked != best {
		t.Errorf("the chart marks %q, the summary %q", marked, best)
	}
}

// A provider's name is user input: the chart writes it as text, never as
// markup.
func TestInlineChartEscapesProviderNames(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	c, u := a.login("escape@example.com", auth.Procurement)
	ev := newEvaluation(t, a, u, "Escape")
	example, err := os.ReadFile(exampleCSV)
	if err != nil {
		t.Fatal(err)
	}
	const evil = `<i id="x">Evil</i> & "Co"`
	csv := strings.Replace(string(example), "Example Marketplace", `"<i id=""x"">Evil</i> & ""Co"""`, 1)
	if csv == string(example) {
		t.Fatal("the example has no marketplace row")
	}
	wantStatus(t, c.post(ev+"/quotes/import/confirm", url.Values{"csv": {csv}}), http.StatusSeeOther)
	wantStatus(t, c.post(ev+"/brief", demoBriefForm), http.StatusSeeOther)
	page := doc(t, c.get(ev+"/worksheet"))
	svg := page.Find("[data-testid=cost-range-chart] svg")
	if svg.Find("i, #x").Length() != 0 {
		t.Error("a provider's name became markup in the chart")
	}
	if !strings.Contains(svg.Find("[data-testid=chart-row] > title").Text(), evil) {
		t.Errorf("the chart lacks the name as written: %q", svg.Text())
	}
}

func TestScoreChartOnTheScoringPage(t *testing.T) {
	t.Parallel()
	d := newDemo(t)
	chartTitles(t, d.buyer, d.ev+"/scores", "score-chart", func(p *goquery.Document) int {
		return p.Find("[data-testid=scoring-total]").Length()
	})
	page := doc(t, d.as(d.buyer, "en").get(d.ev+"/scores"))
	chart := page.Find("[data-testid=score-chart]")
	// One legend key per criterion of the sheet, in its order.
	var rows, keys []string
	page.Find("[data-testid=scoring-sheet] tbody tr th[scope=row]").Each(func(_ int, s *goquery.Selection) { rows = append(rows, s.Text()) })
	chart.Find("[data-testid=chart-key] text").Each(func(_ int, s *goquery.Selection) { keys = append(keys, s.Text()) })
	if len(keys) < 2 || len(rows) < len(keys) || strings.Join(keys, "|") != strings.Join(rows[:len(keys)], "|") {
		t.Errorf("legend %q, criteria %q", keys, rows)
	}
	// The bars are ranked: the first is the leader, marked.
	if chart.Find("[data-testid=chart-row]").First().Find("text[font-weight=bold]").Length() != 1 {
		t.Error("the first bar is not the marked leader")
	}
	// Blind scoring letters the bars as it letters the columns.
	blind := doc(t, d.buyer.get(d.ev+"/scores?blind=1"))
	for _, q := range []string{"Example", "Marketplace"} {
		if strings.Contains(blind.Find("[data-testid=score-chart]").Text(), q) {
			t.Errorf("blind chart names %q", q)
		}
	}
}

// A split award shows its shares as one bar on the decision page's
// recorded award, a part per quote in proportion.
func TestAwardSplitChartOnTheDecisionPage(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id, tok := analysedEvaluation(t, a)
	path := "/api/v1/evaluations/" + id
	_, an := a.api(tok, "GET", path+"/analysis", "")
	byName := map[string]string{}
	for _, q := range an["quotes"].([]any) {
		m := q.(map[string]any)
		byName[m["provider"].(string)] = strconv.FormatFloat(m["quote_id"].(float64), 'f', 0, 64)
	}
	spec, hyper := byName["Example Specialized Cloud"], byName["Example Hyperscaler"]
	if spec == "" || hyper == "" {
		t.Fatalf("the example's quotes moved: %v", byName)
	}
	res, out := a.api(tok, "POST", path+"/award", `{"shares":[{"quote_id":`+spec+`,"share_pct":75},{"quote_id":`+hyper+`,"share_pct":25}],"reason":"r"}`)
	wantStatus(t, res, http.StatusCreated)
	award := strconv.FormatFloat(out["id"].(float64), 'f', 0, 64)
	c, _ := a.login("split-reader@example.com", auth.Procurement)
	chartID := "award-split-" + award
	chartTitles(t, c, "/evaluations/"+id+"/decision", chartID, func(p *goquery.Document) int { return 2 })
	page := doc(t, c.get("/evaluations/"+id+"/decision"))
	var w []float64
	page.Find("[data-testid=" + chartID + "] [data-testid=chart-row]").Each(func(_ int, s *goquery.Selection) {
		v, _ := s.Attr("width")
		f, _ := strconv.ParseFloat(v, 64)
		w = append(w, f)
	})
	if len(w) != 2 || w[0] < 2.9*w[1] || w[0] > 3.1*w[1] {
		t.Errorf("75/25 drawn as widths %v", w)
	}
	if k := page.Find("[data-testid=" + chartID + "] [data-testid=chart-key]").Text(); !strings.Contains(k, "Example Specialized Cloud") || !strings.Contains(k, "75") {
		t.Errorf("key %q", k)
	}
}

// The decision page draws rent, reserve and buy as cumulative cost lines
// beside its break-even figures, and marks the break-even month once
// owning pays.
func TestCostLinesChartOnTheDecisionPage(t *testing.T) {
	t.Parallel()
	d := newDemo(t)
	chartTitles(t, d.buyer, d.ev+"/decision", "cost-lines-chart", func(p *goquery.Document) int {
		return 3 // buy, reserve and on demand
	})
	page := doc(t, d.as(d.buyer, "en").get(d.ev+"/decision"))
	if n := page.Find("[data-testid=cost-lines-chart] [data-testid=chart-mark]").Length(); n != 0 {
		t.Errorf("owning never pays here, yet %d break-evens are marked", n)
	}
	// Without ops staff owning pays against the reserved rate.
	form := url.Values{}
	page.Find("form[action$='/decision/facts'] input, form[action$='/decision/facts'] select").Each(func(_ int, s *goquery.Selection) {
		name, _ := s.Attr("name")
		if typ, _ := s.Attr("type"); (typ == "checkbox" || typ == "radio") && s.AttrOr("checked", "-") == "-" {
			return
		}
		v, _ := s.Attr("value")
		if s.Is("select") {
			v, _ = s.Find("option[selected]").Attr("value")
		}
		form.Add(name, v)
	})
	if !form.Has("f_ops_staff_per_year") {
		t.Fatalf("no facts form: %v", form)
	}
	form.Set("f_ops_staff_per_year", "0")
	wantStatus(t, d.buyer.post(d.ev+"/decision/facts", form), http.StatusSeeOther)
	page = doc(t, d.buyer.get(d.ev+"/decision"))
	figures := page.Find("[data-testid=figures]").Text()
	marks := page.Find("[data-testid=cost-lines-chart] [data-testid=chart-mark] text")
	if marks.Length() == 0 || !strings.Contains(marks.First().Text(), "break-even: month") {
		t.Fatalf("no break-even marked: %q; figures %q", page.Find("[data-testid=cost-lines-chart]").Text(), figures)
	}
	// The month marked is the table's.
	month := strings.TrimPrefix(marks.First().Text(), "break-even: month ")
	if !strings.Contains(figures, month) {
		t.Errorf("marked month %s, figures %q", month, figures)
	}
}
