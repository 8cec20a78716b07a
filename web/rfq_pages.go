package web

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/rfq"
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
	m := views.RFQList{EvaluationID: e.ID, EvaluationName: e.Name, Rounds: views.RFQRowsModel(z, rounds), CanCreate: currentUser(r).Role.Can(auth.EditQuotes)}
	s.render(w, r, http.StatusOK, views.RFQListPage(s.page(r, z.T("rfq.list_title")+" · "+e.Name, "evaluations"), m))
	return nil
}

func (s *Server) newRFQ(w http.ResponseWriter, r *http.Request) error {
	e, b, err := s.evaluationAndBrief(r)
	if err != nil {
		return err
	}
	m := views.RFQFormModel(r.Context(), e.ID, e.Name, b.Data, formRows(r), s.mailOn)
	s.render(w, r, http.StatusOK, views.RFQFormPage(s.page(r, i18n.T(r.Context(), "rfq.new"), "evaluations"), m))
	return nil
}

// formRows is how many vendor rows the form asks for (?rows=).
func formRows(r *http.Request) int {
	n, _ := strconv.Atoi(r.URL.Query().Get("rows"))
	return n
}

// roundForm reads the new-round form into the request the API takes and
// the form as entered; rowOf is the form row of each vendor in the
// request: blank vendor rows are skipped.
func roundForm(f url.Values, m *views.RFQForm) (in evaluation.RoundRequest, rowOf []int) {
	in = evaluation.RoundRequest{Deadline: f.Get("deadline"), TimeZone: f.Get("time_zone"), Note: f.Get("note"),
		ConfirmWarnings: f.Get("confirm_warnings") == "1", Compliance: complianceFromForm(f)}
	if g, err := strconv.Atoi(strings.TrimSpace(f.Get("grace_hours"))); err == nil {
		in.GraceHours = &g
	} else if strings.TrimSpace(f.Get("grace_hours")) != "" {
		bad := -1
		in.GraceHours = &bad
	}
	m.Deadline, m.TimeZone, m.GraceHours, m.Note, m.Vendors = in.Deadline, in.TimeZone, f.Get("grace_hours"), in.Note, m.Vendors[:0]
	if f.Get("visibility") == "1" { // the form lists the fields: what is not ticked internal is shared
		in.InternalFields = append([]string{}, f["internal"]...)
	}
	for i := range rfq.MaxVendors {
		idx := strconv.Itoa(i)
		v := rfq.Vendor{Company: f.Get("company_" + idx), Contact: f.Get("contact_" + idx), Email: f.Get("email_" + idx), Language: f.Get("language_" + idx)}
		if _, ok := f["company_"+idx]; !ok {
			break
		}
		m.Vendors = append(m.Vendors, views.VendorRow{Index: i, Company: v.Company, Contact: v.Contact, Email: v.Email, Language: v.Language})
		if strings.TrimSpace(v.Company+v.Contact+v.Email) != "" {
			in.Vendors, rowOf = append(in.Vendors, v), append(rowOf, i)
		}
	}
	return in, rowOf
}

// createRFQ reads the form into the same request the API takes; a
// half-filled vendor row is an error at its fields.
func (s *Server) createRFQ(w http.ResponseWriter, r *http.Request) error {
	e, b, err := s.evaluationAndBrief(r)
	if err != nil {
		return err
	}
	if err := parseForm(w, r); err != nil {
		return err
	}
	ctx, z := r.Context(), i18n.From(r.Context())
	m := views.RFQFormModel(ctx, e.ID, e.Name, b.Data, formRows(r), s.mailOn)
	in, rowOf := roundForm(r.PostForm, &m)
	m.Compliance = views.ComplianceFormModel(z, in.Compliance)
	if in.InternalFields != nil {
		m.Visibility = views.RFQVisibility(ctx, b.Data, in.InternalFields)
	}
	rd, invs, err := s.eval.CreateRound(ctx, currentUser(r).Actor(), e.ID, in, i18n.Languages, s.links(r))
	status := http.StatusUnprocessableEntity
	if ws, ok := err.(evaluation.RecordWarnings); ok {
		for _, rw := range ws {
			m.Errors[fmt.Sprintf("vendors[%d].company", rowOf[rw.Index])] = recordWarningText(z, rw)
		}
		m.ConfirmWarnings, status = true, http.StatusConflict
	} else if fe, ok := err.(fieldErrors); ok {
		views.RFQFormErrors(z, &m, fe, rowOf, in.TimeZone)
	} else if err != nil {
		return err
	} else {
		s.renderCreated(w, r, rd, invs, z.T("rfq.created"))
		return nil
	}
	s.render(w, r, status, views.RFQFormPage(s.page(r, z.T("rfq.new"), "evaluations"), m))
	return nil
}

// renderCreated shows a new round's links, this once, under title.
func (s *Server) renderCreated(w http.ResponseWriter, r *http.Request, rd evaluation.RFQ, invs []evaluation.NewInvitation, title string) {
	s.render(w, r, http.StatusCreated, views.RFQCreatedPage(s.page(r, title, "evaluations"), views.RFQCreatedModel(title, rd, invs, s.mailOn)))
}
