package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
)

const samples = "../internal/benchlog/testdata/"

func sampleLog(t testing.TB, rel string) []byte {
	t.Helper()
	b, err := os.ReadFile(samples + rel)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// benchQuote adds an evaluation with one quote: two nodes of 8× H100 SXM
// on EFA, as the p5 sample was run.
// completeEFALog is the published p5 excerpt as the full run prints it:
// the excerpt lacks the NCCL INFO line that names the transport and the
// footer (the publisher cut both), without which the run is incomplete
// and verifies no fabric. The footer's average is the rows' own mean.
func completeEFALog(t testing.TB) []byte {
	t.Helper()
	log := sampleLog(t, "nccl/h100-p5-2node-efa-srun-label-prefix.txt")
	out := append([]byte("0: NCCL INFO NET/OFI Selected Provider is efa\n"), log...)
	return append(out, "0: # Out of bounds values : 0 OK\n0: # Avg bus bandwidth    : 124.536 \n"...)
}

func benchQuote(t testing.TB, a *app) store.StoredQuote {
	t.Helper()
	ctx := context.Background()
	owner := a.user("owner-"+strings.ReplaceAll(t.Name(), "/", "-")+"@example.com", auth.Procurement)
	ev, err := a.store.CreateEvaluation(ctx, owner.Actor(), "Trial")
	if err != nil {
		t.Fatal(err)
	}
	qs, err := quote.ReadCSV(strings.NewReader("provider,rental_model,currency,gpu_model,form_factor,gpu_memory_gb,gpus_per_node,nodes,intra_node_interconnect,inter_node_fabric\n" +
		"Example Hyperscaler,on_demand,USD,H100,sxm,80,8,2,nvswitch,efa\n"))
	if err != nil {
		t.Fatal(err)
	}
	q, err := a.store.CreateQuote(ctx, owner.Actor(), ev.ID, qs[0])
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// multipartBody builds a form with fields and one file.
func multipartBody(fields map[string]string, name string, content []byte) (*bytes.Buffer, string) {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for k, v := range fields {
		mw.WriteField(k, v)
	}
	if content != nil {
		fw, _ := mw.CreateFormFile("file", name)
		fw.Write(content)
	}
	mw.Close()
	return &body, mw.FormDataContentType()
}

func (c *client) postMultipart(path string, fields map[string]string, name string, content []byte) *http.Response {
	body, ct := multipartBody(fields, name, content)
	req, _ := http.NewRequest(http.MethodPost, c.base+path, body)
	req.Header.Set("Content-Type", ct)
	return c.do(req)
}

// apiUpload posts a log to the API with a token and decodes the answer.
func (a *app) apiUpload(tok string, quoteID int64, name string, content []byte, fields map[string]string) (*http.Response, map[string]any) {
	a.t.Helper()
	body, ct := multipartBody(fields, name, content)
	req, _ := http.NewRequest(http.MethodPost, a.srv.URL+"/api/v1/quotes/"+itoa(quoteID)+"/benchmarks", body)
	req.Header.Set("Authorization", "Bearer "+tok)
	req.Header.Set("Content-Type", ct)
	res, raw := a.send(req)
	var out map[string]any
	_ = json.Unmarshal(raw, &out)
	return res, out
}

func TestEngineerUploadsLogsAndSeesFiguresVerdictsAndSuite(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	q := benchQuote(t, a)
	eng, _ := a.login("eng@example.com", auth.Engineer)
	page := "/quotes/" + itoa(q.ID) + "/benchmarks"

	res := eng.postMultipart(page, map[string]string{"run_date": "2026-03-01", "region": "us-east-1", "node_ids": "p5-a, p5-b"},
		"nccl_p5.log", completeEFALog(t))
	wantStatus(t, res, http.StatusSeeOther)
	wantStatus(t, eng.postMultipart(page, nil, "smi.txt", sampleLog(t, "nvidia-smi/h100-8gpu-table-550.txt")), http.StatusSeeOther)

	d := doc(t, eng.get(page))
	rows := d.Find("[data-testid=bench-upload]")
	if rows.Length() != 2 {
		t.Fatalf("uploads = %d", rows.Length())
	}
	nccl, smi := rows.Eq(0), rows.Eq(1)
	if figs := nccl.Find("[data-testid=bench-figures]").Text(); !strings.Contains(figs, "487.26") || !strings.Contains(figs, "16 GiB") {
		t.Errorf("nccl figures = %q", figs)
	}
	if v := nccl.Find("[data-testid=bench-verdict]").Text(); !strings.Contains(v, "480–487") || !strings.Contains(v, "102 %") {
		t.Errorf("nccl verdict = %q", v)
	}
	if st, _ := nccl.Attr("data-status"); st != "pass" {
		t.Errorf("nccl status = %s", st)
	}
	if meta := nccl.Text(); !strings.Contains(meta, "us-east-1") || !strings.Contains(meta, "p5-a, p5-b") {
		t.Errorf("metadata not shown: %q", meta)
	}
	if figs := smi.Find("[data-testid=bench-figures]").Text(); !strings.Contains(figs, "8 × NVIDIA H100 80GB HBM3") || !strings.Contains(figs, "550.90.07") {
		t.Errorf("smi figures = %q", figs)
	}
	claims := map[string]string{}
	d.Find("[data-testid=claim-row]").Each(func(_ int, s *goquery.Selection) {
		term, _ := s.Attr("data-term")
		claims[term], _ = s.Attr("data-status")
	})
	// The p5 log names no hosts: its 16 ranks over the quoted 8 GPUs per
	// node are the quote's own arithmetic, not evidence of two nodes.
	if claims["GPU model"] != "verified" || claims["Fabric between nodes"] != "verified" || claims["Nodes"] != "unproven" {
		t.Errorf("claims = %v", claims)
	}
	for test, want := range map[string]string{"gpu_health": "passed", "nccl_allreduce": "passed", "storage_staging": "pending", "billing_export": "pending"} {
		if got, _ := d.Find("[data-testid=suite-" + test + "]").Attr("data-status"); got != want {
			t.Errorf("%s = %s, want %s", test, got, want)
		}
	}
	if p := d.Find("[data-testid=suite-progress]").Text(); p != "2/12 passed" {
		t.Errorf("progress = %q", p)
	}
	if d.Find("img[data-testid=busbw-chart]").Length() != 1 {
		t.Error("no chart")
	}

	// The quote page shows the same section; the list shows progress.
	qd := doc(t, eng.get("/quotes/"+itoa(q.ID)))
	if qd.Find("[data-testid=bench-upload]").Length() != 2 || qd.Find("[data-testid=bench-upload-form]").Length() != 0 {
		t.Error("quote page section")
	}
	if s := doc(t, eng.get("/evaluations/"+itoa(q.EvaluationID)+"/quotes")).Find("[data-testid=quote-suite]").Text(); s != "2/12 passed" {
		t.Errorf("list progress = %q", s)
	}

	svg := eng.get("/quotes/" + itoa(q.ID) + "/benchmarks/busbw.svg")
	wantStatus(t, svg, http.StatusOK)
	if ct := svg.Header.Get("Content-Type"); !strings.HasPrefix(ct, "image/svg+xml") {
		t.Errorf("chart type %q", ct)
	}
	if b := body(t, svg); !strings.Contains(b, "<polyline") || !strings.Contains(b, "nccl_p5.log") || !strings.Contains(b, "480–487") {
		t.Errorf("chart lacks the run or the band: %.300s", b)
	}

	entries, _ := a.store.ListAudit(context.Background(), store.AuditFilter{ObjectType: "benchmark"})
	autos, _ := a.store.ListAudit(context.Background(), store.AuditFilter{ObjectType: "acceptance"})
	if len(entries) != 2 || len(autos) != 2 || autos[0].Action != "acceptance.auto" {
		t.Errorf("audit: %d uploads, %d acceptance", len(entries), len(autos))
	}
}

func TestAPIUploadAnswersFiguresAndVerdicts(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	q := benchQuote(t, a)
	tok := a.token("eng@example.com", auth.Engineer)

	res, out := a.apiUpload(tok, q.ID, "p5.log", completeEFALog(t), map[string]string{"kind": "nccl"})
	wantStatus(t, res, http.StatusCreated)
	b := out["benchmark"].(map[string]any)
	run := b["figures"].(map[string]any)["nccl"].(map[string]any)["runs"].([]any)[0].(map[string]any)
	if run["peak_busbw_gbs"] != 487.26 || run["status"] != "ok" || b["verdict"].(map[string]any)["status"] != "pass" {
		t.Errorf("answer = %v", b)
	}
	if out["acceptance"].(map[string]any)["passed"] != float64(1) {
		t.Errorf("acceptance = %v", out["acceptance"])
	}

	res, out = a.apiUpload(tok, q.ID, "bad.log", sampleLog(t, "nccl/BAD-h100-2node-1gpu-nccl-failure-truncated-v2.17.6.txt"), nil)
	wantStatus(t, res, http.StatusCreated)
	b = out["benchmark"].(map[string]any)
	run = b["figures"].(map[string]any)["nccl"].(map[string]any)["runs"].([]any)[0].(map[string]any)
	if run["status"] != "failed" || run["failed"] != true || b["verdict"].(map[string]any)["status"] != "fail" {
		t.Errorf("failed run answer = %v", b)
	}

	res, out = a.apiUpload(tok, q.ID, "again.log", completeEFALog(t), nil)
	wantStatus(t, res, http.StatusConflict)
	if out["existing_id"] == nil || !strings.Contains(out["error"].(string), "p5.log") {
		t.Errorf("duplicate answer = %v", out)
	}
	if list, _ := a.store.ListBenchmarks(context.Background(), q.ID); len(list) != 2 {
		t.Errorf("%d rows after a duplicate", len(list))
	}

	res, out = a.apiUpload(tok, q.ID, "notes.txt", []byte("we ran the tests on Tuesday\n"), nil)
	wantStatus(t, res, http.StatusCreated)
	pe := out["benchmark"].(map[string]any)["parse_error"].(map[string]any)
	if pe["line"] != float64(1) || out["benchmark"].(map[string]any)["status"] != "parse_failed" {
		t.Errorf("parse failure = %v", out)
	}

	res, out = a.api(tok, "GET", "/api/v1/quotes/"+itoa(q.ID)+"/benchmarks", "")
	wantStatus(t, res, http.StatusOK)
	if len(out["benchmarks"].([]any)) != 3 || len(out["claims"].([]any)) == 0 {
		t.Errorf("list = %v", out)
	}
	// The failed run is an alltoall: it fails its own check, not the
	// all-reduce test the good all_reduce run passed.
	for _, tt := range out["acceptance"].(map[string]any)["tests"].([]any) {
		if m := tt.(map[string]any); m["test"] == "nccl_allreduce" && (m["status"] != "passed" || m["automatic"] != true) {
			t.Errorf("nccl_allreduce = %v", m)
		}
	}
}

func TestUploadsRefusedBeforeStoring(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	q := benchQuote(t, a)
	tok := a.token("eng@example.com", auth.Engineer)
	tests := []struct {
		name    string
		content []byte
		fields  map[string]string
		want    int
		says    string
	}{
		{"NUL bytes", make([]byte, 1000), nil, http.StatusUnsupportedMediaType, "binary"},
		{"PDF", []byte("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n"), nil, http.StatusUnsupportedMediaType, "binary"},
		{"empty", []byte("  \n"), nil, http.StatusUnprocessableEntity, "empty"},
		{"unknown kind", sampleLog(t, "nccl/h100-p5-2node-efa-srun-label-prefix.txt"), map[string]string{"kind": "ior"}, http.StatusUnprocessableEntity, "known format"},
		{"bad date", sampleLog(t, "nccl/h100-p5-2node-efa-srun-label-prefix.txt"), map[string]string{"run_date": "01/03/2026"}, http.StatusUnprocessableEntity, "YYYY-MM-DD"},
		{"no file", nil, map[string]string{"region": "x"}, http.StatusBadRequest, "Choose a log file"},
		{"too many parts", []byte("x"), manyFields(30), http.StatusBadRequest, "could not be read"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, out := a.apiUpload(tok, q.ID, "x.log", tt.content, tt.fields)
			wantStatus(t, res, tt.want)
			if msg, _ := out["error"].(string); !strings.Contains(msg, tt.says) {
				t.Errorf("message %q lacks %q", msg, tt.says)
			}
		})
	}
	if list, _ := a.store.ListBenchmarks(context.Background(), q.ID); len(list) != 0 {
		t.Errorf("refused uploads stored %d rows", len(list))
	}
}

func manyFields(n int) map[string]string {
	m := map[string]string{}
	for i := range n {
		m[fmt.Sprintf("f%d", i)] = "x"
	}
	return m
}

// repeat is an endless reader of one byte, so a huge body costs no memory.
type repeat byte

func (r repeat) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(r)
	}
	return len(p), nil
}

