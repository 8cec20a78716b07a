package web

import (
	"cmp"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/redflag"
	"github.com/gpuquote/gpuquote/web/views"
)

// A quote as the API sends it is presentation, in web/views.
type apiQuote = views.QuoteJSON

// apiQuoteOf renders a quote with its flags (views.QuoteJSONOf).
func (s *Server) apiQuoteOf(z *i18n.Localizer, q quote.Quote, flags []redflag.Flag) apiQuote {
	return views.QuoteJSONOf(z, q, flags)
}

// apiStoredQuote renders a stored quote with its own flags and the
// sourcing rounds it came through.
func apiStoredQuote(z *i18n.Localizer, sq evaluation.StoredQuote, flags []redflag.Flag, srcs []evaluation.Source) apiQuote {
	out := views.QuoteJSONOf(z, sq.Quote, flags)
	out.ID, out.Author, out.Version = sq.ID, sq.AuthorName, sq.Version
	out.Provider = views.QuoteProviderJSON{ID: sq.ProviderID, Name: sq.ProviderName, Category: sq.ProviderCategory}
	if len(srcs) > 0 {
		out.Source, _ = json.Marshal(sourcesJSON(srcs))
	}
	return out
}

func (s *Server) apiListQuotes(w http.ResponseWriter, r *http.Request) error {
	win, err := s.readPage(r)
	if err != nil {
		return err
	}
	e, err := s.openEvaluation(r) // opens rounds past their deadline
	if err != nil {
		return err
	}
	d, err := s.eval.QuoteListing(r.Context(), e.ID) // each quote's own flags, kept with the analysis
	if err != nil {
		return err
	}
	z := i18n.From(r.Context())
	win.begin()
	from, to := win.span(len(d.All))
	out := make([]apiQuote, 0, to-from)
	cut := false
	for _, sq := range d.All[from:to] {
		if cut = win.over(len(out)); cut {
			break
		}
		out = append(out, apiStoredQuote(z, sq, d.TermFlags[sq.ID], d.Sources[sq.ID]))
	}
	sealed, err := s.sealedRoundsJSON(r.Context(), e.ID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, struct {
		apiPage
		Quotes []apiQuote `json:"quotes"`
		Sealed any        `json:"sealed_rounds"`
	}{win.describe(len(d.All), 0, len(out), cut), out, sealed})
	return nil
}

// apiImportQuotes takes a CSV body or a multipart "file"; with
// ?dry_run=true it validates and previews without saving (the use case
// the HTML preview calls). A row whose provider and quote reference match
// a held quote revises it, or with ?mode=add is refused with its line.
func (s *Server) apiImportQuotes(w http.ResponseWriter, r *http.Request) error {
	e, b, err := s.evaluationAndBrief(r)
	if err != nil {
		return err
	}
	ctx, z := r.Context(), i18n.From(r.Context())
	data, fields, err := readUploadFields(w, r, maxCSV)
	if errors.Is(err, errTooLarge) {
		writeJSON(w, http.StatusRequestEntityTooLarge, map[string]any{"error": z.T("import.too_large")})
		return nil
	}
	if err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]any{"error": z.T("import.no_file")})
		return nil
	}
	mode, ok := quote.ParseImportMode(cmp.Or(r.URL.Query().Get("mode"), fields["mode"]))
	if !ok {
		writeJSON(w, http.StatusBadRequest, map[string]any{"error": z.T("import.bad_mode")})
		return nil
	}
	if r.URL.Query().Get("dry_run") == "true" {
		pv, err := s.eval.PreviewImportFile(ctx, e.ID, data, mode)
		if err != nil {
			return apiImportRefused(w, r, err)
		}
		writeJSON(w, http.StatusOK, map[string]any{"dry_run": true, "count": len(pv.Rows), "mode": mode, "new": pv.Plan.New,
			"revisions": pv.Plan.Revisions, "unchanged": pv.Plan.Unchanged, "quotes": views.ImportPreviewJSON(z, pv.Plan, pv.Rows, pv.Flags)})
		return nil
	}
	qs, lines, err := evaluation.ReadImport(data)
	if err != nil {
		return apiImportRefused(w, r, err)
	}
	// The preview (flags and their messages for every quote) is built and
	// encoded while the database writes the rows: for a large file each
	// takes about as long as the other, and they need different cores.
	var flags [][]redflag.Flag
	previewed := make(chan [][]byte, 1)
	go func() {
		flags = evaluation.FlagRows(qs, b.Data, s.eval.Now())
		previewed <- views.EncodeQuotesJSON(views.QuotesJSONOf(z, qs, flags))
	}()
	res, err := s.eval.ImportQuotes(ctx, currentUser(r), e.ID, qs, lines, mode)
	encoded := <-previewed
	if err != nil {
		return apiImportRefused(w, r, err)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(http.StatusCreated)
	_, _ = w.Write(views.ImportedJSON(res.Plan, res.QuoteIDs, encoded, views.RevisedRowsJSON(z, res.Plan, qs, flags)))
	return nil
}
