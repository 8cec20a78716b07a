package web

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/web/views"
	"github.com/gpuquote/gpuquote/web/views/model"
)

// contractAlertForm is the contract alert settings form filled from the
// settings in force.
func (s *Server) contractAlertForm(ctx context.Context, z *i18n.Localizer) (*views.ContractAlertSettings, error) {
	set, err := s.eval.AlertSettings(ctx)
	if err != nil {
		return nil, err
	}
	return model.ContractAlertSettings(z, set), nil
}

// saveContractAlertsForm sets the contract alert offsets and roles from
// the reference page; a refusal is shown next to its field, nothing saved.
func (s *Server) saveContractAlertsForm(w http.ResponseWriter, r *http.Request) error {
	if err := parseForm(w, r); err != nil {
		return err
	}
	ctx := r.Context()
	z := i18n.From(ctx)
	typed, roles := r.PostForm.Get("offsets"), r.PostForm["roles"]
	_, err := s.eval.SaveTypedAlertSettings(ctx, currentUser(r).Actor(), typed, roles)
	if fe, ok := err.(evaluation.FieldErrors); ok {
		m := model.ContractAlertForm(z, typed, roles)
		for field, key := range fe {
			m.Errors["alert-"+field] = z.T(key)
		}
		return s.renderReference(w, r, http.StatusUnprocessableEntity, views.ReferencePage{ContractAlerts: m})
	}
	if err != nil {
		return err
	}
	return redirect(w, r, "/admin/reference#contract-alerts", "flash.setting_saved")
}

// contractAlertsSummary lists the alert form's refused fields for the
// page's error summary.
func contractAlertsSummary(m *views.ContractAlertSettings) []views.FormError {
	return model.ContractAlertsSummary(m)
}

// apiPutContractAlerts sets the contract alert settings (admin, audited
// as a setting): {"offsets": [120, 30, 7], "roles": ["finance"]}. A
// refusal is 422 naming the field.
func (s *Server) apiPutContractAlerts(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Offsets []int    `json:"offsets"`
		Roles   []string `json:"roles"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	set, err := s.eval.SaveAlertSettings(r.Context(), currentUser(r).Actor(), in.Offsets, in.Roles)
	return contractAnswer(w, r, http.StatusOK, set, err)
}

// homeAlerts is home's contract alerts for the user, nil for one who
// receives none.
func (s *Server) homeAlerts(r *http.Request) (*views.HomeAlerts, error) {
	b, shown, err := s.eval.HomeAlerts(r.Context(), currentUser(r))
	if err != nil || !shown {
		return nil, err
	}
	return model.HomeAlerts(i18n.From(r.Context()), b), nil
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
	canonical, err := z.ParseDecimal(v)
	if v == "" {
		canonical, err = "0", nil
	}
	if err == nil {
		if err = s.eval.SaveRecordThreshold(r.Context(), currentUser(r).Actor(), canonical); err != nil && !errors.As(err, new(evaluation.FieldErrors)) {
			return err
		}
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
