package views

import (
	"time"

	"github.com/gpuquote/gpuquote/internal/sourcing"
)

// The buyer's API of a sourcing round shows these JSON bodies, built here
// as the pages' models are.

// RFQJSON is a round as the buyer's API shows it: who did what and when,
// never a sealed term.
type RFQJSON struct {
	ID            int64             `json:"id"`
	EvaluationID  int64             `json:"evaluation_id"`
	Round         int               `json:"round"`
	ParentID      int64             `json:"parent_id,omitempty"`
	Deadline      time.Time         `json:"deadline"`
	TimeZone      string            `json:"time_zone"`
	GraceHours    int               `json:"grace_hours"`
	LinksExpireAt time.Time         `json:"links_expire_at"`
	Note          string            `json:"note"`
	BriefVersion  int               `json:"brief_version"`
	Sealed        bool              `json:"sealed"`
	OpenedAt      *time.Time        `json:"opened_at,omitempty"`
	OpenReason    string            `json:"open_reason,omitempty"`
	Internal      []string          `json:"internal_fields"` // brief fields kept from vendors
	Invitations   []InvitationJSON  `json:"invitations,omitempty"`
	Questions     []QuestionJSON    `json:"questions,omitempty"`
	Documents     []DocumentRefJSON `json:"documents,omitempty"`
	Compliance    *ComplianceJSON   `json:"compliance,omitempty"`
}

type InvitationJSON struct {
	ID          int64      `json:"id"`
	Company     string     `json:"company"`
	Contact     string     `json:"contact"`
	Email       string     `json:"email"`
	Language    string     `json:"language"`
	Status      string     `json:"status"`
	OpenedAt    *time.Time `json:"opened_at,omitempty"`
	AskedAt     *time.Time `json:"asked_at,omitempty"`
	SubmittedAt *time.Time `json:"submitted_at,omitempty"`
	RevokedAt   *time.Time `json:"revoked_at,omitempty"`
	Revisions   int        `json:"revisions"`
	QuoteID     int64      `json:"quote_id,omitempty"`
	Mail        *MailJSON  `json:"mail,omitempty"`
	Link        string     `json:"link,omitempty"`
	Token       string     `json:"token,omitempty"`
}

type MailJSON struct {
	Status string     `json:"status"`
	Error  string     `json:"error,omitempty"`
	At     *time.Time `json:"at,omitempty"`
}

type QuestionJSON struct {
	ID         int64      `json:"id"`
	Company    string     `json:"company,omitempty"`
	Text       string     `json:"text"`
	Published  string     `json:"published_text,omitempty"` // the wording every vendor read
	AskedAt    time.Time  `json:"asked_at"`
	Answer     string     `json:"answer,omitempty"`
	AnsweredAt *time.Time `json:"answered_at,omitempty"`
}

type DocumentRefJSON struct {
	ID          int64     `json:"id"`
	Company     string    `json:"company"`
	Name        string    `json:"name"`
	ContentType string    `json:"content_type"`
	Size        int       `json:"size"`
	UploadedAt  time.Time `json:"uploaded_at"`
}

func RFQJSONModel(rd sourcing.RFQ) RFQJSON {
	out := RFQJSON{ID: rd.ID, EvaluationID: rd.EvaluationID, Round: rd.Round, ParentID: rd.ParentID, Deadline: rd.Deadline,
		TimeZone: rd.TimeZone, GraceHours: rd.GraceHours, LinksExpireAt: rd.Rules().LinkExpiry(), Note: rd.Note,
		BriefVersion: rd.BriefVersion, Sealed: rd.OpenedAt == nil, OpenedAt: rd.OpenedAt, OpenReason: rd.OpenReason,
		Internal: append([]string{}, rd.InternalFields...)}
	return out
}

func InvitationJSONModel(i sourcing.Invitation) InvitationJSON {
	out := InvitationJSON{ID: i.ID, Company: i.Company, Contact: i.Contact, Email: i.Email, Language: i.Language,
		Status: string(i.Status), OpenedAt: i.OpenedAt, AskedAt: i.AskedAt, SubmittedAt: i.SubmittedAt, RevokedAt: i.RevokedAt,
		Revisions: i.Revisions, QuoteID: i.QuoteID}
	if i.MailStatus != "" {
		out.Mail = &MailJSON{Status: i.MailStatus, Error: i.MailError, At: i.MailAt}
	}
	return out
}

func CreatedJSONModel(rd sourcing.RFQ, invs []sourcing.NewInvitation) map[string]any {
	list := make([]InvitationJSON, 0, len(invs))
	for _, i := range invs {
		j := InvitationJSONModel(i.Invitation)
		j.Link, j.Token = i.Link, i.Token
		list = append(list, j)
	}
	return map[string]any{"rfq": RFQJSONModel(rd), "invitations": list}
}

// SourceJSON is where a quote revision came from: which round, which
// vendor, when it was submitted and which of its submissions it was.
type SourceJSON struct {
	QuoteRevision int       `json:"quote_revision"`
	RFQID         int64     `json:"rfq_id"`
	Round         int       `json:"round"`
	Vendor        string    `json:"vendor"`
	Email         string    `json:"email"`
	SubmittedAt   time.Time `json:"submitted_at"`
	Revision      int       `json:"submission_revision"`
}

func SourcesJSONModel(srcs []sourcing.Source) []SourceJSON {
	var out []SourceJSON
	for _, x := range srcs {
		out = append(out, SourceJSON{QuoteRevision: x.QuoteRevision, RFQID: x.RFQID, Round: x.Round, Vendor: x.Company,
			Email: x.Email, SubmittedAt: x.SubmittedAt, Revision: x.Revision})
	}
	return out
}

// RFQDetailJSONModel is round d as the buyer's API shows it.
func RFQDetailJSONModel(d sourcing.RoundDetail) RFQJSON {
	out := RFQJSONModel(d.RFQ)
	for _, i := range d.Invitations {
		out.Invitations = append(out.Invitations, InvitationJSONModel(i))
	}
	for _, q := range d.Questions {
		out.Questions = append(out.Questions, QuestionJSON{ID: q.ID, Company: q.Company, Text: q.Text, Published: q.Published, AskedAt: q.AskedAt, Answer: q.Answer, AnsweredAt: q.AnsweredAt})
	}
	for _, doc := range d.Documents {
		out.Documents = append(out.Documents, DocumentRefJSON{ID: doc.ID, Company: doc.Company, Name: doc.Name, ContentType: doc.ContentType, Size: doc.Size, UploadedAt: doc.UploadedAt})
	}
	c := ComplianceJSONModel(d.RFQ.Compliance, d.Compliance)
	out.Compliance = &c
	return out
}

// SealedRoundJSON is a round whose answers are still sealed, in a quote
// list's JSON.
type SealedRoundJSON struct {
	RFQID     int64     `json:"rfq_id"`
	Round     int       `json:"round"`
	Deadline  time.Time `json:"deadline"`
	Invited   int       `json:"invited"`
	Submitted int       `json:"submitted"`
}

// SealedRoundsJSONModel lists the sealed rounds, [] when none.
func SealedRoundsJSONModel(list []sourcing.RoundCount) []SealedRoundJSON {
	out := []SealedRoundJSON{}
	for _, x := range list {
		out = append(out, SealedRoundJSON{RFQID: x.RFQ.ID, Round: x.RFQ.Round, Deadline: x.RFQ.Deadline, Invited: x.Invited, Submitted: x.Submitted})
	}
	return out
}
