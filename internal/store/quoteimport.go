package store

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/quote"
)

// ErrTooManyQuotes means the evaluation would hold more than
// quote.MaxPerEvaluation quotes; a *QuoteLimitError says how many.
var ErrTooManyQuotes = errors.New("store: too many quotes in one evaluation")

// QuoteLimitError is a refused import or new quote: the evaluation holds
// Existing quotes and Adding more would pass Limit.
type QuoteLimitError struct {
	Limit, Existing, Adding int
}

func (e *QuoteLimitError) Error() string {
	return fmt.Sprintf("store: an evaluation holds at most %d quotes; it has %d and %d more were added", e.Limit, e.Existing, e.Adding)
}

// Unwrap makes errors.Is(err, ErrTooManyQuotes) true.
func (e *QuoteLimitError) Unwrap() error { return ErrTooManyQuotes }

// CheckQuoteLimit refuses adding quotes to an evaluation that holds
// existing ones when the sum would pass quote.MaxPerEvaluation.
func CheckQuoteLimit(existing, adding int) error {
	if existing+adding > quote.MaxPerEvaluation {
		return &QuoteLimitError{Limit: quote.MaxPerEvaluation, Existing: existing, Adding: adding}
	}
	return nil
}

// QuoteCount is how many quotes an evaluation holds.
func (s *Store) QuoteCount(ctx context.Context, evaluationID int64) (int, error) {
	var n int
	if err := s.pool.QueryRow(ctx, `SELECT count(*) FROM quotes WHERE evaluation_id = $1`, evaluationID).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: count quotes of %d: %w", evaluationID, err)
	}
	return n, nil
}

// ImportQuotes adds all quotes or none, in one transaction, and returns
// their ids in the order of qs.
func (s *Store) ImportQuotes(ctx context.Context, by audit.Actor, evaluationID int64, qs []quote.Quote) ([]int64, error) {
	var ids []int64
	err := s.inTx(ctx, func(tx pgx.Tx) (err error) {
		ids, err = insertQuotes(ctx, tx, by, evaluationID, qs, "quote.import")
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("store: import quotes: %w", err)
	}
	return ids, nil
}

// insertQuotes adds qs to an evaluation as revision 1 each, with an audit
// row each, in a fixed number of statements whatever len(qs) is: arrays
// of every row's values go in one parameter each.
func insertQuotes(ctx context.Context, tx pgx.Tx, by audit.Actor, evaluationID int64, qs []quote.Quote, action string) ([]int64, error) {
	if len(qs) == 0 {
		return nil, nil
	}
	// Touching the evaluation first locks its row, so two imports into one
	// evaluation count each other's quotes and cannot pass the limit together.
	tag, err := tx.Exec(ctx, `UPDATE evaluations SET updated_at = now() WHERE id = $1`, evaluationID)
	if err != nil {
		return nil, err
	}
	if tag.RowsAffected() == 0 {
		return nil, fmt.Errorf("evaluation %d: %w", evaluationID, ErrNotFound)
	}
	var existing int
	if err := tx.QueryRow(ctx, `SELECT count(*) FROM quotes WHERE evaluation_id = $1`, evaluationID).Scan(&existing); err != nil {
		return nil, err
	}
	if err := CheckQuoteLimit(existing, len(qs)); err != nil {
		return nil, err
	}
	providers, err := upsertProviders(ctx, tx, qs)
	if err != nil {
		return nil, fmt.Errorf("provider: %w", err)
	}
	terms := make([]string, len(qs))
	for i, q := range qs {
		b, err := termsJSON(q)
		if err != nil {
			return nil, err
		}
		terms[i] = string(b)
	}
	// One statement writes the quotes, their first revisions and their
	// audit rows (whose "after" is the quote's cells, which is what terms
	// holds), so each quote's terms are parsed once. Rows go in in file
	// order and ids come from a sequence, so ids ascend in the order of qs.
	rows, _ := tx.Query(ctx, `WITH q AS (
			INSERT INTO quotes (evaluation_id, provider_id, author_id, terms, updated_by)
			SELECT $1, x.provider_id, $2, x.terms::jsonb, $2
			FROM unnest($3::bigint[], $4::text[]) WITH ORDINALITY AS x(provider_id, terms, n) ORDER BY x.n
			RETURNING id, terms),
		r AS (INSERT INTO quote_revisions (quote_id, revision, terms, author_id) SELECT id, 1, terms, $2 FROM q),
		a AS (INSERT INTO audit_events (actor_id, actor_email, action, object_type, object_id, evaluation_id, after)
			SELECT NULLIF($2, 0), $5, $6, 'quote', q.id::text, $1, q.terms FROM q ORDER BY q.id)
		SELECT id FROM q ORDER BY id`, evaluationID, by.ID, providers, terms, by.Email, action)
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, err
	}
	if len(ids) != len(qs) {
		return nil, fmt.Errorf("%d of %d quotes inserted", len(ids), len(qs))
	}
	return ids, nil
}

