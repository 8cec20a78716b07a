package web_test

import (
	"bytes"
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/redflag"
)

// The evaluation home counts the flags the analysis raised, the ones the
// worksheet and decision page weigh, not a second flagging of its own that
// missed what only the analysis knows (a currency without an exchange
// rate is a blocker there).
func TestEvaluationHomeCountsTheAnalysisFlags(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	cl, u := a.login("owner@example.com", auth.Procurement)
	ev := newEvaluation(t, a, u, "Home flags")
	csv := bytes.Replace(manyQuotesCSV(t, 2), []byte(",EUR,"), []byte(",XYZ,"), 1)
	tok := a.token("bot@example.com", auth.Procurement)
	if res, out := a.apiCSV(tok, "/api/v1"+ev+"/quotes/import", csv); res.StatusCode != 201 {
		t.Fatalf("import: %d %v", res.StatusCode, out)
	}
	id, _ := strconv.ParseInt(strings.TrimPrefix(ev, "/evaluations/"), 10, 64)
	an, err := evaluation.New(a.store).Analyze(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	blockers := 0
	for _, sq := range an.All {
		b, _ := redflag.Counts(an.Flags[sq.ID])
		blockers += b
	}
	page := body(t, cl.get(ev))
	want := fmt.Sprintf(`data-testid="blockers">%d blocker`, blockers)
	if !strings.Contains(page, want) {
		i := strings.Index(page, `data-testid="blockers"`)
		t.Errorf("home does not show %d blockers (the analysis's); it shows %q", blockers, page[max(i, 0):min(max(i, 0)+60, len(page))])
	}
}