func TestUploadOver50MBIs413(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	q := benchQuote(t, a)
	tok := a.token("eng@example.com", auth.Engineer)
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	go func() {
		fw, _ := mw.CreateFormFile("file", "huge.log")
		_, err := io.Copy(fw, io.LimitReader(repeat('a'), 50<<20+1))
		if err == nil {
			err = mw.Close()
		}
		pw.CloseWithError(err)
	}()
	req, _ := http.NewRequest(http.MethodPost, a.srv.URL+"/api/v1/quotes/"+itoa(q.ID)+"/benchmarks", pr)
	req.Header.Set("Authorization", "Bearer "+tok)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out map[string]any
	_ = json.NewDecoder(res.Body).Decode(&out)
	pr.CloseWithError(io.ErrClosedPipe) // stop the writer if the server answered early
	if res.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(out["error"].(string), "50 MB") {
		t.Errorf("status %d, %v", res.StatusCode, out)
	}
}

func TestDownloadIsTheExactFileAsAnInertAttachment(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	q := benchQuote(t, a)
	tok := a.token("eng@example.com", auth.Engineer)
	content := []byte("<script>alert(1)</script>\n# nThread 1 nGpus 1\n")
	res, out := a.apiUpload(tok, q.ID, `..\..\évil "name".log`, content, nil)
	wantStatus(t, res, http.StatusCreated)
	b := out["benchmark"].(map[string]any)
	if b["file_name"] != `évil "name".log` {
		t.Errorf("file name = %q", b["file_name"])
	}
	reader, _ := a.login("reader@example.com", auth.Procurement)
	res = reader.get(b["download"].(string))
	wantStatus(t, res, http.StatusOK)
	h := res.Header
	want := map[string]string{"Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff",
		"Content-Security-Policy": "default-src 'none'; sandbox",
		"Content-Disposition":     `attachment; filename*=utf-8''%C3%A9vil%20%22name%22.log`}
	for k, v := range want {
		if h.Get(k) != v {
			t.Errorf("%s = %q, want %q", k, h.Get(k), v)
		}
	}
	if !bytes.Equal([]byte(body(t, res)), content) {
		t.Error("the download differs from the upload")
	}
	wantStatus(t, reader.get("/benchmarks/999999/download"), http.StatusNotFound)
}

