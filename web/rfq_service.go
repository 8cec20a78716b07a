package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/rfq"
	"github.com/gpuquote/gpuquote/internal/sourcing"
	"github.com/gpuquote/gpuquote/internal/store"
)

// roundRequest is a buyer's new round, from the API's JSON or the page's
// form: the same use case serves both.
type roundRequest struct {
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
}

// newInvitation is an invitation as created, with its secret link: shown
// to the buyer this once, never stored.
type newInvitation struct {
	store.Invitation
	Token string
	Link  string
}

// baseURL is where vendor links point: the configured public address, or
// the address the buyer reached the app at.
func (s *Server) baseURL(r *http.Request) string {
	if s.publicURL != "" {
		return s.publicURL
	}
	scheme := "http"
	if r.TLS != nil || s.secureCookies {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

// deadlineText shows a deadline in the zone the buyer gave.
func deadlineText(z *i18n.Localizer, t time.Time, zone string) string {
	t = t.In(rfq.Location(zone))
	return z.Date(t) + " " + t.Format("15:04") + " " + zone
}

// zoneError is the unknown zone's message with the zone the buyer
// probably meant: "Berlin" → try "Europe/Berlin".
func zoneError(z *i18n.Localizer, zone string) string {
	if sug := sourcing.SuggestZone(zone); sug != "" {
		return z.T("sourcing.error.time_zone_suggest", map[string]any{"Zone": zone, "Suggestion": sug})
	}
	return z.T("sourcing.error.time_zone")
}

// checkRound validates the common part of a round: deadline, zone, grace
// and note. Errors are message keys by field.
func (s *Server) checkRound(in *roundRequest) (time.Time, string, int, fieldErrors) {
	errs := fieldErrors{}
	dl, zone, err := rfq.ParseDeadline(in.Deadline, in.TimeZone, s.store.Now())
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

// createRound opens a first round for an evaluation's brief: each vendor
// gets a fresh link whose token only the buyer sees, once; with mail
// configured, the invitation is queued in the same transaction.
func (s *Server) createRound(ctx context.Context, by store.User, evalID int64, in roundRequest, base string) (store.RFQ, []newInvitation, error) {
	dl, zone, grace, errs := s.checkRound(&in)
	if len(in.Vendors) == 0 || len(in.Vendors) > rfq.MaxVendors {
		errs["vendors"] = "rfq.error.vendors"
	}
	seen := map[string]bool{}
	for i := range in.Vendors {
		for _, p := range rfq.CheckVendor(&in.Vendors[i], i18n.Languages) {
			errs[fmt.Sprintf("vendors[%d].%s", i, p.Field)] = p.Key
		}
		if e := strings.ToLower(in.Vendors[i].Email); seen[e] {
			errs[fmt.Sprintf("vendors[%d].email", i)] = "rfq.error.duplicate"
		} else {
			seen[e] = true
		}
	}
	if len(errs) > 0 {
		return store.RFQ{}, nil, errs
	}
	if in.InternalFields == nil {
		in.InternalFields = slices.Clone(sourcing.DefaultInternal)
	}
	n := store.NewRFQ{EvaluationID: evalID, Deadline: dl, TimeZone: zone, GraceHours: grace, Note: in.Note, InternalFields: in.InternalFields}
	if in.Compliance != nil {
		n.Compliance = *in.Compliance
	}
	return s.openRound(ctx, by, n, in.Vendors, nil, base, "invitation")
}

// openRound stores a round with one link per vendor (quoteIDs[i], when
// given, is the quote vendor i revises) and returns the links.
func (s *Server) openRound(ctx context.Context, by store.User, n store.NewRFQ, vendors []rfq.Vendor, quoteIDs []int64, base, kind string) (store.RFQ, []newInvitation, error) {
	tokens := make([]string, len(vendors))
	for i, v := range vendors {
		tokens[i] = auth.NewToken()
		inv := store.NewInvitation{Vendor: v, TokenHash: auth.HashToken(tokens[i])}
		if quoteIDs != nil {
			inv.QuoteID = quoteIDs[i]
		}
		if s.mailOn {
			m := inviteMail(v, base+"/v/"+tokens[i], n, kind)
			inv.Mail = &m
		}
		n.Invitations = append(n.Invitations, inv)
	}
	r, err := s.store.CreateRFQ(ctx, by.Actor(), n)
	if errors.Is(err, store.ErrExists) {
		return r, nil, fieldErrors{"vendors": "rfq.error.duplicate"}
	}
	if err != nil {
		return r, nil, err
	}
	invs, err := s.store.Invitations(ctx, r.ID)
	if err != nil {
		return r, nil, err
	}
	out := make([]newInvitation, len(invs))
	for i, inv := range invs {
		out[i] = newInvitation{Invitation: inv, Token: tokens[i], Link: base + "/v/" + tokens[i]}
	}
	return r, out, nil
}

// inviteMail is the invitation in the vendor's own language.
func inviteMail(v rfq.Vendor, link string, n store.NewRFQ, kind string) store.Mail {
	z := i18n.New(v.Language)
	data := map[string]any{"Contact": v.Contact, "Company": v.Company, "Link": link,
		"Deadline": deadlineText(z, n.Deadline, n.TimeZone),
		"Expires":  deadlineText(z, n.Deadline.Add(time.Duration(n.GraceHours)*time.Hour), n.TimeZone)}
	body := z.T("rfq.mail."+kind+"_body", data)
	if n.Note != "" {
		body += "\n\n" + n.Note
	}
	return store.Mail{Kind: kind, To: v.Email, Subject: z.T("rfq.mail."+kind+"_subject", data), Body: body + "\n"}
}

// startRound opens a best-and-final round for shortlisted quotes that
// came through an earlier round of this evaluation; each vendor's answer
// will be a new revision of its quote.
func (s *Server) startRound(ctx context.Context, by store.User, parent store.RFQ, in roundRequest, base string) (store.RFQ, []newInvitation, error) {
	dl, zone, grace, errs := s.checkRound(&in)
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
	return s.openRound(ctx, by, store.NewRFQ{EvaluationID: parent.EvaluationID, ParentID: parent.ID, Deadline: dl,
		TimeZone: zone, GraceHours: grace, Note: in.Note, InternalFields: in.InternalFields, Compliance: *in.Compliance}, vendors, in.QuoteIDs, base, "round")
}

// openDue opens the evaluation's rounds whose deadline has passed, so any
// page that reads the evaluation after a deadline sees the answers as
// quotes. A failure is logged: the page still shows what is stored.
func (s *Server) openDue(ctx context.Context, evalID int64) {
	if _, err := s.eval.OpenDue(ctx, evalID); err != nil {
		s.log.Warn("open due rounds", "evaluation", evalID, "err", err)
	}
}

// loadRound reads the {id} round after opening it if its deadline passed.
func (s *Server) loadRound(r *http.Request) (store.RFQ, error) {
	id, err := idParam(r, "id")
	if err != nil {
		return store.RFQ{}, err
	}
	rd, err := s.store.RFQ(r.Context(), id)
	if err != nil {
		return rd, err
	}
	if rd.Rules().Due(s.store.Now()) {
		s.openDue(r.Context(), rd.EvaluationID)
		return s.store.RFQ(r.Context(), id)
	}
	return rd, nil
}
