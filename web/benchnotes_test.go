package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/benchlog"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/store"
)

// A parser note reaches a Russian reader in Russian, and the API carries
// its key and the parser's English text beside the English list.
func TestParserNotesTranslated(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	q, b := uploadCutOffLog(t, a)
	details, _ := b["note_details"].([]any)
	if len(details) == 0 {
		t.Fatalf("no note_details in %v", b)
	}
	first := details[0].(map[string]any)
	if first["key"] != benchlog.NoteNoFooter || !strings.HasPrefix(first["text"].(string), "no footer") || first["run"] != float64(1) {
		t.Errorf("note_details[0] = %v", first)
	}
	ru, _ := a.login("ru@example.com", auth.Engineer)
	wantStatus(t, ru.post("/language", url.Values{"lang": {"ru"}}), http.StatusSeeOther)
	notes := doc(t, ru.get("/quotes/"+itoa(q.ID)+"/benchmarks")).Find("[data-testid=bench-notes]").Text()
	if !strings.Contains(notes, "Запуск 1: нет итоговых строк") || strings.Contains(notes, "no footer") {
		t.Errorf("Russian notes on the page = %q", notes)
	}
}

// Every note a parser can write has a text in every language.
func TestParserNoteKeysInCatalog(t *testing.T) {
	for _, lang := range []string{"en", "ru", "zh", "vi"} {
		z := i18n.New(lang)
		for _, key := range append(benchlog.NoteKeys(), "bench.parser_note.in_run") {
			if z.T(key) == key {
				t.Errorf("%s lacks %s", lang, key)
			}
		}
	}
}

// uploadCutOffLog uploads, through the API, an nccl-tests log cut off
// before its footer (the parser notes it) and returns its quote and the
// answer's benchmark.
func uploadCutOffLog(t *testing.T, a *app) (store.StoredQuote, map[string]any) {
	t.Helper()
	q := benchQuote(t, a)
	tok := a.token("eng@example.com", auth.Engineer)
	_, out := a.apiUpload(tok, q.ID, "p5.log", sampleLog(t, "nccl/h100-p5-2node-efa-srun-label-prefix.txt"), nil)
	return q, out["benchmark"].(map[string]any)
}
