package views

import (
	"strconv"

	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/sourcing"
)

// ComplianceFormModel is the form's compliance part as entered.
func ComplianceFormModel(z *i18n.Localizer, c *sourcing.Compliance) ComplianceForm {
	m := ComplianceForm{Required: map[string]bool{}, PenTestMonths: "12"}
	for _, k := range sourcing.Kinds {
		m.Kinds = append(m.Kinds, Option{Value: string(k), Label: z.T("sourcing.attestation." + string(k))})
	}
	if c != nil {
		m.Sites, m.Fabric = c.Sites, c.Fabric
		for _, r := range c.Requirements {
			m.Required[string(r.Kind)] = true
			if r.WithinMonths > 0 {
				m.PenTestMonths = strconv.Itoa(r.WithinMonths)
			}
		}
	}
	return m
}

// SourcingRequirementLabel names a requirement: "Penetration test within 12 months".
func SourcingRequirementLabel(z *i18n.Localizer, r sourcing.Requirement) string {
	if r.Kind == sourcing.PenTest {
		return z.T("sourcing.pentest_within", map[string]any{"Months": r.WithinMonths})
	}
	return z.T("sourcing.attestation." + string(r.Kind))
}

// sourcingScopeLine says what each attestation must cover.
func sourcingScopeLine(z *i18n.Localizer, c sourcing.Compliance) string {
	sites := c.Sites
	if sites == "" {
		sites = z.T("sourcing.scope_any_site")
	}
	key := "sourcing.scope_line"
	if c.Fabric {
		key = "sourcing.scope_line_fabric"
	}
	return z.T(key, map[string]any{"Sites": sites})
}

var sourcingCellCSS = map[sourcing.Status]string{sourcing.Missing: "blocker", sourcing.Refusal: "blocker", sourcing.Expired: "blocker",
	sourcing.ScopeGap: "warn", sourcing.Expiring: "warn", sourcing.Covered: "ok"}

// ComplianceMatrixModel translates the matrix for the round's page.
func ComplianceMatrixModel(z *i18n.Localizer, c sourcing.Compliance, rows []sourcing.Row) ComplianceMatrix {
	m := ComplianceMatrix{Scope: sourcingScopeLine(z, c)}
	for _, r := range c.Requirements {
		m.Heads = append(m.Heads, SourcingRequirementLabel(z, r))
	}
	for _, r := range rows {
		row := ComplianceRow{Company: r.Company, Blockers: r.Blockers}
		for i, st := range r.Cells {
			cell := ComplianceCell{Status: string(st), Text: z.T("sourcing.cell." + string(st)), CSS: sourcingCellCSS[st]}
			if st.Blocks() || st == sourcing.Expired || st == sourcing.ScopeGap {
				cell.Question = z.T("sourcing.question."+string(st), map[string]any{"Attestation": SourcingRequirementLabel(z, c.Requirements[i])})
			}
			row.Cells = append(row.Cells, cell)
		}
		m.Rows = append(m.Rows, row)
		for _, al := range r.Alerts {
			m.Alerts = append(m.Alerts, z.T("sourcing.alert.expiring", map[string]any{"Company": r.Company,
				"Attestation": SourcingRequirementLabel(z, sourcingRequirementOf(c, al.Kind)), "Date": z.Date(al.Ends)}))
		}
	}
	return m
}

// sourcingRequirementOf is the round's requirement of kind k.
func sourcingRequirementOf(c sourcing.Compliance, k sourcing.Kind) sourcing.Requirement {
	for _, r := range c.Requirements {
		if r.Kind == k {
			return r
		}
	}
	return sourcing.Requirement{Kind: k}
}
