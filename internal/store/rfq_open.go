package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/sourcing"
)

// Opening a round is the application's rule (evaluation.OpenEarly and
// OpenDue): it locks the round, decides, and writes with these statements
// inside one Tx.

// DueRFQs lists the rounds of one evaluation (or of all, for 0) still
// sealed past their deadline, at most 100, oldest first.
func (s *Store) DueRFQs(ctx context.Context, evaluationID int64) ([]int64, error) {
	rows, _ := s.pool.Query(ctx, `SELECT id FROM rfqs WHERE opened_at IS NULL AND deadline < $1
		AND ($2 = 0 OR evaluation_id = $2) ORDER BY id LIMIT 100`, s.Now(), evaluationID)
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, fmt.Errorf("store: due rfqs: %w", err)
	}
	return ids, nil
}

// LockRFQ reads a round and locks its row until the transaction ends.
func (s *Store) LockRFQ(ctx context.Context, id int64) (RFQ, error) {
	var r RFQ
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		var err error
		r, err = lockRFQ(ctx, tx, id)
		return err
	})
	return r, err
}

// RecordOpening records a round as open now, with its audit row: opened
// early by a person for a reason, or (early false, by and reason unused)
// by its deadline.
func (s *Store) RecordOpening(ctx context.Context, by audit.Actor, r RFQ, reason string, early bool) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		e := audit.Entry{ActorEmail: "system", Action: "rfq.open_deadline", ObjectType: "rfq", ObjectID: fmt.Sprint(r.ID),
			EvaluationID: r.EvaluationID, After: map[string]any{"deadline": r.Deadline}}
		var err error
		if early {
			_, err = tx.Exec(ctx, `UPDATE rfqs SET opened_at = $2, opened_by = $3, open_reason = $4 WHERE id = $1`, r.ID, s.Now(), by.ID, reason)
			e.ActorID, e.ActorEmail, e.Action = by.ID, by.Email, "rfq.open_early"
			e.After = map[string]any{"reason": reason, "deadline": r.Deadline}
		} else {
			_, err = tx.Exec(ctx, `UPDATE rfqs SET opened_at = $2 WHERE id = $1`, r.ID, s.Now())
		}
		if err != nil {
			return err
		}
		return insertAudit(ctx, tx, e)
	})
}

// RoundSubmission is an invitation's newest submission, as an opening
// reads it: QuoteID is the quote a best-and-final answer revises (0 for a
// first round).
type RoundSubmission struct {
	InvitationID, QuoteID int64
	Company               string
	Revision              int
	Terms                 quote.Quote
	SubmittedAt           time.Time
}

// RoundSubmissions lists the newest submission of each invitation of the
// round that submitted; revoked invitations stay out.
func (s *Store) RoundSubmissions(ctx context.Context, rfqID int64) ([]RoundSubmission, error) {
	rows, _ := s.pool.Query(ctx, `SELECT i.id, i.company, COALESCE(i.quote_id, 0), s.revision, s.terms, s.submitted_at
		FROM rfq_invitations i JOIN LATERAL (SELECT revision, terms, submitted_at FROM rfq_submissions
		WHERE invitation_id = i.id ORDER BY revision DESC LIMIT 1) s ON true
		WHERE i.rfq_id = $1 AND i.status = 'submitted' ORDER BY i.id`, rfqID)
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (RoundSubmission, error) {
		var x RoundSubmission
		var terms []byte
		if err := row.Scan(&x.InvitationID, &x.Company, &x.QuoteID, &x.Revision, &terms, &x.SubmittedAt); err != nil {
			return x, err
		}
		var err error
		x.Terms, err = parseTerms(terms)
		return x, err
	})
}

// RoundCreator is the person who created the round: the author of the
// quotes its opening makes.
func (s *Store) RoundCreator(ctx context.Context, r RFQ) (audit.Actor, error) {
	by := audit.Actor{ID: r.CreatedBy}
	err := s.pool.QueryRow(ctx, `SELECT email FROM users WHERE id = $1`, r.CreatedBy).Scan(&by.Email)
	return by, err
}

// ReviseFromRound saves a best-and-final answer as the quote's next
// revision and returns its number; a quote deleted since is ErrNotFound.
func (s *Store) ReviseFromRound(ctx context.Context, by audit.Actor, quoteID int64, q quote.Quote) (int, error) {
	var rev int
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		var err error
		rev, err = s.reviseFromRound(ctx, tx, by, quoteID, q)
		return err
	})
	return rev, err
}

// CreateRoundQuote adds a round's answer to the evaluation as a new quote.
func (s *Store) CreateRoundQuote(ctx context.Context, by audit.Actor, evaluationID int64, q quote.Quote) (int64, error) {
	var id int64
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		var err error
		id, err = insertQuote(ctx, tx, by, evaluationID, q, "quote.rfq")
		return err
	})
	return id, err
}

// RecordQuoteSource keeps where revision qrev of a quote came from and
// links the submission's invitation to the quote.
func (s *Store) RecordQuoteSource(ctx context.Context, quoteID int64, qrev int, sub RoundSubmission) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO rfq_quote_sources (quote_id, quote_revision, invitation_id, revision, submitted_at)
			VALUES ($1, $2, $3, $4, $5)`, quoteID, qrev, sub.InvitationID, sub.Revision, sub.SubmittedAt); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE rfq_invitations SET quote_id = $2 WHERE id = $1`, sub.InvitationID, quoteID)
		return err
	})
}

func lockRFQ(ctx context.Context, tx pgx.Tx, id int64) (RFQ, error) {
	rows, _ := tx.Query(ctx, rfqSelect+` WHERE r.id = $1 FOR UPDATE OF r`, id)
	r, err := pgx.CollectExactlyOneRow(rows, scanRFQ)
	if err != nil {
		return r, notFound("rfq", err)
	}
	return r, nil
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

// Source is where a quote revision came from.
type Source = sourcing.Source

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
