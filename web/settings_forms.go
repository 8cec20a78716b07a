package web

import (
	"context"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/scoring"
	"github.com/gpuquote/gpuquote/web/views"
)

// tierRowsShown is how many tiers the settings form offers (blank rows
// are skipped on save).
const tierRowsShown = 3

// approvalSettings is the settings forms filled from the settings in
// force (the rules' tiers, then blank rows; the template, else the
// default weights).
func (s *Server) approvalSettings(ctx context.Context, z *i18n.Localizer) (*views.ApprovalSettings, error) {
	m := &views.ApprovalSettings{Currency: "USD", Roles: awardRoles(z), Errors: map[string]string{}}
	rules, err := s.eval.ApprovalRules(ctx)
	if err != nil {
		return nil, err
	}
	if rules != nil {
		m.Currency = rules.Currency
		for _, t := range rules.Tiers {
			row := views.TierRow{Above: z.Decimal(t.Above), Approvers: strconv.Itoa(t.Approvers), Order: t.Order}
			copy(row.Roles[:], t.Roles)
			m.Tiers = append(m.Tiers, row)
		}
	}
	for len(m.Tiers) < tierRowsShown {
		m.Tiers = append(m.Tiers, views.TierRow{Approvers: "1"})
	}
	ws, err := s.eval.CriteriaTemplate(ctx)
	if err != nil {
		return nil, err
	}
	weights := map[string]int{}
	for _, w := range ws {
		weights[w.Key] = w.Weight
	}
	for _, k := range scoring.Keys {
		m.Criteria = append(m.Criteria, views.CriterionWeight{Key: k, Label: z.T("scoring.criterion." + k), Weight: strconv.Itoa(weights[k])})
	}
	return m, nil
}

// awardRoles are the roles that may sign awards, for the step selects.
func awardRoles(z *i18n.Localizer) []views.Option {
	var out []views.Option
	for _, r := range auth.RolesWith(auth.ApproveAward) {
		out = append(out, views.Option{Value: string(r), Label: z.T("role." + string(r))})
	}
	return out
}

var tierField = regexp.MustCompile(`^tiers\[([0-9]+)\]\.([a-z]+)$`)

// saveApprovalRulesForm sets the approval rules from the reference page:
// the organisation's currency and up to three tiers (threshold in the
// reader's number format, approvers, order, a role per step or none).
// Refusals are shown at the field; nothing is saved until all pass.
func (s *Server) saveApprovalRulesForm(w http.ResponseWriter, r *http.Request) error {
	if err := parseForm(w, r); err != nil {
		return err
	}
	ctx := r.Context()
	z := i18n.From(ctx)
	m := &views.ApprovalSettings{Currency: strings.ToUpper(strings.TrimSpace(r.PostForm.Get("currency"))), Roles: awardRoles(z), Errors: map[string]string{}}
	rules := scoring.ApprovalRules{Currency: m.Currency}
	var rowOf []int // the form row of each tier kept
	for i := range tierRowsShown {
		f := func(name string) string { return strings.TrimSpace(r.PostForm.Get(views.RuleID(i, name))) }
		row := views.TierRow{Above: f("above"), Approvers: f("approvers"), Order: f("order")}
		for step := range 3 {
			row.Roles[step] = f("role_" + strconv.Itoa(step+1))
		}
		m.Tiers = append(m.Tiers, row)
		if row.Above == "" {
			continue
		}
		above, err := z.ParseDecimal(row.Above)
		if err != nil {
			m.Errors[views.RuleID(i, "above")] = z.T("form.error.ambiguous_number")
			continue
		}
		n, _ := strconv.Atoi(row.Approvers)
		tier := scoring.Tier{Above: above, Approvers: n, Order: row.Order}
		for step := 0; step < n && step < 3; step++ {
			tier.Roles = append(tier.Roles, row.Roles[step])
		}
		if strings.Join(tier.Roles, "") == "" {
			tier.Roles = nil // any approver at every step
		}
		rules.Tiers = append(rules.Tiers, tier)
		rowOf = append(rowOf, i)
	}
	if len(m.Errors) > 0 {
		return s.renderSettingsRefusal(w, r, m)
	}
	err := s.eval.SaveApprovalRules(ctx, currentUser(r).Actor(), rules)
	if fe, ok := err.(evaluation.FieldErrors); ok {
		for field, key := range fe {
			m.Errors[ruleFieldID(field, rowOf)] = z.T(key)
		}
		return s.renderSettingsRefusal(w, r, m)
	}
	if err != nil {
		return err
	}
	return redirect(w, r, "/admin/reference#approval-rules", "flash.setting_saved")
}

