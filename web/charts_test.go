package web_test

import (
	"encoding/xml"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// svgTexts are the texts of a chart's group of class, e.g. the y axis's
// tick labels ("ticks", anchored at the end) or the cheapest quote's
// annotations ("annotations").
func svgTexts(t *testing.T, svg, class, anchor string) []string {
	t.Helper()
	var doc struct {
		Groups []struct {
			Class string `xml:"class,attr"`
			Texts []struct {
				Anchor string `xml:"text-anchor,attr"`
				Text   string `xml:",chardata"`
			} `xml:"text"`
		} `xml:"g"`
	}
	if err := xml.Unmarshal([]byte(svg), &doc); err != nil {
		t.Fatalf("chart: %v", err)
	}
	var out []string
	for _, g := range doc.Groups {
		if g.Class != class {
			continue
		}
		for _, tx := range g.Texts {
			if anchor == "" || tx.Anchor == anchor {
				out = append(out, tx.Text)
			}
		}
	}
	return out
}

// tokenEvaluation is an inference evaluation counted in tokens, with the
// example quotes and a twin of the marketplace quote a hair cheaper:
// their costs per million tokens round to the same cent.
func tokenEvaluation(t *testing.T) (*client, string) {
	a := newApp(t)
	c, u := a.login("tokens@example.com", auth.Procurement)
	admin, _ := a.login("fx-tokens@example.com", auth.Admin)
	wantStatus(t, admin.post("/admin/reference/fx", url.Values{"currency": {"EUR"}, "usd_per_unit": {"1.08"}, "as_of": {"2026-11-27"}}), http.StatusSeeOther)
	ev := newEvaluation(t, a, u, "Tokens")
	example, err := os.ReadFile(exampleCSV)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(example)), "\n")
	twin := strings.Replace(strings.Replace(lines[3], "Example Marketplace", "Twin Marketplace", 1), ",USD,0.35,", ",USD,0.3499,", 1)
	if twin == lines[3] || !strings.Contains(twin, "0.3499") {
		t.Fatalf("the example's marketplace row changed: %s", lines[3])
	}
	csv := strings.Join(append(lines, twin), "\n") + "\n"
	wantStatus(t, c.post(ev+"/quotes/import/confirm", url.Values{"csv": {csv}}), http.StatusSeeOther)
	brief := url.Values{}
	for k, v := range demoBriefForm {
		brief[k] = v
	}
	brief.Set("workload_type", "batch_inference")
	brief.Set("useful_unit", "inference_tokens")
	brief.Set("units_per_month", "20000000000")
	// No target GPU: the costs per unit are the bills' alone, not scaled by
	// each GPU's speed against a target, so the marketplace twins stay the
	// cheapest pair this test is about.
	brief.Set("target_gpu", "")
	wantStatus(t, c.post(ev+"/brief", brief), http.StatusSeeOther)
	return c, ev
}

// For a token workload the chart's y axis read 1, 0, -0, -1 (whole
// units of a cost near half a dollar per million tokens), and its caption
// named another cheapest quote than the table's ★ when two costs rounded
// to the same cent. The axis now reads distinct figures with their cents
// and no negative cost, and the chart marks the quotes the table marks.
func TestSensitivityChartAgreesWithTheTable(t *testing.T) {
	t.Parallel()
	c, ev := tokenEvaluation(t)
	res := c.get(ev + "/worksheet/sensitivity.svg")
	wantStatus(t, res, http.StatusOK)
	svg := body(t, res)
	ticks := svgTexts(t, svg, "ticks", "end")
	if len(ticks) < 2 {
		t.Fatalf("y ticks %q", ticks)
	}
	if len(slices.Compact(slices.Clone(ticks))) != len(ticks) {
		t.Errorf("the y axis repeats a label: %q", ticks)
	}
	for _, tk := range ticks {
		if strings.HasPrefix(tk, "-") || strings.HasPrefix(tk, "−") {
			t.Errorf("the y axis shows a negative cost %q: %q", tk, ticks)
		}
	}

	d := doc(t, c.get(ev+"/worksheet"))
	header := d.Find("[data-testid=sensitivity] thead th").Map(func(_ int, s *goquery.Selection) string { return s.Text() })
	var table []string
	d.Find("[data-testid=sensitivity] tbody tr").Each(func(_ int, tr *goquery.Selection) {
		if !strings.Contains(tr.Find("th").Text(), "expected") {
			return
		}
		tr.Find("td").Each(func(i int, td *goquery.Selection) {
			if td.HasClass("best") {
				table = append(table, header[i+1])
			}
		})
	})
	if len(table) != 4 || table[0] != "Twin Marketplace" {
		t.Fatalf("the table's cheapest at expected restarts: %q", table)
	}
	// The chart names the cheapest where it changes: each name it gives
	// is the table's cheapest there, and the first is the table's first.
	named := svgTexts(t, svg, "annotations", "")
	if len(named) == 0 {
		t.Fatalf("the chart names no cheapest quote")
	}
	for i, n := range named {
		if !strings.Contains(n, "Twin Marketplace") && !(i > 0 && slices.ContainsFunc(table, func(s string) bool { return strings.Contains(n, s) })) {
			t.Errorf("the chart calls %q the cheapest; the table marks %q", n, table)
		}
	}
	if !strings.Contains(named[0], table[0]) {
		t.Errorf("at 50 %% the chart names %q, the table %q", named[0], table[0])
	}
}

// The evaluation had no chart of the bus bandwidth measured across its
// quotes: the worksheet shows one line per quote with an uploaded
// all-reduce run, named by provider, beside the band its fabric expects.
func TestWorksheetChartsBusBandwidthAcrossQuotes(t *testing.T) {
	t.Parallel()
	d := newDemo(t)
	eng, _ := d.a.login("engineer2@example.com", auth.Engineer)
	log, err := os.ReadFile(samples + "nccl/h100-p5-2node-efa-srun-label-prefix.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range d.others {
		wantStatus(t, eng.postMultipart(q+"/benchmarks", map[string]string{"region": "eu-west-1"}, "file", log), http.StatusSeeOther)
	}
	page := doc(t, d.buyer.get(d.ev+"/worksheet"))
	src, _ := page.Find("img[data-testid=busbw-chart]").Attr("src")
	if src != strings.TrimPrefix(d.ev, "")+"/worksheet/busbw.svg" {
		t.Fatalf("the worksheet's bus bandwidth chart is at %q", src)
	}
	res := d.buyer.get(src)
	wantStatus(t, res, http.StatusOK)
	if ct := res.Header.Get("Content-Type"); ct != "image/svg+xml" {
		t.Errorf("content type %q", ct)
	}
	svg := body(t, res)
	if n := strings.Count(svg, "<polyline"); n != 1+len(d.others) {
		t.Errorf("%d lines, want one per quote (%d)", n, 1+len(d.others))
	}
	for _, name := range []string{"Example Marketplace", "Example Hyperscaler", "Example Specialized Cloud"} {
		if !strings.Contains(svg, ">"+name+"<") {
			t.Errorf("the chart does not name %s", name)
		}
	}
	if !strings.Contains(svg, `class="bands"`) || !strings.Contains(svg, "Expected for") {
		t.Errorf("no expected band on the chart")
	}
}
