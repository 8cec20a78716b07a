package web

import (
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/rfq"
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

func (s *Server) apiCreateRFQ(w http.ResponseWriter, r *http.Request) error {
	e, err := s.openEvaluation(r)
	if err != nil {
		return err
	}
	var in evaluation.RoundRequest
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	rd, invs, err := s.eval.CreateRound(r.Context(), currentUser(r).Actor(), e.ID, in, i18n.Languages, s.links(r))
	if ws, ok := err.(evaluation.RecordWarnings); ok {
		writeJSON(w, http.StatusConflict, map[string]any{"error": "record_below_threshold", "warnings": ws})
		return nil
	}
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, createdJSON(rd, invs))
	return nil
}

// roundDetail is everything the buyer's RFQ page and API show of a round.
type roundDetail struct {
	RFQ         store.RFQ
	Invitations []store.Invitation
	Questions   []store.Question
	Documents   []store.Document
	Rounds      []store.RFQ // every round of the evaluation, this one included
}

func (s *Server) roundDetail(r *http.Request) (roundDetail, error) {
	var d roundDetail
	rd, err := s.loadRound(r)
	if err != nil {
		return d, err
	}
	d.RFQ = rd
	ctx := r.Context()
	if d.Invitations, err = s.store.Invitations(ctx, rd.ID); err != nil {
		return d, err
	}
	if d.Questions, err = s.store.Questions(ctx, rd.ID); err != nil {
		return d, err
	}
	if d.Documents, err = s.store.Documents(ctx, rd.ID, 0); err != nil {
		return d, err
	}
	d.Rounds, err = s.store.RFQsOf(ctx, rd.EvaluationID)
	return d, err
}

func (s *Server) apiGetRFQ(w http.ResponseWriter, r *http.Request) error {
	d, err := s.roundDetail(r)
	if err != nil {
		return err
	}
	out := rfqJSON(d.RFQ)
	for _, i := range d.Invitations {
		out.Invitations = append(out.Invitations, invitationJSON(i))
	}
	for _, q := range d.Questions {
		out.Questions = append(out.Questions, apiQuestion{ID: q.ID, Company: q.Company, Text: q.Text, Published: q.Published, AskedAt: q.AskedAt, Answer: q.Answer, AnsweredAt: q.AnsweredAt})
	}
	for _, doc := range d.Documents {
		out.Documents = append(out.Documents, apiDocumentRef{ID: doc.ID, Company: doc.Company, Name: doc.Name, ContentType: doc.ContentType, Size: doc.Size, UploadedAt: doc.UploadedAt})
	}
	rows, err := s.roundCompliance(r.Context(), d.RFQ, d.Invitations)
	if err != nil {
		return err
	}
	c := complianceJSON(d.RFQ.Compliance, rows)
	out.Compliance = &c
	writeJSON(w, http.StatusOK, map[string]any{"rfq": out})
	return nil
}

func (s *Server) apiOpenRFQ(w http.ResponseWriter, r *http.Request) error {
	rd, err := s.loadRound(r)
	if err != nil {
		return err
	}
	var in struct {
		Reason string `json:"reason"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	n, err := s.openEarly(r, rd, in.Reason)
	if err != nil {
		return err
	}
	rd, err = s.store.RFQ(r.Context(), rd.ID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"rfq": rfqJSON(rd), "quotes": n})
	return nil
}

func (s *Server) apiStartRound(w http.ResponseWriter, r *http.Request) error {
	rd, err := s.loadRound(r)
	if err != nil {
		return err
	}
	var in evaluation.RoundRequest
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	next, invs, err := s.eval.StartRound(r.Context(), currentUser(r).Actor(), rd, in, s.links(r))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, createdJSON(next, invs))
	return nil
}

// openEarly is a manager's early opening, with a reason on the record.
func (s *Server) openEarly(r *http.Request, rd store.RFQ, reason string) (int, error) {
	if n := len([]rune(reason)); n > rfq.MaxReason || strings.TrimSpace(reason) == "" {
		return 0, fieldErrors{"reason": "rfq.error.reason"}
	}
	return s.eval.OpenEarly(r.Context(), currentUser(r).Actor(), rd.ID, reason)
}

// roundError maps the round rules' refusals to a status and a reason the
// caller can act on; ok is false for other errors.
func roundError(err error) (status int, code string, ok bool) {
	switch {
	case errors.Is(err, rfq.ErrPastDeadline):
		return http.StatusConflict, "past_deadline", true
	case errors.Is(err, rfq.ErrClosed):
		return http.StatusConflict, "closed", true
	case errors.Is(err, rfq.ErrNotSealed):
		return http.StatusConflict, "not_sealed", true
	case errors.Is(err, rfq.ErrRevoked):
		return http.StatusForbidden, "revoked", true
	case errors.Is(err, rfq.ErrNoDraft):
		return http.StatusUnprocessableEntity, "no_draft", true
	case errors.Is(err, rfq.ErrIncomplete):
		return http.StatusUnprocessableEntity, "incomplete", true
	case errors.Is(err, store.ErrSealed):
		return http.StatusForbidden, "sealed", true
	}
	return 0, "", false
}

// renderRoundError answers a round rule's refusal with its reason: JSON
// {"error", "code"} for the API, the error page otherwise.
func (s *Server) renderRoundError(w http.ResponseWriter, r *http.Request, err error) bool {
	status, code, ok := roundError(err)
	switch {
	case !ok:
	case isAPI(r):
		writeJSON(w, status, map[string]any{"error": i18n.T(r.Context(), "rfq.reason."+code), "code": code})
	default:
		s.renderError(w, r, status, "rfq.reason."+code)
	}
	return ok
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
