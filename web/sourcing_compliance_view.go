package web

import (
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/sourcing"
	"github.com/gpuquote/gpuquote/web/views"
)

// complianceFromForm reads the new-round form's compliance part.
func complianceFromForm(f url.Values) *sourcing.Compliance {
	c := &sourcing.Compliance{Sites: f.Get("compliance_sites"), Fabric: f.Get("compliance_fabric") == "yes"}
	months, _ := strconv.Atoi(strings.TrimSpace(f.Get("pentest_months")))
	for _, k := range f["require"] {
		r := sourcing.Requirement{Kind: sourcing.Kind(k)}
		if r.Kind == sourcing.PenTest {
			r.WithinMonths = months
		}
		c.Requirements = append(c.Requirements, r)
	}
	return c
}

// complianceFormView is the form's compliance part as entered.
func complianceFormView(z *i18n.Localizer, c *sourcing.Compliance) views.ComplianceForm {
	m := views.ComplianceForm{Required: map[string]bool{}, PenTestMonths: "12"}
	for _, k := range sourcing.Kinds {
		m.Kinds = append(m.Kinds, views.Option{Value: string(k), Label: z.T("sourcing.attestation." + string(k))})
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

// requirementLabel names a requirement: "Penetration test within 12 months".
func requirementLabel(z *i18n.Localizer, r sourcing.Requirement) string {
	if r.Kind == sourcing.PenTest {
		return z.T("sourcing.pentest_within", map[string]any{"Months": r.WithinMonths})
	}
	return z.T("sourcing.attestation." + string(r.Kind))
}

// scopeLine says what each attestation must cover.
func scopeLine(z *i18n.Localizer, c sourcing.Compliance) string {
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

var cellCSS = map[sourcing.Status]string{sourcing.Missing: "blocker", sourcing.Refusal: "blocker", sourcing.Expired: "blocker",
	sourcing.ScopeGap: "warn", sourcing.Expiring: "warn", sourcing.Covered: "ok"}

// complianceView translates the matrix for the round's page.
func complianceView(z *i18n.Localizer, c sourcing.Compliance, rows []sourcing.Row) views.ComplianceMatrix {
	m := views.ComplianceMatrix{Scope: scopeLine(z, c)}
	for _, r := range c.Requirements {
		m.Heads = append(m.Heads, requirementLabel(z, r))
	}
	for _, r := range rows {
		row := views.ComplianceRow{Company: r.Company, Blockers: r.Blockers}
		for i, st := range r.Cells {
			cell := views.ComplianceCell{Status: string(st), Text: z.T("sourcing.cell." + string(st)), CSS: cellCSS[st]}
			if st.Blocks() || st == sourcing.Expired || st == sourcing.ScopeGap {
				cell.Question = z.T("sourcing.question."+string(st), map[string]any{"Attestation": requirementLabel(z, c.Requirements[i])})
			}
			row.Cells = append(row.Cells, cell)
		}
		m.Rows = append(m.Rows, row)
		for _, al := range r.Alerts {
			m.Alerts = append(m.Alerts, z.T("sourcing.alert.expiring", map[string]any{"Company": r.Company,
				"Attestation": requirementLabel(z, requirementOf(c, al.Kind)), "Date": z.Date(al.Ends)}))
		}
	}
	return m
}

// requirementOf is the round's requirement of kind k.
func requirementOf(c sourcing.Compliance, k sourcing.Kind) sourcing.Requirement {
	for _, r := range c.Requirements {
		if r.Kind == k {
			return r
		}
	}
	return sourcing.Requirement{Kind: k}
}

// apiCompliance is the matrix in the round's JSON.
type apiCompliance struct {
	Requirements []sourcing.Requirement `json:"requirements"`
	Sites        string                 `json:"sites,omitempty"`
	Fabric       bool                   `json:"fabric"`
	Vendors      []apiComplianceRow     `json:"vendors"`
}

type apiComplianceRow struct {
	InvitationID int64                `json:"invitation_id"`
	Company      string               `json:"company"`
	Blockers     int                  `json:"blockers"`
	Cells        []apiComplianceCell  `json:"cells"`
	Alerts       []apiComplianceAlert `json:"alerts"` // attestations ending during the contract's term
}

type apiComplianceAlert struct {
	Kind sourcing.Kind `json:"kind"`
	Ends string        `json:"ends"` // yyyy-mm-dd
}

type apiComplianceCell struct {
	Kind   sourcing.Kind   `json:"kind"`
	Status sourcing.Status `json:"status"`
}

func complianceJSON(c sourcing.Compliance, rows []sourcing.Row) apiCompliance {
	out := apiCompliance{Requirements: append([]sourcing.Requirement{}, c.Requirements...), Sites: c.Sites, Fabric: c.Fabric, Vendors: []apiComplianceRow{}}
	for _, r := range rows {
		row := apiComplianceRow{InvitationID: r.InvitationID, Company: r.Company, Blockers: r.Blockers, Cells: []apiComplianceCell{},
			Alerts: []apiComplianceAlert{}}
		for _, al := range r.Alerts {
			row.Alerts = append(row.Alerts, apiComplianceAlert{Kind: al.Kind, Ends: al.Ends.Format(time.DateOnly)})
		}
		for i, st := range r.Cells {
			row.Cells = append(row.Cells, apiComplianceCell{Kind: c.Requirements[i].Kind, Status: st})
		}
		out.Vendors = append(out.Vendors, row)
	}
	return out
}
