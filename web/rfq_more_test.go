package web_test

import (
	"bytes"
	"context"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/web"
)

func upload(t *testing.T, a *app, token, name string, data []byte) *http.Response {
	t.Helper()
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	fw, _ := mw.CreateFormFile("file", name)
	fw.Write(data)
	mw.Close()
	res, _ := a.api(token, http.MethodPost, "/api/v1/vendor/documents", b.String(), "Content-Type", mw.FormDataContentType())
	return res
}

func TestDocumentsAreSealedAndServedSafely(t *testing.T) {
	t.Parallel()
	clk := &testClock{t: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)}
	rd := openRound(t, clk)
	a := rd.a
	wantStatus(t, upload(t, a, rd.tokens[0], "prices.exe", []byte("MZ\x90\x00")), http.StatusUnprocessableEntity)
	wantStatus(t, upload(t, a, rd.tokens[0], "fake.pdf", []byte("<html><script>alert(1)</script>")), http.StatusUnprocessableEntity)
	wantStatus(t, upload(t, a, rd.tokens[0], "big.txt", bytes.Repeat([]byte("a"), 10<<20+1)), http.StatusUnprocessableEntity)
	wantStatus(t, upload(t, a, rd.tokens[0], "prices.pdf", []byte("%PDF-1.7\n% sheet\n")), http.StatusCreated)
	buyer, _ := a.login("p@example.com", auth.Procurement)
	_, out := a.api(rd.buyer, http.MethodGet, "/api/v1/rfqs/"+rd.rfqID, "")
	docs := out["rfq"].(map[string]any)["documents"].([]any)
	docID := num(docs[0].(map[string]any)["id"])
	wantStatus(t, buyer.get("/rfq-documents/"+docID), http.StatusForbidden) // sealed
	// Only the files of a submitted answer are opened with the round.
	res, _ := rd.vendor(0, http.MethodPut, "/api/v1/vendor/quote", vendorCSV(t, "2.40"), "Content-Type", "text/csv")
	wantStatus(t, res, http.StatusOK)
	res, _ = rd.vendor(0, http.MethodPost, "/api/v1/vendor/quote/submit", `{}`)
	wantStatus(t, res, http.StatusCreated)
	clk.add(49 * time.Hour)
	buyer, _ = a.login("p2@example.com", auth.Procurement)
	res = buyer.get("/rfq-documents/" + docID)
	wantStatus(t, res, http.StatusOK)
	if res.Header.Get("Content-Type") != "application/pdf" || !strings.HasPrefix(res.Header.Get("Content-Disposition"), "attachment;") ||
		!strings.Contains(res.Header.Get("Content-Security-Policy"), "sandbox") || res.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("headers: %v", res.Header)
	}
}

func TestInvitationsQueueMailInTheVendorsLanguage(t *testing.T) {
	t.Parallel()
	clk := &testClock{t: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)}
	rd := openRound(t, clk, func(c *web.Config) { c.MailEnabled, c.PublicURL = true, "https://gq.example/" })
	ms, err := rd.a.store.ClaimMail(context.Background(), 10, time.Minute)
	if err != nil || len(ms) != 2 {
		t.Fatalf("outbox: %v %v", ms, err)
	}
	if !strings.Contains(ms[0].Body, "https://gq.example/v/"+rd.tokens[0]) || !strings.Contains(ms[0].Subject, "Request for quotes") {
		t.Errorf("English invitation: %q %q", ms[0].Subject, ms[0].Body)
	}
	if !strings.Contains(ms[1].Subject, "Запрос предложений") || !strings.Contains(ms[1].Body, rd.tokens[1]) {
		t.Errorf("Russian invitation: %q", ms[1].Subject)
	}
	_, out := rd.a.api(rd.buyer, http.MethodGet, "/api/v1/rfqs/"+rd.rfqID, "")
	inv := out["rfq"].(map[string]any)["invitations"].([]any)[0].(map[string]any)
	if inv["mail"].(map[string]any)["status"] != "pending" || inv["token"] != nil || inv["link"] != nil {
		t.Errorf("invitation after creation: %v (the token is shown only once)", inv)
	}
}

