package web

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/redflag"
	"github.com/gpuquote/gpuquote/internal/store"
)

type apiTerm struct {
	State string `json:"state"`
	Value string `json:"value,omitempty"`
}

type apiFlag struct {
	ID       string   `json:"id"`
	Severity string   `json:"severity"`
	Message  string   `json:"message"`
	Question string   `json:"question"`
	Terms    []string `json:"terms"`
}

type apiQuote struct {
	ID int64 `json:"id,omitempty"`
	// What an import does with the row: new, revision or unchanged. It
	// follows the id, where importedJSON splices both in.
	ImportAction string      `json:"import_action,omitempty"`
	Provider     apiProvider `json:"provider"`
	Author       string      `json:"author,omitempty"`
	Version      int         `json:"version,omitempty"`
	Terms        apiTerms    `json:"terms"`
	Flags        []apiFlag   `json:"flags"`
	Blockers     int         `json:"blockers"`
	Warnings     int         `json:"warnings"`
	Source       []apiSource `json:"source,omitempty"` // revisions that came through a sourcing round
	// For an import's rows, the terms a revision changes.
	Changes []apiChange `json:"changes,omitempty"`
}

type apiProvider struct {
	ID       int64  `json:"id,omitempty"`
	Name     string `json:"name"`
	Category string `json:"category,omitempty"`
}

// apiQuoteOf renders a quote with its flags; messages follow the
// request's language, ids and severities stay English codes.
func (s *Server) apiQuoteOf(z *i18n.Localizer, q quote.Quote, flags []redflag.Flag) apiQuote {
	out := apiQuote{Terms: make(apiTerms, len(quoteColumns)), Flags: []apiFlag{}}
	out.Provider.Name, _ = q.Provider.Get()
	for _, c := range quoteColumns {
		cell := c.Cell(&q)
		out.Terms[c.Name] = apiTerm{State: stateName(cell.State), Value: cell.Value}
	}
	views := flagViews(z, flags)
	for i, f := range flags {
		out.Flags = append(out.Flags, apiFlag{ID: f.ID, Severity: string(f.Severity), Message: views[i].Message, Question: views[i].Question, Terms: f.Terms})
	}
	out.Blockers, out.Warnings = redflag.Counts(flags)
	return out
}

