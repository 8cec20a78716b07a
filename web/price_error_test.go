package web_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// A bad price file answered "market: price file not read, 1 problem(s)":
// the page says it in words, with each problem on its own line.
func TestPriceFileProblemsAreWorded(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	admin, _ := a.login("admin@example.com", auth.Admin)
	res := admin.uploadPrices([]byte("not,a,price,file\n1,2,3,4\n"), "Bad", true)
	wantStatus(t, res, http.StatusUnprocessableEntity)
	d := doc(t, res)
	msg := d.Find("#upload-error > p").Text()
	if msg != "The price file was not read: 1 problem to fix." {
		t.Errorf("upload error = %q", msg)
	}
	if line := d.Find("#upload-error li").First().Text(); !strings.HasPrefix(line, "Line 1: ") {
		t.Errorf("problem line = %q", line)
	}
}
