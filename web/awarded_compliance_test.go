package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// An award of a quote that came through a round shows its vendor's row of
// the round's compliance matrix on the decision page and in the memo: here
// Alpha's ISO 27001 names only AMS2, a scope gap; Beta, not awarded, is
// covered everywhere and not shown.
func TestAwardedQuoteShowsItsVendorsComplianceRow(t *testing.T) {
	t.Parallel()
	clk := &testClock{t: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)}
	rd := complianceRound(t, clk)
	answers := map[int]string{
		0: `{"kind":"iso27001","state":"stated","issuer":"BSI","period_to":"2029-01-01T00:00:00Z","scope":"AMS2","fabric_in_scope":true}`,
		1: `{"kind":"iso27001","state":"stated","issuer":"BSI","period_to":"2029-01-01T00:00:00Z","scope":"FRA1","fabric_in_scope":true}`,
	}
	for i := range 2 {
		res, _ := rd.vendor(i, http.MethodPut, "/api/v1/vendor/attestations", `{"attestations":[
		{"kind":"soc2_type2","state":"stated","issuer":"A-LIGN","period_from":"2026-01-01T00:00:00Z","period_to":"2029-06-30T00:00:00Z","scope":"FRA1","fabric_in_scope":true},
		`+answers[i]+`,
		{"kind":"pentest","state":"stated","issuer":"NCC","period_to":"2026-10-01T00:00:00Z","scope":"FRA1","fabric_in_scope":true}]}`)
		wantStatus(t, res, http.StatusOK)
		res, _ = rd.vendor(i, http.MethodPut, "/api/v1/vendor/quote", vendorCSV(t, "2.40"), "Content-Type", "text/csv")
		wantStatus(t, res, http.StatusOK)
		res, _ = rd.vendor(i, http.MethodPost, "/api/v1/vendor/quote/submit", `{}`)
		wantStatus(t, res, http.StatusCreated)
	}
	clk.add(49 * time.Hour)
	withEURRate(t, rd.a)
	buyer, _ := rd.a.login("p@example.com", auth.Procurement)
	ev := "/evaluations/" + rd.evalID
	if doc(t, buyer.get(ev+"/decision")).Find(`[data-testid="awarded-compliance"]`).Length() != 0 {
		t.Errorf("compliance shown on the decision page before any award")
	}
	d := doc(t, buyer.get("/rfqs/"+rd.rfqID))
	quote, _ := d.Find(`[data-testid="invitation-ann@alpha.example"] [data-testid="rfq-quote-link"]`).Attr("href")
	qid := quote[strings.LastIndex(quote, "/")+1:]
	if qid == "" {
		t.Fatalf("no link to Alpha's quote on the round page")
	}
	if res := buyer.post(ev+"/awards", url.Values{"reason": {"Alpha"}, "share_" + qid: {"100"}}); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("award refused: %q", doc(t, res).Find(`[data-testid=error-summary], .banner`).Text())
	}

	for _, path := range []string{ev + "/decision", ev + "/decision/memo"} {
		s := doc(t, buyer.get(path)).Find(`[data-testid="awarded-compliance"]`)
		vendors := s.Find(`[data-testid="awarded-compliance-vendor"]`)
		text := strings.Join(strings.Fields(vendors.Text()), " ")
		if vendors.Length() != 1 || !strings.Contains(text, "Alpha GPU") || strings.Contains(text, "Beta Cloud") {
			t.Errorf("%s: not Alpha's row alone: %q", path, text)
		}
		gap := strings.Join(strings.Fields(s.Find(`[data-status="scope_gap"]`).Text()), " ")
		if !strings.Contains(gap, "ISO 27001: scope gap") || !strings.Contains(gap, "cover the quoted sites") {
			t.Errorf("%s: the ISO 27001 scope gap is not shown with its reason: %q", path, gap)
		}
		if s.Find(`[data-status="covered"]`).Length() != 2 {
			t.Errorf("%s: want SOC 2 and the pen test covered: %q", path, text)
		}
	}
}
