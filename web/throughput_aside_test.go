package web_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/quote"
)

// The case through the pages: the benchmarks page judges a T4
// log over EFA on 2 nodes "not proven" for an 8-node H100 InfiniBand
// quote. The worksheet keeps the reference throughput (it once used the
// log's figure as measured: × 0.03) and names the run set aside, with
// the wrong GPU, fabric and nodes.
func TestRejectedEvidenceIsSetAsideOnTheWorksheet(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	ctx := context.Background()
	owner := a.user("aside-owner@example.com", auth.Procurement)
	ev, err := a.store.CreateEvaluation(ctx, owner.Actor(), "Aside")
	if err != nil {
		t.Fatal(err)
	}
	qs, err := quote.ReadCSV(strings.NewReader("provider,rental_model,currency,gpu_model,form_factor,gpus_per_node,nodes,inter_node_fabric,nics_per_node,fabric_gbps_per_node,price_per_gpu_hour\n" +
		"Bare metal,reserved,USD,H100,sxm,8,8,infiniband,8,3200,2.5\n"))
	if err != nil {
		t.Fatal(err)
	}
	q, err := a.store.CreateQuote(ctx, owner.Actor(), ev.ID, qs[0])
	if err != nil {
		t.Fatal(err)
	}
	tok := a.token("aside-eng@example.com", auth.Engineer)
	if res, out := a.apiUpload(tok, q.ID, "t4.txt", sampleLog(t, "nccl/POOR-t4-2node-efa-ncclinfo-interleaved.txt"), nil); res.StatusCode != http.StatusCreated {
		t.Fatalf("upload: %d %v", res.StatusCode, out)
	}
	_, an := a.api(tok, "GET", "/api/v1/evaluations/"+itoa(ev.ID)+"/analysis", "")
	tp := an["quotes"].([]any)[0].(map[string]any)["throughput"].(map[string]any)
	if f, _ := tp["factor"].(float64); tp["source"] == "measured" || (f != 0 && f < 0.99) {
		t.Errorf("the T4 run counted: %v", tp)
	}
	c, _ := a.login("aside-reader@example.com", auth.Manager)
	d := doc(t, c.get("/evaluations/"+itoa(ev.ID)+"/worksheet"))
	basis := d.Find("[data-testid=ws-row-throughput] td").First().Text()
	for _, want := range []string{"t4.txt, run 1", "another GPU", "another fabric", "fewer nodes"} {
		if !strings.Contains(basis, want) {
			t.Errorf("the worksheet does not say %q: %q", want, basis)
		}
	}
}
