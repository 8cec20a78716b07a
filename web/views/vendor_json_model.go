package views

import (
	"time"

	"github.com/gpuquote/gpuquote/internal/rfq"
	"github.com/gpuquote/gpuquote/internal/sourcing"
)

// VendorRFQJSON is the round as the vendor's API shows it.
type VendorRFQJSON struct {
	Company       string            `json:"company"`
	Round         int               `json:"round"`
	Deadline      time.Time         `json:"deadline"`
	TimeZone      string            `json:"time_zone"`
	LinksExpireAt time.Time         `json:"links_expire_at"`
	Note          string            `json:"note"`
	Brief         map[string]string `json:"brief"`
	BriefVersion  int               `json:"brief_version"`
	BriefSentAt   time.Time         `json:"brief_sent_at"`
	Status        string            `json:"status"`
	CanSubmit     bool              `json:"can_submit"`
	Closed        string            `json:"closed,omitempty"` // why a submission would be refused now
	Answers       []AnswerJSON      `json:"answers"`
	Questions     []AnswerJSON      `json:"questions"`
}

// AnswerJSON is a published answer (or the vendor's own question): it
// never names who asked.
type AnswerJSON struct {
	Question   string     `json:"question"`
	AskedAt    *time.Time `json:"asked_at,omitempty"`
	Answer     string     `json:"answer,omitempty"`
	AnsweredAt *time.Time `json:"answered_at,omitempty"`
}

// DraftCheckJSON is how complete the vendor's draft is.
type DraftCheckJSON struct {
	Percent int      `json:"percent"`
	Stated  int      `json:"stated"`
	Refused int      `json:"refused"`
	Total   int      `json:"total"`
	Missing []string `json:"missing"` // terms not stated that a blocker reads
}

// DraftCheckJSONModel is check c in the vendor's API.
func DraftCheckJSONModel(c rfq.Check) DraftCheckJSON {
	return DraftCheckJSON{Percent: c.Percent(), Stated: c.Stated, Refused: c.Refused, Total: c.Total, Missing: append([]string{}, c.Missing...)}
}

// VendorRFQJSONModel is v's round and its compliance part in the
// vendor's API.
func VendorRFQJSONModel(v VendorRound) (VendorRFQJSON, map[string]any) {
	rd, st := v.RFQ, v.State
	out := VendorRFQJSON{Company: v.Invitation.Company, Round: rd.Round, Deadline: rd.Deadline, TimeZone: rd.TimeZone,
		LinksExpireAt: rd.Rules().LinkExpiry(), Note: rd.Note, Brief: st.Brief, BriefVersion: rd.BriefVersion,
		BriefSentAt: rd.BriefSentAt, Status: string(v.Invitation.Status), CanSubmit: st.CanSubmit == nil,
		Closed: v.Closed, Answers: []AnswerJSON{}, Questions: []AnswerJSON{}}
	for _, q := range st.Answers {
		out.Answers = append(out.Answers, AnswerJSON{Question: q.Text, Answer: q.Answer, AnsweredAt: q.AnsweredAt})
	}
	for _, q := range st.Own {
		out.Questions = append(out.Questions, AnswerJSON{Question: q.Text, AskedAt: &q.AskedAt, Answer: q.Answer, AnsweredAt: q.AnsweredAt})
	}
	compliance := map[string]any{"requirements": append([]sourcing.Requirement{}, rd.Compliance.Requirements...),
		"sites": rd.Compliance.Sites, "fabric": rd.Compliance.Fabric, "attestations": AttestationList(st.Attestations)}
	return out, compliance
}

// AttestationList is a vendor's answers in the order of sourcing.Kinds.
func AttestationList(own map[sourcing.Kind]sourcing.Attestation) []sourcing.Attestation {
	out := []sourcing.Attestation{}
	for _, k := range sourcing.Kinds {
		if a, ok := own[k]; ok {
			out = append(out, a)
		}
	}
	return out
}