func TestOnlyEngineersManagersAndAdminsUpload(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	q := benchQuote(t, a)
	log := sampleLog(t, "nvidia-smi/h100-8gpu-table-550.txt")
	buyer, _ := a.login("buyer@example.com", auth.Procurement)
	wantStatus(t, buyer.postMultipart("/quotes/"+itoa(q.ID)+"/benchmarks", nil, "smi.txt", log), http.StatusForbidden)
	res, _ := a.apiUpload(a.token("buyer-api@example.com", auth.Procurement), q.ID, "smi.txt", log, nil)
	wantStatus(t, res, http.StatusForbidden)
	if doc(t, buyer.get("/quotes/"+itoa(q.ID)+"/benchmarks")).Find("[data-testid=bench-upload-form]").Length() != 0 {
		t.Error("procurement sees the upload form")
	}
	for i, role := range []auth.Role{auth.Engineer, auth.Manager, auth.Admin} {
		c, _ := a.login(string(role)+"@example.com", role)
		wantStatus(t, c.postMultipart("/quotes/"+itoa(q.ID)+"/benchmarks", nil, "smi.txt", append(log, bytes.Repeat([]byte("\n"), i+1)...)), http.StatusSeeOther)
	}
}

func TestBrowserUploadErrorsAreShownOnThePage(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	q := benchQuote(t, a)
	eng, _ := a.login("eng@example.com", auth.Engineer)
	page := "/quotes/" + itoa(q.ID) + "/benchmarks"
	res := eng.postMultipart(page, map[string]string{"region": "eu-west"}, "core.bin", []byte{0x7f, 'E', 'L', 'F', 2, 1, 1, 0, 0, 0})
	wantStatus(t, res, http.StatusUnsupportedMediaType)
	d := doc(t, res)
	if msg := d.Find("[data-testid=bench-error]").Text(); !strings.Contains(msg, "not a text log") {
		t.Errorf("error = %q", msg)
	}
	if v, _ := d.Find("#bench-region").Attr("value"); v != "eu-west" {
		t.Errorf("metadata not kept: %q", v)
	}
	wantStatus(t, eng.postMultipart(page, nil, "notes.txt", []byte("hello\nworld\n")), http.StatusSeeOther)
	d = doc(t, eng.get(page))
	if e := d.Find("[data-testid=bench-parse-error]").Text(); !strings.Contains(e, "line 1") {
		t.Errorf("parse error = %q", e)
	}
	res = eng.postMultipart(page, nil, "notes2.txt", []byte("hello\nworld\n"))
	wantStatus(t, res, http.StatusConflict)
	if msg := doc(t, res).Find("[data-testid=bench-error]").Text(); !strings.Contains(msg, "already uploaded") {
		t.Errorf("duplicate = %q", msg)
	}
}

