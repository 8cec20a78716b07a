package web_test

import (
	"net/http"
	"strings"
	"testing"
)

// The printed worksheet had no evaluation name or date: the paper copy
// carries both at its head (shown in print only; the screen has them in
// the back link and the header).
func TestPrintedWorksheetCarriesNameAndDate(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id, _ := analysedEvaluation(t, a)
	c, _ := a.login("printer@example.com", "engineer")
	page := c.get("/evaluations/" + id + "/worksheet")
	wantStatus(t, page, http.StatusOK)
	head := doc(t, page).Find(".print-only[data-testid=worksheet-print-head]").Text()
	if !strings.Contains(head, "Analysis") || !strings.Contains(head, "20") {
		t.Errorf("print head = %q", head)
	}
}
