package web_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// evaluationSurfaces are every page and API read of one evaluation.
func evaluationSurfaces(id string) []string {
	ev := "/evaluations/" + id
	return []string{ev, ev + "/brief", ev + "/quotes", ev + "/quotes.csv", ev + "/worksheet", ev + "/worksheet/sensitivity.svg",
		ev + "/worksheet/busbw.svg", ev + "/worksheet.csv", ev + "/worksheet.xlsx", ev + "/decision", ev + "/decision/memo", ev + "/scores",
		"/api/v1" + ev, "/api/v1" + ev + "/quotes", "/api/v1" + ev + "/analysis", "/api/v1" + ev + "/worksheet",
		"/api/v1" + ev + "/decision", "/api/v1" + ev + "/analysis?max_vendor_pct=50"}
}

// The absurd quotes: a price of 1e12 on one node, or 1e6 on
// 100,000 nodes. Either the entry is refused naming the field, or the
// quote is priced or left out with the reason: every page and API of the
// evaluation answers 200 either way, never 500.
func TestAbsurdQuoteNeverBreaksTheEvaluation(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	tok := a.token("bounds@example.com", auth.Admin)
	c, _ := a.login("bounds-reader@example.com", auth.Manager)
	header := "provider,rental_model,currency,gpu_model,gpus_per_node,nodes,inter_node_fabric,price_per_gpu_hour,min_term_months\n"
	for _, tc := range []struct{ name, row, field string }{
		{"1e12 on one node", "Absurd,reserved,USD,H100,8,1,none,1000000000000,120\n", "price_per_gpu_hour"},
		{"1e6 on 100,000 nodes", "Absurd,reserved,USD,H100,8,100000,infiniband,1000000,120\n", ""},
	} {
		res, ev := a.api(tok, "POST", "/api/v1/evaluations", `{"name":"Bounds"}`)
		wantStatus(t, res, http.StatusCreated)
		id := strconv.FormatFloat(ev["id"].(float64), 'f', 0, 64)
		body := header + "Sane,reserved,USD,H100,8,2,infiniband,2.5,12\n" + tc.row
		res, out := a.api(tok, "POST", "/api/v1/evaluations/"+id+"/quotes/import", body, "Content-Type", "text/csv")
		if tc.field != "" {
			wantStatus(t, res, http.StatusUnprocessableEntity)
			if !strings.Contains(jsonText(out), tc.field) || !strings.Contains(jsonText(out), "at most 1,000,000") {
				t.Errorf("%s: refusal does not name %s and its bound: %v", tc.name, tc.field, out)
			}
			// The form refuses it next to the field.
			buyer, _ := a.login("bounds-buyer@example.com", auth.Procurement)
			res := buyer.post("/evaluations/"+id+"/quotes", url.Values{"state_provider": {"stated"}, "v_provider": {"Absurd"},
				"state_rental_model": {"stated"}, "v_rental_model": {"reserved"}, "state_currency": {"stated"}, "v_currency": {"USD"},
				"state_price_per_gpu_hour": {"stated"}, "v_price_per_gpu_hour": {"1000000000000"}})
			wantStatus(t, res, http.StatusUnprocessableEntity)
			if v, _ := doc(t, res).Find("#v-price_per_gpu_hour").Attr("aria-invalid"); v != "true" {
				t.Errorf("%s: the form does not mark the price", tc.name)
			}
			continue
		}
		wantStatus(t, res, http.StatusCreated)
		for _, p := range evaluationSurfaces(id) {
			var got int
			if strings.HasPrefix(p, "/api/") {
				res, _ := a.api(tok, "GET", p, "")
				got = res.StatusCode
			} else {
				got = c.get(p).StatusCode
			}
			if got != http.StatusOK {
				t.Errorf("%s: GET %s: %d", tc.name, p, got)
			}
		}
		_, an := a.api(tok, "GET", "/api/v1/evaluations/"+id+"/analysis", "")
		// Within the bounds, its contract over 120 months overflows: it is
		// left out with the reason, and the sane quote is priced.
		if lo := jsonText(an["left_out"]); !strings.Contains(lo, "Absurd") || !strings.Contains(lo, "left out: invalid input: an amount of") ||
			!strings.Contains(jsonText(an["quotes"]), "Sane") {
			t.Errorf("%s: left out %s", tc.name, lo)
		}
	}
}

// jsonText is v as JSON text, for a contains check.
func jsonText(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