func TestRecordingAndWaivingAcceptanceTests(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	q := benchQuote(t, a)
	eng, _ := a.login("eng@example.com", auth.Engineer)
	path := "/quotes/" + itoa(q.ID) + "/acceptance"

	res := eng.post(path, url.Values{"test": {"security_review"}, "status": {"waived"}, "note": {"later"}})
	wantStatus(t, res, http.StatusUnprocessableEntity)
	d := doc(t, res)
	if msg := d.Find("[data-testid=acceptance-error]").Text(); !strings.Contains(msg, "waiver needs a reason") {
		t.Errorf("error = %q", msg)
	}
	if v := d.Find("#acc-note").Text(); v != "later" {
		t.Errorf("note not kept: %q", v)
	}
	wantStatus(t, eng.post(path, url.Values{"test": {"nope"}, "status": {"passed"}}), http.StatusUnprocessableEntity)

	res = eng.post(path, url.Values{"test": {"security_review"}, "status": {"waived"}, "waiver_reason": {"SOC 2 report covers it"}})
	wantStatus(t, res, http.StatusSeeOther)
	res = eng.postMultipart(path, map[string]string{"test": "billing_export", "status": "passed", "note": "tags per job"},
		"usage.csv", []byte("team,job,gpu_hours\nml,ft-1,12\n"))
	wantStatus(t, res, http.StatusSeeOther)

	d = doc(t, eng.get("/quotes/"+itoa(q.ID)+"/benchmarks"))
	if st, _ := d.Find("[data-testid=suite-security_review]").Attr("data-status"); st != "waived" {
		t.Errorf("security_review = %s", st)
	}
	if w := d.Find("[data-testid=suite-security_review] [data-testid=waiver]").Text(); !strings.Contains(w, "SOC 2") {
		t.Errorf("waiver = %q", w)
	}
	if ev := d.Find("[data-testid=suite-billing_export] a").Text(); ev != "usage.csv" {
		t.Errorf("evidence = %q", ev)
	}
	if p := d.Find("[data-testid=suite-progress]").Text(); p != "1/12 passed, 1 waived" {
		t.Errorf("progress = %q", p)
	}
	entries, _ := a.store.ListAudit(context.Background(), store.AuditFilter{ObjectType: "acceptance"})
	if len(entries) != 2 || entries[1].Action != "acceptance.waive" {
		t.Errorf("audit = %+v", entries)
	}

	tok := a.token("eng-api@example.com", auth.Engineer)
	res, out := a.api(tok, "POST", "/api/v1/quotes/"+itoa(q.ID)+"/acceptance", `{"test":"failure_drill","status":"waived"}`)
	wantStatus(t, res, http.StatusUnprocessableEntity)
	if f, _ := out["fields"].(map[string]any); f["waiver_reason"] == nil {
		t.Errorf("API error = %v", out)
	}
	res, out = a.api(tok, "POST", "/api/v1/quotes/"+itoa(q.ID)+"/acceptance", `{"test":"failure_drill","status":"failed","note":"billing ran on"}`)
	wantStatus(t, res, http.StatusCreated)
	if out["status"] != "failed" || out["automatic"] != false {
		t.Errorf("API record = %v", out)
	}
	buyer := a.token("buyer@example.com", auth.Procurement)
	res, _ = a.api(buyer, "POST", "/api/v1/quotes/"+itoa(q.ID)+"/acceptance", `{"test":"failure_drill","status":"passed"}`)
	wantStatus(t, res, http.StatusForbidden)
}

