package evaluation

import (
	"cmp"
	"context"
	"errors"
	"time"

	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/rfq"
	"github.com/gpuquote/gpuquote/internal/sourcing"
	"github.com/gpuquote/gpuquote/internal/store"
)

// VendorState is what an invited vendor's page and API show.
type VendorState = sourcing.VendorState

// VendorState reads round rd as the vendor invited by inv sees it: the
// flags are the draft's own and, as blockers, the attestations the round
// requires that the vendor has not stated.
func (s *Service) VendorState(ctx context.Context, inv store.Invitation, rd store.RFQ) (VendorState, error) {
	var v VendorState
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

// vendorComplianceFlags are the vendor's own blockers: a required attestation
// not stated or refused.
func vendorComplianceFlags(rd store.RFQ, own map[sourcing.Kind]sourcing.Attestation, now time.Time) []sourcing.VendorFlag {
	var out []sourcing.VendorFlag
	for _, r := range rd.Compliance.Requirements {
		var a *sourcing.Attestation
		if x, ok := own[r.Kind]; ok {
			a = &x
		}
		if st := sourcing.Assess(rd.Compliance, r, a, now, TermEnd(rd)); st.Blocks() {
			out = append(out, sourcing.VendorFlag{ID: "attestation_" + string(st), Blocker: true, MessageKey: "sourcing.vendor_flag.attestation_" + string(st),
				Data: map[string]string{"Attestation": string(r.Kind)}})
		}
	}
	return out
}
