package web

import (
	"errors"
	"mime"
	"net/http"
	"strconv"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/chart"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/verdict"
	"github.com/gpuquote/gpuquote/web/views"
)

// uploadProblem is why an upload was refused: a status, a message key with
// its data, and field errors (message keys) for metadata.
type uploadProblem struct {
	status int
	key    string
	data   map[string]any
	fields map[string]string
}

// prepareUpload checks a read upload and parses it. Refusals store
// nothing; a log that does not parse is kept with its error.
func prepareUpload(up upload, err error) (store.NewBenchmark, *uploadProblem) {
	switch {
	case errors.Is(err, errTooLarge):
		return store.NewBenchmark{}, &uploadProblem{status: http.StatusRequestEntityTooLarge, key: "bench.error.too_large"}
	case err != nil:
		return store.NewBenchmark{}, &uploadProblem{status: http.StatusBadRequest, key: "bench.error.bad_upload"}
	case up.Content == nil:
		return store.NewBenchmark{}, &uploadProblem{status: http.StatusBadRequest, key: "bench.error.no_file"}
	}
	kind, ok := parseKind(up.Fields["kind"])
	meta, fields := parseMeta(up.Fields)
	if !ok {
		fields["kind"] = "bench.error.kind"
	}
	if len(fields) > 0 {
		return store.NewBenchmark{}, &uploadProblem{status: http.StatusUnprocessableEntity, key: "form.has_errors", fields: fields}
	}
	switch err := checkTextFile(up.Content); {
	case errors.Is(err, errEmptyFile):
		return store.NewBenchmark{}, &uploadProblem{status: http.StatusUnprocessableEntity, key: "bench.error.empty"}
	case err != nil:
		return store.NewBenchmark{}, &uploadProblem{status: http.StatusUnsupportedMediaType, key: "bench.error.binary"}
	}
	nb := parseLog(kind, up.Content)
	nb.FileName, nb.Meta = cleanFileName(up.FileName), meta
	return nb, nil
}

// duplicateProblem reports a re-upload of a file the quote already has.
func duplicateProblem(z *i18n.Localizer, dup *store.DuplicateError) *uploadProblem {
	return &uploadProblem{status: http.StatusConflict, key: "bench.error.duplicate",
		data: map[string]any{"File": dup.Existing.FileName, "At": z.DateTime(dup.Existing.UploadedAt), "ID": dup.Existing.ID}}
}

func (p *uploadProblem) message(z *i18n.Localizer) string {
	msg := z.T(p.key, p.data)
	for _, k := range []string{"kind", "run_date", "region", "gpu_model", "image_version", "framework_version", "node_ids", "run"} {
		if key, ok := p.fields[k]; ok {
			msg += " " + z.T("bench.field."+k) + ": " + z.T(key)
		}
	}
	return msg
}

// saveUpload stores a prepared upload. The same bytes uploaded again with
// an explicit kind other than the stored one re-classify the stored upload
// (a misdetected file) instead of being refused as a duplicate; changed
// says so.
func (s *Server) saveUpload(r *http.Request, sq store.StoredQuote, b brief.Brief, nb store.NewBenchmark, up upload) (saved store.Benchmark, changed bool, problem *uploadProblem, err error) {
	saved, err = s.eval.UploadBenchmark(r.Context(), currentUser(r).Actor(), sq.ID, nb)
	var dup *store.DuplicateError
	if !errors.As(err, &dup) {
		return saved, false, nil, err
	}
	if kind, _ := parseKind(up.Fields["kind"]); kind != "" && string(kind) != dup.Existing.Kind && dup.Existing.Kind != store.KindEvidence {
		rp := store.Reparse{Kind: nb.Kind, Result: nb.Result, ParseError: nb.ParseError, ParseErrorLine: nb.ParseErrorLine}
		saved, err = s.eval.ReclassifyBenchmark(r.Context(), currentUser(r).Actor(), dup.Existing.ID, rp)
		return saved, true, nil, err
	}
	return saved, false, duplicateProblem(i18n.From(r.Context()), dup), nil
}