// upsertProviders returns the provider id of each quote, creating the
// providers that are new with the category of the first quote naming
// them; names match case-insensitively, as PostgreSQL's lower() does.
func upsertProviders(ctx context.Context, tx pgx.Tx, qs []quote.Quote) ([]int64, error) {
	names := make([]string, len(qs))
	cats := make([]string, len(qs))
	for i, q := range qs {
		name, _ := q.Provider.Get()
		cat, _ := q.ProviderCategory.Get()
		names[i], cats[i] = strings.TrimSpace(name), string(cat)
	}
	if _, err := tx.Exec(ctx, `INSERT INTO providers (name, category)
		SELECT DISTINCT ON (lower(x.name)) x.name, x.category
		FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS x(name, category, n) ORDER BY lower(x.name), x.n
		ON CONFLICT ((lower(name))) DO NOTHING`, names, cats); err != nil {
		return nil, err
	}
	rows, _ := tx.Query(ctx, `SELECT x.n, p.id FROM unnest($1::text[]) WITH ORDINALITY AS x(name, n)
		JOIN providers p ON lower(p.name) = lower(x.name)`, names)
	ids := make([]int64, len(qs))
	var n, id int64
	found := 0
	if _, err := pgx.ForEachRow(rows, []any{&n, &id}, func() error {
		ids[n-1] = id
		found++
		return nil
	}); err != nil {
		return nil, err
	}
	if found != len(qs) {
		return nil, fmt.Errorf("%d of %d providers found", found, len(qs))
	}
	return ids, nil
}

// ImportRevision is a held quote that an import revises: Quote becomes its
// next revision if it is still at Version.
type ImportRevision struct {
	QuoteID int64
	Version int
	Quote   quote.Quote
}

// ImportChanges is what an import does once planned: quotes to add (in
// file order) and quotes to revise.
type ImportChanges struct {
	Add    []quote.Quote
	Revise []ImportRevision
}

// ImportPlanned imports in one transaction: with the evaluation's row
// locked, so that two imports cannot both find a quote missing and add it
// twice, plan sees the quotes the evaluation holds and says what to add
// and revise; all of it is saved or none. It returns the ids of the added
// quotes in the order of Add.
func (s *Store) ImportPlanned(ctx context.Context, by audit.Actor, evaluationID int64, plan func([]quote.Known) (ImportChanges, error)) ([]int64, error) {
	var ids []int64
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		var one int
		if err := tx.QueryRow(ctx, `SELECT 1 FROM evaluations WHERE id = $1 FOR UPDATE`, evaluationID).Scan(&one); err != nil {
			return notFound("lock evaluation", err)
		}
		known, err := knownQuotes(ctx, tx, evaluationID)
		if err != nil {
			return err
		}
		ch, err := plan(known)
		if err != nil {
			return err
		}
		for _, r := range ch.Revise {
			ev, err := s.reviseQuote(ctx, tx, by, r.QuoteID, r.Version, r.Quote)
			if err != nil {
				return err
			}
			if ev != evaluationID {
				return fmt.Errorf("quote %d is not in evaluation %d: %w", r.QuoteID, evaluationID, ErrConflict)
			}
		}
		ids, err = insertQuotes(ctx, tx, by, evaluationID, ch.Add, "quote.import")
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("store: import quotes: %w", err)
	}
	return ids, nil
}

// knownQuotes reads an evaluation's quotes as an import matches them,
// oldest first.
func knownQuotes(ctx context.Context, tx pgx.Tx, evaluationID int64) ([]quote.Known, error) {
	rows, _ := tx.Query(ctx, `SELECT id, version, terms FROM quotes WHERE evaluation_id = $1 ORDER BY id`, evaluationID)
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (quote.Known, error) {
		var k quote.Known
		var terms []byte
		if err := row.Scan(&k.ID, &k.Version, &terms); err != nil {
			return k, err
		}
		q, err := parseTerms(terms)
		k.Quote = q
		return k, err
	})
}

// KnownQuotes is knownQuotes outside a transaction, for a preview.
func (s *Store) KnownQuotes(ctx context.Context, evaluationID int64) ([]quote.Known, error) {
	var known []quote.Known
	err := s.inTx(ctx, func(tx pgx.Tx) (err error) {
		known, err = knownQuotes(ctx, tx, evaluationID)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("store: quotes of %d: %w", evaluationID, err)
	}
	return known, nil
}
