package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/a-h/templ"
	"github.com/go-chi/chi/v5"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/contract"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/scoring"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/web/views"
)

// contractPages declares the contract pages (issue 31).
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
	s.rebidPages(r)
	s.contractAlertPages(r)
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
	m := contractView(z, d, p.Can(auth.ManageContracts))
	m.UnitsMonth = s.eval.Now().Format("2006-01")
	m.CanRebid = p.Can(auth.ManageEvaluations)
	m.Rebid.Languages = rebidLanguages()
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
	err = s.eval.SaveUsefulUnits(r.Context(), currentUser(r), id, r.PostFormValue("month"), units)
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

// renewalsPage lists the cancel-by dates of the next 180 days and every
// contract.
func (s *Server) renewalsPage(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	z := i18n.From(ctx)
	board, err := s.eval.AlertBoard(ctx, evaluation.RenewalHorizon)
	if err != nil {
		return err
	}
	all, err := s.eval.Contracts(ctx, store.ContractFilter{})
	if err != nil {
		return err
	}
	date := func(x contract.Date) string { return z.Date(x.Start(time.UTC)) }
	m := views.RenewalsView{Upcoming: renewalRows(z, board.Renewals), Claims: claimRows(z, board.Claims)}
	for _, c := range all {
		m.Contracts = append(m.Contracts, views.ContractRow{ID: c.ID, VendorID: c.VendorID, Vendor: c.Vendor,
			State: z.T("contract.state." + string(c.State)), End: date(c.EndDate), CancelBy: date(c.CancelBy)})
	}
	s.render(w, r, http.StatusOK, views.RenewalsPage(s.page(r, z.T("contract.renewals.title"), "renewals"), m))
	return nil
}

// vendorRecordPage is a vendor's record across its contracts, quotes and
// invitations, each figure linked to the records it reads.
func (s *Server) vendorRecordPage(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	rec, err := s.eval.VendorRecord(r.Context(), id)
	if err != nil {
		return err
	}
	z := i18n.From(r.Context())
	s.render(w, r, http.StatusOK, views.VendorRecordPage(s.page(r, z.T("contract.record.title", map[string]any{"Vendor": rec.Vendor}), "renewals"),
		vendorRecordView(z, rec)))
	return nil
}

