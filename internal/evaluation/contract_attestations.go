package evaluation

import (
	"context"
	"fmt"
	"time"

	"github.com/gpuquote/gpuquote/internal/contract"
	"github.com/gpuquote/gpuquote/internal/sourcing"
	"github.com/gpuquote/gpuquote/internal/store"
)

// AttestationAlert is an attestation the contract's vendor gave in the
// round its awarded quote came through that stops covering the round's
// requirement before the contract's term ends: its renewal is needed by
// Ends.
type AttestationAlert struct {
	Kind        sourcing.Kind        `json:"kind"`
	Ends        contract.Date        `json:"ends"`
	Ended       bool                 `json:"ended"` // Ends is already past on today
	RFQID       int64                `json:"rfq_id"`
	Requirement sourcing.Requirement `json:"-"` // for the label (a pen test's months)
}

// Key names the alert for the outbox's unique key: one contract, one
// attestation, one end date. A vendor's renewed attestation with a new
// date gives a new key.
func (a AttestationAlert) Key(contractID int64) string {
	return fmt.Sprintf("contract:%d:attestation:%s:%s", contractID, a.Kind, a.Ends)
}

// contractTerm is the contract's real term: from its start date to the
// end of the period that holds today (its end date until it renews).
func contractTerm(c Contract, today contract.Date) (start, end time.Time) {
	return c.StartDate.Start(time.UTC), c.dates().Current(today).End.Start(time.UTC)
}

// attestationAlertsOf judges the vendor's answers in q's round against the
// contract's real term, with the round's own rule (sourcing.Assess and
// sourcing.AlertOf): each answer is judged on the contract's start day, so
// an attestation that covered the start and ends before the term's end
// stays an alert after it has ended. Unreadable answers (a round not open,
// an answer not submitted) raise none.
func attestationAlertsOf(q store.QuoteRound, c Contract, today contract.Date) []AttestationAlert {
	if !answersReadable(q.RFQ, q.Invitation) {
		return nil
	}
	start, end := contractTerm(c, today)
	var out []AttestationAlert
	for _, r := range q.RFQ.Compliance.Requirements {
		a, ok := q.Attestations[r.Kind]
		if !ok {
			continue
		}
		st := sourcing.Assess(q.RFQ.Compliance, r, &a, start, end)
		al, ok := sourcing.AlertOf(r, a, st, end)
		if !ok {
			continue
		}
		y, m, d := al.Ends.UTC().Date()
		ends := contract.NewDate(y, m, d)
		out = append(out, AttestationAlert{Kind: al.Kind, Ends: ends, Ended: ends.Before(today), RFQID: q.RFQ.ID, Requirement: r})
	}
	return out
}

// contractAttestationAlerts reads the round the contract's quote came
// through and judges its vendor's attestations against the contract's
// term; none for a quote entered by hand.
func contractAttestationAlerts(ctx context.Context, st *store.Store, c Contract, today contract.Date) ([]AttestationAlert, error) {
	q, ok, err := st.QuoteRoundOf(ctx, c.EvaluationID, c.QuoteID)
	if err != nil || !ok {
		return nil, err
	}
	return attestationAlertsOf(q, c, today), nil
}

// ContractWithAlerts is a contract with its attestation alerts: the API's
// object for one contract.
type ContractWithAlerts struct {
	Contract
	AttestationAlerts []AttestationAlert `json:"attestation_alerts"`
}

// ContractRead reads one contract with its attestation alerts, in one
// snapshot.
func (s *Service) ContractRead(ctx context.Context, id int64) (ContractWithAlerts, error) {
	var out ContractWithAlerts
	err := s.store.ReadOnly(ctx, func(tx *store.Store) error {
		sc, err := tx.Contract(ctx, id)
		if err != nil {
			return err
		}
		if out.Contract, err = s.contractToday(sc); err != nil {
			return err
		}
		z, err := out.Contract.zone()
		if err != nil {
			z = time.UTC
		}
		out.AttestationAlerts, err = contractAttestationAlerts(ctx, tx, out.Contract, s.today(z))
		if out.AttestationAlerts == nil {
			out.AttestationAlerts = []AttestationAlert{}
		}
		return err
	})
	return out, err
}
