package views

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/scoring"
)

// settingsTierRows is how many tiers the settings form offers (blank rows
// are skipped on save).
const settingsTierRows = 3

// SettingsModel is the settings forms filled from the settings in force
// (the rules' tiers, then blank rows; the template, else the default
// weights).
func SettingsModel(z *i18n.Localizer, rules *scoring.ApprovalRules, ws []scoring.Weight) *ApprovalSettings {
	m := &ApprovalSettings{Currency: "USD", Roles: settingsAwardRoles(z), Errors: map[string]string{}}
	if rules != nil {
		m.Currency = rules.Currency
		for _, t := range rules.Tiers {
			row := TierRow{Above: z.Decimal(t.Above), Approvers: strconv.Itoa(t.Approvers), Order: t.Order}
			copy(row.Roles[:], t.Roles)
			m.Tiers = append(m.Tiers, row)
		}
	}
	for len(m.Tiers) < settingsTierRows {
		m.Tiers = append(m.Tiers, TierRow{Approvers: "1"})
	}
	weights := map[string]int{}
	for _, w := range ws {
		weights[w.Key] = w.Weight
	}
	for _, k := range scoring.Keys {
		m.Criteria = append(m.Criteria, CriterionWeight{Key: k, Label: z.T("scoring.criterion." + k), Weight: strconv.Itoa(weights[k])})
	}
	return m
}

// settingsAwardRoles are the roles that may sign awards, for the step
// selects.
func settingsAwardRoles(z *i18n.Localizer) []Option {
	var out []Option
	for _, r := range auth.RolesWith(auth.ApproveAward) {
		out = append(out, Option{Value: string(r), Label: z.T("role." + string(r))})
	}
	return out
}

// ApprovalRulesTyped reads the approval rules form (get is a trimmed form
// value): the organisation's currency and up to three tiers (threshold in
// the reader's number format, approvers, order, a role per step or none).
// It gives the form as typed, with the thresholds it cannot read refused,
// the rules to save, and the form row each kept tier came from.
func ApprovalRulesTyped(z *i18n.Localizer, get func(string) string) (*ApprovalSettings, scoring.ApprovalRules, []int) {
	m := &ApprovalSettings{Currency: strings.ToUpper(get("currency")), Roles: settingsAwardRoles(z), Errors: map[string]string{}}
	rules := scoring.ApprovalRules{Currency: m.Currency}
	var rowOf []int
	for i := range settingsTierRows {
		f := func(name string) string { return get(RuleID(i, name)) }
		row := TierRow{Above: f("above"), Approvers: f("approvers"), Order: f("order")}
		for step := range 3 {
			row.Roles[step] = f("role_" + strconv.Itoa(step+1))
		}
		m.Tiers = append(m.Tiers, row)
		if row.Above == "" {
			continue
		}
		above, err := z.ParseDecimal(row.Above)
		if err != nil {
			m.Errors[RuleID(i, "above")] = z.T("form.error.ambiguous_number")
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
	return m, rules, rowOf
}

var settingsTierField = regexp.MustCompile(`^tiers\[([0-9]+)\]\.([a-z]+)$`)

// RuleErrors puts the rules check's refusals (field → message key) at the
// form's inputs, through the form row each kept tier came from.
func (m *ApprovalSettings) RuleErrors(z *i18n.Localizer, fe map[string]string, rowOf []int) {
	for field, key := range fe {
		m.Errors[settingsRuleFieldID(field, rowOf)] = z.T(key)
	}
}

// settingsRuleFieldID maps a rules check field ("tiers[1].above") to the
// form's input id.
func settingsRuleFieldID(field string, rowOf []int) string {
	if field == "currency" {
		return "rule-currency"
	}
	if m := settingsTierField.FindStringSubmatch(field); m != nil {
		i, _ := strconv.Atoi(m[1])
		if i < len(rowOf) {
			return RuleID(rowOf[i], m[2])
		}
	}
	return RuleID(0, "above") // no tier at all
}

// CriteriaTyped reads the criteria template form into m (get is a trimmed
// form value): a whole weight 0–100 per criterion, blank for 0. A weight
// it cannot read is refused at its field.
func (m *ApprovalSettings) CriteriaTyped(z *i18n.Localizer, get func(string) string) []scoring.Weight {
	var ws []scoring.Weight
	for i, k := range scoring.Keys {
		v := get("w_" + k)
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
	return ws
}

// Summary lists the settings' refused fields for the page's summary.
func (m *ApprovalSettings) Summary() []FormError {
	var out []FormError
	if m == nil {
		return nil
	}
	add := func(id string) {
		if msg := m.Errors[id]; msg != "" {
			out = append(out, FormError{Target: id, Message: msg})
		}
	}
	add("rule-currency")
	for i := range m.Tiers {
		for _, f := range []string{"above", "approvers", "order", "roles"} {
			add(RuleID(i, f))
		}
	}
	add("crit-sum")
	for _, c := range m.Criteria {
		add("crit-" + c.Key)
	}
	return out
}
