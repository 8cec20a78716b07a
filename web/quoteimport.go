package web

import (
	"bufio"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/web/views"
)

// maxCSV bounds a quote CSV upload; a thousand quotes take about 0.5 MB.
const maxCSV = 5 << 20

var errTooLarge = errors.New("upload too large")

// readUpload returns the body of a CSV upload: the multipart field "file",
// or the raw body for API clients that post text/csv. The body is capped
// before it is parsed.
func readUpload(w http.ResponseWriter, r *http.Request, limit int64) ([]byte, error) {
	b, _, err := readUploadFields(w, r, limit)
	return b, err
}

// readUploadFields is readUpload that also keeps the short text fields
// (such as the import mode) that come before the file in a multipart form.
func readUploadFields(w http.ResponseWriter, r *http.Request, limit int64) ([]byte, map[string]string, error) {
	fields := map[string]string{}
	r.Body = http.MaxBytesReader(w, r.Body, limit+64<<10)
	var src io.Reader = r.Body
	if strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/form-data") {
		mr, err := r.MultipartReader()
		if err != nil {
			return nil, nil, errBadRequest
		}
		for parts := 0; ; parts++ {
			part, err := mr.NextPart()
			if err != nil || parts > 20 {
				return nil, nil, errors.Join(errBadRequest, errNoFile)
			}
			if part.FormName() == "file" {
				src = part
				break
			}
			v, _ := io.ReadAll(io.LimitReader(part, 64))
			fields[part.FormName()] = string(v)
		}
	}
	b, err := io.ReadAll(io.LimitReader(src, limit+1))
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) || int64(len(b)) > limit {
		return nil, nil, errTooLarge
	}
	if err != nil {
		return nil, nil, errBadRequest
	}
	return b, fields, nil
}

var errNoFile = errors.New("no file")

func (s *Server) importForm(w http.ResponseWriter, r *http.Request) error {
	e, err := s.openEvaluation(r)
	if err != nil {
		return err
	}
	s.renderImport(w, r, http.StatusOK, views.ImportPage{EvaluationID: e.ID, EvaluationName: e.Name})
	return nil
}

func (s *Server) renderImport(w http.ResponseWriter, r *http.Request, status int, m views.ImportPage) {
	s.render(w, r, status, views.ImportQuotesPage(s.page(r, i18n.T(r.Context(), "import.title"), "evaluations"), m))
}

// previewImport parses the upload and shows every bad row, or the parsed
// quotes with their flags and what the import does with each (a new
// quote, a revision with its diff, or nothing); nothing is saved until
// the user confirms.
func (s *Server) previewImport(w http.ResponseWriter, r *http.Request) error {
	e, err := s.openEvaluation(r)
	if err != nil {
		return err
	}
	ctx, z := r.Context(), i18n.From(r.Context())
	m := views.ImportPage{EvaluationID: e.ID, EvaluationName: e.Name, Mode: string(quote.ImportRevise)}
	data, fields, err := readUploadFields(w, r, maxCSV)
	switch {
	case errors.Is(err, errTooLarge):
		m.Error = z.T("import.too_large")
		s.renderImport(w, r, http.StatusRequestEntityTooLarge, m)
		return nil
	case err != nil:
		m.Error = z.T("import.no_file")
		s.renderImport(w, r, http.StatusBadRequest, m)
		return nil
	}
	mode, ok := quote.ParseImportMode(fields["mode"])
	if !ok {
		return errBadRequest
	}
	m.Mode = string(mode)
	pv, err := s.eval.PreviewImportFile(ctx, e.ID, data, mode)
	var ie *quote.ImportError
	switch {
	case errors.Is(err, evaluation.ErrNoQuotes):
		m.Error = z.T("import.empty")
	case errors.As(err, &ie):
		m.RowErrors = views.QuoteRowErrors(ctx, err)
	case err != nil:
		return err
	case pv.Limit != nil:
		m.Error = views.QuoteLimitText(ctx, pv.Limit)
	default:
		m.CSV = string(data)
		views.ImportPreviewModel(z, &m, pv.Plan, pv.Rows, pv.Flags, s.eval.Now())
		s.renderImport(w, r, http.StatusOK, m)
		return nil
	}
	s.renderImport(w, r, http.StatusUnprocessableEntity, m)
	return nil
}

// confirmImport parses the previewed CSV again (the page carried it),
// plans it against the quotes held now and saves it in one transaction.
func (s *Server) confirmImport(w http.ResponseWriter, r *http.Request) error {
	e, err := s.openEvaluation(r)
	if err != nil {
		return err
	}
	r.Body = http.MaxBytesReader(w, r.Body, 2*maxCSV)
	if err := r.ParseForm(); err != nil {
		return errBadRequest
	}
	mode, ok := quote.ParseImportMode(r.PostForm.Get("mode"))
	if !ok {
		return errBadRequest
	}
	ctx := r.Context()
	m := views.ImportPage{EvaluationID: e.ID, EvaluationName: e.Name, Mode: string(mode)}
	qs, lines, err := evaluation.ReadImport([]byte(r.PostForm.Get("csv")))
	if err != nil {
		m.RowErrors = views.QuoteRowErrors(ctx, err)
		s.renderImport(w, r, http.StatusUnprocessableEntity, m)
		return nil
	}
	res, err := s.eval.ImportQuotes(ctx, currentUser(r), e.ID, qs, lines, mode)
	var ie *quote.ImportError
	switch {
	case errors.As(err, &ie):
		m.RowErrors = views.QuoteRowErrors(ctx, err)
	case errors.Is(err, evaluation.ErrConflict):
		m.Error = i18n.T(ctx, "import.changed_meanwhile")
	case views.QuoteLimitText(ctx, err) != "":
		m.Error = views.QuoteLimitText(ctx, err)
	case err != nil:
		return err
	default:
		flash := "flash.quotes_imported"
		if res.Plan.New == 0 && res.Plan.Revisions == 0 {
			flash = "flash.quotes_import_unchanged"
		}
		return redirect(w, r, "/evaluations/"+strconv.FormatInt(e.ID, 10)+"/quotes", flash)
	}
	s.renderImport(w, r, http.StatusUnprocessableEntity, m)
	return nil
}

// exportQuotes writes the evaluation's quotes in the CSV contract's form.
func (s *Server) exportQuotes(w http.ResponseWriter, r *http.Request) error {
	e, err := s.openEvaluation(r)
	if err != nil {
		return err
	}
	qs, err := s.eval.ExportQuotes(r.Context(), e.ID)
	if err != nil {
		return err
	}
	// Streamed: 10,000 quotes are some 5 MB of CSV, held by no buffer.
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="quotes-evaluation-`+strconv.FormatInt(e.ID, 10)+`.csv"`)
	bw := bufio.NewWriterSize(w, 64<<10)
	if err := quote.WriteCSV(bw, qs); err != nil {
		return err
	}
	return bw.Flush()
}
