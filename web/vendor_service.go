package web

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/rfq"
	"github.com/gpuquote/gpuquote/web/views"
)

// vendorRound reads the session's round for its vendor, as its pages
// and API show it.
func (s *Server) vendorRound(ctx context.Context) (views.VendorRound, error) {
	sess := vendorFrom(ctx)
	st, err := s.eval.VendorState(ctx, sess.Invitation, sess.RFQ)
	v := views.VendorRound{Invitation: sess.Invitation, RFQ: sess.RFQ, State: st, Check: vendorCheck(i18n.From(ctx), st.Check, st.Flags)}
	if _, code, ok := roundError(st.CanSubmit); ok {
		v.Closed = code
	}
	return v, err
}

// draftErrors are the problems of a vendor's draft by term, translated.
type draftErrors map[string]string

func (draftErrors) Error() string { return "invalid draft" }

// parseVendorQuote reads a draft sent through the API: one quote CSV row
// (header and one row) or JSON {"terms": {column: cell}} (rfq.DraftFromCSV,
// rfq.DraftFromTerms). The provider is always the invited company.
func parseVendorQuote(w http.ResponseWriter, r *http.Request, company string) (quote.Quote, error) {
	ctx := r.Context()
	var q quote.Quote
	var problems []quote.FieldError
	if strings.HasPrefix(r.Header.Get("Content-Type"), "text/csv") {
		data, err := readUpload(w, r, 64<<10)
		if err != nil {
			return quote.Quote{}, errBadRequest
		}
		if q, problems, err = rfq.DraftFromCSV(data, company); errors.Is(err, rfq.ErrOneRow) {
			return quote.Quote{}, draftErrors{"": i18n.T(ctx, "rfq.error.one_row")}
		} else if err != nil {
			return quote.Quote{}, err
		}
	} else {
		var in struct {
			Terms map[string]json.RawMessage `json:"terms"`
		}
		if err := decodeJSON(w, r, &in); err != nil {
			return quote.Quote{}, err
		}
		q, problems = rfq.DraftFromTerms(in.Terms, company)
	}
	if len(problems) == 0 {
		return q, nil
	}
	out := draftErrors{}
	for _, p := range problems {
		if out[p.Column] = reasonText(ctx, p.Column, p.Reason); p.Reason == rfq.TermShape {
			out[p.Column] = i18n.T(ctx, "rfq.error.term_shape")
		}
	}
	return q, out
}
