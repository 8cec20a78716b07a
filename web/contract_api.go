package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/contract"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
)

// contractAPI declares the contract routes of /api/v1 (issue 31): every
// user reads; procurement, managers, admins and finance change; admins
// set the contract alerts.
func (s *Server) contractAPI(r chi.Router) {
	r.Get("/contracts", s.h(readJSON(func(r *http.Request) ([]evaluation.Contract, error) {
		q := r.URL.Query() // ?award_id= and ?vendor_id= narrow the list, newest first
		return s.eval.Contracts(r.Context(), evaluation.ContractFilter{AwardID: queryID(q, "award_id"), ProviderID: queryID(q, "vendor_id")})
	}, under[evaluation.Contract]("contracts"))))
	r.Get("/contracts/{id}", s.h(readJSON(byID(s.eval.ContractRead), asIs)))
	r.Get("/contracts/{id}/bills", s.h(readJSON(byID(s.eval.Bills), under[evaluation.Bill]("bills"))))
	r.Get("/contracts/{id}/commitment", s.h(readJSON(byID(s.eval.Commitment), under[contract.CommitmentRow]("months"))))
	r.Get("/contracts/{id}/outages", s.h(readJSON(byID(s.eval.Outages), outagesJSON)))
	r.Get("/contracts/{id}/credits", s.h(readJSON(byID(s.eval.Credits), under[evaluation.Claim]("credits"))))
	r.Get("/renewals", s.h(readJSON(noID(s.eval.RenewalsOverview), func(b evaluation.RenewalsOverview) any {
		return map[string]any{"horizon_days": evaluation.RenewalHorizon, "renewals": b.Renewals, "claims": b.Claims}
	})))
	r.Get("/vendors/{id}/record", s.h(readJSON(byID(s.eval.VendorRecord), asIs)))
	r.Get("/evaluations/{id}/baseline", s.h(readJSON(byID(s.eval.RebidBaseline), func(b *evaluation.Baseline) any { return map[string]any{"baseline": b} })))
	r.With(s.requirePermission(auth.ManageEvaluations)).Post("/contracts/{id}/rebid", s.h(withID(s.apiRebid)))
	r.With(s.requirePermission(auth.ManageContracts)).Group(func(r chi.Router) {
		r.Post("/contracts", s.h(s.apiDraftContracts))
		r.Patch("/contracts/{id}", s.h(withID(s.apiPatchContract)))
		r.With(s.limitUploads).Post("/contracts/{id}/bills", s.h(withID(s.apiUploadBill)))
		r.Post("/contracts/{id}/outages", s.h(withID(s.apiRecordOutage)))
		r.Put("/contracts/{id}/useful-units", s.h(withID(s.apiSaveUsefulUnits)))
	})
	r.With(s.requirePermission(auth.ManageReference)).Get("/settings/contract-alerts", s.h(readJSON(noID(s.eval.AlertSettings), asIs)))
	r.With(s.requirePermission(auth.ManageReference)).Put("/settings/contract-alerts", s.h(s.apiPutContractAlerts))
}

