package web_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// The decision page shows each quote's weighted score (the analysis's
// band), whether bands overlap, the weight that flips the winner, and a
// link to the scoring sheet.
func TestDecisionPageShowsScores(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id, tok := analysedEvaluation(t, a)
	_, an := a.api(tok, "GET", "/api/v1/evaluations/"+id+"/analysis", "")
	c, _ := a.login("score-reader@example.com", auth.Procurement)
	d := doc(t, c.get("/evaluations/"+id+"/decision"))
	for _, q := range an["quotes"].([]any) {
		qm := q.(map[string]any)
		qid := strconv.FormatFloat(qm["quote_id"].(float64), 'f', 0, 64)
		score := qm["score"].(map[string]any)
		lo := strconv.FormatFloat(score["low"].(float64), 'f', 1, 64)
		cell := d.Find("[data-testid=dq-" + qid + "] [data-testid=decision-score]").Text()
		if !strings.Contains(cell, lo) {
			t.Errorf("quote %s: score cell %q lacks the band's low %s", qid, cell, lo)
		}
	}
	if d.Find("[data-testid=decision-flip]").Text() == "" {
		t.Errorf("no sentence on the weight that flips the winner")
	}
	if href, _ := d.Find("[data-testid=decision-scores-link]").Attr("href"); href != "/evaluations/"+id+"/scores" {
		t.Errorf("scores link %q", href)
	}
}
