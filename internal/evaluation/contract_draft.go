package evaluation

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"time"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/contract"
	"github.com/gpuquote/gpuquote/internal/store"
)

// draftReason is version 1's reason: the terms come from the quote.
const draftReason = "drafted from the approved award"

// redraftReason is the reason of the version a re-approval makes when the
// quote's terms changed.
const redraftReason = "re-approved on the quote's revision %d: its rates, capacity and commitment"

// draftContracts drafts one contract per awarded quote of aw, inside the
// Tx that approves it, with the terms frozen from each quote's revision of
// that moment (a later revision of the quote never changes them). The
// approver who completes the award owns the drafts; each has its audit row.
// A quote has one contract: when it has one already (its award was
// re-approved, which records a new award), that contract is carried over
// to aw, with a new version when the quote's terms changed.
func (s *Service) draftContracts(ctx context.Context, tx *store.Store, aw store.Award, by store.User) error {
	start := contract.Today(s.Now(), time.UTC)
	for _, sh := range aw.Shares {
		sq, err := tx.Quote(ctx, sh.QuoteID)
		if err != nil {
			return err
		}
		cur, _ := sq.Quote.Currency.Get()
		terms := frozenTerms(sq.Quote, sh.SharePct, start)
		have, err := tx.Contracts(ctx, store.ContractFilter{QuoteID: sq.ID}, 1)
		if err != nil {
			return err
		}
		if len(have) > 0 {
			if err := s.carryContract(ctx, tx, have[0].ID, aw, sq, terms, by); err != nil {
				return err
			}
			continue
		}
		raw, err := json.Marshal(terms)
		if err != nil {
			return err
		}
		nc := store.NewContract{AwardID: aw.ID, QuoteID: sq.ID, QuoteRevision: sq.Version, EvaluationID: aw.EvaluationID,
			ProviderID: sq.ProviderID, Vendor: sq.ProviderName, Currency: cur, OwnerID: by.ID, Terms: raw,
			DatesSince: start.Start(time.UTC)}
		id, err := tx.InsertContract(ctx, nc, by.ID, draftReason)
		if err != nil {
			return err
		}
		if err := tx.RecordAudit(ctx, audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: "contract.draft", ObjectType: "contract",
			ObjectID: fmt.Sprint(id), EvaluationID: aw.EvaluationID,
			After: map[string]any{"award_id": aw.ID, "quote_id": sq.ID, "quote_revision": sq.Version, "version": 1}}); err != nil {
			return err
		}
	}
	return nil
}

// carryContract carries the quote's contract id over to the award aw that
// approved sq again: the quote's part of the terms (rates and fees,
// capacity, commitment, upfront) is frozen anew, procurement's part (dates,
// SLA, activation, owner) stays. A new version only when that changed the
// terms; the audit row says either way.
func (s *Service) carryContract(ctx context.Context, tx *store.Store, id int64, aw store.Award, sq store.StoredQuote, fresh ContractTerms, by store.User) error {
	sc, err := tx.LockContract(ctx, id)
	if err != nil {
		return err
	}
	if sc.AwardID == aw.ID && sc.QuoteRevision == sq.Version {
		return nil
	}
	before, err := parseTerms(sc.Terms)
	if err != nil {
		return err
	}
	after := before
	after.Charges, after.Capacity, after.Commitment, after.Upfront = fresh.Charges, fresh.Capacity, fresh.Commitment, fresh.Upfront
	var raw []byte
	version, reason := sc.Version, ""
	if !reflect.DeepEqual(before, after) {
		if raw, err = json.Marshal(after); err != nil {
			return err
		}
		version, reason = sc.Version+1, fmt.Sprintf(redraftReason, sq.Version)
	}
	if err := tx.CarryContract(ctx, id, sc.Version, aw.ID, sq.Version, raw, by.ID, reason); err != nil {
		return err
	}
	return tx.RecordAudit(ctx, audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: "contract.carry", ObjectType: "contract",
		ObjectID: fmt.Sprint(id), EvaluationID: aw.EvaluationID,
		Before: map[string]any{"award_id": sc.AwardID, "quote_revision": sc.QuoteRevision, "version": sc.Version},
		After:  map[string]any{"award_id": aw.ID, "quote_revision": sq.Version, "version": version, "reason": reason}})
}

// ErrAwardNotApproved refuses a contract for an award not (yet) approved.
var ErrAwardNotApproved = &ContractError{Err: fmt.Errorf("award_id: the award is not approved")}

// DraftContracts drafts the contracts of an approved award that has none
// yet (one approved before contracts were drafted): store.ErrExists when
// it has them.
func (s *Service) DraftContracts(ctx context.Context, by store.User, awardID int64) ([]Contract, error) {
	var out []Contract
	err := s.store.Tx(ctx, func(tx *store.Store) error {
		aw, err := tx.LockAward(ctx, awardID)
		if err != nil {
			return err
		}
		if aw.Status != "approved" {
			return ErrAwardNotApproved
		}
		have, err := tx.Contracts(ctx, store.ContractFilter{AwardID: awardID}, maxContracts)
		if err != nil {
			return err
		}
		if len(have) > 0 {
			return fmt.Errorf("award %d has its contracts: %w", awardID, store.ErrExists)
		}
		if err := s.draftContracts(ctx, tx, aw, by); err != nil {
			return err
		}
		list, err := tx.Contracts(ctx, store.ContractFilter{AwardID: awardID}, maxContracts)
		for _, sc := range list {
			c, err := s.contractToday(sc)
			if err != nil {
				return err
			}
			out = append(out, c)
		}
		return err
	})
	return out, err
}
