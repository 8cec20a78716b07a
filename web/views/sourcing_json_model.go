package views

import (
	"time"

	"github.com/gpuquote/gpuquote/internal/sourcing"
)

// ComplianceJSON is the matrix in the round's JSON.
type ComplianceJSON struct {
	Requirements []sourcing.Requirement `json:"requirements"`
	Sites        string                 `json:"sites,omitempty"`
	Fabric       bool                   `json:"fabric"`
	Vendors      []ComplianceRowJSON    `json:"vendors"`
}

type ComplianceRowJSON struct {
	InvitationID int64                 `json:"invitation_id"`
	Company      string                `json:"company"`
	Blockers     int                   `json:"blockers"`
	Cells        []ComplianceCellJSON  `json:"cells"`
	Alerts       []ComplianceAlertJSON `json:"alerts"` // attestations ending during the contract's term
}

type ComplianceAlertJSON struct {
	Kind sourcing.Kind `json:"kind"`
	Ends string        `json:"ends"` // yyyy-mm-dd
}

type ComplianceCellJSON struct {
	Kind   sourcing.Kind   `json:"kind"`
	Status sourcing.Status `json:"status"`
}

func ComplianceJSONModel(c sourcing.Compliance, rows []sourcing.Row) ComplianceJSON {
	out := ComplianceJSON{Requirements: append([]sourcing.Requirement{}, c.Requirements...), Sites: c.Sites, Fabric: c.Fabric, Vendors: []ComplianceRowJSON{}}
	for _, r := range rows {
		row := ComplianceRowJSON{InvitationID: r.InvitationID, Company: r.Company, Blockers: r.Blockers, Cells: []ComplianceCellJSON{},
			Alerts: []ComplianceAlertJSON{}}
		for _, al := range r.Alerts {
			row.Alerts = append(row.Alerts, ComplianceAlertJSON{Kind: al.Kind, Ends: al.Ends.Format(time.DateOnly)})
		}
		for i, st := range r.Cells {
			row.Cells = append(row.Cells, ComplianceCellJSON{Kind: c.Requirements[i].Kind, Status: st})
		}
		out.Vendors = append(out.Vendors, row)
	}
	return out
}
