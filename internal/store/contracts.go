package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// NewContract is a contract to draft: the awarded quote, the revision its
// terms were frozen from and the terms as the application layer encodes
// them (a JSON object).
type NewContract struct {
	AwardID       int64
	QuoteID       int64
	QuoteRevision int
	EvaluationID  int64
	ProviderID    int64
	Vendor        string
	Currency      string
	OwnerID       int64 // 0: none
	Terms         []byte
	DatesSince    time.Time // a calendar date: the day the current dates took effect
}

// Contract is a stored contract at its latest version.
type Contract struct {
	NewContract
	ID         int64
	Version    int
	OwnerName  string
	OwnerEmail string
	CreatedAt  time.Time
	UpdatedAt  time.Time
}

// ContractVersion is one version of a contract's terms, with why it was
// made and by whom.
type ContractVersion struct {
	Version    int
	Terms      []byte
	Reason     string
	AuthorName string
	CreatedAt  time.Time
}

// ContractFilter narrows Contracts; zero fields match every contract.
type ContractFilter struct {
	AwardID    int64
	ProviderID int64
	QuoteID    int64
}

const contractColumns = `c.id, c.award_id, c.quote_id, c.quote_revision, c.evaluation_id, c.provider_id, c.vendor, c.currency,
	COALESCE(c.owner_id, 0), COALESCE(u.name, ''), COALESCE(u.email, ''), c.version, c.terms, c.dates_since, c.created_at, c.updated_at`

const contractFrom = ` FROM contracts c LEFT JOIN users u ON u.id = c.owner_id`

func scanContract(row pgx.CollectableRow) (Contract, error) {
	var c Contract
	err := row.Scan(&c.ID, &c.AwardID, &c.QuoteID, &c.QuoteRevision, &c.EvaluationID, &c.ProviderID, &c.Vendor, &c.Currency,
		&c.OwnerID, &c.OwnerName, &c.OwnerEmail, &c.Version, &c.Terms, &c.DatesSince, &c.CreatedAt, &c.UpdatedAt)
	return c, err
}

// InsertContract drafts a contract as version 1 with reason; an award's
// quote has one contract, so a second draft for it is ErrExists.
func (s *Store) InsertContract(ctx context.Context, c NewContract, authorID int64, reason string) (int64, error) {
	var id int64
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx, `INSERT INTO contracts (award_id, quote_id, quote_revision, evaluation_id, provider_id, vendor, currency,
			owner_id, terms, dates_since) VALUES ($1, $2, $3, $4, $5, $6, $7, NULLIF($8, 0), $9, $10)
			ON CONFLICT (award_id, quote_id) DO NOTHING RETURNING id`,
			c.AwardID, c.QuoteID, c.QuoteRevision, c.EvaluationID, c.ProviderID, c.Vendor, c.Currency, c.OwnerID, c.Terms, c.DatesSince).Scan(&id)
		if err == pgx.ErrNoRows {
			return ErrExists
		}
		if err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `INSERT INTO contract_versions (contract_id, version, terms, reason, author_id)
			VALUES ($1, 1, $2, $3, NULLIF($4, 0))`, id, c.Terms, reason, authorID)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("store: draft contract for award %d quote %d: %w", c.AwardID, c.QuoteID, err)
	}
	return id, nil
}

// Contract reads one contract.
func (s *Store) Contract(ctx context.Context, id int64) (Contract, error) {
	return s.contract(ctx, id, "")
}

// LockContract reads one contract with its row locked for the caller's Tx.
func (s *Store) LockContract(ctx context.Context, id int64) (Contract, error) {
	return s.contract(ctx, id, " FOR UPDATE OF c")
}

func (s *Store) contract(ctx context.Context, id int64, lock string) (Contract, error) {
	rows, _ := s.pool.Query(ctx, `SELECT `+contractColumns+contractFrom+` WHERE c.id = $1`+lock, id)
	c, err := pgx.CollectExactlyOneRow(rows, scanContract)
	if err != nil {
		return Contract{}, notFound(fmt.Sprintf("store: contract %d", id), err)
	}
	return c, nil
}

// Contracts lists the contracts f selects, newest first, at most limit.
func (s *Store) Contracts(ctx context.Context, f ContractFilter, limit int) ([]Contract, error) {
	return contractsRead(f, limit).run(ctx, s.pool)
}