// vendorRecordView formats a record for its page.
func vendorRecordView(z *i18n.Localizer, rec evaluation.VendorRecord) views.VendorRecordView {
	money := func(m contract.Money) string { return z.Money(m.Decimal(), m.Currency) }
	pct := func(p contract.Pct) string { return z.Decimal(p.String()) + "\u00a0%" }
	links := func(es []evaluation.Evidence) []views.RecordLink {
		out := make([]views.RecordLink, 0, len(es))
		for _, e := range es {
			out = append(out, views.RecordLink{Text: z.T("record."+e.Kind+"_n", map[string]any{"ID": e.ID}), Href: templ.SafeURL(e.Href)})
		}
		return out
	}
	figure := func(key string, f evaluation.Figure) views.RecordFigure {
		v := views.RecordFigure{Key: key, Label: z.T("record." + key), Value: z.T("record.unknown"), Links: links(f.Evidence)}
		if f.Known {
			v.Value = pct(f.Pct)
		}
		return v
	}
	sm := rec.Summary
	m := views.VendorRecordView{Vendor: rec.Vendor, PreGrade: scoreBand(z, rec.PreGrade.Low, rec.PreGrade.High)}
	m.Summary = []views.RecordFigure{figure("price_adherence", sm.PriceAdherence), figure("availability", sm.Availability),
		figure("pass_rate", sm.PassRate),
		{Key: "reruns", Label: z.T("record.reruns"), Value: z.Int(int64(sm.Reruns)), Links: links(sm.PassRate.Evidence)},
		{Key: "answer_time", Label: z.T("record.answer_time"), Value: z.T("record.unknown"), Links: links(sm.AnswerTime)},
		figure("completeness", sm.Completeness)}
	if sm.Answered > 0 {
		m.Summary[4].Value = z.T("record.answer_value", map[string]any{"Hours": hoursText(z, sm.AnswerMinutes),
			"Answered": sm.Answered, "Unanswered": sm.Unanswered})
	}
	g := scoring.PastGrade(sm.Past())
	m.PreRule = z.T(g.Rule, localFacts(z, g.Facts))
	for _, b := range scoring.PastRule() {
		m.Bands = append(m.Bands, views.RecordBand{Grade: z.Decimal(b.Grade), Availability: z.Decimal(b.Availability) + "\u00a0%",
			PriceAdherence: z.Decimal(b.PriceAdherence) + "\u00a0%", PassRate: z.Decimal(b.PassRate) + "\u00a0%"})
	}
	for _, c := range rec.Contracts {
		m.Rows = append(m.Rows, views.VendorRecordRow{ContractID: c.ContractID, State: z.T("contract.state." + string(c.State)),
			Bills: z.Int(int64(c.Bills)), Billed: money(c.Billed), AboveContract: money(c.AboveContract), Adherence: pct(c.PriceAdherence),
			Lines:        z.T("contract.record.lines", map[string]any{"OK": c.LinesMatched, "Exceptions": c.LinesException}),
			Availability: pct(c.Availability),
			Credits:      z.T("contract.record.credits", map[string]any{"Claimed": money(c.Claimed), "Credited": money(c.Credited)})})
	}
	for _, q := range rec.Tests {
		m.Tests = append(m.Tests, views.RecordTestRow{QuoteID: q.QuoteID, Quote: z.T("record.quote_n", map[string]any{"ID": q.QuoteID}),
			Passed: z.Int(int64(q.Passed)), Failed: z.Int(int64(q.Failed)), Waived: z.Int(int64(q.Waived)), Reruns: z.Int(int64(q.Reruns))})
	}
	for _, v := range rec.Invitations {
		row := views.RecordInvitationRow{RFQID: v.RFQID, RFQ: z.T("record.rfq_round", map[string]any{"ID": v.RFQID, "Round": v.Round}),
			Invited: z.DateTime(v.InvitedAt), Answered: z.T("record.not_answered"), Time: "—", Completeness: "—"}
		if v.SubmittedAt != nil {
			row.Answered, row.Time = z.DateTime(*v.SubmittedAt), z.T("record.hours", map[string]any{"Hours": hoursText(z, v.AnswerMinutes)})
			row.Completeness = z.T("record.answered_of", map[string]any{"Answered": v.Answered, "Asked": v.Asked, "Pct": pct(v.Completeness)})
		}
		m.Invitations = append(m.Invitations, row)
	}
	return m
}

// hoursText writes minutes as hours with one decimal, rounded half up.
func hoursText(z *i18n.Localizer, minutes int64) string {
	tenths := (minutes*10*2 + 60) / 120
	return z.Decimal(fmt.Sprintf("%d.%d", tenths/10, tenths%10))
}

// setRecordThreshold is the admin's past-performance pre-grade under which
// an invited vendor is warned about; a value that is no grade is shown
// again next to its field.
func (s *Server) setRecordThreshold(w http.ResponseWriter, r *http.Request) error {
	if err := parseForm(w, r); err != nil {
		return err
	}
	z := i18n.From(r.Context())
	v := strings.TrimSpace(r.PostForm.Get("record_threshold"))
	canonical, perr := z.ParseDecimal(v)
	if v == "" {
		canonical, perr = "0", nil
	}
	err := perr
	if err == nil {
		err = s.eval.SaveRecordThreshold(r.Context(), currentUser(r).Actor(), canonical)
	}
	var fe evaluation.FieldErrors
	if err != nil && !errors.As(err, &fe) && perr == nil {
		return err
	}
	if err != nil {
		return s.renderReference(w, r, http.StatusUnprocessableEntity, views.ReferencePage{RecordThreshold: v,
			RecordThresholdError: z.T("record.error.threshold")})
	}
	return redirect(w, r, "/admin/reference", "flash.setting_saved")
}

// recordWarningText is the warning next to an invited vendor whose record
// is below the threshold.
func recordWarningText(z *i18n.Localizer, w evaluation.RecordWarning) string {
	return z.T("record.warn.invite", map[string]any{"Vendor": w.Company, "Grade": scoreBand(z, w.Grade.Low, w.Grade.High),
		"Threshold": z.Decimal(strconv.FormatFloat(w.Threshold, 'f', -1, 64)), "Record": w.Record})
}
