package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/quote"
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
// (header and one row) or JSON {"terms": {column: cell}} where a cell is
// the CSV text or {"state", "value"}. The provider is always the invited
// company.
func parseVendorQuote(w http.ResponseWriter, r *http.Request, company string) (quote.Quote, error) {
	ctx := r.Context()
	ct := r.Header.Get("Content-Type")
	if strings.HasPrefix(ct, "text/csv") {
		data, err := readUpload(w, r, 64<<10)
		if err != nil {
			return quote.Quote{}, errBadRequest
		}
		qs, err := quote.ReadCSV(bytes.NewReader(data))
		var ie *quote.ImportError
		if errors.As(err, &ie) {
			out := draftErrors{}
			for _, re := range ie.Errors {
				out[re.Column] = reasonText(ctx, re.Column, re.Reason)
			}
			return quote.Quote{}, out
		}
		if err != nil {
			return quote.Quote{}, err
		}
		if len(qs) != 1 {
			return quote.Quote{}, draftErrors{"": i18n.T(ctx, "rfq.error.one_row")}
		}
		cells := quote.Cells(qs[0])
		cells["provider"] = company
		return parseDraftCells(ctx, cells)
	}
	var in struct {
		Terms map[string]json.RawMessage `json:"terms"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		return quote.Quote{}, err
	}
	cells := map[string]string{}
	errs := draftErrors{}
	for k, raw := range in.Terms {
		var text string
		if json.Unmarshal(raw, &text) == nil {
			cells[k] = text
			continue
		}
		var t apiTerm
		if err := json.Unmarshal(raw, &t); err != nil {
			errs[k] = i18n.T(ctx, "rfq.error.term_shape")
			continue
		}
		switch t.State {
		case "stated":
			cells[k] = t.Value
		case "refused":
			cells[k] = "refused"
		case "not_stated", "":
			cells[k] = ""
		default:
			errs[k] = i18n.T(ctx, "rfq.error.term_shape")
		}
	}
	if len(errs) > 0 {
		return quote.Quote{}, errs
	}
	cells["provider"] = company
	return parseDraftCells(ctx, cells)
}

func parseDraftCells(ctx context.Context, cells map[string]string) (quote.Quote, error) {
	q, ferrs := quote.ParseCells(cells)
	if len(ferrs) == 0 {
		return q, nil
	}
	out := draftErrors{}
	for _, fe := range ferrs {
		out[fe.Column] = reasonText(ctx, fe.Column, fe.Reason)
	}
	return q, out
}