// ContractsAndSetting is Contracts and the setting key's value, read in
// one round trip (the evaluations list shows the alert board, which needs
// both, on every view).
func (s *Store) ContractsAndSetting(ctx context.Context, f ContractFilter, limit int, key string) ([]Contract, string, error) {
	var list []Contract
	var value string
	b := &pgx.Batch{}
	contractsRead(f, limit).queue(b, &list)
	settingRead(key).queue(b, &value)
	if err := s.pool.SendBatch(ctx, b).Close(); err != nil {
		return nil, "", fmt.Errorf("store: contracts and setting %s: %w", key, err)
	}
	return list, value, nil
}

func contractsRead(f ContractFilter, limit int) read[[]Contract] {
	return read[[]Contract]{sql: `SELECT ` + contractColumns + contractFrom + `
		WHERE ($1 = 0 OR c.award_id = $1) AND ($2 = 0 OR c.provider_id = $2) AND ($4 = 0 OR c.quote_id = $4) ORDER BY c.id DESC LIMIT $3`,
		args: []any{f.AwardID, f.ProviderID, limit, f.QuoteID}, collect: func(rows pgx.Rows) ([]Contract, error) {
			list, err := pgx.CollectRows(rows, scanContract)
			if err != nil {
				return nil, fmt.Errorf("store: contracts: %w", err)
			}
			return list, nil
		}}
}

// ReviseContract saves terms as the next version of a contract still at
// version, with its reason; ErrConflict when someone saved first.
func (s *Store) ReviseContract(ctx context.Context, id int64, version int, terms []byte, ownerID int64, datesSince time.Time, authorID int64, reason string) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE contracts SET version = version + 1, terms = $3, owner_id = NULLIF($4, 0), dates_since = $5,
			updated_at = now() WHERE id = $1 AND version = $2`, id, version, terms, ownerID, datesSince)
		if err != nil {
			return fmt.Errorf("store: revise contract %d: %w", id, err)
		}
		if tag.RowsAffected() == 0 {
			return fmt.Errorf("store: revise contract %d at version %d: %w", id, version, ErrConflict)
		}
		_, err = tx.Exec(ctx, `INSERT INTO contract_versions (contract_id, version, terms, reason, author_id)
			VALUES ($1, $2, $3, $4, NULLIF($5, 0))`, id, version+1, terms, reason, authorID)
		if err != nil {
			return fmt.Errorf("store: contract %d version %d: %w", id, version+1, err)
		}
		return nil
	})
}

// CarryContract moves a contract at version onto the award that
// re-approved its quote, at the quote's revision of that approval. With
// terms it saves them as the next version with reason; without, the
// version stays. ErrConflict when someone saved first.
func (s *Store) CarryContract(ctx context.Context, id int64, version int, awardID int64, quoteRevision int, terms []byte, authorID int64, reason string) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		next := version
		if terms != nil {
			next = version + 1
		}
		tag, err := tx.Exec(ctx, `UPDATE contracts SET award_id = $3, quote_revision = $4, version = $5, terms = COALESCE($6, terms),
			updated_at = now() WHERE id = $1 AND version = $2`, id, version, awardID, quoteRevision, next, terms)
		if err != nil {
			return fmt.Errorf("store: carry contract %d to award %d: %w", id, awardID, err)
		}
		if tag.RowsAffected() == 0 {
			return fmt.Errorf("store: carry contract %d at version %d: %w", id, version, ErrConflict)
		}
		if terms == nil {
			return nil
		}
		_, err = tx.Exec(ctx, `INSERT INTO contract_versions (contract_id, version, terms, reason, author_id)
			VALUES ($1, $2, $3, $4, NULLIF($5, 0))`, id, next, terms, reason, authorID)
		if err != nil {
			return fmt.Errorf("store: contract %d version %d: %w", id, next, err)
		}
		return nil
	})
}

// ContractVersions lists a contract's versions, newest first.
func (s *Store) ContractVersions(ctx context.Context, id int64) ([]ContractVersion, error) {
	rows, _ := s.pool.Query(ctx, `SELECT v.version, v.terms, v.reason, COALESCE(u.name, ''), v.created_at
		FROM contract_versions v LEFT JOIN users u ON u.id = v.author_id WHERE v.contract_id = $1 ORDER BY v.version DESC`, id)
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (ContractVersion, error) {
		var v ContractVersion
		err := r.Scan(&v.Version, &v.Terms, &v.Reason, &v.AuthorName, &v.CreatedAt)
		return v, err
	})
	if err != nil {
		return nil, fmt.Errorf("store: versions of contract %d: %w", id, err)
	}
	return list, nil
}
