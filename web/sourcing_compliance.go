package web

import (
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/sourcing"
	"github.com/gpuquote/gpuquote/internal/store"
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

// termEnd is when the round's contract would end (evaluation.TermEnd).
func termEnd(rd store.RFQ) time.Time { return evaluation.TermEnd(rd) }

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

// vendorComplianceFlags are the vendor's own blockers: a required
// attestation not stated or refused.
func vendorComplianceFlags(rd store.RFQ, own map[sourcing.Kind]sourcing.Attestation, now time.Time) []sourcing.VendorFlag {
	var out []sourcing.VendorFlag
	for _, r := range rd.Compliance.Requirements {
		var a *sourcing.Attestation
		if x, ok := own[r.Kind]; ok {
			a = &x
		}
		if st := sourcing.Assess(rd.Compliance, r, a, now, termEnd(rd)); st.Blocks() {
			out = append(out, sourcing.VendorFlag{ID: "attestation_" + string(st), Blocker: true, MessageKey: "sourcing.vendor_flag.attestation_" + string(st),
				Data: map[string]string{"Attestation": string(r.Kind)}})
		}
	}
	return out
}

// vendorComplianceView is the vendor's form of its answers.
func vendorComplianceView(z *i18n.Localizer, v vendorState, readOnly bool) views.VendorCompliance {
	rd := v.Session.RFQ
	m := views.VendorCompliance{Scope: scopeLine(z, rd.Compliance), ReadOnly: readOnly}
	for _, d := range v.Documents {
		m.Documents = append(m.Documents, views.Option{Value: strconv.FormatInt(d.ID, 10), Label: d.Name})
	}
	for _, r := range rd.Compliance.Requirements {
		a, ok := v.Attestations[r.Kind]
		var ap *sourcing.Attestation
		if ok {
			ap = &a
		}
		st := sourcing.Assess(rd.Compliance, r, ap, v.Now, termEnd(rd))
		it := views.AttestationItem{Kind: string(r.Kind), Label: requirementLabel(z, r), State: string(sourcing.NotStated),
			Status: z.T("sourcing.cell." + string(st)), StatusCSS: cellCSS[st]}
		if ok {
			if al, raised := sourcing.AlertOf(r, a, st, termEnd(rd)); raised {
				it.Alert = z.T("sourcing.vendor_alert.expiring", map[string]any{"Attestation": it.Label, "Date": z.Date(al.Ends)})
			}
			it.State, it.Issuer, it.Scope, it.Fabric, it.Bridge = string(a.State), a.Issuer, a.Scope, a.Fabric, a.BridgeLetter
			it.From, it.To = isoDate(a.From), isoDate(a.To)
			if a.DocumentID != 0 {
				it.DocumentID = strconv.FormatInt(a.DocumentID, 10)
			}
		}
		m.Items = append(m.Items, it)
	}
	return m
}

func isoDate(t *time.Time) string {
	if t == nil {
		return ""
	}
	return t.Format(time.DateOnly)
}

// attestationsFromForm reads the vendor's compliance form.
func attestationsFromForm(f url.Values, reqs []sourcing.Requirement) ([]sourcing.Attestation, error) {
	var out []sourcing.Attestation
	for _, r := range reqs {
		k := string(r.Kind)
		a := sourcing.Attestation{Kind: r.Kind, State: sourcing.State(f.Get("state_" + k)), Issuer: f.Get("issuer_" + k),
			Scope: f.Get("scope_" + k), Fabric: f.Get("fabric_"+k) == "yes", BridgeLetter: f.Get("bridge_"+k) == "yes"}
		var err error
		if a.From, err = optDate(f.Get("from_" + k)); err != nil {
			return nil, err
		}
		if a.To, err = optDate(f.Get("to_" + k)); err != nil {
			return nil, err
		}
		if d := strings.TrimSpace(f.Get("document_" + k)); d != "" {
			if a.DocumentID, err = strconv.ParseInt(d, 10, 64); err != nil {
				return nil, sourcing.ErrCompliance
			}
		}
		out = append(out, a)
	}
	return out, nil
}

func optDate(s string) (*time.Time, error) {
	if s = strings.TrimSpace(s); s == "" {
		return nil, nil
	}
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return nil, sourcing.ErrCompliance
	}
	return &t, nil
}

func (s *Server) vendorAttestationsForm(w http.ResponseWriter, r *http.Request) error {
	if err := parseForm(w, r); err != nil {
		return err
	}
	sess := vendorFrom(r.Context())
	as, err := attestationsFromForm(r.PostForm, sess.RFQ.Compliance.Requirements)
	if err == nil {
		_, err = s.eval.SaveAttestations(r.Context(), sess.Invitation, sess.RFQ, as)
	}
	var fe fieldErrors
	switch {
	case errors.Is(err, sourcing.ErrCompliance):
		return s.renderVendorPage(w, r, http.StatusUnprocessableEntity, fieldErrors{"attestations": "sourcing.error.attestation"})
	case errors.As(err, &fe):
		return s.renderVendorPage(w, r, http.StatusUnprocessableEntity, fe)
	case err != nil:
		return err
	}
	return redirect(w, r, "/v/rfq", "flash.sourcing_attestations_saved")
}

func (s *Server) apiVendorAttestations(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Attestations []sourcing.Attestation `json:"attestations"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	sess := vendorFrom(r.Context())
	own, err := s.eval.SaveAttestations(r.Context(), sess.Invitation, sess.RFQ, in.Attestations)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"attestations": attestationList(own)})
	return nil
}

// attestationList is a vendor's answers in the order of Kinds.
func attestationList(own map[sourcing.Kind]sourcing.Attestation) []sourcing.Attestation {
	out := []sourcing.Attestation{}
	for _, k := range sourcing.Kinds {
		if a, ok := own[k]; ok {
			out = append(out, a)
		}
	}
	return out
}
