package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/jsontext"
	"github.com/gpuquote/gpuquote/internal/quote"
)

// StoredQuote is a quote with its provider, author and version.
type StoredQuote struct {
	ID               int64
	EvaluationID     int64
	ProviderID       int64
	ProviderName     string
	ProviderCategory string
	AuthorID         int64
	AuthorName       string
	Quote            quote.Quote
	Version          int
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

// ErrInvalidTerms means stored terms no longer parse, which only a manual
// edit of the database can cause.
var ErrInvalidTerms = errors.New("store: stored quote terms do not parse")

// termsJSON is json.Marshal(quote.Cells(q)), byte for byte, without the
// map and the sorting of its keys for every quote: an import of 10,000
// quotes spent a tenth of its time there.
func termsJSON(q quote.Quote) ([]byte, error) {
	b := make([]byte, 0, 2048)
	b = append(b, '{')
	for i, c := range termColumns {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsontext.AppendString(b, c.Name)
		b = append(b, ':')
		b = jsontext.AppendString(b, c.Format(&q))
	}
	return append(b, '}'), nil
}

// termColumns are the quote's columns sorted by name, the order
// encoding/json writes a map's keys in.
var termColumns = func() []quote.Column {
	cs := quote.Columns()
	slices.SortFunc(cs, func(a, b quote.Column) int { return strings.Compare(a.Name, b.Name) })
	return cs
}()

func parseTerms(raw []byte) (quote.Quote, error) {
	cells, ok := flatStrings(string(raw))
	if !ok {
		if err := json.Unmarshal(raw, &cells); err != nil {
			return quote.Quote{}, err
		}
	}
	q, errs := quote.ParseCells(cells)
	if len(errs) > 0 {
		return quote.Quote{}, fmt.Errorf("%w: %v", ErrInvalidTerms, errs[0])
	}
	return q, nil
}

// upsertProvider returns the provider named in q, creating it with q's
// category when it is new.
func upsertProvider(ctx context.Context, tx pgx.Tx, q quote.Quote) (int64, error) {
	name, _ := q.Provider.Get()
	name = strings.TrimSpace(name)
	var id int64
	err := tx.QueryRow(ctx, `SELECT id FROM providers WHERE lower(name) = lower($1)`, name).Scan(&id)
	if err == nil {
		return id, nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return 0, err
	}
	cat, _ := q.ProviderCategory.Get()
	err = tx.QueryRow(ctx, `INSERT INTO providers (name, category) VALUES ($1, $2)
		ON CONFLICT ((lower(name))) DO UPDATE SET name = providers.name RETURNING id`, name, string(cat)).Scan(&id)
	return id, err
}

// insertQuote adds one quote as revision 1, with its audit row.
func insertQuote(ctx context.Context, tx pgx.Tx, by audit.Actor, evaluationID int64, q quote.Quote, action string) (int64, error) {
	ids, err := insertQuotes(ctx, tx, by, evaluationID, []quote.Quote{q}, action)
	if err != nil {
		return 0, err
	}
	return ids[0], nil
}

// CreateQuote adds one quote.
func (s *Store) CreateQuote(ctx context.Context, by audit.Actor, evaluationID int64, q quote.Quote) (StoredQuote, error) {
	var id int64
	err := s.inTx(ctx, func(tx pgx.Tx) (err error) {
		id, err = insertQuote(ctx, tx, by, evaluationID, q, "quote.create")
		return err
	})
	if err != nil {
		return StoredQuote{}, fmt.Errorf("store: create quote: %w", err)
	}
	return s.Quote(ctx, id)
}

const quoteSelect = `SELECT q.id, q.evaluation_id, q.provider_id, p.name, p.category, q.author_id, u.name,
	q.terms, q.version, q.created_at, q.updated_at
	FROM quotes q JOIN providers p ON p.id = q.provider_id JOIN users u ON u.id = q.author_id`

func scanQuote(row pgx.CollectableRow) (StoredQuote, error) { return scanQuoteWith(nil, row) }

// scanQuoteWith scans a quoteSelect row, parsing the terms through cache
// (nil: no cache).
func scanQuoteWith(cache *termsCache, row pgx.CollectableRow) (StoredQuote, error) {
	var sq StoredQuote
	var terms []byte
	if err := row.Scan(&sq.ID, &sq.EvaluationID, &sq.ProviderID, &sq.ProviderName, &sq.ProviderCategory,
		&sq.AuthorID, &sq.AuthorName, &terms, &sq.Version, &sq.CreatedAt, &sq.UpdatedAt); err != nil {
		return sq, err
	}
	q, err := cache.parse(terms)
	sq.Quote = q
	return sq, err
}

// Quote returns one quote.
func (s *Store) Quote(ctx context.Context, id int64) (StoredQuote, error) {
	rows, _ := s.pool.Query(ctx, quoteSelect+` WHERE q.id = $1`, id)
	sq, err := pgx.CollectExactlyOneRow(rows, scanQuote)
	if err != nil {
		return StoredQuote{}, notFound(fmt.Sprintf("store: quote %d", id), err)
	}
	return sq, nil
}

// ListQuotes returns an evaluation's quotes in the order they were added.
func (s *Store) ListQuotes(ctx context.Context, evaluationID int64) ([]StoredQuote, error) {
	return quotesRead(evaluationID, s.terms).run(ctx, s.pool)
}

func quotesRead(evaluationID int64, cache *termsCache) read[[]StoredQuote] {
	return read[[]StoredQuote]{sql: quoteSelect + ` WHERE q.evaluation_id = $1 ORDER BY q.id`, args: []any{evaluationID},
		collect: func(rows pgx.Rows) ([]StoredQuote, error) {
			qs, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (StoredQuote, error) { return scanQuoteWith(cache, row) })
			if err != nil {
				return nil, fmt.Errorf("store: list quotes of %d: %w", evaluationID, err)
			}
			return qs, nil
		}}
}

