package web

import (
	"encoding/json"
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
	"github.com/gpuquote/gpuquote/internal/sourcing"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/web/views"
	"github.com/gpuquote/gpuquote/web/views/model"
)

// contractPages declares the contract pages (issue 31), the re-bid from a
// contract and the admin's contract alert settings form.
func (s *Server) contractPages(r chi.Router) {
	r.Get("/renewals", s.h(s.renewalsPage))
	r.Get("/contracts/{id}", s.h(s.showContract))
	r.Get("/vendors/{id}/record", s.h(s.vendorRecordPage))
	r.With(s.requirePermission(auth.ManageContracts)).Group(func(r chi.Router) {
		r.Post("/contracts/{id}/terms", s.h(s.saveContractTerms))
		r.With(s.limitUploads).Post("/contracts/{id}/bills", s.h(s.uploadBillForm))
		r.Post("/contracts/{id}/outages", s.h(s.recordOutageForm))
		r.Post("/contracts/{id}/useful-units", s.h(s.saveUsefulUnitsForm))
	})
	r.With(s.requirePermission(auth.ManageEvaluations)).Post("/contracts/{id}/rebid", s.h(s.rebidForm))
	r.With(s.requirePermission(auth.ManageReference)).Post("/admin/settings/contract-alerts", s.h(s.saveContractAlertsForm))
}

// showContract is the contract page; a refused form shows it again.
func (s *Server) showContract(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
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
func (s *Server) saveContractTerms(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	if err := parseForm(w, r); err != nil {
		return err
	}
	f := views.ContractForm{StartDate: r.PostFormValue("start_date"), TermMonths: r.PostFormValue("term_months"),
		NoticeDays: r.PostFormValue("notice_days"), Reason: strings.TrimSpace(r.PostFormValue("reason")), Activate: r.PostFormValue("activate") == "1"}
	fields, ferr := termFields(f)
	if ferr == nil {
		_, ferr = s.eval.ReviseContract(r.Context(), currentUser(r), id, evaluation.ContractChange{Fields: fields, Reason: f.Reason})
	}
	if ferr == nil {
		return redirect(w, r, fmt.Sprintf("/contracts/%d", id), "flash.contract_saved")
	}
	if !evaluation.IsContractError(ferr) && !errors.Is(ferr, errBadRequest) {
		return ferr
	}
	f.Error = i18n.From(r.Context()).T("contract.error.terms", map[string]any{"Why": strings.TrimPrefix(ferr.Error(), "bad request: ")})
	return s.renderContract(w, r, id, http.StatusUnprocessableEntity, func(m *views.ContractView) { m.Form = f })
}

// termFields turns the form into the fields of a change.
func termFields(f views.ContractForm) (map[string]json.RawMessage, error) {
	term, err1 := strconv.Atoi(f.TermMonths)
	notice, err2 := strconv.Atoi(f.NoticeDays)
	if _, err := contract.ParseDate(f.StartDate); err != nil || err1 != nil || err2 != nil {
		return nil, fmt.Errorf("%w: start_date, term_months, notice_days", errBadRequest)
	}
	out := map[string]json.RawMessage{
		"start_date": json.RawMessage(strconv.Quote(f.StartDate)), "term_months": json.RawMessage(strconv.Itoa(term)), "notice_days": json.RawMessage(strconv.Itoa(notice))}
	if f.Activate {
		out["activated"] = json.RawMessage("true")
	}
	return out, nil
}

// uploadBillForm imports a bill from the page; a file that does not read
// shows the page again with every bad line and column.
func (s *Server) uploadBillForm(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
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
func (s *Server) recordOutageForm(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
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
	_, err = s.eval.RecordOutage(r.Context(), currentUser(r), id, store.Outage{Start: start, End: end, Nodes: nodes, Note: r.PostFormValue("note")})
	if evaluation.IsContractError(err) {
		return s.renderContract(w, r, id, http.StatusUnprocessableEntity, func(m *views.ContractView) {
			m.OutageError = z.T("contract.error.terms", map[string]any{"Why": err.Error()})
		})
	}
	if err != nil {
		return err
	}
	return redirect(w, r, fmt.Sprintf("/contracts/%d#credits", id), "flash.outage_saved")
}

// saveUsefulUnitsForm records a month's useful units delivered; a refused
// entry shows the page again with the reason beside the form.
func (s *Server) saveUsefulUnitsForm(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	if err := parseForm(w, r); err != nil {
		return err
	}
	z := i18n.From(r.Context())
	units, perr := z.ParseDecimal(r.PostFormValue("units"))
	if perr != nil {
		units = r.PostFormValue("units") // refused below, with its reason
	}
	_, err = s.eval.RecordUsefulUnits(r.Context(), currentUser(r), id, r.PostFormValue("month"), units)
	if evaluation.IsContractError(err) {
		return s.renderContract(w, r, id, http.StatusUnprocessableEntity, func(m *views.ContractView) {
			m.UnitsError = z.T("contract.error.useful_units", map[string]any{"Why": err.Error()})
			m.UnitsMonth = r.PostFormValue("month")
		})
	}
	if err != nil {
		return err
	}
	return redirect(w, r, fmt.Sprintf("/contracts/%d#commitment", id), "flash.useful_units_saved")
}