// debugLog is a 5 MB nccl-tests log as NCCL_DEBUG=INFO leaves it: mostly
// INFO lines, then the table of one all_reduce run.
func debugLog(tb testing.TB, size int) []byte {
	run := sampleLog(tb, "nccl/h100-2node-16gpu-nebius-ib-hash-stripped.txt")
	var b bytes.Buffer
	b.Grow(size + len(run))
	for i := 0; b.Len() < size-len(run); i++ {
		fmt.Fprintf(&b, "worker-%d:%d:%d [%d] NCCL INFO Channel %02d/0 : %d[%d] -> %d[%d] [send] via NET/IB/%d/GDRDMA\n",
			i%2, 4100+i%16, 4200+i, i%8, i%32, i%16, i%8, (i+1)%16, (i+1)%8, i%8)
	}
	b.Write(run)
	return b.Bytes()
}

// BenchmarkUpload5MB posts a 5 MB nccl-tests log through the API: body
// read, content check, parse, one transaction (content, result, audit,
// automatic acceptance), verdict and JSON answer.
//
//	go test -run '^$' -bench Upload5MB -benchtime 20x ./web/
func BenchmarkUpload5MB(b *testing.B) {
	a := newBenchApp(b)
	q := benchQuote(b, a)
	tok := a.token("bench@example.com", auth.Engineer)
	log := debugLog(b, 5<<20)
	b.SetBytes(int64(len(log)))
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		i++
		// A distinct first line per upload: the same bytes twice are a 409.
		content := append([]byte(fmt.Sprintf("# upload %d\n", i)), log...)
		res, out := a.apiUpload(tok, q.ID, "debug.log", content, nil)
		if res.StatusCode != http.StatusCreated {
			b.Fatalf("upload: %d %v", res.StatusCode, out["error"])
		}
	}
}

