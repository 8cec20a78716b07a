package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/i18n"
)

// The award words (the panel, the plan, the approvers, the home's
// approval state, the memo and the admin settings) in every language:
// no raw key, no internal name, numbers and plurals as the locale writes
// them.
func TestAwardWordsInEveryLanguage(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id, path := recordTwoStepAward(t, a, `{"above":"1","approvers":2,"order":"in_order","roles":["manager","finance"]}`)
	mgr := a.token("approver@example.com", auth.Manager)
	res, _ := a.api(mgr, "POST", path, `{"reason":"fits the budget"}`)
	wantStatus(t, res, http.StatusAccepted)
	stems := keyStems(t)
	c, _ := a.login("words-fin@example.com", auth.Finance)
	admin, _ := a.login("words-admin@example.com", auth.Admin)
	for _, lang := range i18n.Languages {
		for _, p := range []struct {
			c    *client
			path string
		}{{c, "/evaluations/" + id + "/decision"}, {c, "/evaluations/" + id}, {c, "/evaluations/" + id + "/decision/memo"}, {admin, "/admin/reference"}} {
			wantStatus(t, p.c.post("/language", url.Values{"lang": {lang}}), http.StatusSeeOther)
			text := readerText(doc(t, p.c.get(p.path)))
			problems := append(wordProblems(text, stems), numberProblems(lang, text)...)
			if len(problems) > 0 {
				t.Errorf("%s %s: %s", lang, p.path, strings.Join(problems, "; "))
			}
		}
	}
}
