package web_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// An L40S nvidia-smi log against an H100 quote was greeted with a green
// "Log uploaded and judged", the fails 800 px below: the message carries
// the verdict and is not shown as a success.
func TestUploadMessageCarriesTheVerdict(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	q := benchQuote(t, a)
	eng, _ := a.login("eng@example.com", auth.Engineer)
	page := "/quotes/" + itoa(q.ID) + "/benchmarks"
	res := eng.postMultipart(page, nil, "smi.txt", sampleLog(t, "nvidia-smi/l40s-1gpu-table-580-with-process.txt"))
	wantStatus(t, res, http.StatusSeeOther)
	d := doc(t, eng.get(res.Header.Get("Location")))
	flash := d.Find("[data-testid=flash]")
	text := flash.Text()
	if !strings.HasPrefix(text, "Uploaded — fails:") || !strings.Contains(text, "L40S") {
		t.Errorf("flash = %q", text)
	}
	if strings.Contains(text, "1 GPUs") {
		t.Errorf("a count of one reads as plural: %q", text)
	}
	if !flash.HasClass("blocker") {
		t.Errorf("a failed run's message is not marked as a failure: class %q", flash.AttrOr("class", ""))
	}

	res = eng.postMultipart(page, nil, "smi2.txt", sampleLog(t, "nvidia-smi/h100-8gpu-table-550.txt"))
	wantStatus(t, res, http.StatusSeeOther)
	if text := doc(t, eng.get(res.Header.Get("Location"))).Find("[data-testid=flash]").Text(); strings.Contains(text, "fails") {
		t.Errorf("a matching log's message = %q", text)
	}
}
