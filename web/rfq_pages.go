package web

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/rfq"
	"github.com/gpuquote/gpuquote/internal/sourcing"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/web/views"
)

func (s *Server) listRFQs(w http.ResponseWriter, r *http.Request) error {
	e, err := s.openEvaluation(r)
	if err != nil {
		return err
	}
	rounds, err := s.eval.RoundCounts(r.Context(), e.ID)
	if err != nil {
		return err
	}
	z := i18n.From(r.Context())
	rows := roundRows(z, rounds)
	m := views.RFQList{EvaluationID: e.ID, EvaluationName: e.Name, Rounds: rows, CanCreate: currentUser(r).Role.Can(auth.EditQuotes)}
	s.render(w, r, http.StatusOK, views.RFQListPage(s.page(r, z.T("rfq.list_title")+" · "+e.Name, "evaluations"), m))
	return nil
}

func roundRows(z *i18n.Localizer, rounds []evaluation.RoundCount) []views.RFQRow {
	var rows []views.RFQRow
	for _, x := range rounds {
		rd := x.RFQ
		state := z.T("rfq.state.sealed")
		if rd.OpenedAt != nil {
			state = z.T("rfq.state.opened")
		}
		rows = append(rows, views.RFQRow{ID: rd.ID, Round: rd.Round, Title: roundTitle(z, rd), Deadline: deadlineText(z, rd.Deadline, rd.TimeZone), State: state,
			Counts: z.T("rfq.counts", map[string]any{"Invited": x.Invited, "Submitted": x.Submitted})})
	}
	return rows
}

func (s *Server) rfqForm(r *http.Request, e store.Evaluation, b brief.Brief) views.RFQForm {
	z := i18n.From(r.Context())
	c := brief.Score(b)
	m := views.RFQForm{EvaluationID: e.ID, EvaluationName: e.Name, BriefReady: c.ReadyToReserve(), TimeZone: "UTC",
		GraceHours: strconv.Itoa(rfq.DefaultGrace), Errors: map[string]string{}, MailOn: s.mailOn}
	for _, k := range c.Missing {
		m.BriefMissing = append(m.BriefMissing, z.T("brief.field."+k))
	}
	for _, l := range i18n.Languages {
		m.Languages = append(m.Languages, views.Option{Value: l, Label: i18n.LanguageNames[l]})
	}
	n, _ := strconv.Atoi(r.URL.Query().Get("rows"))
	n = min(max(n, 5), rfq.MaxVendors)
	for i := range n {
		m.Vendors = append(m.Vendors, views.VendorRow{Index: i, Language: "en"})
	}
	m.MoreRows = min(n+5, rfq.MaxVendors)
	m.Visibility = briefVisibility(r.Context(), b, sourcing.DefaultInternal)
	m.Compliance = complianceFormView(z, nil)
	return m
}

// briefVisibility lists the brief's filled fields for the buyer to mark
// shared with vendors or internal.
func briefVisibility(ctx context.Context, b brief.Brief, internal []string) []views.FieldVisibility {
	z := i18n.From(ctx)
	var out []views.FieldVisibility
	for _, f := range brief.Fields {
		if b.Filled(f.Key) {
			out = append(out, views.FieldVisibility{Key: f.Key, Label: z.T("brief.field." + f.Key),
				Value: views.BriefValue(ctx, f.Key, b[f.Key]), Internal: sourcing.IsInternal(internal, f.Key)})
		}
	}
	return out
}

func (s *Server) newRFQ(w http.ResponseWriter, r *http.Request) error {
	e, b, err := s.evaluationAndBrief(r)
	if err != nil {
		return err
	}
	z := i18n.From(r.Context())
	s.render(w, r, http.StatusOK, views.RFQFormPage(s.page(r, z.T("rfq.new"), "evaluations"), s.rfqForm(r, e, b.Data)))
	return nil
}

