package evaluation

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/rfq"
	"github.com/gpuquote/gpuquote/internal/sourcing"
	"github.com/gpuquote/gpuquote/internal/store"
)

// The sourcing rounds a buyer opens: a first round for the brief, a
// best-and-final round for shortlisted quotes, and a vendor's link
// issued again. Each vendor gets a fresh link whose token only the buyer
// sees, once; with mail on, its invitation is queued in the same
// transaction as the round.

// RoundRequest is a buyer's new round, from the API's JSON or the page's
// form: the same use case serves both.
type RoundRequest struct {
	Deadline   string       `json:"deadline"`
	TimeZone   string       `json:"time_zone"`
	GraceHours *int         `json:"grace_hours"`
	Note       string       `json:"note"`
	Vendors    []rfq.Vendor `json:"vendors"`
	QuoteIDs   []int64      `json:"quote_ids"` // a best-and-final round: the shortlisted quotes to reopen
	// InternalFields are the brief fields kept from vendors; absent means
	// the default (the budget), or the earlier round's for a best-and-final
	// round.
	InternalFields []string `json:"internal_fields"`
	// Compliance is the attestations required and the scope they must
	// cover; absent, a best-and-final round keeps the earlier round's.
	Compliance *sourcing.Compliance `json:"compliance"`
	// ConfirmWarnings sends the invitations although some vendor's
	// record is below the admin's threshold (RecordWarnings).
	ConfirmWarnings bool `json:"confirm_warnings"`
}

// NewInvitation is an invitation as created, with its secret link.
type NewInvitation = sourcing.NewInvitation

// Links says where vendor links point (Base + "/v/" + token) and, when
// mail is on, words an invitation of kind ("invitation" or "round") in
// the vendor's language; Mail is nil when mail is off. Notice words a
// notice of kind ("reminder", "brief", "answer") to a vendor of round rd
// in its language; nil when mail is off.
type Links struct {
	Base   string
	Mail   func(v rfq.Vendor, link string, n store.NewRFQ, kind string) store.Mail
	Notice func(rd store.RFQ, inv store.Invitation, kind string) store.Mail
}

func (l Links) link(token string) string { return l.Base + "/v/" + token }

// checkRound validates the common part of a round: deadline, zone, grace
// and note. Errors are message keys by field.
func checkRound(in *RoundRequest, now time.Time) (time.Time, string, int, FieldErrors) {
	errs := FieldErrors{}
	dl, zone, err := rfq.ParseDeadline(in.Deadline, in.TimeZone, now)
	switch {
	case strings.TrimSpace(in.TimeZone) != "" && !sourcing.ZoneKnown(in.TimeZone):
		errs["time_zone"] = "sourcing.error.time_zone" // the zone is wrong, not the date
	case err != nil:
		errs["deadline"] = "rfq.error.deadline"
	}
	grace := rfq.DefaultGrace
	if in.GraceHours != nil {
		grace = *in.GraceHours
	}
	if grace < 0 || grace > rfq.MaxGraceHours {
		errs["grace_hours"] = "rfq.error.grace"
	}
	in.Note = strings.TrimSpace(in.Note)
	if len([]rune(in.Note)) > rfq.MaxNote {
		errs["note"] = "rfq.error.note"
	}
	if in.Compliance != nil && in.Compliance.Check() != nil {
		errs["compliance"] = "sourcing.error.compliance"
	}
	if in.InternalFields != nil {
		fields, err := sourcing.CheckInternal(in.InternalFields)
		if err != nil {
			errs["internal_fields"] = "sourcing.error.internal_fields"
		}
		in.InternalFields = fields
	}
	return dl, zone, grace, errs
}

// CreateRound opens a first round for an evaluation's brief, one link per
// vendor in languages (the languages a vendor may read). Refused input is
// FieldErrors, a vendor twice in the round among them.
func (s *Service) CreateRound(ctx context.Context, by audit.Actor, evalID int64, in RoundRequest, languages []string, l Links) (store.RFQ, []NewInvitation, error) {
	n, err := s.firstRound(evalID, in, languages)
	if err != nil {
		return store.RFQ{}, nil, err
	}
	// A vendor below the admin's record threshold is named first; the
	// buyer sends the invitations by confirming.
	if !in.ConfirmWarnings {
		ws, err := s.recordWarnings(ctx, in.Vendors)
		if err != nil {
			return store.RFQ{}, nil, err
		}
		if len(ws) > 0 {
			return store.RFQ{}, nil, ws
		}
	}
	return s.openRound(ctx, s.store, by, n, in.Vendors, nil, l, "invitation")
}

// firstRound checks a first round's request and makes the round to store;
// refused input is FieldErrors.
func (s *Service) firstRound(evalID int64, in RoundRequest, languages []string) (store.NewRFQ, error) {
	dl, zone, grace, errs := checkRound(&in, s.store.Now())
	if len(in.Vendors) == 0 || len(in.Vendors) > rfq.MaxVendors {
		errs["vendors"] = "rfq.error.vendors"
	}
	seen := map[string]bool{}
	for i := range in.Vendors {
		for _, p := range rfq.CheckVendor(&in.Vendors[i], languages) {
			errs[fmt.Sprintf("vendors[%d].%s", i, p.Field)] = p.Key
		}
		if e := strings.ToLower(in.Vendors[i].Email); seen[e] {
			errs[fmt.Sprintf("vendors[%d].email", i)] = "rfq.error.duplicate"
		} else {
			seen[e] = true
		}
	}
	if len(errs) > 0 {
		return store.NewRFQ{}, errs
	}
	if in.InternalFields == nil {
		in.InternalFields = slices.Clone(sourcing.DefaultInternal)
	}
	n := store.NewRFQ{EvaluationID: evalID, Deadline: dl, TimeZone: zone, GraceHours: grace, Note: in.Note, InternalFields: in.InternalFields}
	if in.Compliance != nil {
		n.Compliance = *in.Compliance
	}
	return n, nil
}

