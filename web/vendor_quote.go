package web

import (
	"net/http"

	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/web/views"
)

func (s *Server) vendorQuoteForm(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	v, err := s.vendorRound(ctx)
	if err != nil {
		return err
	}
	z := i18n.From(ctx)
	m := views.VendorQuoteModel(z, v)
	m.Groups = views.VendorGroups(formGroups(z, v.State.Draft, nil, nil))
	p := vendorLayout(z.T("vendor.quote_title"))
	if key := takeFlash(w, r); key != "" {
		p.Flash = z.T(key)
	}
	s.render(w, r, http.StatusOK, views.VendorQuotePage(p, m))
	return nil
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
		v, err := s.vendorRound(ctx)
		if err != nil {
			return err
		}
		m := views.VendorQuoteModel(z, v)
		m.Groups, m.HasErrors = views.VendorGroups(formGroups(z, q, raw, errs)), true
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
	if status, code, ok := roundError(err); ok {
		v, verr := s.vendorRound(ctx)
		if verr != nil {
			return verr
		}
		m := views.VendorQuoteModel(z, v)
		m.Groups, m.Refusal = views.VendorGroups(formGroups(z, v.State.Draft, nil, nil)), z.T("vendor.refused", map[string]any{"Reason": z.T("rfq.reason." + code)})
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
	c, flags := s.eval.CheckVendorDraft(sess.Invitation, sess.RFQ, q)
	check := vendorCheck(i18n.From(ctx), c, flags)
	s.render(w, r, http.StatusOK, views.DraftCheckSection(check, views.VendorFieldFlags(check.Flags)))
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
