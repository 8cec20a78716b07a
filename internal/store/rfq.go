package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/rfq"
	"github.com/gpuquote/gpuquote/internal/sourcing"
)

// RFQ is a request for quotes: one round of a sourcing event.
type RFQ = sourcing.RFQ

// Invitation is one vendor invited to a round.
type Invitation = sourcing.Invitation

// NewInvitation is a vendor to invite: only the hash of its link's token
// is stored. Mail, when set, is queued in the same transaction.
type NewInvitation struct {
	rfq.Vendor
	TokenHash []byte
	QuoteID   int64
	Mail      *Mail
}

// NewRFQ is what opening a round needs.
type NewRFQ struct {
	EvaluationID int64
	ParentID     int64
	Deadline     time.Time
	TimeZone     string
	GraceHours   int
	Note         string
	Invitations  []NewInvitation
	// InternalFields are the brief fields kept from vendors, checked by
	// sourcing.CheckInternal.
	InternalFields []string
	Compliance     sourcing.Compliance
}

// CreateRFQ opens a round with the evaluation's current brief frozen as
// version 1, its invitations and their mail, all or nothing.
func (s *Store) CreateRFQ(ctx context.Context, by audit.Actor, n NewRFQ) (RFQ, error) {
	var id int64
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		b, err := getBrief(ctx, tx, n.EvaluationID, "FOR SHARE")
		if err != nil {
			return err
		}
		if n.ParentID != 0 {
			var ok bool
			if err := tx.QueryRow(ctx, `SELECT true FROM rfqs WHERE id = $1 AND evaluation_id = $2`, n.ParentID, n.EvaluationID).Scan(&ok); err != nil {
				return notFound("parent", err)
			}
		}
		// Rounds are numbered through the evaluation, so two first rounds
		// are not both "round 1"; the evaluation's row lock orders two
		// rounds created at once.
		var round int
		if err := tx.QueryRow(ctx, `SELECT 1 + (SELECT coalesce(max(round), 0) FROM rfqs WHERE evaluation_id = e.id)
			FROM evaluations e WHERE e.id = $1 FOR UPDATE`, n.EvaluationID).Scan(&round); err != nil {
			return notFound("evaluation", err)
		}
		internal := n.InternalFields
		if internal == nil {
			internal = []string{}
		}
		compliance, err := json.Marshal(n.Compliance)
		if err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, `INSERT INTO rfqs (evaluation_id, parent_id, round, deadline, time_zone, grace_hours, note, created_by, created_at,
			internal_fields, compliance) VALUES ($1, NULLIF($2, 0), $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
			n.EvaluationID, n.ParentID, round, n.Deadline, n.TimeZone, n.GraceHours, n.Note, by.ID, s.Now(), internal, compliance).Scan(&id); err != nil {
			return err
		}
		data, err := json.Marshal(b.Data)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO rfq_briefs (rfq_id, version, brief_version, data, sent_at) VALUES ($1, 1, $2, $3, $4)`, id, b.Version, data, s.Now()); err != nil {
			return err
		}
		vendors := make([]string, 0, len(n.Invitations))
		for _, inv := range n.Invitations {
			var invID int64
			err := tx.QueryRow(ctx, `INSERT INTO rfq_invitations (rfq_id, company, contact, email, language, token_hash, quote_id, created_at)
				VALUES ($1, $2, $3, $4, $5, $6, NULLIF($7, 0), $8) RETURNING id`,
				id, inv.Company, inv.Contact, inv.Email, inv.Language, inv.TokenHash, inv.QuoteID, s.Now()).Scan(&invID)
			if isUniqueViolation(err) {
				return fmt.Errorf("invitation %s: %w", inv.Email, ErrExists)
			}
			if err != nil {
				return err
			}
			if inv.Mail != nil {
				if err := enqueueMail(ctx, tx, s.Now(), invID, *inv.Mail); err != nil {
					return err
				}
			}
			vendors = append(vendors, inv.Company+" <"+inv.Email+">")
		}
		return insertAudit(ctx, tx, audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: "rfq.create",
			ObjectType: "rfq", ObjectID: fmt.Sprint(id), EvaluationID: n.EvaluationID,
			After: map[string]any{"deadline": n.Deadline, "time_zone": n.TimeZone, "grace_hours": n.GraceHours,
				"round": round, "brief_version": b.Version, "vendors": vendors, "internal_fields": internal}})
	})
	if err != nil {
		return RFQ{}, fmt.Errorf("store: create rfq: %w", err)
	}
	return s.RFQ(ctx, id)
}

const rfqSelect = `SELECT r.id, r.evaluation_id, COALESCE(r.parent_id, 0), r.round, r.deadline, r.time_zone,
	r.grace_hours, r.note, r.created_by, r.created_at, r.opened_at, COALESCE(r.opened_by, 0), COALESCE(r.open_reason, ''),
	b.version, b.data, b.sent_at, r.internal_fields, r.compliance
	FROM rfqs r JOIN LATERAL (SELECT version, data, sent_at FROM rfq_briefs WHERE rfq_id = r.id ORDER BY version DESC LIMIT 1) b ON true`

