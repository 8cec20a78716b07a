package web

import (
	"bytes"
	"errors"
	"mime"
	"net/http"
	"strconv"

	"github.com/a-h/templ"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/web/views"
)

// uploadProblem is why an upload was refused: a status and the refusal.
type uploadProblem struct {
	status int
	views.BenchRefusal
}

// uploadRefusalStatus is the status of each refusal of an upload.
var uploadRefusalStatus = map[string]int{
	"bench.error.no_file":   http.StatusBadRequest,
	"form.has_errors":       http.StatusUnprocessableEntity,
	"bench.error.empty":     http.StatusUnprocessableEntity,
	"bench.error.binary":    http.StatusUnsupportedMediaType,
	"bench.error.duplicate": http.StatusConflict,
}

// addUpload reads the upload's multipart body and hands it to the use
// case; a body it cannot read or a refusal is the problem to show.
func (s *Server) addUpload(w http.ResponseWriter, r *http.Request, quoteID int64) (evaluation.Added, evaluation.Upload, *uploadProblem, error) {
	up, err := readMultipart(w, r, maxBenchmark)
	switch {
	case errors.Is(err, errTooLarge):
		return evaluation.Added{}, up, &uploadProblem{http.StatusRequestEntityTooLarge, views.BenchRefusal{Key: "bench.error.too_large"}}, nil
	case err != nil:
		return evaluation.Added{}, up, &uploadProblem{http.StatusBadRequest, views.BenchRefusal{Key: "bench.error.bad_upload"}}, nil
	}
	added, refusal, err := s.eval.AddBenchmark(r.Context(), currentUser(r).Actor(), quoteID, up)
	if err != nil || refusal == nil {
		return added, up, nil, err
	}
	p := &uploadProblem{uploadRefusalStatus[refusal.Key], views.BenchRefusal{Key: refusal.Key, Fields: refusal.Fields}}
	if dup := refusal.Duplicate; dup != nil {
		z := i18n.From(r.Context())
		p.Data = map[string]any{"File": dup.FileName, "At": z.DateTime(dup.UploadedAt), "ID": dup.ID}
	}
	return added, up, p, nil
}

// renderBenchPage shows the benchmarks page, with a refused form's
// message and values when there is one.
func (s *Server) renderBenchPage(w http.ResponseWriter, r *http.Request, status int, edit func(*views.BenchView)) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	rd, err := s.eval.QuoteBench(r.Context(), id)
	if err != nil {
		return err
	}
	z := i18n.From(r.Context())
	sq := rd.Quote
	var body benchBody
	if edit == nil {
		body, err = s.keptBenchBody(r, rd)
		if err != nil {
			return err
		}
	} else {
		// A refused form's values and message: this request's own.
		m := benchView(z, sq, rd.Bench, currentUser(r).Role.Can(auth.UploadBenchmarks), true)
		views.BenchApplyEdit(&m, edit)
		body = benchBody{uploads: m.Uploads, html: views.BenchmarksBody(sq.ProviderName, m)}
	}
	p := s.page(r, z.T("bench.title", map[string]any{"Provider": sq.ProviderName}), "evaluations")
	if key := takeFlash(w, r); key != "" {
		p.Flash = z.T(key)
		if key == "flash.benchmark_uploaded" {
			p.Flash, p.FlashTone = views.BenchUploadFlash(z, body.uploads, r.URL.Query().Get("uploaded"), p.Flash)
		}
	}
	s.render(w, r, status, views.PageWith(p, body.html))
	return nil
}

// benchBody is the benchmarks page's body and the uploads it lists (which
// word the flash after an upload).
type benchBody struct {
	uploads []views.BenchUpload
	html    templ.Component
}

// keptBenchBody is the page's body for rd in the request's language and
// role: rendered once per quote, revision of its inputs and day, then
// kept, so that the page costs its reads of the quote and the revision.
func (s *Server) keptBenchBody(r *http.Request, rd *evaluation.BenchRead) (benchBody, error) {
	z := i18n.From(r.Context())
	role := currentUser(r).Role
	key := partKey{evaluation: rd.Quote.EvaluationID, revision: rd.Revision, day: rd.Day.Unix(),
		view: "bench\x00" + strconv.FormatInt(rd.Quote.ID, 10) + "\x00" + z.Lang + "\x00" + string(role)}
	kb, err := s.benchParts.getKey(key, func() (keptBench, error) {
		m := benchView(z, rd.Quote, rd.Bench, role.Can(auth.UploadBenchmarks), true)
		var buf bytes.Buffer
		err := views.BenchmarksBody(rd.Quote.ProviderName, m).Render(r.Context(), &buf)
		return keptBench{uploads: m.Uploads, html: buf.Bytes()}, err
	})
	if err != nil {
		return benchBody{}, err
	}
	return benchBody{uploads: kb.uploads, html: keptHTML(kb.html)}, nil
}

func (s *Server) showBenchmarks(w http.ResponseWriter, r *http.Request) error {
	return s.renderBenchPage(w, r, http.StatusOK, nil)
}

// uploadBenchmark stores a log from the browser form and returns to the
// page; a refusal re-renders the form with the reason.
func (s *Server) uploadBenchmark(w http.ResponseWriter, r *http.Request) error {
	sq, _, _, err := s.quoteParam(r)
	if err != nil {
		return err
	}
	z := i18n.From(r.Context())
	added, up, problem, err := s.addUpload(w, r, sq.ID)
	if err != nil {
		return err
	}
	if problem != nil {
		fields := up.Fields
		return s.renderBenchPage(w, r, problem.status, func(m *views.BenchView) {
			m.UploadError, m.UploadFields = problem.Message(z), fields
		})
	}
	// The use case kept the quote's figures and verdicts; the page the
	// uploader is sent to next is rendered now, in their language and
	// role, and kept: its first view reads it (issue 27).
	if rd, err := s.eval.QuoteBench(r.Context(), sq.ID); err == nil {
		_, _ = s.keptBenchBody(r, rd)
	}
	flash := "flash.benchmark_uploaded"
	if !added.Parsed {
		flash = "flash.benchmark_parse_failed"
	}
	// The page words the message from the upload's verdict (uploadFlash).
	return redirect(w, r, "/quotes/"+strconv.FormatInt(sq.ID, 10)+"/benchmarks?uploaded="+strconv.FormatInt(added.Benchmark.ID, 10), flash)
}

// downloadBenchmark returns a log exactly as uploaded, as an attachment
// that no browser renders or sniffs (U4).
func (s *Server) downloadBenchmark(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	b, content, err := s.eval.BenchmarkContent(r.Context(), id)
	if err != nil {
		return err
	}
	h := w.Header()
	h.Set("Content-Type", "text/plain; charset=utf-8")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "default-src 'none'; sandbox")
	disposition := mime.FormatMediaType("attachment", map[string]string{"filename": b.FileName})
	if disposition == "" {
		disposition = "attachment"
	}
	h.Set("Content-Disposition", disposition)
	h.Set("Content-Length", strconv.Itoa(len(content)))
	_, err = w.Write(content)
	return err
}

// busbwChart draws every all_reduce run of the quote's logs, bus bandwidth
// against message size, with the quoted class's expected range as a band.
func (s *Server) busbwChart(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	sq, uploads, err := s.eval.QuoteBenchmarks(r.Context(), id)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "image/svg+xml; charset=utf-8")
	_, err = w.Write(views.BenchBusbwChart(i18n.From(r.Context()), sq.Quote, uploads).SVG())
	return err
}
