package sourcing

import (
	"errors"
	"slices"
	"strings"
	"time"
)

// Kind is an attestation a buyer may require of a vendor.
type Kind string

// The attestations a round may require.
const (
	SOC2Type2     Kind = "soc2_type2"
	ISO27001      Kind = "iso27001"
	PenTest       Kind = "pentest" // a penetration test within WithinMonths
	HIPAABAA      Kind = "hipaa_baa"
	GDPRDPA       Kind = "gdpr_dpa"
	DataResidency Kind = "data_residency"
)

// Kinds lists every attestation in the order the pages show them.
var Kinds = []Kind{SOC2Type2, ISO27001, PenTest, HIPAABAA, GDPRDPA, DataResidency}

// scoped are the attestations whose scope must name the sites; fabricScoped
// those whose scope must also cover the InfiniBand/RoCE fabric.
var (
	scoped       = []Kind{SOC2Type2, ISO27001, PenTest, DataResidency}
	fabricScoped = []Kind{SOC2Type2, ISO27001, PenTest}
)

// Requirement is one attestation a round requires.
type Requirement struct {
	Kind         Kind `json:"kind"`
	WithinMonths int  `json:"within_months,omitempty"` // a penetration test: how recent
}

// Compliance is what a round asks for: the attestations and the scope
// they must cover (the quoted regions or data centres, and the fabric).
type Compliance struct {
	Requirements []Requirement `json:"requirements"`
	Sites        string        `json:"sites,omitempty"` // comma-separated regions or data centres
	Fabric       bool          `json:"fabric,omitempty"`
}

// ErrCompliance is a round's compliance request that cannot be used.
var ErrCompliance = errors.New("sourcing: unknown attestation or bad period")

// Check normalises c: known kinds once each, a pen test's months 1–36
// (12 when not given), sites trimmed.
func (c *Compliance) Check() error {
	seen := map[Kind]bool{}
	var out []Requirement
	for _, r := range c.Requirements {
		if !slices.Contains(Kinds, r.Kind) || seen[r.Kind] {
			return ErrCompliance
		}
		seen[r.Kind] = true
		if r.Kind == PenTest {
			if r.WithinMonths == 0 {
				r.WithinMonths = 12
			}
			if r.WithinMonths < 1 || r.WithinMonths > 36 {
				return ErrCompliance
			}
		} else {
			r.WithinMonths = 0
		}
		out = append(out, r)
	}
	c.Requirements = out
	c.Sites = strings.TrimSpace(c.Sites)
	if len(c.Sites) > 500 {
		return ErrCompliance
	}
	return nil
}

// State is how a vendor answered a requirement.
type State string

// The answers, as for a quote's terms.
const (
	Stated    State = "stated"
	NotStated State = "not_stated"
	Refused   State = "refused"
)

// Attestation is a vendor's answer to one requirement.
type Attestation struct {
	Kind         Kind       `json:"kind"`
	State        State      `json:"state"`
	Issuer       string     `json:"issuer,omitempty"`
	From         *time.Time `json:"period_from,omitempty"`
	To           *time.Time `json:"period_to,omitempty"`
	Scope        string     `json:"scope,omitempty"` // regions, data centres the report covers
	Fabric       bool       `json:"fabric_in_scope"`
	BridgeLetter bool       `json:"bridge_letter"` // covers the time since the period ended
	DocumentID   int64      `json:"document_id,omitempty"`
}

// CheckAttestation normalises a vendor's answer and says what is wrong.
func CheckAttestation(a *Attestation) error {
	if !slices.Contains(Kinds, a.Kind) {
		return ErrCompliance
	}
	switch a.State {
	case Stated, NotStated, Refused:
	case "":
		a.State = NotStated
	default:
		return ErrCompliance
	}
	a.Issuer, a.Scope = strings.TrimSpace(a.Issuer), strings.TrimSpace(a.Scope)
	if len(a.Issuer) > 200 || len(a.Scope) > 1000 || a.From != nil && a.To != nil && a.To.Before(*a.From) {
		return ErrCompliance
	}
	return nil
}

// Status is one cell of the compliance matrix.
type Status string

// The cells, worst first.
const (
	Missing  Status = "missing"
	Refusal  Status = "refused"
	Expired  Status = "expired"
	ScopeGap Status = "scope_gap"
	Expiring Status = "expiring" // ends during the contract's term
	Covered  Status = "covered"
	Sealed   Status = "sealed" // the answer is not readable yet
)

// Blocks says whether the cell is a blocker on the vendor's quote.
func (s Status) Blocks() bool { return s == Missing || s == Refusal }

