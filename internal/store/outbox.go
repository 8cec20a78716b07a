package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// Mail is one message to queue in the outbox.
type Mail struct {
	InvitationID int64 // 0 when the mail belongs to no invitation
	Kind         string
	To           string
	Subject      string
	Body         string
}

// OutboxMail is a queued message as the worker reads it.
type OutboxMail struct {
	Mail
	ID       int64
	Attempts int
}

func enqueueMail(ctx context.Context, tx pgx.Tx, now time.Time, invitationID int64, m Mail) error {
	_, err := tx.Exec(ctx, `INSERT INTO mail_outbox (invitation_id, kind, to_addr, subject, body, created_at, next_attempt_at)
		VALUES (NULLIF($1, 0), $2, $3, $4, $5, $6, $6)`, invitationID, m.Kind, m.To, m.Subject, m.Body, now)
	if err != nil {
		return fmt.Errorf("store: queue mail: %w", err)
	}
	return nil
}

// QueueMail adds mails to the outbox, all or none.
func (s *Store) QueueMail(ctx context.Context, ms []Mail) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		for _, m := range ms {
			if err := enqueueMail(ctx, tx, s.Now(), m.InvitationID, m); err != nil {
				return err
			}
		}
		return nil
	})
}

// ClaimMail takes up to limit due messages and leases them for lease: a
// worker that dies mid-send leaves them to be retried, and two workers
// never take the same message (SKIP LOCKED).
func (s *Store) ClaimMail(ctx context.Context, limit int, lease time.Duration) ([]OutboxMail, error) {
	now := s.Now()
	rows, _ := s.pool.Query(ctx, `UPDATE mail_outbox SET next_attempt_at = $3, attempts = attempts + 1
		WHERE id IN (SELECT id FROM mail_outbox WHERE status = 'pending' AND next_attempt_at <= $1
			ORDER BY next_attempt_at, id LIMIT $2 FOR UPDATE SKIP LOCKED)
		RETURNING id, COALESCE(invitation_id, 0), kind, to_addr, subject, body, attempts`, now, limit, now.Add(lease))
	ms, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (OutboxMail, error) {
		var m OutboxMail
		err := row.Scan(&m.ID, &m.InvitationID, &m.Kind, &m.To, &m.Subject, &m.Body, &m.Attempts)
		return m, err
	})
	if err != nil {
		return nil, fmt.Errorf("store: claim mail: %w", err)
	}
	return ms, nil
}

// MailSent marks a message delivered to the mail server. Its body, which
// holds the vendor's secret link, is erased: only the token's hash stays.
func (s *Store) MailSent(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE mail_outbox SET status = 'sent', sent_at = $2, body = '', last_error = '' WHERE id = $1`, id, s.Now())
	if err != nil {
		return fmt.Errorf("store: mail %d sent: %w", id, err)
	}
	return nil
}

// MailFailed records a failed attempt: retried at next, or given up (and
// its body erased) when next is zero.
func (s *Store) MailFailed(ctx context.Context, id int64, reason string, next time.Time) error {
	if len(reason) > 500 {
		reason = reason[:500]
	}
	var err error
	if next.IsZero() {
		_, err = s.pool.Exec(ctx, `UPDATE mail_outbox SET status = 'failed', body = '', last_error = $2 WHERE id = $1`, id, reason)
	} else {
		_, err = s.pool.Exec(ctx, `UPDATE mail_outbox SET next_attempt_at = $3, last_error = $2 WHERE id = $1`, id, reason, next)
	}
	if err != nil {
		return fmt.Errorf("store: mail %d failed: %w", id, err)
	}
	return nil
}

// QueueMailOnce adds m to the outbox unless a mail with key was ever
// queued: false when it was. Two instances queuing the same alert at once
// queue one mail (the key is unique).
func (s *Store) QueueMailOnce(ctx context.Context, m Mail, key string) (bool, error) {
	tag, err := s.pool.Exec(ctx, `INSERT INTO mail_outbox (kind, to_addr, subject, body, created_at, next_attempt_at, dedupe_key)
		VALUES ($1, $2, $3, $4, $5, $5, $6) ON CONFLICT (dedupe_key) DO NOTHING`, m.Kind, m.To, m.Subject, m.Body, s.Now(), key)
	if err != nil {
		return false, fmt.Errorf("store: queue mail %s: %w", key, err)
	}
	return tag.RowsAffected() == 1, nil
}
