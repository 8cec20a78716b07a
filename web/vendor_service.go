package web

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/rfq"
	"github.com/gpuquote/gpuquote/internal/sourcing"
	"github.com/gpuquote/gpuquote/internal/store"
)

// vendorState is what the vendor's page and API show: the round, the
// vendor's own draft and submission, the published answers.
type vendorState struct {
	Session   vendorSession
	Brief     brief.Brief // the brief as vendors read it: the internal fields left out
	Flags     []sourcing.VendorFlag
	Draft     quote.Quote // the working copy, or the offer a best-and-final round revises
	HasDraft  bool
	Saved     store.VendorDraft
	Check     rfq.Check
	Answers   []store.Question // answered questions of the round, asker not shown
	Own       []store.Question // the vendor's own questions
	Documents []store.Document
	CanSubmit error // nil when a submission would be accepted now
	// Attestations are the vendor's answers to the round's compliance
	// requirements, by kind.
	Attestations map[sourcing.Kind]sourcing.Attestation
	Now          time.Time
}

func (s *Server) vendorState(ctx context.Context) (vendorState, error) {
	v := vendorState{Session: vendorFrom(ctx)}
	inv, rd := v.Session.Invitation, v.Session.RFQ
	v.Brief = sourcing.VendorBrief(rd.Brief, rd.InternalFields)
	var err error
	if v.Saved, err = s.store.Draft(ctx, inv.ID); err != nil {
		return v, err
	}
	switch {
	case v.Saved.Draft != nil:
		v.Draft, v.HasDraft = *v.Saved.Draft, true
	case inv.QuoteID != 0:
		sq, err := s.store.Quote(ctx, inv.QuoteID)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return v, err
		}
		v.Draft = sq.Quote
	}
	if !v.HasDraft && inv.QuoteID == 0 {
		v.Draft.Currency = quote.Of(cmp.Or(v.Brief["budget_currency"], "USD")) // the currency the buyer asks for
	}
	rfq.AsVendor(&v.Draft, inv.Company)
	v.Check = rfq.CheckDraft(v.Draft, rd.Brief, s.store.Now())
	v.Flags = sourcing.ForVendor(v.Check.Flags, rd.Brief, rd.InternalFields)
	qs, err := s.store.Questions(ctx, rd.ID)
	if err != nil {
		return v, err
	}
	for _, q := range qs {
		if q.InvitationID == inv.ID {
			v.Own = append(v.Own, q)
		}
		if q.Answer != "" {
			// Every vendor reads the buyer's published wording, never the
			// asker's own words or name.
			q.Company, q.InvitationID, q.Text = "", 0, cmp.Or(q.Published, q.Text)
			v.Answers = append(v.Answers, q)
		}
	}
	if v.Documents, err = s.store.Documents(ctx, 0, inv.ID); err != nil {
		return v, err
	}
	v.CanSubmit = rd.Rules().CanSubmit(s.store.Now(), inv.Status)
	v.Now = s.store.Now()
	own, err := s.store.Attestations(ctx, 0, inv.ID)
	if err != nil {
		return v, err
	}
	v.Attestations = own[inv.ID]
	extra := vendorComplianceFlags(rd, v.Attestations, v.Now)
	v.Flags = append(v.Flags, extra...)
	v.Check.Blockers += len(extra)
	return v, nil
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