// renderBenchPage shows the benchmarks page, with a refused form's
// message and values when there is one.
func (s *Server) renderBenchPage(w http.ResponseWriter, r *http.Request, status int, edit func(*views.BenchView)) error {
	sq, e, b, err := s.quoteParam(r)
	if err != nil {
		return err
	}
	d, err := s.loadBench(r.Context(), sq, b.Data)
	if err != nil {
		return err
	}
	z := i18n.From(r.Context())
	m := benchView(z, sq, d, currentUser(r).Role.Can(auth.UploadBenchmarks), true)
	if edit != nil {
		edit(&m)
		for i := range m.Uploads {
			if m.Uploads[i].ID == m.ActionID {
				m.Uploads[i].ActionError = m.ActionError
			}
		}
	}
	p := s.page(r, z.T("bench.title", map[string]any{"Provider": sq.ProviderName}), "evaluations")
	if key := takeFlash(w, r); key != "" {
		p.Flash = z.T(key)
		if key == "flash.benchmark_uploaded" {
			p.Flash, p.FlashTone = uploadFlash(z, m.Uploads, r.URL.Query().Get("uploaded"), p.Flash)
		}
	}
	s.render(w, r, status, views.BenchmarksPage(p, sq.ProviderName, e.ID, m))
	return nil
}

func (s *Server) showBenchmarks(w http.ResponseWriter, r *http.Request) error {
	return s.renderBenchPage(w, r, http.StatusOK, nil)
}

// uploadBenchmark stores a log from the browser form and returns to the
// page; a refusal re-renders the form with the reason.
func (s *Server) uploadBenchmark(w http.ResponseWriter, r *http.Request) error {
	sq, _, b, err := s.quoteParam(r)
	if err != nil {
		return err
	}
	z := i18n.From(r.Context())
	up, err := readMultipart(w, r, maxBenchmark)
	nb, problem := prepareUpload(up, err)
	var saved store.Benchmark
	if problem == nil {
		if saved, _, problem, err = s.saveUpload(r, sq, b.Data, nb, up); err != nil {
			return err
		}
	}
	if problem != nil {
		fields := up.Fields
		return s.renderBenchPage(w, r, problem.status, func(m *views.BenchView) {
			m.UploadError, m.UploadFields = problem.message(z), fields
		})
	}
	flash := "flash.benchmark_uploaded"
	if nb.Result == nil {
		flash = "flash.benchmark_parse_failed"
	}
	// The page words the message from the upload's verdict (uploadFlash).
	return redirect(w, r, "/quotes/"+strconv.FormatInt(sq.ID, 10)+"/benchmarks?uploaded="+strconv.FormatInt(saved.ID, 10), flash)
}

// downloadBenchmark returns a log exactly as uploaded, as an attachment
// that no browser renders or sniffs (U4).
func (s *Server) downloadBenchmark(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	b, content, err := s.store.BenchmarkContent(r.Context(), id)
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
	sq, err := s.store.Quote(r.Context(), id)
	if err != nil {
		return err
	}
	uploads, err := s.store.ListBenchmarks(r.Context(), sq.ID)
	if err != nil {
		return err
	}
	z := i18n.From(r.Context())
	c := chart.Line{Title: z.T("bench.chart_title"), XLabel: z.T("bench.chart_x"), YLabel: z.T("bench.chart_y"),
		XScale: chart.Log2, Lang: z.Lang, NoData: z.T("bench.chart_none"), Desc: z.T("bench.chart_alt"),
		YFormat: func(v float64) string { return z.Decimal(trimDecimal(strconv.FormatFloat(v, 'f', 2, 64))) }}
	for _, u := range uploads {
		if u.Result == nil || u.Result.NCCL == nil || u.WithdrawnAt != nil {
			continue
		}
		for i, run := range u.Result.NCCL.Runs {
			if run.Collective != "all_reduce" || run.Failed {
				continue
			}
			series := chart.Series{Name: u.FileName}
			if len(u.Result.NCCL.Runs) > 1 {
				series.Name += " #" + strconv.Itoa(i+1)
			}
			for _, p := range run.Points {
				series.Points = append(series.Points, chart.Point{X: float64(p.Size), Y: p.BusBW})
			}
			if len(series.Points) > 0 {
				c.Series = append(c.Series, series)
			}
		}
	}
	if e, ok := verdict.QuoteExpectation(sq.Quote); ok && e.Lo > 0 {
		label := z.T("bench.chart_band", map[string]any{"Class": z.T("bench.class." + e.Class), "Lo": z.Int(int64(e.Lo)), "Hi": z.Int(int64(e.Hi))})
		c.Bands = []chart.Band{{Label: label, From: e.Lo, To: e.Hi}}
	}
	w.Header().Set("Content-Type", "image/svg+xml; charset=utf-8")
	_, err = w.Write(c.SVG())
	return err
}
