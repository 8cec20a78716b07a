package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/rfq"
)

// Revised is what the application does, inside an opening's transaction,
// after a best-and-final answer became a quote's next revision (judge its
// uploads again against the new terms); nil does nothing.
type Revised func(ctx context.Context, tx *Store, by audit.Actor, quoteID int64) error

// OpenEarly opens a sealed round before its deadline: a manager's act,
// with the reason on the record. Answers are closed from then on.
func (s *Store) OpenEarly(ctx context.Context, by audit.Actor, rfqID int64, reason string, revised Revised) (int, error) {
	var n int
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		r, err := lockRFQ(ctx, tx, rfqID)
		if err != nil {
			return err
		}
		if r.OpenedAt != nil {
			return rfq.ErrNotSealed
		}
		if _, err := tx.Exec(ctx, `UPDATE rfqs SET opened_at = $2, opened_by = $3, open_reason = $4 WHERE id = $1`,
			r.ID, s.Now(), by.ID, reason); err != nil {
			return err
		}
		if err := insertAudit(ctx, tx, audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: "rfq.open_early",
			ObjectType: "rfq", ObjectID: fmt.Sprint(r.ID), EvaluationID: r.EvaluationID,
			After: map[string]any{"reason": reason, "deadline": r.Deadline}}); err != nil {
			return err
		}
		n, err = s.materialize(ctx, tx, r, revised)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("store: open rfq %d: %w", rfqID, err)
	}
	return n, nil
}

// OpenDue opens every round of the evaluation (or of all evaluations, for
// 0) whose deadline has passed: each submission becomes a quote. It is
// idempotent and safe to run from many requests at once: a round is
// locked, checked and opened in one transaction.
func (s *Store) OpenDue(ctx context.Context, evaluationID int64, revised Revised) (int, error) {
	rows, _ := s.pool.Query(ctx, `SELECT id FROM rfqs WHERE opened_at IS NULL AND deadline < $1
		AND ($2 = 0 OR evaluation_id = $2) ORDER BY id LIMIT 100`, s.Now(), evaluationID)
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return 0, fmt.Errorf("store: due rfqs: %w", err)
	}
	total := 0
	for _, id := range ids {
		err := s.inTx(ctx, func(tx pgx.Tx) error {
			r, err := lockRFQ(ctx, tx, id)
			if err != nil || !r.Rules().Due(s.Now()) {
				return err
			}
			if _, err := tx.Exec(ctx, `UPDATE rfqs SET opened_at = $2 WHERE id = $1`, r.ID, s.Now()); err != nil {
				return err
			}
			if err := insertAudit(ctx, tx, audit.Entry{ActorEmail: "system", Action: "rfq.open_deadline",
				ObjectType: "rfq", ObjectID: fmt.Sprint(r.ID), EvaluationID: r.EvaluationID,
				After: map[string]any{"deadline": r.Deadline}}); err != nil {
				return err
			}
			n, err := s.materialize(ctx, tx, r, revised)
			total += n
			return err
		})
		if err != nil {
			return total, fmt.Errorf("store: open rfq %d at its deadline: %w", id, err)
		}
	}
	return total, nil
}

func lockRFQ(ctx context.Context, tx pgx.Tx, id int64) (RFQ, error) {
	rows, _ := tx.Query(ctx, rfqSelect+` WHERE r.id = $1 FOR UPDATE OF r`, id)
	r, err := pgx.CollectExactlyOneRow(rows, scanRFQ)
	if err != nil {
		return r, notFound("rfq", err)
	}
	return r, nil
}

