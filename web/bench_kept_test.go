package web_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/store"
)

// The upload judges the quote's logs and renders the benchmarks page the
// uploader is sent to: the first view after it reads neither the uploads
// nor the acceptance history again, and shows the new upload with its
// verdict and the flash; a second language and another upload are read
// afresh (issue 27).
func TestBenchmarksFirstViewReadsWhatTheUploadKept(t *testing.T) {
	t.Parallel()
	a, trace := newTracedApp(t)
	q := benchQuote(t, a)
	eng, _ := a.login("kept-eng@example.com", auth.Engineer)
	page := "/quotes/" + itoa(q.ID) + "/benchmarks"
	reads := func(sqls []string) (n int) {
		for _, s := range sqls {
			if strings.Contains(s, "FROM benchmark_uploads b") || strings.Contains(s, "FROM acceptance_results") {
				n++
			}
		}
		return n
	}
	for i, log := range [][]byte{completeEFALog(t), sampleLog(t, "nvidia-smi/h100-8gpu-table-550.txt")} {
		res := eng.postMultipart(page, nil, "log.txt", log)
		wantStatus(t, res, http.StatusSeeOther)
		trace.reset()
		res = eng.get(res.Header.Get("Location"))
		wantStatus(t, res, http.StatusOK)
		if n := reads(trace.reset()); n != 0 {
			t.Errorf("upload %d: the first view read the uploads or the history %d times again", i+1, n)
		}
		d := doc(t, res)
		if got := d.Find("[data-testid=bench-upload]").Length(); got != i+1 {
			t.Errorf("upload %d: the first view lists %d uploads", i+1, got)
		}
		if d.Find(".flash").Length() == 0 && d.Find("[role=status]").Length() == 0 {
			t.Errorf("upload %d: no flash after the upload", i+1)
		}
	}
	// Another language is rendered from the kept read.
	english := doc(t, eng.get(page)).Find("[data-testid=bench-title]").Text()
	req, _ := http.NewRequest(http.MethodGet, eng.base+page, nil)
	req.AddCookie(&http.Cookie{Name: "lang", Value: "ru"})
	trace.reset()
	res := eng.do(req)
	wantStatus(t, res, http.StatusOK)
	if n := reads(trace.reset()); n != 0 {
		t.Errorf("the page in Russian read the uploads again %d times", n)
	}
	if h := doc(t, res).Find("[data-testid=bench-title]").Text(); h == english || h == "" {
		t.Errorf("the Russian page's title is %q (English %q)", h, english)
	}
	// A change from elsewhere (an API upload) is read afresh.
	tok := a.token("kept-api@example.com", auth.Engineer)
	r, _ := a.apiUpload(tok, q.ID, "topo.txt", sampleLog(t, "topo/h100-8gpu-nv18-no-nics.txt"), nil)
	wantStatus(t, r, http.StatusCreated)
	if got := doc(t, eng.get(page)).Find("[data-testid=bench-upload]").Length(); got != 3 {
		t.Errorf("after an API upload the page lists %d uploads, want 3", got)
	}
}

// A deleted quote's kept benchmarks page is not served: the deletion
// moves its evaluation's revision, and the page is 404.
func TestBenchmarksPageOfADeletedQuoteIs404(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	q := benchQuote(t, a)
	eng, _ := a.login("deleted-eng@example.com", auth.Engineer)
	page := "/quotes/" + itoa(q.ID) + "/benchmarks"
	wantStatus(t, eng.postMultipart(page, nil, "log.txt", completeEFALog(t)), http.StatusSeeOther)
	wantStatus(t, eng.get(page), http.StatusOK)
	admin := a.user("deleted-admin@example.com", auth.Admin)
	if err := a.store.DeleteQuote(context.Background(), admin.Actor(), q.ID, func(store.QuoteStanding) error { return nil }); err != nil {
		t.Fatal(err)
	}
	wantStatus(t, eng.get(page), http.StatusNotFound)
}