// createRFQ reads the form into the same request the API takes; blank
// vendor rows are skipped, a half-filled row is an error at its fields.
func (s *Server) createRFQ(w http.ResponseWriter, r *http.Request) error {
	e, b, err := s.evaluationAndBrief(r)
	if err != nil {
		return err
	}
	if err := parseForm(w, r); err != nil {
		return err
	}
	f := r.PostForm
	in := evaluation.RoundRequest{Deadline: f.Get("deadline"), TimeZone: f.Get("time_zone"), Note: f.Get("note"),
		ConfirmWarnings: f.Get("confirm_warnings") == "1"}
	if g, err := strconv.Atoi(strings.TrimSpace(f.Get("grace_hours"))); err == nil {
		in.GraceHours = &g
	} else if strings.TrimSpace(f.Get("grace_hours")) != "" {
		bad := -1
		in.GraceHours = &bad
	}
	m := s.rfqForm(r, e, b.Data)
	m.Deadline, m.TimeZone, m.GraceHours, m.Note = in.Deadline, in.TimeZone, f.Get("grace_hours"), in.Note
	in.Compliance = complianceFromForm(f)
	m.Compliance = complianceFormView(i18n.From(r.Context()), in.Compliance)
	if f.Get("visibility") == "1" { // the form lists the fields: what is not ticked internal is shared
		in.InternalFields = append([]string{}, f["internal"]...)
		m.Visibility = briefVisibility(r.Context(), b.Data, in.InternalFields)
	}
	m.Vendors = m.Vendors[:0]
	rowOf := []int{} // form row of each vendor in the request
	for i := range rfq.MaxVendors {
		idx := strconv.Itoa(i)
		v := rfq.Vendor{Company: f.Get("company_" + idx), Contact: f.Get("contact_" + idx), Email: f.Get("email_" + idx), Language: f.Get("language_" + idx)}
		if _, ok := f["company_"+idx]; !ok {
			break
		}
		m.Vendors = append(m.Vendors, views.VendorRow{Index: i, Company: v.Company, Contact: v.Contact, Email: v.Email, Language: v.Language})
		if strings.TrimSpace(v.Company+v.Contact+v.Email) == "" {
			continue
		}
		in.Vendors = append(in.Vendors, v)
		rowOf = append(rowOf, i)
	}
	rd, invs, err := s.eval.CreateRound(r.Context(), currentUser(r).Actor(), e.ID, in, i18n.Languages, s.links(r))
	if ws, ok := err.(evaluation.RecordWarnings); ok {
		z := i18n.From(r.Context())
		for _, rw := range ws {
			m.Errors[fmt.Sprintf("vendors[%d].company", rowOf[rw.Index])] = recordWarningText(z, rw)
		}
		m.ConfirmWarnings = true
		s.render(w, r, http.StatusConflict, views.RFQFormPage(s.page(r, z.T("rfq.new"), "evaluations"), m))
		return nil
	}
	if fe, ok := err.(fieldErrors); ok {
		z := i18n.From(r.Context())
		for k, key := range fe {
			var n int
			var field string
			if _, err := fmt.Sscanf(k, "vendors[%d].%s", &n, &field); err == nil && n < len(rowOf) {
				k = fmt.Sprintf("vendors[%d].%s", rowOf[n], field)
			}
			m.Errors[k] = z.T(key)
		}
		if _, ok := fe["time_zone"]; ok {
			m.Errors["time_zone"] = zoneError(z, in.TimeZone)
		}
		s.render(w, r, http.StatusUnprocessableEntity, views.RFQFormPage(s.page(r, z.T("rfq.new"), "evaluations"), m))
		return nil
	}
	if err != nil {
		return err
	}
	s.renderCreated(w, r, rd, invs, i18n.T(r.Context(), "rfq.created"))
	return nil
}

// renderCreated shows a new round's links, this once, under title.
func (s *Server) renderCreated(w http.ResponseWriter, r *http.Request, rd store.RFQ, invs []evaluation.NewInvitation, title string) {
	s.render(w, r, http.StatusCreated, views.RFQCreatedPage(s.page(r, title, "evaluations"), createdLinks(title, rd, invs, s.mailOn)))
}
