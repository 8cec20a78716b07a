package web_test

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/brief"
)

// Issue 10, case 5, through the store: a multi-node all-reduce measured on
// a quote's upload sets its relative throughput (source "measured"), and
// a bandwidth below the brief's target raises its cost per useful unit on
// the API and the worksheet page alike.
func TestMeasuredAllReduceSetsTheQuotesThroughput(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	q := benchQuote(t, a)
	ctx := context.Background()
	b, err := a.store.Brief(ctx, q.EvaluationID)
	if err != nil {
		t.Fatal(err)
	}
	writer := a.user("throughput-writer@example.com", auth.Procurement).Actor()
	if _, err := a.store.SaveBrief(ctx, writer, q.EvaluationID, b.Version, brief.Brief{"allreduce_target_gbs": "2000"}); err != nil {
		t.Fatal(err)
	}
	tok := a.token("throughput-eng@example.com", auth.Engineer)
	figures := func() map[string]any {
		_, out := a.api(tok, "GET", "/api/v1/evaluations/"+itoa(q.EvaluationID)+"/analysis", "")
		qs := out["quotes"].([]any)
		if len(qs) != 1 {
			t.Fatalf("analysis quotes: %v", out)
		}
		return qs[0].(map[string]any)
	}
	before := figures()
	tpBefore := before["throughput"].(map[string]any)
	if tpBefore["source"] != "brief" {
		t.Errorf("before any upload the fabric's reference is judged against the brief's target: %v", tpBefore)
	}
	// The published excerpt lacks its footer: the benchmarks page judges
	// it incomplete, so it is set aside, named on the worksheet, and the
	// reference still counts.
	rel := "nccl/h100-p5-2node-efa-srun-label-prefix.txt"
	if res, out := a.apiUpload(tok, q.ID, "excerpt.txt", sampleLog(t, rel), nil); res.StatusCode != http.StatusCreated {
		t.Fatalf("upload: %d %v", res.StatusCode, out)
	}
	aside := figures()["throughput"].(map[string]any)
	if aside["source"] != "brief" || !strings.Contains(fmt.Sprint(aside["basis"]), "excerpt.txt, run 1, set aside as throughput evidence") {
		t.Errorf("an incomplete run counted, or was not named: %v", aside)
	}
	if res, out := a.apiUpload(tok, q.ID, "complete.txt", completeEFALog(t), nil); res.StatusCode != http.StatusCreated {
		t.Fatalf("upload: %d %v", res.StatusCode, out)
	}
	after := figures()
	tp := after["throughput"].(map[string]any)
	factor, _ := tp["factor"].(float64)
	if tp["source"] != "measured" || !(factor > 0 && factor < 1) {
		t.Fatalf("after a 2-node all-reduce below the 2,000 GB/s target: throughput %v", tp)
	}
	if basis := fmt.Sprint(tp["basis"]); !strings.Contains(basis, "key:worksheet.speed.fabric.measured_brief") {
		t.Errorf("basis %v, want the measured-against-the-brief statement", tp["basis"])
	}
	cost := func(m map[string]any) float64 {
		v, _ := strconv.ParseFloat(m["cost_per_unit"].(map[string]any)["amount"].(string), 64)
		return v
	}
	// The bill is the same; only the units moved, by the throughput.
	fBefore := tpBefore["factor"].(float64)
	if got, want := cost(after)*factor, cost(before)*fBefore; math.Abs(got-want) > 0.02*fBefore {
		t.Errorf("cost per unit %v at × %v, %v at × %v: the units must follow the throughput", cost(after), factor, cost(before), fBefore)
	}
	if fBefore >= 1 {
		t.Errorf("a fabric below the brief's target must cost more per unit (× %v)", fBefore)
	}
	c, _ := a.login("throughput-reader@example.com", auth.Manager)
	d := doc(t, c.get("/evaluations/"+itoa(q.EvaluationID)+"/worksheet"))
	cell := d.Find("[data-testid=ws-row-throughput] td").First()
	if cell.Length() == 0 || strings.TrimSpace(cell.Find("details p.basis").Text()) == "" {
		t.Errorf("the worksheet shows no relative throughput with its source")
	}
}