// materialize turns each invitation's newest submission into a quote of
// the evaluation (or, in a best-and-final round, a new revision of the
// quote it answers), with its provenance. Revoked invitations stay out.
func (s *Store) materialize(ctx context.Context, tx pgx.Tx, r RFQ, revised Revised) (int, error) {
	rows, _ := tx.Query(ctx, `SELECT i.id, i.company, COALESCE(i.quote_id, 0), s.revision, s.terms, s.submitted_at
		FROM rfq_invitations i JOIN LATERAL (SELECT revision, terms, submitted_at FROM rfq_submissions
		WHERE invitation_id = i.id ORDER BY revision DESC LIMIT 1) s ON true
		WHERE i.rfq_id = $1 AND i.status = 'submitted' ORDER BY i.id`, r.ID)
	type sub struct {
		inv, quoteID int64
		company      string
		rev          int
		terms        []byte
		at           time.Time
	}
	subs, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (sub, error) {
		var x sub
		err := row.Scan(&x.inv, &x.company, &x.quoteID, &x.rev, &x.terms, &x.at)
		return x, err
	})
	if err != nil {
		return 0, err
	}
	var creatorEmail string
	if err := tx.QueryRow(ctx, `SELECT email FROM users WHERE id = $1`, r.CreatedBy).Scan(&creatorEmail); err != nil {
		return 0, err
	}
	by := audit.Actor{ID: r.CreatedBy, Email: creatorEmail}
	for _, x := range subs {
		q, err := parseTerms(x.terms)
		if err != nil {
			return 0, err
		}
		quoteID, qrev := x.quoteID, 1
		if quoteID != 0 {
			qrev, err = s.reviseFromRound(ctx, tx, by, quoteID, q)
			switch {
			case errors.Is(err, ErrNotFound):
				quoteID = 0 // the quote was deleted since: the answer stands on its own
			case err != nil:
				return 0, err
			case revised != nil:
				if err := revised(ctx, s.on(tx), by, quoteID); err != nil {
					return 0, err
				}
			}
		}
		if quoteID == 0 {
			qrev = 1
			if quoteID, err = insertQuote(ctx, tx, by, r.EvaluationID, q, "quote.rfq"); err != nil {
				return 0, err
			}
		}
		if _, err := tx.Exec(ctx, `INSERT INTO rfq_quote_sources (quote_id, quote_revision, invitation_id, revision, submitted_at)
			VALUES ($1, $2, $3, $4, $5)`, quoteID, qrev, x.inv, x.rev, x.at); err != nil {
			return 0, err
		}
		if _, err := tx.Exec(ctx, `UPDATE rfq_invitations SET quote_id = $2 WHERE id = $1`, x.inv, quoteID); err != nil {
			return 0, err
		}
	}
	return len(subs), nil
}

// reviseFromRound saves a best-and-final answer as the quote's next
// revision; the audit row names the changed terms.
func (s *Store) reviseFromRound(ctx context.Context, tx pgx.Tx, by audit.Actor, quoteID int64, q quote.Quote) (int, error) {
	rows, _ := tx.Query(ctx, quoteSelect+` WHERE q.id = $1 FOR UPDATE OF q`, quoteID)
	cur, err := pgx.CollectExactlyOneRow(rows, scanQuote)
	if err != nil {
		return 0, notFound("quote", err)
	}
	providerID, err := upsertProvider(ctx, tx, q)
	if err != nil {
		return 0, err
	}
	terms, err := termsJSON(q)
	if err != nil {
		return 0, err
	}
	next := cur.Version + 1
	if _, err := tx.Exec(ctx, `UPDATE quotes SET provider_id = $2, terms = $3, version = $4, updated_at = now(), updated_by = $5
		WHERE id = $1`, quoteID, providerID, terms, next, by.ID); err != nil {
		return 0, err
	}
	if _, err := tx.Exec(ctx, `INSERT INTO quote_revisions (quote_id, revision, terms, author_id) VALUES ($1, $2, $3, $4)`,
		quoteID, next, terms, by.ID); err != nil {
		return 0, err
	}
	changed := []string{}
	for _, c := range quote.Diff(cur.Quote, q) {
		changed = append(changed, c.Column)
	}
	return next, insertAudit(ctx, tx, audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: "quote.rfq_revision",
		ObjectType: "quote", ObjectID: fmt.Sprint(quoteID), EvaluationID: cur.EvaluationID, After: map[string]any{"changed": changed, "revision": next}})
}

// Source is where a quote revision came from: a round, a vendor, a
// submission.
type Source struct {
	QuoteID       int64
	QuoteRevision int
	RFQID         int64
	Round         int
	InvitationID  int64
	Company       string
	Contact       string
	Email         string
	Revision      int
	SubmittedAt   time.Time
}

// QuoteSources returns the provenance of an evaluation's quotes that came
// through a round, by quote id, oldest revision first.
func (s *Store) QuoteSources(ctx context.Context, evaluationID int64) (map[int64][]Source, error) {
	rows, _ := s.pool.Query(ctx, `SELECT x.quote_id, x.quote_revision, r.id, r.round, i.id, i.company, i.contact, i.email, x.revision, x.submitted_at
		FROM rfq_quote_sources x JOIN rfq_invitations i ON i.id = x.invitation_id JOIN rfqs r ON r.id = i.rfq_id
		WHERE r.evaluation_id = $1 ORDER BY x.quote_id, x.quote_revision`, evaluationID)
	list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (Source, error) {
		var x Source
		err := row.Scan(&x.QuoteID, &x.QuoteRevision, &x.RFQID, &x.Round, &x.InvitationID, &x.Company, &x.Contact, &x.Email, &x.Revision, &x.SubmittedAt)
		return x, err
	})
	if err != nil {
		return nil, fmt.Errorf("store: quote sources of %d: %w", evaluationID, err)
	}
	out := map[int64][]Source{}
	for _, x := range list {
		out[x.QuoteID] = append(out[x.QuoteID], x)
	}
	return out, nil
}
