package store

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/rfq"
	"github.com/gpuquote/gpuquote/internal/sourcing"
)

// QuoteRound is the round a quote last came through, with what its
// compliance matrix reads: the round (its requirements, deadline,
// opening and the brief as sent), the vendor's invitation and its
// answers to the requirements.
type QuoteRound struct {
	QuoteID      int64
	RFQ          RFQ // ID, EvaluationID, Round, Deadline, TimeZone, OpenedAt, Brief, Compliance
	Invitation   Invitation
	Attestations map[sourcing.Kind]sourcing.Attestation
}

// quoteRoundsRead reads, for each quote of the evaluation that came
// through a round, the round of its newest revision's source.
func quoteRoundsRead(evaluationID int64) read[map[int64]QuoteRound] {
	return read[map[int64]QuoteRound]{sql: `SELECT DISTINCT ON (x.quote_id) x.quote_id, r.id, r.evaluation_id, r.round, r.deadline,
		r.time_zone, r.opened_at, r.compliance,
		COALESCE((SELECT b.data FROM rfq_briefs b WHERE b.rfq_id = r.id ORDER BY b.version DESC LIMIT 1), '{}'),
		i.id, i.rfq_id, i.company, i.status
		FROM rfq_quote_sources x JOIN rfq_invitations i ON i.id = x.invitation_id JOIN rfqs r ON r.id = i.rfq_id
		WHERE r.evaluation_id = $1 ORDER BY x.quote_id, x.quote_revision DESC`, args: []any{evaluationID},
		collect: func(rows pgx.Rows) (map[int64]QuoteRound, error) {
			out := map[int64]QuoteRound{}
			var q QuoteRound
			var compliance, data []byte
			_, err := pgx.ForEachRow(rows, []any{&q.QuoteID, &q.RFQ.ID, &q.RFQ.EvaluationID, &q.RFQ.Round, &q.RFQ.Deadline,
				&q.RFQ.TimeZone, &q.RFQ.OpenedAt, &compliance, &data, &q.Invitation.ID, &q.Invitation.RFQID, &q.Invitation.Company,
				&q.Invitation.Status}, func() error {
				if err := json.Unmarshal(compliance, &q.RFQ.Compliance); err != nil {
					return err
				}
				q.RFQ.Brief = brief.Brief{}
				if err := json.Unmarshal(data, &q.RFQ.Brief); err != nil {
					return err
				}
				q.RFQ.Deadline = q.RFQ.Deadline.In(rfq.Location(q.RFQ.TimeZone))
				out[q.QuoteID] = q
				q = QuoteRound{}
				return nil
			})
			if err != nil {
				return nil, fmt.Errorf("store: rounds of the quotes of evaluation %d: %w", evaluationID, err)
			}
			return out, nil
		}}
}

// quoteAttestationsRead reads the answers of the vendors whose submitted
// answers became quotes of the evaluation, by invitation and kind.
func quoteAttestationsRead(evaluationID int64) read[map[int64]map[sourcing.Kind]sourcing.Attestation] {
	return read[map[int64]map[sourcing.Kind]sourcing.Attestation]{sql: `SELECT a.invitation_id, a.kind, a.state, a.issuer,
		a.period_from, a.period_to, a.scope, a.fabric, a.bridge_letter, COALESCE(a.document_id, 0)
		FROM rfq_attestations a JOIN rfq_invitations i ON i.id = a.invitation_id JOIN rfqs r ON r.id = i.rfq_id
		WHERE r.evaluation_id = $1 AND EXISTS (SELECT 1 FROM rfq_quote_sources x WHERE x.invitation_id = a.invitation_id)`,
		args: []any{evaluationID},
		collect: func(rows pgx.Rows) (map[int64]map[sourcing.Kind]sourcing.Attestation, error) {
			out := map[int64]map[sourcing.Kind]sourcing.Attestation{}
			var inv int64
			var a sourcing.Attestation
			_, err := pgx.ForEachRow(rows, []any{&inv, &a.Kind, &a.State, &a.Issuer, &a.From, &a.To, &a.Scope, &a.Fabric,
				&a.BridgeLetter, &a.DocumentID}, func() error {
				if out[inv] == nil {
					out[inv] = map[sourcing.Kind]sourcing.Attestation{}
				}
				out[inv][a.Kind] = a
				a = sourcing.Attestation{}
				return nil
			})
			if err != nil {
				return nil, fmt.Errorf("store: attestations of evaluation %d: %w", evaluationID, err)
			}
			return out, nil
		}}
}

// QuoteRoundOf is the round quote quoteID of evaluation evaluationID last
// came through, with its vendor's answers to the round's attestation
// requirements; false when the quote came through no round (entered by
// hand).
func (s *Store) QuoteRoundOf(ctx context.Context, evaluationID, quoteID int64) (QuoteRound, bool, error) {
	rounds, err := quoteRoundsRead(evaluationID).run(ctx, s.pool)
	if err != nil {
		return QuoteRound{}, false, err
	}
	q, ok := rounds[quoteID]
	if !ok {
		return QuoteRound{}, false, nil
	}
	answers, err := s.Attestations(ctx, q.RFQ.ID, q.Invitation.ID)
	if err != nil {
		return QuoteRound{}, false, err
	}
	q.Attestations = answers[q.Invitation.ID]
	return q, true, nil
}
