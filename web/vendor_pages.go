package web

import (
	"errors"
	"net/http"
	"time"

	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/sourcing"
	"github.com/gpuquote/gpuquote/web/views"
)

// closedText is why a submission would be refused now, translated.
func closedText(z *i18n.Localizer, err error) string {
	if _, code, ok := roundError(err); ok {
		return z.T("rfq.reason." + code)
	}
	return ""
}

func (s *Server) vendorPage(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	if err := s.eval.VendorOpened(ctx, vendorFrom(ctx).Invitation.ID); err != nil {
		return err
	}
	return s.renderVendorPage(w, r, http.StatusOK, nil)
}

func (s *Server) renderVendorPage(w http.ResponseWriter, r *http.Request, status int, fe fieldErrors) error {
	ctx := r.Context()
	z := i18n.From(ctx)
	v, err := s.vendorState(ctx)
	if err != nil {
		return err
	}
	inv, rd := v.Session.Invitation, v.Session.RFQ
	m := views.VendorPage{Company: inv.Company, Round: rd.Round, Deadline: deadlineText(z, rd.Deadline, rd.TimeZone),
		LinksExpire: deadlineText(z, rd.Rules().LinkExpiry(), rd.TimeZone), Note: rd.Note, Brief: v.Brief,
		BriefVersion: rd.BriefVersion, BriefSent: z.DateTime(rd.BriefSentAt), Status: z.T(inv.Status.LabelKey()),
		Closed: closedText(z, v.CanSubmit), Check: vendorCheck(z, v.Check, v.Flags), Errors: map[string]string{}}
	m.DeadlineAt = rd.Deadline.Format(time.RFC3339)
	m.Countdown, m.CountdownTemplate = countdown(z, rd.Deadline, s.eval.Now())
	if v.Saved.Revision > 0 {
		m.Submitted = z.T("vendor.submitted_line", map[string]any{"N": v.Saved.Revision, "At": optZoneTime(z, v.Saved.SubmittedAt, rd.TimeZone)})
	}
	for _, q := range v.Answers {
		m.Answers = append(m.Answers, views.QuestionRow{Text: q.Text, Answer: q.Answer, Answered: optTime(z, q.AnsweredAt)})
	}
	for _, q := range v.Own {
		m.Own = append(m.Own, views.QuestionRow{Text: q.Text, Asked: z.DateTime(q.AskedAt)})
	}
	m.Documents = documentRows(z, v.Documents)
	for i := range m.Documents {
		m.Documents[i].Company, m.Documents[i].Sealed = "", true // the vendor's own files: listed, not served back
	}
	for k, key := range fe {
		m.Errors[k] = z.T(key)
	}
	readOnly, _ := vendorReadOnly(z, v.CanSubmit, rd)
	m.Compliance = vendorComplianceView(z, v, readOnly)
	if len(m.Compliance.Items) > 0 && m.Errors["attestations"] != "" {
		m.Compliance.Items[0].Error = m.Errors["attestations"]
	}
	p := vendorLayout(z.T("vendor.title", map[string]any{"Company": inv.Company}))
	if key := takeFlash(w, r); key != "" {
		p.Flash = z.T(key)
	}
	s.render(w, r, status, views.VendorHomePage(p, m))
	return nil
}

func (s *Server) vendorAskForm(w http.ResponseWriter, r *http.Request) error {
	if err := parseForm(w, r); err != nil {
		return err
	}
	_, err := s.eval.Ask(r.Context(), vendorFrom(r.Context()).Invitation.ID, r.PostForm.Get("text"))
	var fe fieldErrors
	if errors.As(err, &fe) {
		return s.renderVendorPage(w, r, http.StatusUnprocessableEntity, fe)
	}
	if err != nil {
		return err
	}
	return redirect(w, r, "/v/rfq", "flash.vendor_asked")
}

func (s *Server) vendorDocumentForm(w http.ResponseWriter, r *http.Request) error {
	_, err := s.vendorDocument(w, r)
	if errors.Is(err, sourcing.ErrBusy) {
		s.refuseBusy(w, r)
		return nil
	}
	var fe fieldErrors
	if errors.As(err, &fe) {
		return s.renderVendorPage(w, r, http.StatusUnprocessableEntity, fe)
	}
	if err != nil {
		return err
	}
	return redirect(w, r, "/v/rfq", "flash.vendor_attached")
}

// vendorLayout is the page frame of a vendor page: never the signed-in
// user of the same browser, never the internal navigation.
func vendorLayout(title string) views.Page { return views.Page{Title: title} }