// apiDraftContracts drafts the contracts of an approved award that has
// none: {"award_id": n}. 201 with them; 409 when it has them; 422 when the
// award is not approved.
func (s *Server) apiDraftContracts(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		AwardID int64 `json:"award_id"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	if in.AwardID <= 0 {
		return fieldErrors{"award_id": "form.error.required"}
	}
	list, err := s.eval.DraftContracts(r.Context(), currentUser(r), in.AwardID)
	if errors.Is(err, evaluation.ErrExists) {
		writeJSON(w, http.StatusConflict, map[string]any{"error": i18n.T(r.Context(), "contract.error.exists"), "code": "exists"})
		return nil
	}
	return contractAnswer(w, r, http.StatusCreated, map[string]any{"contracts": list}, err)
}

// apiPatchContract makes a new version: the terms to change, a "reason"
// (required) and optionally the "version" the change was made on (409
// when the contract has moved on).
func (s *Server) apiPatchContract(w http.ResponseWriter, r *http.Request, id int64) error {
	var in map[string]json.RawMessage
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	ch, err := evaluation.ContractChangeOf(in)
	if err != nil {
		return err
	}
	c, err := s.eval.ReviseContract(r.Context(), currentUser(r), id, ch)
	return contractAnswer(w, r, http.StatusOK, c, err)
}

// contractAnswer answers a contract change: v with status, or a refusal
// 422 with the field it names and why; any other error goes to the
// adapter.
func contractAnswer(w http.ResponseWriter, r *http.Request, status int, v any, err error) error {
	if err == nil {
		writeJSON(w, status, v)
		return nil
	}
	if !evaluation.IsContractError(err) {
		return err
	}
	field, why := evaluation.RefusedField(err)
	writeJSON(w, http.StatusUnprocessableEntity, map[string]any{"error": i18n.T(r.Context(), "form.has_errors"),
		"fields": map[string]string{field: why}})
	return nil
}

// apiUploadBill imports a bill: the CSV as the body (text/csv) or as the
// "file" of a form. 201 with each line's match; 422 names every line and
// column that did not read, and nothing is kept.
func (s *Server) apiUploadBill(w http.ResponseWriter, r *http.Request, id int64) error {
	b, err := s.uploadBill(w, r, id)
	var ie *contract.ImportError
	switch {
	case errors.Is(err, errTooLarge), errors.Is(err, contract.ErrBillTooLarge):
		writeJSON(w, http.StatusRequestEntityTooLarge, map[string]any{"error": i18n.T(r.Context(), "contract.bill.too_large")})
	case errors.As(err, &ie):
		writeJSON(w, http.StatusUnprocessableEntity, map[string]any{"error": i18n.T(r.Context(), "contract.bill.not_imported"), "rows": billRowErrors(ie)})
	case err != nil:
		return err
	default:
		w.Header().Set("Location", fmt.Sprintf("/api/v1/contracts/%d/bills", id))
		writeJSON(w, http.StatusCreated, b)
	}
	return nil
}

// uploadBill reads the upload and calls the use case the page calls too.
func (s *Server) uploadBill(w http.ResponseWriter, r *http.Request, id int64) (evaluation.Bill, error) {
	data, _, err := readUploadFields(w, r, contract.MaxBillBytes)
	if err != nil {
		return evaluation.Bill{}, err
	}
	name := r.URL.Query().Get("filename")
	if len(name) > 255 {
		name = name[:255]
	}
	return s.eval.UploadBill(r.Context(), currentUser(r), id, name, bytes.NewReader(data))
}

type apiBillRowError struct {
	Line   int    `json:"line"`
	Column string `json:"column,omitempty"`
	Reason string `json:"reason"`
}

func billRowErrors(ie *contract.ImportError) []apiBillRowError {
	out := make([]apiBillRowError, 0, len(ie.Errors))
	for _, e := range ie.Errors {
		out = append(out, apiBillRowError{Line: e.Line, Column: e.Column, Reason: e.Reason})
	}
	return out
}

// apiOutage is an outage as the API takes and shows it.
type apiOutage struct {
	ID     int64     `json:"id,omitempty"`
	Start  time.Time `json:"start"`
	End    time.Time `json:"end"`
	Nodes  int       `json:"nodes"`
	Source string    `json:"source"`
	Note   string    `json:"note"`
	// UploadID is the benchmark upload the outage was read from (its
	// health evidence); absent for an outage entered by hand.
	UploadID int64 `json:"upload_id,omitempty"`
}

func outagesJSON(list []evaluation.Outage) any {
	out := make([]apiOutage, 0, len(list))
	for _, o := range list {
		out = append(out, apiOutage{ID: o.ID, Start: o.Start, End: o.End, Nodes: o.Nodes, Source: o.Source, Note: o.Note, UploadID: o.UploadID})
	}
	return map[string]any{"outages": out}
}

func (s *Server) apiRecordOutage(w http.ResponseWriter, r *http.Request, id int64) error {
	var in apiOutage
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	o, err := s.eval.RecordOutage(r.Context(), currentUser(r), id, evaluation.Outage{Start: in.Start, End: in.End, Nodes: in.Nodes,
		Source: in.Source, Note: in.Note})
	return contractAnswer(w, r, http.StatusCreated, apiOutage{ID: o.ID, Start: o.Start, End: o.End, Nodes: o.Nodes, Source: o.Source, Note: o.Note}, err)
}

// apiSaveUsefulUnits records a month's useful units delivered ({"month":
// "2026-03", "units": "1600.5"}, plain decimals) and answers with the
// commitment report they change.
func (s *Server) apiSaveUsefulUnits(w http.ResponseWriter, r *http.Request, id int64) error {
	var in struct{ Month, Units string }
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	rows, err := s.eval.RecordUsefulUnits(r.Context(), currentUser(r), id, in.Month, in.Units)
	return contractAnswer(w, r, http.StatusOK, under[contract.CommitmentRow]("months")(rows), err)
}