// StartRound opens a best-and-final round for shortlisted quotes that
// came through an earlier round of this evaluation; each vendor's answer
// will be a new revision of its quote. A parent round still sealed is
// rfq.ErrNotSealed.
func (s *Service) StartRound(ctx context.Context, by audit.Actor, parent store.RFQ, in RoundRequest, l Links) (store.RFQ, []NewInvitation, error) {
	dl, zone, grace, errs := checkRound(&in, s.store.Now())
	if parent.OpenedAt == nil {
		return store.RFQ{}, nil, rfq.ErrNotSealed
	}
	short, err := s.store.Shortlist(ctx, parent.EvaluationID)
	if err != nil {
		return store.RFQ{}, nil, err
	}
	srcs, err := s.store.QuoteSources(ctx, parent.EvaluationID)
	if err != nil {
		return store.RFQ{}, nil, err
	}
	if len(in.QuoteIDs) == 0 || len(in.QuoteIDs) > rfq.MaxVendors {
		errs["quote_ids"] = "rfq.error.quote_ids"
	}
	var vendors []rfq.Vendor
	for i, qid := range in.QuoteIDs {
		e, listed := short[qid]
		src := srcs[qid]
		if !listed || e.Status != "shortlisted" || len(src) == 0 {
			errs[fmt.Sprintf("quote_ids[%d]", i)] = "rfq.error.not_shortlisted"
			continue
		}
		inv, err := s.store.Invitation(ctx, src[0].InvitationID)
		if err != nil {
			return store.RFQ{}, nil, err
		}
		vendors = append(vendors, rfq.Vendor{Company: inv.Company, Contact: inv.Contact, Email: inv.Email, Language: inv.Language})
	}
	if len(errs) > 0 {
		return store.RFQ{}, nil, errs
	}
	if in.InternalFields == nil {
		in.InternalFields = parent.InternalFields
	}
	if in.Compliance == nil {
		in.Compliance = &parent.Compliance
	}
	return s.openRound(ctx, s.store, by, store.NewRFQ{EvaluationID: parent.EvaluationID, ParentID: parent.ID, Deadline: dl,
		TimeZone: zone, GraceHours: grace, Note: in.Note, InternalFields: in.InternalFields, Compliance: *in.Compliance}, vendors, in.QuoteIDs, l, "round")
}

// openRound stores a round in st (the service's store, or a Tx's) with
// one link per vendor (quoteIDs[i], when given, is the quote vendor i
// revises) and returns the links.
func (s *Service) openRound(ctx context.Context, st *store.Store, by audit.Actor, n store.NewRFQ, vendors []rfq.Vendor, quoteIDs []int64, l Links, kind string) (store.RFQ, []NewInvitation, error) {
	tokens := make([]string, len(vendors))
	for i, v := range vendors {
		tokens[i] = auth.NewToken()
		inv := store.NewInvitation{Vendor: v, TokenHash: auth.HashToken(tokens[i])}
		if quoteIDs != nil {
			inv.QuoteID = quoteIDs[i]
		}
		if l.Mail != nil {
			m := l.Mail(v, l.link(tokens[i]), n, kind)
			inv.Mail = &m
		}
		n.Invitations = append(n.Invitations, inv)
	}
	r, err := st.CreateRFQ(ctx, by, n)
	if errors.Is(err, store.ErrExists) {
		return r, nil, FieldErrors{"vendors": "rfq.error.duplicate"}
	}
	if err != nil {
		return r, nil, err
	}
	invs, err := st.Invitations(ctx, r.ID)
	if err != nil {
		return r, nil, err
	}
	out := make([]NewInvitation, len(invs))
	for i, inv := range invs {
		out[i] = NewInvitation{Invitation: inv, Token: tokens[i], Link: l.link(tokens[i])}
	}
	return r, out, nil
}

// ReissueLink gives a vendor a new link, the old one no longer working,
// with the invitation mailed again when mail is on. store.ErrConflict
// means the invitation's state allows no new link.
func (s *Service) ReissueLink(ctx context.Context, by audit.Actor, invitationID int64, l Links) (store.RFQ, NewInvitation, error) {
	inv, err := s.store.Invitation(ctx, invitationID)
	if err != nil {
		return store.RFQ{}, NewInvitation{}, err
	}
	rd, err := s.store.RFQ(ctx, inv.RFQID)
	if err != nil {
		return rd, NewInvitation{}, err
	}
	token := auth.NewToken()
	var m *store.Mail
	if l.Mail != nil {
		mm := l.Mail(rfq.Vendor{Company: inv.Company, Contact: inv.Contact, Email: inv.Email, Language: inv.Language}, l.link(token),
			store.NewRFQ{Deadline: rd.Deadline, TimeZone: rd.TimeZone, GraceHours: rd.GraceHours, Note: rd.Note}, "invitation")
		mm.InvitationID = inv.ID
		m = &mm
	}
	inv, err = s.store.ReissueLink(ctx, by, invitationID, auth.HashToken(token), m)
	if err != nil {
		return rd, NewInvitation{}, err
	}
	return rd, NewInvitation{Invitation: inv, Token: token, Link: l.link(token)}, nil
}
