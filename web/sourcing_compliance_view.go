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

// complianceView translates the matrix (views.ComplianceMatrixModel).
func complianceView(z *i18n.Localizer, c sourcing.Compliance, rows []sourcing.Row) views.ComplianceMatrix {
	return views.ComplianceMatrixModel(z, c, rows)
}

// requirementLabel names a requirement (views.SourcingRequirementLabel).
func requirementLabel(z *i18n.Localizer, r sourcing.Requirement) string {
	return views.SourcingRequirementLabel(z, r)
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
