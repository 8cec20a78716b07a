package web

import (
	"net/url"
	"strconv"
	"strings"

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
