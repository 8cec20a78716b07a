package web

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/contract"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/scoring"
	"github.com/gpuquote/gpuquote/internal/sourcing"
	"github.com/gpuquote/gpuquote/web/views"
	"github.com/gpuquote/gpuquote/web/views/model"
)

// contractPages declares the contract pages (issue 31), the re-bid from a
// contract and the admin's contract alert settings form.
func (s *Server) contractPages(r chi.Router) {
	r.Get("/renewals", s.h(s.renewalsPage))
	r.Get("/contracts/{id}", s.h(withID(s.showContract)))
	r.Get("/vendors/{id}/record", s.h(withID(s.vendorRecordPage)))
	r.With(s.requirePermission(auth.ManageContracts)).Group(func(r chi.Router) {
		r.Post("/contracts/{id}/terms", s.h(withID(s.saveContractTerms)))
		r.With(s.limitUploads).Post("/contracts/{id}/bills", s.h(withID(s.uploadBillForm)))
		r.Post("/contracts/{id}/outages", s.h(withID(s.recordOutageForm)))
		r.Post("/contracts/{id}/useful-units", s.h(withID(s.saveUsefulUnitsForm)))
	})
	r.With(s.requirePermission(auth.ManageEvaluations)).Post("/contracts/{id}/rebid", s.h(withID(s.rebidForm)))
	r.With(s.requirePermission(auth.ManageReference)).Post("/admin/settings/contract-alerts", s.h(s.saveContractAlertsForm))
}

// showContract is the contract page; a refused form shows it again with
// renderContract's edit.
func (s *Server) showContract(w http.ResponseWriter, r *http.Request, id int64) error {
	return s.renderContract(w, r, id, http.StatusOK, func(*views.ContractView) {})
}

func (s *Server) renderContract(w http.ResponseWriter, r *http.Request, id int64, status int, edit func(*views.ContractView)) error {
	d, err := s.eval.ContractDetail(r.Context(), id)
	if err != nil {
		return err
	}
	z := i18n.From(r.Context())
	p := s.page(r, z.T("contract.title", map[string]any{"Vendor": d.Contract.Vendor}), "renewals")
	if k := takeFlash(w, r); k != "" {
		p.Flash = z.T(k)
	}
	m := model.ContractPage(z, p, d, s.eval.Now(), func(q sourcing.Requirement) string { return requirementLabel(z, q) })
	edit(&m)
	s.render(w, r, status, views.ContractPage(p, m))
	return nil
}

// saveContractTerms changes the dates (and activates a draft) as a new
// version with its reason.
func (s *Server) saveContractTerms(w http.ResponseWriter, r *http.Request, id int64) error {
	if err := parseForm(w, r); err != nil {
		return err
	}
	f := evaluation.TermsForm{StartDate: r.PostFormValue("start_date"), TermMonths: r.PostFormValue("term_months"),
		NoticeDays: r.PostFormValue("notice_days"), Reason: strings.TrimSpace(r.PostFormValue("reason")), Activate: r.PostFormValue("activate") == "1"}
	_, err := s.eval.ReviseTerms(r.Context(), currentUser(r), id, f)
	return s.contractFormDone(w, r, id, err, "", "flash.contract_saved", func(m *views.ContractView, why string) {
		m.Form = views.ContractForm{StartDate: f.StartDate, TermMonths: f.TermMonths, NoticeDays: f.NoticeDays, Reason: f.Reason,
			Activate: f.Activate, Error: i18n.From(r.Context()).T("contract.error.terms", map[string]any{"Why": why})}
	})
}

// contractFormDone answers a form of the contract page: done, it goes to
// the contract at anchor with flash; refused by the rules (a
// ContractError), the page again, 422, as refused edits it with the
// reason; any other error goes to the adapter.
func (s *Server) contractFormDone(w http.ResponseWriter, r *http.Request, id int64, err error, anchor, flash string,
	refused func(m *views.ContractView, why string)) error {
	if evaluation.IsContractError(err) {
		return s.renderContract(w, r, id, http.StatusUnprocessableEntity, func(m *views.ContractView) { refused(m, err.Error()) })
	}
	if err != nil {
		return err
	}
	return redirect(w, r, fmt.Sprintf("/contracts/%d%s", id, anchor), flash)
}

