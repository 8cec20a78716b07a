package web

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/scoring"
	"github.com/gpuquote/gpuquote/web/views"
	"github.com/gpuquote/gpuquote/web/views/model"
)

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
	g := scoring.PastGrade(rec.Summary.Past())
	m := model.VendorRecord(z, rec, scoreBand(z, rec.PreGrade.Low, rec.PreGrade.High), z.T(g.Rule, localFacts(z, g.Facts)))
	s.render(w, r, http.StatusOK, views.VendorRecordPage(s.page(r, z.T("contract.record.title", map[string]any{"Vendor": rec.Vendor}), "renewals"), m))
	return nil
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