func TestBestAndFinalRoundRevisesTheShortlistedQuote(t *testing.T) {
	t.Parallel()
	clk := &testClock{t: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)}
	rd := openRound(t, clk)
	a := rd.a
	wantStatus(t, mustPut(t, rd, 0, "2.40"), http.StatusOK)
	res, _ := rd.vendor(0, http.MethodPost, "/api/v1/vendor/quote/submit", `{}`)
	wantStatus(t, res, http.StatusCreated)
	// A round cannot be reopened while it is sealed.
	res, _ = a.api(rd.buyer, http.MethodPost, "/api/v1/rfqs/"+rd.rfqID+"/rounds", `{"deadline":"2026-12-10T10:00:00Z","quote_ids":[1]}`)
	wantStatus(t, res, http.StatusConflict)
	clk.add(49 * time.Hour)
	_, out := a.api(rd.buyer, http.MethodGet, "/api/v1/evaluations/"+rd.evalID+"/quotes", "")
	qid := num(out["quotes"].([]any)[0].(map[string]any)["id"])
	res, _ = a.api(rd.buyer, http.MethodPost, "/api/v1/rfqs/"+rd.rfqID+"/rounds", `{"deadline":"2026-12-10T10:00:00Z","quote_ids":[`+qid+`]}`)
	wantStatus(t, res, http.StatusUnprocessableEntity) // not shortlisted
	id, _ := strconv.ParseInt(qid, 10, 64)
	if err := a.store.SetShortlisted(context.Background(), audit.Actor{ID: 1, Email: "buyer@example.com"}, id, true); err != nil {
		t.Fatal(err)
	}
	res, out = a.api(rd.buyer, http.MethodPost, "/api/v1/rfqs/"+rd.rfqID+"/rounds", `{"deadline":"2026-12-10T10:00:00Z","quote_ids":[`+qid+`]}`)
	wantStatus(t, res, http.StatusCreated)
	invs := out["invitations"].([]any)
	if len(invs) != 1 || invs[0].(map[string]any)["company"] != "Alpha GPU" {
		t.Fatalf("round 2 invitations: %v", invs)
	}
	rd.tokens = []string{invs[0].(map[string]any)["token"].(string)}
	round2 := num(out["rfq"].(map[string]any)["id"])
	// The vendor starts from its first offer and lowers the price.
	_, out = rd.vendor(0, http.MethodGet, "/api/v1/vendor/rfq", "")
	if v := out["draft"].(map[string]any)["terms"].(map[string]any)["price_per_gpu_hour"].(map[string]any)["value"]; v != "2.4" {
		t.Errorf("round 2 starts from %v, want the first offer", v)
	}
	wantStatus(t, mustPut(t, rd, 0, "2.10"), http.StatusOK)
	res, _ = rd.vendor(0, http.MethodPost, "/api/v1/vendor/quote/submit", `{}`)
	wantStatus(t, res, http.StatusCreated)
	clk.add(8 * 24 * time.Hour)
	res, _ = a.api(rd.buyer, http.MethodGet, "/api/v1/rfqs/"+round2, "")
	wantStatus(t, res, http.StatusOK)
	revs, err := a.store.Revisions(context.Background(), id)
	if err != nil || len(revs) != 2 {
		t.Fatalf("revisions of the quote: %d %v", len(revs), err)
	}
	buyer, _ := a.login("p3@example.com", auth.Procurement)
	page := body(t, buyer.get("/quotes/"+qid))
	if !strings.Contains(page, "round 2: submitted by Alpha GPU") {
		t.Errorf("the quote page does not say where the revision came from")
	}
	if !strings.Contains(page, "2.1") || !strings.Contains(page, "2.4") {
		t.Errorf("the quote page does not show the diff against the first offer")
	}
}

func mustPut(t *testing.T, rd *round, i int, price string) *http.Response {
	t.Helper()
	res, _ := rd.vendor(i, http.MethodPut, "/api/v1/vendor/quote", vendorCSV(t, price), "Content-Type", "text/csv")
	return res
}
