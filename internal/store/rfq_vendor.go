package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/rfq"
	"github.com/gpuquote/gpuquote/internal/sourcing"
)

// vendorActor is how the audit log names a vendor: it has no user account.
func vendorActor(i Invitation) audit.Actor { return audit.Actor{Email: "vendor:" + i.Email} }

// vendorAudit records a vendor's action. It never records terms or
// prices: the audit log is readable before the deadline.
func vendorAudit(ctx context.Context, tx pgx.Tx, i Invitation, evalID int64, action string, after map[string]any) error {
	a := vendorActor(i)
	return insertAudit(ctx, tx, audit.Entry{ActorEmail: a.Email, Action: action, ObjectType: "rfq_invitation",
		ObjectID: fmt.Sprint(i.ID), EvaluationID: evalID, After: after})
}

// lockRound locks the invitation's round for the length of tx: FOR SHARE
// by vendors, so opening the round (FOR UPDATE) waits for a submission in
// flight and a submission never slips in after the opening.
func lockRound(ctx context.Context, tx pgx.Tx, invitationID int64, mode string) (RFQ, Invitation, error) {
	var rfqID int64
	if err := tx.QueryRow(ctx, `SELECT rfq_id FROM rfq_invitations WHERE id = $1`, invitationID).Scan(&rfqID); err != nil {
		return RFQ{}, Invitation{}, notFound("invitation", err)
	}
	rows, _ := tx.Query(ctx, rfqSelect+` WHERE r.id = $1 FOR `+mode+` OF r`, rfqID)
	r, err := pgx.CollectExactlyOneRow(rows, scanRFQ)
	if err != nil {
		return RFQ{}, Invitation{}, notFound("rfq", err)
	}
	rows, _ = tx.Query(ctx, invitationSelect+` WHERE i.id = $1 FOR UPDATE OF i`, invitationID)
	i, err := pgx.CollectExactlyOneRow(rows, scanInvitation)
	return r, i, err
}

// MarkOpened records the first time a vendor opens its link.
func (s *Store) MarkOpened(ctx context.Context, invitationID int64) error {
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		r, i, err := lockRound(ctx, tx, invitationID, "SHARE")
		if err != nil || i.OpenedAt != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE rfq_invitations SET opened_at = $2,
			status = CASE WHEN status = 'invited' THEN 'opened' ELSE status END WHERE id = $1`, i.ID, s.Now()); err != nil {
			return err
		}
		return vendorAudit(ctx, tx, i, r.EvaluationID, "rfq.vendor_open", nil)
	})
	if err != nil {
		return fmt.Errorf("store: mark invitation %d opened: %w", invitationID, err)
	}
	return nil
}

// VendorDraft is a vendor's own draft and newest submission.
type VendorDraft = sourcing.VendorDraft

// Draft returns the vendor's own draft and newest submission. Only the
// vendor's side calls it: the buyer reads submissions as quotes once the
// round is opened.
func (s *Store) Draft(ctx context.Context, invitationID int64) (VendorDraft, error) {
	var d VendorDraft
	var draft, sub []byte
	err := s.pool.QueryRow(ctx, `SELECT i.draft, i.draft_at, s.terms, s.submitted_at, COALESCE(s.revision, 0)
		FROM rfq_invitations i LEFT JOIN LATERAL (SELECT terms, submitted_at, revision FROM rfq_submissions
		WHERE invitation_id = i.id ORDER BY revision DESC LIMIT 1) s ON true WHERE i.id = $1`, invitationID).
		Scan(&draft, &d.DraftAt, &sub, &d.SubmittedAt, &d.Revision)
	if err != nil {
		return d, notFound(fmt.Sprintf("store: draft of %d", invitationID), err)
	}
	if draft != nil {
		q, err := parseTerms(draft)
		if err != nil {
			return d, err
		}
		d.Draft = &q
	}
	if sub != nil {
		q, err := parseTerms(sub)
		if err != nil {
			return d, err
		}
		d.Submitted = &q
	}
	return d, nil
}

// SaveDraft keeps the vendor's working copy. It is allowed while the link
// is valid, even past the deadline, so nothing typed is lost; only
// submitting is bound to the deadline.
func (s *Store) SaveDraft(ctx context.Context, invitationID int64, q quote.Quote) error {
	terms, err := termsJSON(q)
	if err != nil {
		return err
	}
	err = s.inTx(ctx, func(tx pgx.Tx) error {
		r, i, err := lockRound(ctx, tx, invitationID, "SHARE")
		if err != nil {
			return err
		}
		if i.Status == rfq.Revoked {
			return rfq.ErrRevoked
		}
		if _, err := tx.Exec(ctx, `UPDATE rfq_invitations SET draft = $2, draft_at = $3,
			status = CASE WHEN status IN ('invited', 'opened') THEN 'draft' ELSE status END WHERE id = $1`,
			i.ID, terms, s.Now()); err != nil {
			return err
		}
		return vendorAudit(ctx, tx, i, r.EvaluationID, "rfq.vendor_draft", nil)
	})
	if err != nil {
		return fmt.Errorf("store: save draft of %d: %w", invitationID, err)
	}
	return nil
}

// Submit makes the vendor's draft its newest submission, a new revision.
// The server's clock decides: one second past the deadline is refused
// with rfq.ErrPastDeadline and the draft stays as it was.
func (s *Store) Submit(ctx context.Context, invitationID int64) (int, time.Time, error) {
	var rev int
	now := s.Now()
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		r, i, err := lockRound(ctx, tx, invitationID, "SHARE")
		if err != nil {
			return err
		}
		if err := r.Rules().CanSubmit(now, i.Status); err != nil {
			return err
		}
		var draft []byte
		if err := tx.QueryRow(ctx, `SELECT draft FROM rfq_invitations WHERE id = $1`, i.ID).Scan(&draft); err != nil {
			return err
		}
		if draft == nil {
			return rfq.ErrNoDraft
		}
		if _, err := parseTerms(draft); err != nil {
			return rfq.ErrIncomplete
		}
		rev = i.Revisions + 1
		if _, err := tx.Exec(ctx, `INSERT INTO rfq_submissions (invitation_id, revision, terms, submitted_at) VALUES ($1, $2, $3, $4)`,
			i.ID, rev, draft, now); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE rfq_invitations SET status = 'submitted', submitted_at = $2 WHERE id = $1`, i.ID, now); err != nil {
			return err
		}
		return vendorAudit(ctx, tx, i, r.EvaluationID, "rfq.vendor_submit", map[string]any{"revision": rev})
	})
	if err != nil {
		return 0, now, fmt.Errorf("store: submit %d: %w", invitationID, err)
	}
	return rev, now, nil
}

