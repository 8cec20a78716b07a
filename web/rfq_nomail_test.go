package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// Without mail, the new-request page tells the buyer so in plain words,
// in each language, without the server setting's name; an administrator
// also reads which setting turns mail on.
func TestRFQFormSaysMailIsOffInWords(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	buyer, _ := a.login("p@example.com", auth.Procurement)
	res := buyer.post("/evaluations", url.Values{"name": {"Mail"}})
	wantStatus(t, res, http.StatusSeeOther)
	form := res.Header.Get("Location") + "/rfqs/new"
	for _, lang := range []string{"en", "ru", "vi", "zh"} {
		wantStatus(t, buyer.post("/profile/language", url.Values{"language": {lang}}), http.StatusSeeOther)
		d := doc(t, buyer.get(form))
		note := d.Find(`[data-testid="rfq-no-mail"]`)
		if note.Length() != 1 {
			t.Fatalf("%s: no note that mail is off", lang)
		}
		if txt := note.Text(); strings.Contains(txt, "SMTP") || strings.Contains(txt, "(") {
			t.Errorf("%s: the buyer reads a setting's name: %q", lang, txt)
		}
		if d.Find(`[data-testid="rfq-no-mail-admin"]`).Length() != 0 {
			t.Errorf("%s: the buyer sees the administrators' hint", lang)
		}
	}
	admin, _ := a.login("admin@example.com", auth.Admin)
	d := doc(t, admin.get(form))
	if hint := d.Find(`[data-testid="rfq-no-mail-admin"]`).Text(); !strings.Contains(hint, "SMTP_URL") {
		t.Errorf("the administrator is not told which setting turns mail on: %q", hint)
	}
}