func scanRFQ(row pgx.CollectableRow) (RFQ, error) {
	var r RFQ
	var data, compliance []byte
	if err := row.Scan(&r.ID, &r.EvaluationID, &r.ParentID, &r.Round, &r.Deadline, &r.TimeZone, &r.GraceHours, &r.Note,
		&r.CreatedBy, &r.CreatedAt, &r.OpenedAt, &r.OpenedBy, &r.OpenReason, &r.BriefVersion, &data, &r.BriefSentAt, &r.InternalFields, &compliance); err != nil {
		return r, err
	}
	if err := json.Unmarshal(compliance, &r.Compliance); err != nil {
		return r, err
	}
	r.Deadline = r.Deadline.In(rfq.Location(r.TimeZone))
	if err := json.Unmarshal(data, &r.Brief); err != nil {
		return r, err
	}
	if r.Brief == nil {
		r.Brief = brief.Brief{}
	}
	return r, nil
}

// RFQ returns one round.
func (s *Store) RFQ(ctx context.Context, id int64) (RFQ, error) {
	rows, _ := s.pool.Query(ctx, rfqSelect+` WHERE r.id = $1`, id)
	r, err := pgx.CollectExactlyOneRow(rows, scanRFQ)
	if err != nil {
		return RFQ{}, notFound(fmt.Sprintf("store: rfq %d", id), err)
	}
	return r, nil
}

// RFQsOf returns an evaluation's rounds, oldest first.
func (s *Store) RFQsOf(ctx context.Context, evaluationID int64) ([]RFQ, error) {
	rows, _ := s.pool.Query(ctx, rfqSelect+` WHERE r.evaluation_id = $1 ORDER BY r.id`, evaluationID)
	rs, err := pgx.CollectRows(rows, scanRFQ)
	if err != nil {
		return nil, fmt.Errorf("store: rfqs of %d: %w", evaluationID, err)
	}
	return rs, nil
}

const invitationSelect = `SELECT i.id, i.rfq_id, i.company, i.contact, i.email, i.language, i.status, COALESCE(i.quote_id, 0),
	i.created_at, i.opened_at, i.asked_at, i.submitted_at, i.revoked_at,
	(SELECT count(*) FROM rfq_submissions s WHERE s.invitation_id = i.id),
	COALESCE(m.status, ''), COALESCE(m.last_error, ''), COALESCE(m.sent_at, m.created_at)
	FROM rfq_invitations i
	LEFT JOIN LATERAL (SELECT status, last_error, sent_at, created_at FROM mail_outbox WHERE invitation_id = i.id ORDER BY id DESC LIMIT 1) m ON true`

func scanInvitation(row pgx.CollectableRow) (Invitation, error) {
	var i Invitation
	err := row.Scan(&i.ID, &i.RFQID, &i.Company, &i.Contact, &i.Email, &i.Language, &i.Status, &i.QuoteID,
		&i.CreatedAt, &i.OpenedAt, &i.AskedAt, &i.SubmittedAt, &i.RevokedAt, &i.Revisions, &i.MailStatus, &i.MailError, &i.MailAt)
	return i, err
}

// Invitations returns a round's invitations in the order they were made.
func (s *Store) Invitations(ctx context.Context, rfqID int64) ([]Invitation, error) {
	rows, _ := s.pool.Query(ctx, invitationSelect+` WHERE i.rfq_id = $1 ORDER BY i.id`, rfqID)
	is, err := pgx.CollectRows(rows, scanInvitation)
	if err != nil {
		return nil, fmt.Errorf("store: invitations of %d: %w", rfqID, err)
	}
	return is, nil
}

// Invitation returns one invitation.
func (s *Store) Invitation(ctx context.Context, id int64) (Invitation, error) {
	rows, _ := s.pool.Query(ctx, invitationSelect+` WHERE i.id = $1`, id)
	i, err := pgx.CollectExactlyOneRow(rows, scanInvitation)
	if err != nil {
		return Invitation{}, notFound(fmt.Sprintf("store: invitation %d", id), err)
	}
	return i, nil
}

// InvitationByToken finds the invitation whose link's token hashes to
// hash, with its round. Whether the link is still valid is the caller's
// rule (rfq.Round.LinkValid).
func (s *Store) InvitationByToken(ctx context.Context, hash []byte) (Invitation, RFQ, error) {
	rows, _ := s.pool.Query(ctx, invitationSelect+` WHERE i.token_hash = $1`, hash)
	i, err := pgx.CollectExactlyOneRow(rows, scanInvitation)
	if err != nil {
		return Invitation{}, RFQ{}, notFound("store: invitation by token", err)
	}
	r, err := s.RFQ(ctx, i.RFQID)
	return i, r, err
}