// TestEveryFindingIsWordedInEveryLanguage uploads one log of every kind,
// against a brief that lets storage be judged, and reads the page in each
// language: no message key may show through.
func TestEveryFindingIsWordedInEveryLanguage(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	q := benchQuote(t, a)
	ctx := context.Background()
	b, err := a.store.Brief(ctx, q.EvaluationID)
	if err != nil {
		t.Fatal(err)
	}
	data := brief.Brief{"dataset_tb": "20", "staging_window_hours": "2", "checkpoint_gb": "400", "checkpoint_interval_min": "30", "allowed_idle_pct": "5",
		"quantization": "needs CUDA 12.2"}
	if _, err := a.store.SaveBrief(ctx, a.user("writer@example.com", auth.Procurement).Actor(), q.EvaluationID, b.Version, data); err != nil {
		t.Fatal(err)
	}
	tok := a.token("eng@example.com", auth.Engineer)
	for _, rel := range []string{"nccl/h100-sxm-1node-8gpu-5coll-v2.17.8.txt", "nccl/BAD-h100-2node-1gpu-nccl-failure-truncated-v2.17.6.txt",
		"nccl/h100-p5-2node-efa-srun-label-prefix.txt", "nccl/POOR-t4-2node-efa-ncclinfo-interleaved.txt", "nccl/h100-2node-16gpu-nebius-ib-hash-stripped.txt",
		"nvidia-smi/h100-8gpu-table-550.txt", "nvidia-smi/query-gpu-csv-power-draw.txt", "nvidia-smi/l40s-1gpu-table-580-with-process.txt",
		"topo/h100-8gpu-nv18-no-nics.txt", "fio/json-fio-2.17-gce-pd-randread.json.txt", "fio/text-fio-3.28-nvme-raid0-seqread-1m-qd32.txt"} {
		if res, out := a.apiUpload(tok, q.ID, rel, sampleLog(t, rel), nil); res.StatusCode != http.StatusCreated {
			t.Fatalf("%s: %d %v", rel, res.StatusCode, out)
		}
	}
	a.apiUpload(tok, q.ID, "notes.txt", []byte("nothing to see\n"), nil)
	a.api(tok, "POST", "/api/v1/quotes/"+itoa(q.ID)+"/acceptance", `{"test":"security_review","status":"waived","waiver_reason":"r"}`)
	c, _ := a.login("reader@example.com", auth.Manager)
	base, _ := url.Parse(a.srv.URL)
	for _, lang := range []string{"en", "ru", "zh", "vi"} {
		c.http.Jar.SetCookies(base, []*http.Cookie{{Name: "lang", Value: lang, Path: "/"}})
		for _, path := range []string{"/quotes/" + itoa(q.ID) + "/benchmarks", "/quotes/" + itoa(q.ID) + "/benchmarks/busbw.svg"} {
			res := c.get(path)
			wantStatus(t, res, http.StatusOK)
			if lang == "ru" && strings.HasSuffix(path, "benchmarks") && !strings.Contains(body(t, res), "Приёмочные тесты") {
				t.Errorf("the page is not in Russian")
			}
			if b := body(t, res); strings.Contains(b, "bench.") {
				i := strings.Index(b, "bench.")
				t.Errorf("%s %s shows a key: %q", lang, path, b[max(0, i-80):min(len(b), i+80)])
			}
		}
	}
}