// bridgeGrace is how long after a report's period a bridge letter covers.
const bridgeGrace = 92 * 24 * time.Hour

// Assess judges a vendor's answer (nil: none) against a requirement, on
// today, for a contract running until termEnd.
func Assess(c Compliance, r Requirement, a *Attestation, today, termEnd time.Time) Status {
	switch {
	case a == nil || a.State == NotStated:
		return Missing
	case a.State == Refused:
		return Refusal
	}
	if r.Kind == PenTest {
		if a.From == nil && a.To == nil || lastDay(a).AddDate(0, r.WithinMonths, 0).Before(today) {
			return Expired
		}
	} else if a.To != nil {
		end := *a.To
		if a.BridgeLetter {
			end = end.Add(bridgeGrace)
		}
		if end.Before(today) {
			return Expired
		}
	}
	if gap(c, r, a) {
		return ScopeGap
	}
	if r.Kind != PenTest && a.To != nil && !a.BridgeLetter && a.To.Before(termEnd) {
		return Expiring
	}
	return Covered
}

// lastDay is when a penetration test was done: the end of its period.
func lastDay(a *Attestation) time.Time {
	if a.To != nil {
		return *a.To
	}
	return *a.From
}

// gap says whether the attestation's scope misses a site the round names,
// or the fabric where the round requires it.
func gap(c Compliance, r Requirement, a *Attestation) bool {
	if c.Fabric && slices.Contains(fabricScoped, r.Kind) && !a.Fabric {
		return true
	}
	if !slices.Contains(scoped, r.Kind) {
		return false
	}
	scope := strings.ToLower(a.Scope)
	for _, site := range strings.Split(c.Sites, ",") {
		if site = strings.ToLower(strings.TrimSpace(site)); site != "" && !strings.Contains(scope, site) {
			return true
		}
	}
	return false
}

// Row is one vendor's line of the matrix.
type Row struct {
	InvitationID int64
	Company      string
	Cells        []Status // in the order of the round's requirements
	Blockers     int
	Alerts       []Alert // attestations that end during the contract's term
}

// Matrix judges every vendor's answers against the round's requirements.
// answers are by invitation then kind; readable says whose answers may be
// read (a sealed vendor's cells are Sealed).
func Matrix(c Compliance, vendors []Row, answers map[int64]map[Kind]Attestation, readable func(int64) bool, today, termEnd time.Time) []Row {
	out := make([]Row, 0, len(vendors))
	for _, v := range vendors {
		v.Cells = make([]Status, len(c.Requirements))
		for i, r := range c.Requirements {
			if !readable(v.InvitationID) {
				v.Cells[i] = Sealed
				continue
			}
			var a *Attestation
			if x, ok := answers[v.InvitationID][r.Kind]; ok {
				a = &x
			}
			if v.Cells[i] = Assess(c, r, a, today, termEnd); v.Cells[i].Blocks() {
				v.Blockers++
			}
			if a != nil {
				if al, ok := AlertOf(r, *a, v.Cells[i], termEnd); ok {
					v.Alerts = append(v.Alerts, al)
				}
			}
		}
		out = append(out, v)
	}
	return out
}

// Alert is an attestation that covers the requirement now but stops
// covering it before the contract's term ends: its renewal is needed by
// Ends.
type Alert struct {
	Kind Kind
	Ends time.Time
}

// Ends is when an attestation stops covering r: the end of its period (a
// bridge letter's grace after it), or for a penetration test the day it
// becomes older than r's months; false when it states no end.
func Ends(r Requirement, a Attestation) (time.Time, bool) {
	if r.Kind == PenTest {
		if a.From == nil && a.To == nil {
			return time.Time{}, false
		}
		return lastDay(&a).AddDate(0, r.WithinMonths, 0), true
	}
	if a.To == nil {
		return time.Time{}, false
	}
	if a.BridgeLetter {
		return a.To.Add(bridgeGrace), true
	}
	return *a.To, true
}

// AlertOf says whether an attestation judged st (by Assess) raises an
// expiry alert: it counts now (covered, expiring or with a scope gap) and
// ends before termEnd. A missing, refused or expired one is a cell of its
// own, not an alert.
func AlertOf(r Requirement, a Attestation, st Status, termEnd time.Time) (Alert, bool) {
	if st != Covered && st != Expiring && st != ScopeGap {
		return Alert{}, false
	}
	end, ok := Ends(r, a)
	if !ok || !end.Before(termEnd) {
		return Alert{}, false
	}
	return Alert{Kind: r.Kind, Ends: end}, true
}