// Question is a vendor's question and the buyer's answer.
type Question = sourcing.Question

// Ask records a vendor's question. A vendor may ask at most
// rfq.MaxQuestions questions, so one link cannot flood the buyer.
func (s *Store) Ask(ctx context.Context, invitationID int64, text string) (int64, error) {
	var id int64
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		r, i, err := lockRound(ctx, tx, invitationID, "SHARE")
		if err != nil {
			return err
		}
		if i.Status == rfq.Revoked {
			return rfq.ErrRevoked
		}
		var n int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM rfq_questions WHERE invitation_id = $1`, i.ID).Scan(&n); err != nil {
			return err
		}
		if n >= rfq.MaxQuestions {
			return ErrConflict
		}
		now := s.Now()
		if err := tx.QueryRow(ctx, `INSERT INTO rfq_questions (rfq_id, invitation_id, text, asked_at) VALUES ($1, $2, $3, $4) RETURNING id`,
			r.ID, i.ID, text, now).Scan(&id); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE rfq_invitations SET asked_at = $2 WHERE id = $1`, i.ID, now); err != nil {
			return err
		}
		return vendorAudit(ctx, tx, i, r.EvaluationID, "rfq.vendor_question", map[string]any{"question": id})
	})
	if err != nil {
		return 0, fmt.Errorf("store: ask: %w", err)
	}
	return id, nil
}

// Questions returns a round's questions, oldest first.
func (s *Store) Questions(ctx context.Context, rfqID int64) ([]Question, error) {
	rows, _ := s.pool.Query(ctx, `SELECT q.id, q.rfq_id, q.invitation_id, i.company, q.text, q.asked_at,
		COALESCE(q.answer, ''), q.answered_at, COALESCE(q.published_text, '') FROM rfq_questions q JOIN rfq_invitations i ON i.id = q.invitation_id
		WHERE q.rfq_id = $1 ORDER BY q.id`, rfqID)
	qs, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (Question, error) {
		var q Question
		err := row.Scan(&q.ID, &q.RFQID, &q.InvitationID, &q.Company, &q.Text, &q.AskedAt, &q.Answer, &q.AnsweredAt, &q.Published)
		return q, err
	})
	if err != nil {
		return nil, fmt.Errorf("store: questions of %d: %w", rfqID, err)
	}
	return qs, nil
}

// AnswerQuestion publishes the buyer's answer to every invitee of the
// round, with the question in the buyer's published wording (without
// naming who asked), and queues the mails.
func (s *Store) AnswerQuestion(ctx context.Context, by audit.Actor, questionID int64, published, answer string, mails []Mail) error {
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		var evalID int64
		err := tx.QueryRow(ctx, `UPDATE rfq_questions q SET answer = $2, answered_by = $3, answered_at = $4, published_text = $5 FROM rfqs r
			WHERE q.id = $1 AND r.id = q.rfq_id RETURNING r.evaluation_id`, questionID, answer, by.ID, s.Now(), published).Scan(&evalID)
		if err != nil {
			return notFound("question", err)
		}
		for _, m := range mails {
			if err := enqueueMail(ctx, tx, s.Now(), m.InvitationID, m); err != nil {
				return err
			}
		}
		return insertAudit(ctx, tx, audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: "rfq.answer",
			ObjectType: "rfq_question", ObjectID: fmt.Sprint(questionID), EvaluationID: evalID, After: map[string]any{"answer": answer, "published_question": published}})
	})
	if err != nil {
		return fmt.Errorf("store: answer question %d: %w", questionID, err)
	}
	return nil
}

// Question returns one question.
func (s *Store) Question(ctx context.Context, id int64) (Question, error) {
	var q Question
	err := s.pool.QueryRow(ctx, `SELECT q.id, q.rfq_id, q.invitation_id, i.company, q.text, q.asked_at,
		COALESCE(q.answer, ''), q.answered_at, COALESCE(q.published_text, '') FROM rfq_questions q JOIN rfq_invitations i ON i.id = q.invitation_id
		WHERE q.id = $1`, id).Scan(&q.ID, &q.RFQID, &q.InvitationID, &q.Company, &q.Text, &q.AskedAt, &q.Answer, &q.AnsweredAt, &q.Published)
	if err != nil {
		return q, notFound(fmt.Sprintf("store: question %d", id), err)
	}
	return q, nil
}
