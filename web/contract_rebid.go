package web

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/gpuquote/gpuquote/internal/contract"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/rfq"
	"github.com/gpuquote/gpuquote/web/views"
	"github.com/gpuquote/gpuquote/web/views/model"
)

// The re-bid from a contract (issue 31): one click starts the next
// evaluation with the brief copied and the incumbent invited; its
// worksheet keeps the contract's delivered figures as the baseline.

// rebidForm starts the re-bid; a vendor no round reached shows the
// contract page again with the contact to give, next to the button.
func (s *Server) rebidForm(w http.ResponseWriter, r *http.Request, id int64) error {
	if err := parseForm(w, r); err != nil {
		return err
	}
	f := views.RebidForm{Contact: strings.TrimSpace(r.PostFormValue("contact")), Email: strings.TrimSpace(r.PostFormValue("email")),
		Language: r.PostFormValue("language")}
	in := evaluation.RebidRequest{}
	if f.Email != "" {
		in.Contact = &rfq.Vendor{Contact: f.Contact, Email: f.Email, Language: f.Language}
	}
	rb, err := s.eval.Rebid(r.Context(), currentUser(r), id, in, i18n.Languages, s.links(r))
	var fe evaluation.FieldErrors
	if errors.As(err, &fe) {
		f.Error = model.RebidError(i18n.From(r.Context()), fe)
		return s.renderContract(w, r, id, http.StatusUnprocessableEntity, func(m *views.ContractView) {
			f.Languages = m.Rebid.Languages // the form as shown, with what was typed
			m.Rebid = f
		})
	}
	if err != nil {
		return err
	}
	return redirect(w, r, fmt.Sprintf("/evaluations/%d/worksheet", rb.EvaluationID), "flash.rebid_invited")
}

// apiRebid is the re-bid's JSON twin: 201 with the new evaluation, its
// round and the incumbent's link (shown this once).
func (s *Server) apiRebid(w http.ResponseWriter, r *http.Request, id int64) error {
	var in evaluation.RebidRequest
	if r.ContentLength != 0 {
		if err := decodeJSON(w, r, &in); err != nil {
			return err
		}
	}
	rb, err := s.eval.Rebid(r.Context(), currentUser(r), id, in, i18n.Languages, s.links(r))
	if err != nil {
		return err
	}
	inv := rb.Invitation
	writeJSON(w, http.StatusCreated, map[string]any{"evaluation_id": rb.EvaluationID, "contract_id": rb.ContractID, "rfq_id": rb.RFQID,
		"invitation": map[string]any{"id": inv.ID, "company": inv.Company, "contact": inv.Contact, "email": inv.Email,
			"language": inv.Language, "link": inv.Link}})
	return nil
}

// baselineBox is the baseline as the worksheet shows it, beside the new
// quotes; nil when the evaluation re-bids no contract.
func (s *Server) baselineBox(r *http.Request, d *evaluation.Analysis) (*views.BaselineView, error) {
	if d.Evaluation.RebidOf == nil {
		return nil, nil // not a re-bid: no baseline to read
	}
	b, err := s.eval.RebidBaseline(r.Context(), d.Evaluation.ID)
	if err != nil || b == nil {
		return nil, err
	}
	z := i18n.From(r.Context())
	rate := func(m contract.Micros) string {
		if m == 0 {
			return z.T("contract.baseline.none")
		}
		return z.T("contract.baseline.per_gpu_hour", map[string]any{"Amount": z.Price(m.String(), b.Currency)})
	}
	v := &views.BaselineView{Vendor: b.Vendor, ContractLink: fmt.Sprintf("/contracts/%d", b.ContractID)}
	if b.From == nil {
		v.Period = z.T("contract.baseline.no_bills")
	} else {
		v.Period = z.T("contract.baseline.period", map[string]any{"From": z.Date(b.From.Start(time.UTC)),
			"Through": z.Date(b.Through.Start(time.UTC)), "Months": b.Months})
	}
	quoted := z.T("contract.baseline.none")
	if b.QuotedPerUsefulUnit != "" {
		quoted = z.Price(b.QuotedPerUsefulUnit, b.AwardCurrency)
	}
	delivered := z.T("contract.baseline.not_entered")
	if b.UsefulUnits > 0 {
		delivered = z.Price(b.CostPerUsefulUnit.String(), b.Currency)
	}
	v.Facts = []views.Fact{
		{Label: z.T("contract.baseline.gpu_hours"), Value: z.Decimal(b.GPUHours.String())},
		{Label: z.T("contract.baseline.cost"), Value: z.Money(b.Cost.Decimal(), b.Cost.Currency)},
		{Label: z.T("contract.baseline.availability"), Value: z.Decimal(b.Availability.String()) + "\u00a0%"},
		{Label: z.T("contract.baseline.effective_rate"), Value: rate(b.EffectiveRate)},
		{Label: z.T("contract.baseline.quoted_rate"), Value: rate(b.QuotedRate)},
		{Label: z.T("contract.baseline.per_unit_delivered"), Value: delivered},
		{Label: z.T("contract.baseline.per_unit_quoted"), Value: quoted},
	}
	return v, nil
}
