package web_test

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
)

// An evaluation where 300 cheaper quotes are passed over for a blocker
// (each expired) names only the few nearest the award's cost, on the
// decision page, the evaluation home and the API, and counts the rest
// exactly with a link to the worksheet sorted by cost: the award's size
// does not grow with the evaluation (issue 27).
func TestAwardPassedOverIsBounded(t *testing.T) {
	t.Parallel()
	const blocked = 300
	a := newApp(t)
	tok := a.token("passed-over@example.com", auth.Admin)
	c, _ := a.login("passed-over-reader@example.com", auth.Manager)
	res, ev := a.api(tok, "POST", "/api/v1/evaluations", `{"name":"Passed over"}`)
	wantStatus(t, res, http.StatusCreated)
	id := strconv.FormatFloat(ev["id"].(float64), 'f', 0, 64)
	var csv strings.Builder
	csv.WriteString("provider,rental_model,currency,gpu_model,form_factor,gpus_per_node,nodes,inter_node_fabric,price_per_gpu_hour,min_term_months,valid_until\n")
	csv.WriteString("Awarded,reserved,USD,H100,sxm,8,2,infiniband,3.00,12,\n")
	for i := range blocked {
		// 2.001 … 2.300: Blocked 299 is the nearest the award.
		fmt.Fprintf(&csv, "Blocked %d,reserved,USD,H100,sxm,8,2,infiniband,2.%03d,12,2020-01-01\n", i, i+1)
	}
	res, _ = a.api(tok, "POST", "/api/v1/evaluations/"+id+"/quotes/import", csv.String(), "Content-Type", "text/csv")
	wantStatus(t, res, http.StatusCreated)

	for _, p := range []string{"/evaluations/" + id + "/decision", "/evaluations/" + id} {
		res := c.get(p)
		wantStatus(t, res, http.StatusOK)
		d := doc(t, res)
		named := d.Find("[data-testid=award-passed-over]")
		if named.Length() != evaluation.PassedOverShown {
			t.Fatalf("%s: %d passed-over lines, want %d", p, named.Length(), evaluation.PassedOverShown)
		}
		if first := named.First().Text(); !strings.Contains(first, "Blocked 299") {
			t.Errorf("%s: the first line is not the nearest the award: %q", p, first)
		}
		more := d.Find("[data-testid=award-passed-over-more]")
		want := strconv.Itoa(blocked - evaluation.PassedOverShown)
		if !strings.Contains(more.Text(), want+" more") {
			t.Errorf("%s: the rest are not counted exactly (%s): %q", p, want, more.Text())
		}
		if href, _ := more.Find("a").Attr("href"); href != "/evaluations/"+id+"/worksheet?sort=cost" {
			t.Errorf("%s: the rest link to %q", p, href)
		}
	}
	// With the award's quote capped at 50 %, no split exists: the reasons
	// name the cheapest few and count the rest.
	res = c.get("/evaluations/" + id + "/decision?max_vendor_pct=50")
	wantStatus(t, res, http.StatusOK)
	why := doc(t, res).Find("[data-testid=split-why] li")
	if why.Length() != evaluation.SplitWhyShown+1 {
		t.Errorf("the split's reasons are %d lines, want %d and a count", why.Length(), evaluation.SplitWhyShown)
	}
	if last := why.Last().Text(); !strings.Contains(last, strconv.Itoa(blocked+1-evaluation.SplitWhyShown)+" more") {
		t.Errorf("the rest are not counted exactly: %q", last)
	}
	if first := why.First().Text(); !strings.Contains(first, "Blocked 0") {
		t.Errorf("the first reason is not the cheapest quote's: %q", first)
	}
	for _, p := range []string{"/decision", "/analysis"} {
		res, out := a.api(tok, "GET", "/api/v1/evaluations/"+id+p, "")
		wantStatus(t, res, http.StatusOK)
		aw := out["award"].(map[string]any)
		list := aw["cheaper_blocked"].([]any)
		if len(list) != evaluation.PassedOverShown || aw["cheaper_blocked_total"] != float64(blocked) {
			t.Errorf("%s: %d cheaper_blocked of total %v, want %d of %d", p, len(list), aw["cheaper_blocked_total"], evaluation.PassedOverShown, blocked)
		}
		if len(list) > 0 && list[0].(map[string]any)["provider"] != "Blocked 299" {
			t.Errorf("%s: the first is %v", p, list[0])
		}
	}
}