// RevokeInvitation ends a vendor's link at once; a submission already made
// stays sealed and is not opened.
func (s *Store) RevokeInvitation(ctx context.Context, by audit.Actor, id int64) error {
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		var evalID int64
		var company string
		err := tx.QueryRow(ctx, `UPDATE rfq_invitations i SET status = 'revoked', revoked_at = $2 FROM rfqs r
			WHERE i.id = $1 AND r.id = i.rfq_id AND i.status <> 'revoked' AND r.opened_at IS NULL
			RETURNING r.evaluation_id, i.company`, id, s.Now()).Scan(&evalID, &company)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrConflict
		}
		if err != nil {
			return err
		}
		return insertAudit(ctx, tx, audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: "rfq.revoke",
			ObjectType: "rfq_invitation", ObjectID: fmt.Sprint(id), EvaluationID: evalID, After: map[string]any{"company": company}})
	})
	if err != nil {
		return fmt.Errorf("store: revoke invitation %d: %w", id, err)
	}
	return nil
}

// ResendBrief freezes the evaluation's current brief as the round's next
// version and queues the mails that tell the vendors.
func (s *Store) ResendBrief(ctx context.Context, by audit.Actor, rfqID int64, mails []Mail) (int, error) {
	var version int
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		r, err := lockRFQ(ctx, tx, rfqID)
		if err != nil {
			return err
		}
		if r.OpenedAt != nil {
			return rfq.ErrClosed
		}
		b, err := getBrief(ctx, tx, r.EvaluationID, "FOR SHARE")
		if err != nil {
			return err
		}
		data, err := json.Marshal(b.Data)
		if err != nil {
			return err
		}
		version = r.BriefVersion + 1
		if _, err := tx.Exec(ctx, `INSERT INTO rfq_briefs (rfq_id, version, brief_version, data, sent_at) VALUES ($1, $2, $3, $4, $5)`,
			r.ID, version, b.Version, data, s.Now()); err != nil {
			return err
		}
		for _, m := range mails {
			if err := enqueueMail(ctx, tx, s.Now(), m.InvitationID, m); err != nil {
				return err
			}
		}
		return insertAudit(ctx, tx, audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: "rfq.brief",
			ObjectType: "rfq", ObjectID: fmt.Sprint(r.ID), EvaluationID: r.EvaluationID,
			After: map[string]any{"version": version, "brief_version": b.Version}})
	})
	if err != nil {
		return 0, fmt.Errorf("store: resend brief of %d: %w", rfqID, err)
	}
	return version, nil
}

// SentBriefVersion is the evaluation brief's version the round's newest
// sent brief was taken from, to tell the buyer it changed since.
func (s *Store) SentBriefVersion(ctx context.Context, rfqID int64) (int, error) {
	var v int
	err := s.pool.QueryRow(ctx, `SELECT brief_version FROM rfq_briefs WHERE rfq_id = $1 ORDER BY version DESC LIMIT 1`, rfqID).Scan(&v)
	if err != nil {
		return 0, notFound("store: sent brief", err)
	}
	return v, nil
}

// Remind queues a reminder for every vendor of a sealed round that has
// not submitted and is not revoked; the audit row names how many.
func (s *Store) Remind(ctx context.Context, by audit.Actor, rfqID int64, mails []Mail) error {
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		r, err := lockRFQ(ctx, tx, rfqID)
		if err != nil {
			return err
		}
		if r.OpenedAt != nil {
			return rfq.ErrClosed
		}
		for _, m := range mails {
			if err := enqueueMail(ctx, tx, s.Now(), m.InvitationID, m); err != nil {
				return err
			}
		}
		return insertAudit(ctx, tx, audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: "rfq.remind",
			ObjectType: "rfq", ObjectID: fmt.Sprint(r.ID), EvaluationID: r.EvaluationID, After: map[string]any{"reminders": len(mails)}})
	})
	if err != nil {
		return fmt.Errorf("store: remind %d: %w", rfqID, err)
	}
	return nil
}

// ReissueLink gives an invitation a fresh link (the old one stops at once),
// for a vendor who lost it; its draft and submissions stay. Mail, when
// set, carries the new link.
func (s *Store) ReissueLink(ctx context.Context, by audit.Actor, invitationID int64, tokenHash []byte, m *Mail) (Invitation, error) {
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		r, i, err := lockRound(ctx, tx, invitationID, "SHARE")
		if err != nil {
			return err
		}
		if i.Status == rfq.Revoked || !r.Rules().LinkValid(s.Now(), i.Status) {
			return ErrConflict
		}
		if _, err := tx.Exec(ctx, `UPDATE rfq_invitations SET token_hash = $2 WHERE id = $1`, i.ID, tokenHash); err != nil {
			return err
		}
		if m != nil {
			if err := enqueueMail(ctx, tx, s.Now(), i.ID, *m); err != nil {
				return err
			}
		}
		return insertAudit(ctx, tx, audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: "rfq.reissue_link",
			ObjectType: "rfq_invitation", ObjectID: fmt.Sprint(i.ID), EvaluationID: r.EvaluationID, After: map[string]any{"company": i.Company}})
	})
	if err != nil {
		return Invitation{}, fmt.Errorf("store: reissue link of %d: %w", invitationID, err)
	}
	return s.Invitation(ctx, invitationID)
}
