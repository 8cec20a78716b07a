package web

import (
	"context"
	"net/http"
	"strings"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/web/views"
)

// approvalSettings is the settings forms filled from the settings in force.
func (s *Server) approvalSettings(ctx context.Context, z *i18n.Localizer) (*views.ApprovalSettings, error) {
	rules, ws, err := s.eval.AwardSettings(ctx)
	if err != nil {
		return nil, err
	}
	return views.SettingsModel(z, rules, ws), nil
}

// settingsSummary lists the settings' refused fields for the summary.
var settingsSummary = (*views.ApprovalSettings).Summary

// postedTrim is a trimmed form value of r.
func postedTrim(r *http.Request) func(string) string {
	return func(k string) string { return strings.TrimSpace(r.PostForm.Get(k)) }
}

// saveApprovalRulesForm sets the approval rules from the reference page
// (the API's PUT /api/v1/settings/approval-rules twin). Refusals are
// shown at the field; nothing is saved until all pass.
func (s *Server) saveApprovalRulesForm(w http.ResponseWriter, r *http.Request) error {
	if err := parseForm(w, r); err != nil {
		return err
	}
	z := i18n.From(r.Context())
	m, rules, rowOf := views.ApprovalRulesTyped(z, postedTrim(r))
	if len(m.Errors) == 0 {
		err := s.eval.SaveApprovalRules(r.Context(), currentUser(r).Actor(), rules)
		if fe, ok := err.(evaluation.FieldErrors); ok {
			m.RuleErrors(z, fe, rowOf)
		} else if err != nil {
			return err
		}
	}
	if len(m.Errors) == 0 {
		return redirect(w, r, "/admin/reference#approval-rules", "flash.setting_saved")
	}
	full, err := s.approvalSettings(r.Context(), z)
	if err != nil {
		return err
	}
	m.Criteria = full.Criteria
	return s.renderReference(w, r, http.StatusUnprocessableEntity, views.ReferencePage{Settings: m})
}

// saveCriteriaTemplateForm sets the organisation's criteria template: a
// whole weight 0–100 per criterion, summing to 100.
func (s *Server) saveCriteriaTemplateForm(w http.ResponseWriter, r *http.Request) error {
	if err := parseForm(w, r); err != nil {
		return err
	}
	z := i18n.From(r.Context())
	m, err := s.approvalSettings(r.Context(), z)
	if err != nil {
		return err
	}
	if ws := m.CriteriaTyped(z, postedTrim(r)); len(m.Errors) == 0 {
		_, err = s.eval.SaveCriteriaTemplate(r.Context(), currentUser(r).Actor(), ws)
	}
	if werrs, ok := err.(evaluation.WeightErrors); ok {
		m.Errors["crit-sum"] = z.T(werrs[0].Key)
	} else if err != nil {
		return err
	}
	if len(m.Errors) > 0 {
		return s.renderReference(w, r, http.StatusUnprocessableEntity, views.ReferencePage{Settings: m})
	}
	return redirect(w, r, "/admin/reference#criteria-template", "flash.setting_saved")
}