// The automatic acceptance outcomes follow the brief and the quote: a
// staging test passed against one brief fails once the brief asks for a
// window the upload cannot meet, and passes again when it is restored.
func TestAutomaticAcceptanceFollowsTheBrief(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	q := benchQuote(t, a)
	ctx := context.Background()
	writer := a.user("writer@example.com", auth.Procurement).Actor()
	setBrief := func(window string) {
		t.Helper()
		b, err := a.store.Brief(ctx, q.EvaluationID)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := evaluation.New(a.store).SaveBrief(ctx, writer, q.EvaluationID, b.Version, brief.Brief{"dataset_tb": "20", "staging_window_hours": window}); err != nil {
			t.Fatal(err)
		}
	}
	staging := func() string {
		t.Helper()
		h, err := a.store.AcceptanceHistory(ctx, q.ID)
		if err != nil {
			t.Fatal(err)
		}
		return store.CurrentAcceptance(h)["storage_staging"].Status
	}
	setBrief("2")
	tok := a.token("eng@example.com", auth.Engineer)
	rel := "fio/text-fio-3.28-nvme-raid0-seqread-1m-qd32.txt" // 12.8 GiB/s: 20 TB in about 26 minutes
	if res, out := a.apiUpload(tok, q.ID, rel, sampleLog(t, rel), nil); res.StatusCode != http.StatusCreated {
		t.Fatalf("%d %v", res.StatusCode, out)
	}
	if st := staging(); st != store.AcceptancePassed {
		t.Fatalf("staging %q after the upload, want passed", st)
	}
	setBrief("0.1") // six minutes
	if st := staging(); st != store.AcceptanceFailed {
		t.Errorf("staging %q after the brief asked for six minutes, want failed", st)
	}
	setBrief("2")
	if st := staging(); st != store.AcceptancePassed {
		t.Errorf("staging %q after the brief was restored, want passed", st)
	}
}

// ... and the quote's terms: GPU health passed on an 8-GPU table fails
// once the quote is revised to 16 GPUs per node.
func TestAutomaticAcceptanceFollowsTheQuote(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	q := benchQuote(t, a)
	ctx := context.Background()
	tok := a.token("eng@example.com", auth.Engineer)
	rel := "nvidia-smi/h100-8gpu-table-550.txt"
	if res, out := a.apiUpload(tok, q.ID, rel, sampleLog(t, rel), nil); res.StatusCode != http.StatusCreated {
		t.Fatalf("%d %v", res.StatusCode, out)
	}
	health := func() string {
		t.Helper()
		h, err := a.store.AcceptanceHistory(ctx, q.ID)
		if err != nil {
			t.Fatal(err)
		}
		return store.CurrentAcceptance(h)["gpu_health"].Status
	}
	if st := health(); st != store.AcceptancePassed {
		t.Fatalf("GPU health %q after the upload, want passed", st)
	}
	revised := q.Quote
	c, _ := quote.ColumnByName("gpus_per_node")
	if err := c.Parse(&revised, "16"); err != nil {
		t.Fatal(err)
	}
	if _, err := evaluation.New(a.store).ReviseQuote(ctx, a.user("editor@example.com", auth.Procurement), q.ID, q.Version, revised); err != nil {
		t.Fatal(err)
	}
	if st := health(); st != store.AcceptanceFailed {
		t.Errorf("GPU health %q after the quote became 16 GPUs per node, want failed", st)
	}
}
