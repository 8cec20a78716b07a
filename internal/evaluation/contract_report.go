package evaluation

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/contract"
	"github.com/gpuquote/gpuquote/internal/store"
)

// history reads a contract's history in one read-only snapshot.
func (s *Service) history(ctx context.Context, id int64) (history, error) {
	var h history
	err := s.store.ReadOnly(ctx, func(tx *store.Store) error {
		sc, err := tx.Contract(ctx, id)
		if err != nil {
			return err
		}
		h, err = loadReportHistory(ctx, tx, sc)
		return err
	})
	return h, err
}

// Commitment is the commitment report per month of the contract's bills.
func (s *Service) Commitment(ctx context.Context, id int64) ([]contract.CommitmentRow, error) {
	h, err := s.history(ctx, id)
	if err != nil {
		return nil, err
	}
	return h.commitment(), nil
}

// Claim is a drafted SLA credit claim and what the bills credited to it.
type Claim struct {
	contract.CreditClaim
	Credited contract.Money `json:"credited"`
	Status   string         `json:"status"` // open, credited
}

// Credits drafts a credit claim for every billed month below the SLA,
// from the recorded outages, with what later bills credited to each.
func (s *Service) Credits(ctx context.Context, id int64) ([]Claim, error) {
	h, err := s.history(ctx, id)
	if err != nil {
		return nil, err
	}
	paid := h.credited()
	out := []Claim{}
	for _, cl := range h.claims() {
		c := Claim{CreditClaim: cl, Credited: contract.Money{Minor: paid[cl.Month], Currency: cl.Amount.Currency}, Status: "open"}
		if c.Credited.Minor >= cl.Amount.Minor {
			c.Status = "credited"
		}
		out = append(out, c)
	}
	return out, nil
}

// Outages lists a contract's recorded outages.
func (s *Service) Outages(ctx context.Context, id int64) ([]store.Outage, error) {
	h, err := s.history(ctx, id)
	return h.stored, err
}

// outageSources are where an outage record comes from.
var outageSources = []string{"entered", "health_gate", "xid"}

// RecordOutage records an outage of some of a contract's nodes, checked
// against its capacity, with its audit row.
func (s *Service) RecordOutage(ctx context.Context, by store.User, id int64, o store.Outage) (store.Outage, error) {
	if o.Source == "" {
		o.Source = "entered"
	}
	if !contains(outageSources, o.Source) {
		return o, &ContractError{Err: errors.New("source: must be entered, health_gate or xid")}
	}
	if len(o.Note) > 2000 {
		return o, &ContractError{Err: errors.New("note: at most 2000 characters")}
	}
	o.Start, o.End = o.Start.UTC().Truncate(time.Second), o.End.UTC().Truncate(time.Second)
	err := s.store.Tx(ctx, func(tx *store.Store) error {
		sc, err := tx.LockContract(ctx, id)
		if err != nil {
			return err
		}
		t, err := parseTerms(sc.Terms)
		if err != nil {
			return err
		}
		if err := (contract.Outage{Start: o.Start, End: o.End, Nodes: o.Nodes}).Validate(t.Capacity); err != nil {
			return &ContractError{Err: err}
		}
		o.ContractID = id
		if o.ID, err = tx.InsertOutage(ctx, o, by.ID); err != nil {
			return err
		}
		return tx.RecordAudit(ctx, audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: "contract.outage", ObjectType: "contract",
			ObjectID: fmt.Sprint(id), EvaluationID: sc.EvaluationID,
			After: map[string]any{"outage_id": o.ID, "start": o.Start, "end": o.End, "nodes": o.Nodes, "source": o.Source}})
	})
	return o, err
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