// uploadBillForm imports a bill from the page; a file that does not read
// shows the page again with every bad line and column.
func (s *Server) uploadBillForm(w http.ResponseWriter, r *http.Request, id int64) error {
	b, err := s.uploadBill(w, r, id)
	var ie *contract.ImportError
	z := i18n.From(r.Context())
	switch {
	case errors.Is(err, errTooLarge), errors.Is(err, contract.ErrBillTooLarge):
		return s.renderContract(w, r, id, http.StatusRequestEntityTooLarge, func(m *views.ContractView) {
			m.BillErrors = []string{z.T("contract.bill.too_large")}
		})
	case errors.As(err, &ie):
		return s.renderContract(w, r, id, http.StatusUnprocessableEntity, func(m *views.ContractView) {
			for _, e := range ie.Errors {
				m.BillErrors = append(m.BillErrors, e.Error())
			}
		})
	case err != nil:
		return err
	}
	return redirect(w, r, fmt.Sprintf("/contracts/%d#bill-%d", id, b.ID), "flash.bill_"+string(b.Match.ShouldBePaid))
}

// recordOutageForm records an outage typed on the page (times in UTC).
func (s *Server) recordOutageForm(w http.ResponseWriter, r *http.Request, id int64) error {
	if err := parseForm(w, r); err != nil {
		return err
	}
	start, err1 := time.Parse("2006-01-02T15:04", r.PostFormValue("start"))
	end, err2 := time.Parse("2006-01-02T15:04", r.PostFormValue("end"))
	nodes, err3 := strconv.Atoi(r.PostFormValue("nodes"))
	z := i18n.From(r.Context())
	if err1 != nil || err2 != nil || err3 != nil {
		return s.renderContract(w, r, id, http.StatusUnprocessableEntity, func(m *views.ContractView) { m.OutageError = z.T("contract.error.outage_form") })
	}
	_, err := s.eval.RecordOutage(r.Context(), currentUser(r), id, evaluation.Outage{Start: start, End: end, Nodes: nodes, Note: r.PostFormValue("note")})
	return s.contractFormDone(w, r, id, err, "#credits", "flash.outage_saved", func(m *views.ContractView, why string) {
		m.OutageError = z.T("contract.error.terms", map[string]any{"Why": why})
	})
}

// saveUsefulUnitsForm records a month's useful units delivered; a refused
// entry shows the page again with the reason beside the form.
func (s *Server) saveUsefulUnitsForm(w http.ResponseWriter, r *http.Request, id int64) error {
	if err := parseForm(w, r); err != nil {
		return err
	}
	z := i18n.From(r.Context())
	units, perr := z.ParseDecimal(r.PostFormValue("units"))
	if perr != nil {
		units = r.PostFormValue("units") // refused below, with its reason
	}
	_, err := s.eval.RecordUsefulUnits(r.Context(), currentUser(r), id, r.PostFormValue("month"), units)
	return s.contractFormDone(w, r, id, err, "#commitment", "flash.useful_units_saved", func(m *views.ContractView, why string) {
		m.UnitsError, m.UnitsMonth = z.T("contract.error.useful_units", map[string]any{"Why": why}), r.PostFormValue("month")
	})
}

// renewalsPage lists the cancel-by dates of the next 180 days and every
// contract.
func (s *Server) renewalsPage(w http.ResponseWriter, r *http.Request) error {
	o, err := s.eval.RenewalsOverview(r.Context())
	if err != nil {
		return err
	}
	z := i18n.From(r.Context())
	s.render(w, r, http.StatusOK, views.RenewalsPage(s.page(r, z.T("contract.renewals.title"), "renewals"), model.Renewals(z, o)))
	return nil
}

// vendorRecordPage is a vendor's record across its contracts, quotes and
// invitations, each figure linked to the records it reads.
func (s *Server) vendorRecordPage(w http.ResponseWriter, r *http.Request, id int64) error {
	rec, err := s.eval.VendorRecord(r.Context(), id)
	if err != nil {
		return err
	}
	z := i18n.From(r.Context())
	g := scoring.PastGrade(rec.Summary.Past())
	m := model.VendorRecord(z, rec, scoreBand(z, rec.PreGrade.Low, rec.PreGrade.High), z.T(g.Rule, localFacts(z, g.Facts)))
	s.render(w, r, http.StatusOK, views.VendorRecordPage(s.page(r, z.T("contract.record.title", map[string]any{"Vendor": rec.Vendor}), "renewals"), m))
	return nil
}