// ruleFieldID maps a rules check field ("tiers[1].above") to the form's
// input id, through the form row each kept tier came from.
func ruleFieldID(field string, rowOf []int) string {
	if field == "currency" {
		return "rule-currency"
	}
	if m := tierField.FindStringSubmatch(field); m != nil {
		i, _ := strconv.Atoi(m[1])
		if i < len(rowOf) {
			return views.RuleID(rowOf[i], m[2])
		}
	}
	return views.RuleID(0, "above") // no tier at all
}

// saveCriteriaTemplateForm sets the organisation's criteria template: a
// whole weight 0–100 per criterion, summing to 100.
func (s *Server) saveCriteriaTemplateForm(w http.ResponseWriter, r *http.Request) error {
	if err := parseForm(w, r); err != nil {
		return err
	}
	ctx := r.Context()
	z := i18n.From(ctx)
	m, err := s.approvalSettings(ctx, z)
	if err != nil {
		return err
	}
	var ws []scoring.Weight
	for i, k := range scoring.Keys {
		v := strings.TrimSpace(r.PostForm.Get("w_" + k))
		m.Criteria[i].Weight = v
		n, err := strconv.Atoi(v)
		if v == "" {
			n, err = 0, nil
		}
		if err != nil || n < 0 || n > 100 {
			m.Errors["crit-"+k] = z.T("scoring.error.weight_range")
			continue
		}
		ws = append(ws, scoring.Weight{Key: k, Weight: n})
	}
	if len(m.Errors) > 0 {
		return s.renderSettingsRefusal(w, r, m)
	}
	_, err = s.eval.SaveCriteriaTemplate(ctx, currentUser(r).Actor(), ws)
	if werrs, ok := err.(evaluation.WeightErrors); ok {
		m.Errors["crit-sum"] = z.T(werrs[0].Key)
		return s.renderSettingsRefusal(w, r, m)
	}
	if err != nil {
		return err
	}
	return redirect(w, r, "/admin/reference#criteria-template", "flash.setting_saved")
}

// renderSettingsRefusal shows the reference page with the settings as
// typed and their errors, summarised at the top.
func (s *Server) renderSettingsRefusal(w http.ResponseWriter, r *http.Request, m *views.ApprovalSettings) error {
	if m.Criteria == nil {
		full, err := s.approvalSettings(r.Context(), i18n.From(r.Context()))
		if err != nil {
			return err
		}
		m.Criteria = full.Criteria
	}
	return s.renderReference(w, r, http.StatusUnprocessableEntity, views.ReferencePage{Settings: m})
}

// settingsSummary lists the settings' refused fields for the summary.
func settingsSummary(m *views.ApprovalSettings) []views.FormError {
	var out []views.FormError
	if m == nil {
		return nil
	}
	add := func(id string) {
		if msg := m.Errors[id]; msg != "" {
			out = append(out, views.FormError{Target: id, Message: msg})
		}
	}
	add("rule-currency")
	for i := range m.Tiers {
		for _, f := range []string{"above", "approvers", "order", "roles"} {
			add(views.RuleID(i, f))
		}
	}
	add("crit-sum")
	for _, c := range m.Criteria {
		add("crit-" + c.Key)
	}
	return out
}
