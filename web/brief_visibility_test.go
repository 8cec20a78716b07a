package web_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// The round marks which brief fields vendors do not see, but the brief
// page did not say: it marks each internal field, with the default before
// any round and the newest round's marking after one.
func TestBriefPageMarksTheFieldsKeptFromVendors(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	tok := a.token("buyer@example.com", auth.Procurement)
	_, out := a.api(tok, http.MethodPost, "/api/v1/evaluations", `{"name":"Visibility"}`)
	id := num(out["id"])
	c, _ := a.login("p@example.com", auth.Procurement)
	page := doc(t, c.get("/evaluations/"+id+"/brief"))
	if page.Find(`[data-testid="internal-min_spend_limit"]`).Length() != 1 || page.Find(`[data-testid^="internal-"]`).Length() != 1 {
		t.Errorf("before any round: want the budget alone marked internal, got %d marks", page.Find(`[data-testid^="internal-"]`).Length())
	}
	if note := page.Find(`[data-testid="brief-visibility"]`).Text(); !strings.Contains(note, "A new request for quotes starts with these") {
		t.Errorf("note before any round = %q", note)
	}
	res, _ := a.api(tok, http.MethodPost, "/api/v1/evaluations/"+id+"/rfqs", `{"deadline":"`+time.Now().Add(48*time.Hour).UTC().Format(time.RFC3339)+`",
		"internal_fields":["term_months","region"],
		"vendors":[{"company":"Alpha GPU","contact":"Ann","email":"ann@alpha.example","language":"en"}]}`)
	wantStatus(t, res, http.StatusCreated)
	page = doc(t, c.get("/evaluations/"+id+"/brief"))
	if page.Find(`[data-testid="internal-term_months"]`).Length() != 1 || page.Find(`[data-testid="internal-region"]`).Length() != 1 ||
		page.Find(`[data-testid="internal-min_spend_limit"]`).Length() != 0 {
		t.Errorf("after round 1 shared the budget and hid term and region: marks %q", page.Find(`[data-testid^="internal-"]`).Text())
	}
	if note := page.Find(`[data-testid="brief-visibility"]`).Text(); !strings.Contains(note, "round 1") {
		t.Errorf("note after round 1 = %q", note)
	}
}
