package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// Incumbent is how a contract's vendor was reached in a round: the
// invitation its quote came through, else the latest invitation to a
// company of its name. ok is false when no round ever reached it.
func (s *Store) Incumbent(ctx context.Context, quoteID int64, company string) (inv Invitation, ok bool, err error) {
	var id int64
	err = s.pool.QueryRow(ctx, `SELECT id FROM (
			(SELECT x.invitation_id AS id, 0 AS rank, x.quote_revision AS n FROM rfq_quote_sources x WHERE x.quote_id = $1
				ORDER BY x.quote_revision DESC LIMIT 1)
			UNION ALL
			(SELECT i.id, 1, i.id FROM rfq_invitations i WHERE lower(btrim(i.company)) = lower(btrim($2)) ORDER BY i.id DESC LIMIT 1)
		) c ORDER BY rank, n DESC LIMIT 1`, quoteID, company).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return Invitation{}, false, nil
	}
	if err != nil {
		return Invitation{}, false, fmt.Errorf("store: incumbent of quote %d: %w", quoteID, err)
	}
	inv, err = s.Invitation(ctx, id)
	return inv, err == nil, err
}

// SetRebidOf records that evaluationID re-bids contractID.
func (s *Store) SetRebidOf(ctx context.Context, evaluationID, contractID int64) error {
	tag, err := s.pool.Exec(ctx, `UPDATE evaluations SET rebid_of = $2 WHERE id = $1`, evaluationID, contractID)
	if err != nil {
		return fmt.Errorf("store: re-bid of evaluation %d: %w", evaluationID, err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("store: evaluation %d: %w", evaluationID, ErrNotFound)
	}
	return nil
}

// RebidOf is the contract evaluationID re-bids; 0 when it re-bids none.
func (s *Store) RebidOf(ctx context.Context, evaluationID int64) (int64, error) {
	var id *int64
	err := s.pool.QueryRow(ctx, `SELECT rebid_of FROM evaluations WHERE id = $1`, evaluationID).Scan(&id)
	if err != nil {
		return 0, notFound(fmt.Sprintf("store: re-bid of evaluation %d", evaluationID), err)
	}
	if id == nil {
		return 0, nil
	}
	return *id, nil
}

// DeleteUploadOutages removes the outages of a contract read from one
// upload's health evidence, before it is read again or once withdrawn.
func (s *Store) DeleteUploadOutages(ctx context.Context, contractID, uploadID int64) (int64, error) {
	tag, err := s.pool.Exec(ctx, `DELETE FROM contract_outages WHERE contract_id = $1 AND upload_id = $2`, contractID, uploadID)
	if err != nil {
		return 0, fmt.Errorf("store: outages of contract %d from upload %d: %w", contractID, uploadID, err)
	}
	return tag.RowsAffected(), nil
}
