package web

import (
	"time"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/store"
)

// apiRFQ is a round as the buyer's API shows it: who did what and when,
// never a sealed term.
type apiRFQ struct {
	ID            int64            `json:"id"`
	EvaluationID  int64            `json:"evaluation_id"`
	Round         int              `json:"round"`
	ParentID      int64            `json:"parent_id,omitempty"`
	Deadline      time.Time        `json:"deadline"`
	TimeZone      string           `json:"time_zone"`
	GraceHours    int              `json:"grace_hours"`
	LinksExpireAt time.Time        `json:"links_expire_at"`
	Note          string           `json:"note"`
	BriefVersion  int              `json:"brief_version"`
	Sealed        bool             `json:"sealed"`
	OpenedAt      *time.Time       `json:"opened_at,omitempty"`
	OpenReason    string           `json:"open_reason,omitempty"`
	Internal      []string         `json:"internal_fields"` // brief fields kept from vendors
	Invitations   []apiInvitation  `json:"invitations,omitempty"`
	Questions     []apiQuestion    `json:"questions,omitempty"`
	Documents     []apiDocumentRef `json:"documents,omitempty"`
	Compliance    *apiCompliance   `json:"compliance,omitempty"`
}

type apiInvitation struct {
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
	Mail        *apiMail   `json:"mail,omitempty"`
	Link        string     `json:"link,omitempty"`
	Token       string     `json:"token,omitempty"`
}

type apiMail struct {
	Status string     `json:"status"`
	Error  string     `json:"error,omitempty"`
	At     *time.Time `json:"at,omitempty"`
}

type apiQuestion struct {
	ID         int64      `json:"id"`
	Company    string     `json:"company,omitempty"`
	Text       string     `json:"text"`
	Published  string     `json:"published_text,omitempty"` // the wording every vendor read
	AskedAt    time.Time  `json:"asked_at"`
	Answer     string     `json:"answer,omitempty"`
	AnsweredAt *time.Time `json:"answered_at,omitempty"`
}

type apiDocumentRef struct {
	ID          int64     `json:"id"`
	Company     string    `json:"company"`
	Name        string    `json:"name"`
	ContentType string    `json:"content_type"`
	Size        int       `json:"size"`
	UploadedAt  time.Time `json:"uploaded_at"`
}

func rfqJSON(rd store.RFQ) apiRFQ {
	out := apiRFQ{ID: rd.ID, EvaluationID: rd.EvaluationID, Round: rd.Round, ParentID: rd.ParentID, Deadline: rd.Deadline,
		TimeZone: rd.TimeZone, GraceHours: rd.GraceHours, LinksExpireAt: rd.Rules().LinkExpiry(), Note: rd.Note,
		BriefVersion: rd.BriefVersion, Sealed: rd.OpenedAt == nil, OpenedAt: rd.OpenedAt, OpenReason: rd.OpenReason,
		Internal: append([]string{}, rd.InternalFields...)}
	return out
}

func invitationJSON(i store.Invitation) apiInvitation {
	out := apiInvitation{ID: i.ID, Company: i.Company, Contact: i.Contact, Email: i.Email, Language: i.Language,
		Status: string(i.Status), OpenedAt: i.OpenedAt, AskedAt: i.AskedAt, SubmittedAt: i.SubmittedAt, RevokedAt: i.RevokedAt,
		Revisions: i.Revisions, QuoteID: i.QuoteID}
	if i.MailStatus != "" {
		out.Mail = &apiMail{Status: i.MailStatus, Error: i.MailError, At: i.MailAt}
	}
	return out
}

func createdJSON(rd store.RFQ, invs []evaluation.NewInvitation) map[string]any {
	list := make([]apiInvitation, 0, len(invs))
	for _, i := range invs {
		j := invitationJSON(i.Invitation)
		j.Link, j.Token = i.Link, i.Token
		list = append(list, j)
	}
	return map[string]any{"rfq": rfqJSON(rd), "invitations": list}
}

// apiSource is where a quote revision came from: which round, which
// vendor, when it was submitted and which of its submissions it was.
type apiSource struct {
	QuoteRevision int       `json:"quote_revision"`
	RFQID         int64     `json:"rfq_id"`
	Round         int       `json:"round"`
	Vendor        string    `json:"vendor"`
	Email         string    `json:"email"`
	SubmittedAt   time.Time `json:"submitted_at"`
	Revision      int       `json:"submission_revision"`
}

func sourcesJSON(srcs []store.Source) []apiSource {
	var out []apiSource
	for _, x := range srcs {
		out = append(out, apiSource{QuoteRevision: x.QuoteRevision, RFQID: x.RFQID, Round: x.Round, Vendor: x.Company,
			Email: x.Email, SubmittedAt: x.SubmittedAt, Revision: x.Revision})
	}
	return out
}
