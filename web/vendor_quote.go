package web

import (
	"net/http"
	"time"

	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/rfq"
	"github.com/gpuquote/gpuquote/internal/sourcing"
	"github.com/gpuquote/gpuquote/web/views"
)

// vendorGroups is the buyer's quote form without the provider term: the
// invitation names the vendor.
func vendorGroups(groups []views.TermGroup) []views.TermGroup {
	for gi := range groups {
		fs := groups[gi].Fields[:0]
		for _, f := range groups[gi].Fields {
			if f.State != "stated" {
				f.Value = "" // a term not stated or refused shows no old value
			}
			if f.Name != "provider" {
				fs = append(fs, f)
			}
		}
		groups[gi].Fields = fs
	}
	return groups
}

func (s *Server) vendorQuoteForm(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	v, err := s.vendorState(ctx)
	if err != nil {
		return err
	}
	z := i18n.From(ctx)
	m := s.vendorFormModel(z, v)
	m.Groups = vendorGroups(formGroups(z, v.Draft, nil, nil))
	p := vendorLayout(z.T("vendor.quote_title"))
	if key := takeFlash(w, r); key != "" {
		p.Flash = z.T(key)
	}
	s.render(w, r, http.StatusOK, views.VendorQuotePage(p, m))
	return nil
}

func (s *Server) vendorFormModel(z *i18n.Localizer, v vendorState) views.VendorQuoteForm {
	rd := v.Session.RFQ
	m := views.VendorQuoteForm{Company: v.Session.Invitation.Company, Deadline: deadlineText(z, rd.Deadline, rd.TimeZone),
		DeadlineAt: rd.Deadline.Format(time.RFC3339), Closed: closedText(z, v.CanSubmit), Check: vendorCheck(z, v.Check, v.Flags)}
	m.Countdown, m.CountdownTemplate = countdown(z, rd.Deadline, s.eval.Now())
	m.ReadOnly, m.ReadOnlyText = vendorReadOnly(z, v.CanSubmit, rd)
	m.FieldFlags = fieldFlags(m.Check.Flags)
	return m
}

// fieldFlags files each flag under every field it reads, to show it
// beside the field as well as in the summary.
func fieldFlags(flags []views.VendorFlagView) map[string][]views.VendorFlagView {
	out := map[string][]views.VendorFlagView{}
	for _, f := range flags {
		for _, t := range f.Terms {
			out[t.Name] = append(out[t.Name], f)
		}
	}
	return out
}

// vendorSaveQuote saves the draft (same parsing and validation as the
// buyer's form) and, with action=submit, submits it. A refused submission
// keeps the draft and says why.
func (s *Server) vendorSaveQuote(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	sess := vendorFrom(ctx)
	q, raw, errs, err := vendorQuoteForm(w, r, sess.Invitation.Company)
	if err != nil {
		return err
	}
	z := i18n.From(ctx)
	if len(errs) > 0 {
		v, err := s.vendorState(ctx)
		if err != nil {
			return err
		}
		m := s.vendorFormModel(z, v)
		m.Groups, m.HasErrors = vendorGroups(formGroups(z, q, raw, errs)), true
		s.render(w, r, http.StatusUnprocessableEntity, views.VendorQuotePage(vendorLayout(z.T("vendor.quote_title")), m))
		return nil
	}
	if err := s.eval.SaveVendorDraft(ctx, sess.Invitation.ID, q); err != nil {
		return err
	}
	if r.PostForm.Get("action") != "submit" {
		return redirect(w, r, "/v/quote", "flash.vendor_draft_saved")
	}
	_, _, err = s.eval.SubmitVendorDraft(ctx, sess.Invitation.ID)
	if _, _, ok := roundError(err); ok {
		v, verr := s.vendorState(ctx)
		if verr != nil {
			return verr
		}
		m := s.vendorFormModel(z, v)
		m.Groups, m.Refusal = vendorGroups(formGroups(z, v.Draft, nil, nil)), z.T("vendor.refused", map[string]any{"Reason": closedText(z, err)})
		status, _, _ := roundError(err)
		s.render(w, r, status, views.VendorQuotePage(vendorLayout(z.T("vendor.quote_title")), m))
		return nil
	}
	if err != nil {
		return err
	}
	return redirect(w, r, "/v/rfq", "flash.vendor_submitted")
}

// vendorCheckDraft answers the form's live re-check: the flags and
// completeness of the values as they stand, nothing saved.
func (s *Server) vendorCheckDraft(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	sess := vendorFrom(ctx)
	q, _, _, err := vendorQuoteForm(w, r, sess.Invitation.Company)
	if err != nil {
		return err
	}
	rfq.AsVendor(&q, sess.Invitation.Company)
	z := i18n.From(ctx)
	rd := sess.RFQ
	c := rfq.CheckDraft(q, rd.Brief, s.eval.Now())
	check := vendorCheck(z, c, sourcing.ForVendor(c.Flags, rd.Brief, rd.InternalFields))
	s.render(w, r, http.StatusOK, views.DraftCheckSection(check, fieldFlags(check.Flags)))
	return nil
}

// vendorQuoteForm reads the vendor's quote form like the buyer's, with the
// provider fixed to the invited company.
func vendorQuoteForm(w http.ResponseWriter, r *http.Request, company string) (quote.Quote, map[string][2]string, map[string]string, error) {
	if err := parseForm(w, r); err != nil {
		return quote.Quote{}, nil, nil, err
	}
	r.PostForm.Set("state_provider", "stated")
	r.PostForm.Set("v_provider", company)
	return parseQuoteForm(w, r)
}
