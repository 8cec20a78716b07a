package store

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/gpuquote/gpuquote/internal/sourcing"
)

// SaveAttestations records a vendor's answers to its round's compliance
// requirements, replacing earlier answers of the same kinds; allowed
// while the vendor may still submit. A document named must be one the
// vendor attached.
func (s *Store) SaveAttestations(ctx context.Context, invitationID int64, as []sourcing.Attestation) error {
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		r, i, err := lockRound(ctx, tx, invitationID, "SHARE")
		if err != nil {
			return err
		}
		if err := r.Rules().CanSubmit(s.Now(), i.Status); err != nil {
			return err
		}
		kinds := []string{}
		for _, a := range as {
			if a.DocumentID != 0 {
				var ok bool
				if err := tx.QueryRow(ctx, `SELECT true FROM rfq_documents WHERE id = $1 AND invitation_id = $2`, a.DocumentID, i.ID).Scan(&ok); err != nil {
					return fmt.Errorf("attestation %s: document %d: %w", a.Kind, a.DocumentID, ErrConflict)
				}
			}
			if _, err := tx.Exec(ctx, `INSERT INTO rfq_attestations (invitation_id, kind, state, issuer, period_from, period_to, scope,
				fabric, bridge_letter, document_id, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, NULLIF($10, 0), $11)
				ON CONFLICT (invitation_id, kind) DO UPDATE SET state = EXCLUDED.state, issuer = EXCLUDED.issuer,
				period_from = EXCLUDED.period_from, period_to = EXCLUDED.period_to, scope = EXCLUDED.scope, fabric = EXCLUDED.fabric,
				bridge_letter = EXCLUDED.bridge_letter, document_id = EXCLUDED.document_id, updated_at = EXCLUDED.updated_at`,
				i.ID, a.Kind, a.State, a.Issuer, a.From, a.To, a.Scope, a.Fabric, a.BridgeLetter, a.DocumentID, s.Now()); err != nil {
				return err
			}
			kinds = append(kinds, string(a.Kind))
		}
		return vendorAudit(ctx, tx, i, r.EvaluationID, "rfq.vendor_attestations", map[string]any{"kinds": kinds})
	})
	if err != nil {
		return fmt.Errorf("store: save attestations of %d: %w", invitationID, err)
	}
	return nil
}

// Attestations returns the answers of a round's vendors (rfqID) or of
// one invitation (invitationID), by invitation and kind.
func (s *Store) Attestations(ctx context.Context, rfqID, invitationID int64) (map[int64]map[sourcing.Kind]sourcing.Attestation, error) {
	rows, _ := s.pool.Query(ctx, `SELECT a.invitation_id, a.kind, a.state, a.issuer, a.period_from, a.period_to, a.scope, a.fabric,
		a.bridge_letter, COALESCE(a.document_id, 0) FROM rfq_attestations a JOIN rfq_invitations i ON i.id = a.invitation_id
		WHERE ($1 = 0 OR i.rfq_id = $1) AND ($2 = 0 OR a.invitation_id = $2) AND ($1 <> 0 OR $2 <> 0)`, rfqID, invitationID)
	out := map[int64]map[sourcing.Kind]sourcing.Attestation{}
	var inv int64
	var a sourcing.Attestation
	_, err := pgx.ForEachRow(rows, []any{&inv, &a.Kind, &a.State, &a.Issuer, &a.From, &a.To, &a.Scope, &a.Fabric, &a.BridgeLetter, &a.DocumentID}, func() error {
		if out[inv] == nil {
			out[inv] = map[sourcing.Kind]sourcing.Attestation{}
		}
		out[inv][a.Kind] = a
		a = sourcing.Attestation{}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: attestations: %w", err)
	}
	return out, nil
}
