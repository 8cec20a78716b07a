package web_test

import (
	"net/http"
	"strings"
	"testing"
)

// A USD quote on an EUR worksheet said "Converted from … at the rate of
// 1 Jan 0001": the note now gives the rate, its date and its source.
func TestWorksheetConversionNoteShowsRateDateAndSource(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id, tok := analysedEvaluation(t, a)
	res, out := a.api(tok, "PATCH", "/api/v1/evaluations/"+id+"/brief", `{"fields":{"budget_currency":"EUR"}}`)
	wantStatus(t, res, http.StatusOK)
	_ = out
	c, _ := a.login("fx-reader@example.com", "engineer")
	page := c.get("/evaluations/" + id + "/worksheet")
	wantStatus(t, page, http.StatusOK)
	text := doc(t, page).Text()
	if strings.Contains(text, "0001") {
		t.Errorf("a conversion is dated the zero date")
	}
	for _, want := range []string{"1\u00a0USD = 0.9259\u00a0EUR (rate of ", "exchange rates set by an admin"} {
		if !strings.Contains(text, want) {
			t.Errorf("the conversion note lacks %q", want)
		}
	}
}