// UpdateQuote saves a new revision of a quote if it is still at version;
// otherwise it returns ErrConflict. The audit row records the changed terms.
func (s *Store) UpdateQuote(ctx context.Context, by audit.Actor, id int64, version int, q quote.Quote) (StoredQuote, error) {
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		_, err := s.reviseQuote(ctx, tx, by, id, version, q)
		return err
	})
	if err != nil {
		return StoredQuote{}, fmt.Errorf("store: update quote %d: %w", id, err)
	}
	return s.Quote(ctx, id)
}

// reviseQuote saves q as the next revision of quote id if it is still at
// version (else ErrConflict), with its audit row, and returns the quote's
// evaluation.
func (s *Store) reviseQuote(ctx context.Context, tx pgx.Tx, by audit.Actor, id int64, version int, q quote.Quote) (int64, error) {
	rows, _ := tx.Query(ctx, quoteSelect+` WHERE q.id = $1 FOR UPDATE OF q`, id)
	cur, err := pgx.CollectExactlyOneRow(rows, scanQuote)
	if err != nil {
		return 0, notFound("select", err)
	}
	if cur.Version != version {
		return 0, ErrConflict
	}
	providerID, err := upsertProvider(ctx, tx, q)
	if err != nil {
		return 0, err
	}
	terms, err := termsJSON(q)
	if err != nil {
		return 0, err
	}
	if _, err := tx.Exec(ctx, `UPDATE quotes SET provider_id = $2, terms = $3, version = version + 1,
		updated_at = now(), updated_by = $4 WHERE id = $1`, id, providerID, terms, by.ID); err != nil {
		return 0, err
	}
	if _, err := tx.Exec(ctx, `INSERT INTO quote_revisions (quote_id, revision, terms, author_id)
		VALUES ($1, $2, $3, $4)`, id, version+1, terms, by.ID); err != nil {
		return 0, err
	}
	before, after := map[string]string{}, map[string]string{}
	for _, c := range quote.Diff(cur.Quote, q) {
		before[c.Column], after[c.Column] = c.Old.Value, c.New.Value
		if c.Old.State == quote.Refused {
			before[c.Column] = "refused"
		}
		if c.New.State == quote.Refused {
			after[c.Column] = "refused"
		}
	}
	return cur.EvaluationID, insertAudit(ctx, tx, audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: "quote.update",
		ObjectType: "quote", ObjectID: fmt.Sprint(id), EvaluationID: cur.EvaluationID, Before: before, After: after})
}

// QuoteStanding is what a rule about deleting a quote reads: its author
// and its shortlist status ("" when not on the shortlist).
type QuoteStanding struct {
	EvaluationID int64
	AuthorID     int64
	Shortlist    string
}

// DeleteQuote removes a quote and its revisions; the audit row keeps its
// last terms. allow is the caller's rule: it sees the quote's standing,
// locked for the transaction, and a non-nil answer is returned (wrapped)
// with nothing deleted.
func (s *Store) DeleteQuote(ctx context.Context, by audit.Actor, id int64, allow func(QuoteStanding) error) error {
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		rows, _ := tx.Query(ctx, quoteSelect+` WHERE q.id = $1 FOR UPDATE OF q`, id)
		cur, err := pgx.CollectExactlyOneRow(rows, scanQuote)
		if err != nil {
			return notFound("select", err)
		}
		st := QuoteStanding{EvaluationID: cur.EvaluationID, AuthorID: cur.AuthorID}
		// FOR SHARE holds the shortlist row as read until the delete: a
		// decision on it waits, and a new row waits on the quote's lock.
		err = tx.QueryRow(ctx, `SELECT status FROM shortlist WHERE quote_id = $1 FOR SHARE`, id).Scan(&st.Shortlist)
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		if err := allow(st); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM quotes WHERE id = $1`, id); err != nil {
			return err
		}
		return insertAudit(ctx, tx, audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: "quote.delete",
			ObjectType: "quote", ObjectID: fmt.Sprint(id), EvaluationID: cur.EvaluationID, Before: quote.Cells(cur.Quote)})
	})
	if err != nil {
		return fmt.Errorf("store: delete quote %d: %w", id, err)
	}
	return nil
}

// Revision is one saved state of a quote.
type Revision struct {
	Revision   int
	Quote      quote.Quote
	AuthorID   int64
	AuthorName string
	CreatedAt  time.Time
}

// Revisions returns a quote's revisions, oldest first.
func (s *Store) Revisions(ctx context.Context, quoteID int64) ([]Revision, error) {
	rows, _ := s.pool.Query(ctx, `SELECT r.revision, r.terms, r.author_id, u.name, r.created_at FROM quote_revisions r
		JOIN users u ON u.id = r.author_id WHERE r.quote_id = $1 ORDER BY r.revision`, quoteID)
	revs, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (Revision, error) {
		var r Revision
		var terms []byte
		if err := row.Scan(&r.Revision, &terms, &r.AuthorID, &r.AuthorName, &r.CreatedAt); err != nil {
			return r, err
		}
		q, err := parseTerms(terms)
		r.Quote = q
		return r, err
	})
	if err != nil {
		return nil, fmt.Errorf("store: revisions of %d: %w", quoteID, err)
	}
	return revs, nil
}
