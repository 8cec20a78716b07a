package web

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"

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
	r.Body = http.MaxBytesReader(w, r.Body, limit+64<<10)
	var src io.Reader = r.Body
	if strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/form-data") {
		mr, err := r.MultipartReader()
		if err != nil {
			return nil, errBadRequest
		}
		for parts := 0; ; parts++ {
			part, err := mr.NextPart()
			if err != nil || parts > 20 {
				return nil, errors.Join(errBadRequest, errNoFile)
			}
			if part.FormName() == "file" {
				src = part
				break
			}
		}
	}
	b, err := io.ReadAll(io.LimitReader(src, limit+1))
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) || int64(len(b)) > limit {
		return nil, errTooLarge
	}
	if err != nil {
		return nil, errBadRequest
	}
	return b, nil
}

var errNoFile = errors.New("no file")

func (s *Server) importForm(w http.ResponseWriter, r *http.Request) error {
	e, err := s.openEvaluation(r)
	if err != nil {
		return err
	}
	z := i18n.From(r.Context())
	s.render(w, r, http.StatusOK, views.ImportQuotesPage(s.page(r, z.T("import.title"), "evaluations"),
		views.ImportPage{EvaluationID: e.ID, EvaluationName: e.Name}))
	return nil
}

// rowErrors translates a codec import error for the page.
func rowErrors(r *http.Request, err error) []views.ImportRowError {
	var ie *quote.ImportError
	if !errors.As(err, &ie) {
		return []views.ImportRowError{{Reason: i18n.T(r.Context(), "error.bad_request")}}
	}
	out := make([]views.ImportRowError, 0, len(ie.Errors))
	for _, re := range ie.Errors {
		out = append(out, views.ImportRowError{Line: re.Line, Column: re.Column, Reason: reasonText(r.Context(), re.Column, re.Reason)})
	}
	return out
}

// previewImport parses the upload and shows every bad row, or the parsed
// quotes with their flags; nothing is saved until the user confirms.
func (s *Server) previewImport(w http.ResponseWriter, r *http.Request) error {
	e, b, err := s.evaluationAndBrief(r)
	if err != nil {
		return err
	}
	z := i18n.From(r.Context())
	m := views.ImportPage{EvaluationID: e.ID, EvaluationName: e.Name}
	page := s.page(r, z.T("import.title"), "evaluations")
	data, err := readUpload(w, r, maxCSV)
	switch {
	case errors.Is(err, errTooLarge):
		m.Error = z.T("import.too_large")
		s.render(w, r, http.StatusRequestEntityTooLarge, views.ImportQuotesPage(page, m))
		return nil
	case err != nil:
		m.Error = z.T("import.no_file")
		s.render(w, r, http.StatusBadRequest, views.ImportQuotesPage(page, m))
		return nil
	}
	qs, err := quote.ReadCSV(bytes.NewReader(data))
	if err == nil && len(qs) == 0 {
		m.Error = z.T("import.empty")
		s.render(w, r, http.StatusUnprocessableEntity, views.ImportQuotesPage(page, m))
		return nil
	}
	if err != nil {
		m.RowErrors = rowErrors(r, err)
		s.render(w, r, http.StatusUnprocessableEntity, views.ImportQuotesPage(page, m))
		return nil
	}
	if msg, err := s.checkQuoteLimit(r.Context(), e.ID, len(qs)); err != nil || msg != "" {
		if err != nil {
			return err
		}
		m.Error = msg
		s.render(w, r, http.StatusUnprocessableEntity, views.ImportQuotesPage(page, m))
		return nil
	}
	m.CSV = string(data)
	for _, q := range qs {
		name, _ := q.Provider.Get()
		flags := s.flagsFor(q, b.Data)
		m.Preview = append(m.Preview, s.quoteRow(z, 0, name, q, flags))
		m.PreviewFlags = append(m.PreviewFlags, flagViews(z, flags))
	}
	s.render(w, r, http.StatusOK, views.ImportQuotesPage(page, m))
	return nil
}

// confirmImport parses the previewed CSV again (the page carried it) and
// saves every quote in one transaction.
func (s *Server) confirmImport(w http.ResponseWriter, r *http.Request) error {
	e, err := s.openEvaluation(r)
	if err != nil {
		return err
	}
	r.Body = http.MaxBytesReader(w, r.Body, 2*maxCSV)
	if err := r.ParseForm(); err != nil {
		return errBadRequest
	}
	qs, err := quote.ReadCSV(strings.NewReader(r.PostForm.Get("csv")))
	if err != nil || len(qs) == 0 {
		z := i18n.From(r.Context())
		m := views.ImportPage{EvaluationID: e.ID, EvaluationName: e.Name, RowErrors: rowErrors(r, err)}
		s.render(w, r, http.StatusUnprocessableEntity, views.ImportQuotesPage(s.page(r, z.T("import.title"), "evaluations"), m))
		return nil
	}
	if _, err := s.store.ImportQuotes(r.Context(), currentUser(r).Actor(), e.ID, qs); err != nil {
		if msg := quoteLimitText(r.Context(), err); msg != "" {
			z := i18n.From(r.Context())
			m := views.ImportPage{EvaluationID: e.ID, EvaluationName: e.Name, Error: msg}
			s.render(w, r, http.StatusUnprocessableEntity, views.ImportQuotesPage(s.page(r, z.T("import.title"), "evaluations"), m))
			return nil
		}
		return err
	}
	return redirect(w, r, "/evaluations/"+strconv.FormatInt(e.ID, 10)+"/quotes", "flash.quotes_imported")
}

// exportQuotes writes the evaluation's quotes in the CSV contract's form.
func (s *Server) exportQuotes(w http.ResponseWriter, r *http.Request) error {
	e, err := s.openEvaluation(r)
	if err != nil {
		return err
	}
	stored, err := s.store.ListQuotes(r.Context(), e.ID)
	if err != nil {
		return err
	}
	qs := make([]quote.Quote, len(stored))
	for i, sq := range stored {
		qs[i] = sq.Quote
	}
	var buf bytes.Buffer
	if err := quote.WriteCSV(&buf, qs); err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="quotes-evaluation-`+strconv.FormatInt(e.ID, 10)+`.csv"`)
	_, err = w.Write(buf.Bytes())
	return err
}