func (s *Server) apiStoredQuote(z *i18n.Localizer, sq store.StoredQuote, flags []redflag.Flag) apiQuote {
	out := s.apiQuoteOf(z, sq.Quote, flags)
	out.ID, out.Author, out.Version = sq.ID, sq.AuthorName, sq.Version
	out.Provider = apiProvider{ID: sq.ProviderID, Name: sq.ProviderName, Category: sq.ProviderCategory}
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
	// Each quote's own flags, kept with the analysis.
	d, err := s.eval.Analyze(r.Context(), e.ID)
	if err != nil {
		return err
	}
	srcs, err := s.eval.QuoteSources(r.Context(), e.ID)
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
		q := s.apiStoredQuote(z, sq, d.TermFlags[sq.ID])
		q.Source = sourcesJSON(srcs[sq.ID])
		out = append(out, q)
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
// ?dry_run=true it validates and previews without saving. A row whose
// provider and quote reference match a held quote revises it, or with
// ?mode=add is refused with its line.
func (s *Server) apiImportQuotes(w http.ResponseWriter, r *http.Request) error {
	e, b, err := s.evaluationAndBrief(r)
	if err != nil {
		return err
	}
	z := i18n.From(r.Context())
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
	qs, lines, err := quote.ReadCSVLines(bytes.NewReader(data))
	if err == nil && len(qs) == 0 {
		writeJSON(w, http.StatusUnprocessableEntity, map[string]any{"error": z.T("import.empty"), "rows": []any{}})
		return nil
	}
	buildPreview := func() []apiQuote {
		preview := make([]apiQuote, 0, len(qs))
		for _, q := range qs {
			preview = append(preview, s.apiQuoteOf(z, q, s.flagsFor(q, b.Data)))
		}
		return preview
	}
	if err == nil && r.URL.Query().Get("dry_run") == "true" {
		var plan quote.ImportPlan
		if plan, err = s.eval.PreviewImport(r.Context(), e.ID, qs, lines, mode); err == nil {
			preview := buildPreview()
			annotateImport(preview, plan, qs)
			writeJSON(w, http.StatusOK, map[string]any{"dry_run": true, "count": len(qs), "mode": mode,
				"new": plan.New, "revisions": plan.Revisions, "unchanged": plan.Unchanged, "quotes": preview})
			return nil
		}
	}
	var res evaluation.ImportResult
	var encoded [][]byte
	if err == nil {
		// The preview (flags and their messages for every quote) is built
		// and encoded while the database writes the rows: for a large file
		// each takes about as long as the other, and they need different
		// cores.
		previewed := make(chan [][]byte, 1)
		go func() { previewed <- encodeWithoutIDs(buildPreview()) }()
		res, err = s.eval.ImportQuotes(r.Context(), currentUser(r), e.ID, qs, lines, mode)
		encoded = <-previewed
	}
	if done := apiImportRefused(w, r, err); done || err != nil {
		if done {
			return nil
		}
		return err
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(http.StatusCreated)
	_, _ = w.Write(importedJSON(res, encoded, s.changedRows(z, res.Plan, qs, b.Data)))
	return nil
}

// encodeWithoutIDs encodes each quote, which has no id yet.
func encodeWithoutIDs(preview []apiQuote) [][]byte {
	out := make([][]byte, len(preview))
	for i := range preview {
		out[i] = marshalAPIQuote(preview[i])
	}
	return out
}

// termsPlaceholder is what encoding/json writes for a quote without terms.
// It cannot occur inside a string, where every quote mark is escaped.
var termsPlaceholder = []byte(`"terms":null`)

// marshalAPIQuote is json.Marshal(q), byte for byte, with the terms
// spliced in after encoding/json is done: it validates and compacts
// whatever a MarshalJSON returns, which was a third of the preview of a
// 10,000-row import.
func marshalAPIQuote(q apiQuote) []byte {
	terms, _ := q.Terms.MarshalJSON() // plain data: cannot fail
	q.Terms = nil
	b, _ := json.Marshal(q)
	i := bytes.Index(b, termsPlaceholder)
	if i < 0 {
		panic("web: an apiQuote's encoding lost its terms field")
	}
	i += len(`"terms":`)
	out := make([]byte, 0, len(b)-len("null")+len(terms))
	out = append(out, b[:i]...)
	out = append(out, terms...)
	return append(out, b[i+len("null"):]...)
}

// importedJSON is what writeJSON writes for {"imported": added,
// "revised": n, "unchanged": n, "quotes": the preview with ids and
// actions}: "id" is an apiQuote's first field, so each quote's encoding
// gains it and its import_action right after its opening brace. A
// revision's encoding is replaced by changed[i], which carries its changes.
func importedJSON(res evaluation.ImportResult, encoded [][]byte, changed map[int][]byte) []byte {
	size := 128
	for _, e := range encoded {
		size += len(e) + 64
	}
	b := make([]byte, 0, size)
	b = append(b, `{"imported":`...)
	b = strconv.AppendInt(b, int64(res.Plan.New), 10)
	b = append(b, `,"quotes":[`...)
	for i, e := range encoded {
		if c, ok := changed[i]; ok {
			e = c
		}
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"id":`...)
		b = strconv.AppendInt(b, res.QuoteIDs[i], 10)
		b = append(b, `,"import_action":"`...)
		b = append(b, res.Plan.Rows[i].Action...)
		b = append(b, `",`...)
		b = append(b, e[1:]...)
	}
	b = append(b, `],"revised":`...)
	b = strconv.AppendInt(b, int64(res.Plan.Revisions), 10)
	b = append(b, `,"unchanged":`...)
	b = strconv.AppendInt(b, int64(res.Plan.Unchanged), 10)
	return append(b, "}\n"...)
}
