package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// ProviderName reads a provider's name; ErrNotFound when there is none.
func (s *Store) ProviderName(ctx context.Context, id int64) (string, error) {
	var name string
	err := s.pool.QueryRow(ctx, `SELECT name FROM providers WHERE id = $1`, id).Scan(&name)
	if err != nil {
		return "", notFound(fmt.Sprintf("store: provider %d", id), err)
	}
	return name, nil
}

// VendorTest is one acceptance test of one of a vendor's quotes: its
// current status (the newest result), the id of that result and how many
// times it was decided (passed or failed), so a test decided twice was
// run again.
type VendorTest struct {
	ProviderID   int64
	QuoteID      int64
	EvaluationID int64
	Test         string
	Status       string
	ResultID     int64
	Decided      int
}

// VendorTests lists the acceptance tests recorded on a provider's quotes,
// in every evaluation, at most limit of them (quote, then test order).
func (s *Store) VendorTests(ctx context.Context, providerID int64, limit int) ([]VendorTest, error) {
	return s.VendorsTests(ctx, []int64{providerID}, limit)
}

// VendorsTests is VendorTests of several providers at once, in provider
// then quote and test order, at most limit in all.
func (s *Store) VendorsTests(ctx context.Context, providerIDs []int64, limit int) ([]VendorTest, error) {
	rows, _ := s.pool.Query(ctx, `SELECT q.provider_id, a.quote_id, q.evaluation_id, a.test, (array_agg(a.status ORDER BY a.id DESC))[1], max(a.id),
		count(*) FILTER (WHERE a.status IN ('passed', 'failed'))
		FROM acceptance_results a JOIN quotes q ON q.id = a.quote_id
		WHERE q.provider_id = ANY($1) GROUP BY q.provider_id, a.quote_id, q.evaluation_id, a.test
		ORDER BY q.provider_id, a.quote_id, a.test LIMIT $2`, providerIDs, limit)
	list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (VendorTest, error) {
		var t VendorTest
		err := row.Scan(&t.ProviderID, &t.QuoteID, &t.EvaluationID, &t.Test, &t.Status, &t.ResultID, &t.Decided)
		return t, err
	})
	if err != nil {
		return nil, fmt.Errorf("store: acceptance tests of providers %v: %w", providerIDs, err)
	}
	return list, nil
}

// VendorInvitation is one invitation of a vendor (by company name) to a
// round whose answers were opened: when it was invited, when it first
// submitted (zero when it never did), its answer's cells (the newest
// submission; nil when none), what the round required of compliance and
// the states of the vendor's attestations by kind.
type VendorInvitation struct {
	InvitationID   int64
	RFQID          int64
	EvaluationID   int64
	Round          int
	InvitedAt      time.Time
	FirstSubmitted time.Time
	Cells          map[string]string
	Compliance     []byte
	Attestations   map[string]string
}

// VendorInvitations lists a company's invitations to opened rounds (sealed
// answers stay out), revoked ones left out, oldest first, at most limit.
func (s *Store) VendorInvitations(ctx context.Context, company string, limit int) ([]VendorInvitation, error) {
	rows, _ := s.pool.Query(ctx, `SELECT i.id, r.id, r.evaluation_id, r.round, i.created_at,
		(SELECT min(submitted_at) FROM rfq_submissions WHERE invitation_id = i.id),
		(SELECT terms FROM rfq_submissions WHERE invitation_id = i.id ORDER BY revision DESC LIMIT 1),
		r.compliance,
		COALESCE((SELECT jsonb_object_agg(kind, state) FROM rfq_attestations WHERE invitation_id = i.id), '{}'::jsonb)
		FROM rfq_invitations i JOIN rfqs r ON r.id = i.rfq_id
		WHERE lower(i.company) = lower($1) AND r.opened_at IS NOT NULL AND i.status <> 'revoked'
		ORDER BY i.id LIMIT $2`, company, limit)
	list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (VendorInvitation, error) {
		var v VendorInvitation
		var first *time.Time
		var terms, atts []byte
		if err := row.Scan(&v.InvitationID, &v.RFQID, &v.EvaluationID, &v.Round, &v.InvitedAt, &first, &terms, &v.Compliance, &atts); err != nil {
			return v, err
		}
		if first != nil {
			v.FirstSubmitted = *first
		}
		if terms != nil {
			if err := json.Unmarshal(terms, &v.Cells); err != nil {
				return v, err
			}
		}
		return v, json.Unmarshal(atts, &v.Attestations)
	})
	if err != nil {
		return nil, fmt.Errorf("store: invitations of %q: %w", company, err)
	}
	return list, nil
}

// SettingRecordThreshold is the past-performance pre-grade under which an
// invited vendor is warned about (a grade; absent or 0: off).
const SettingRecordThreshold = "vendor_record_threshold"

// ProviderByName finds a provider by its name, as quotes and invitations
// name it (case-insensitive); ok false when none.
func (s *Store) ProviderByName(ctx context.Context, name string) (int64, bool, error) {
	var id int64
	err := s.pool.QueryRow(ctx, `SELECT id FROM providers WHERE lower(name) = lower($1)`, strings.TrimSpace(name)).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("store: provider %q: %w", name, err)
	}
	return id, true, nil
}
