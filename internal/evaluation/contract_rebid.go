package evaluation

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/contract"
	"github.com/gpuquote/gpuquote/internal/rfq"
	"github.com/gpuquote/gpuquote/internal/store"
)

// RebidDays is how far ahead a re-bid's round closes when the request
// names no deadline: two weeks, at the hour it was started.
const RebidDays = 14

// RebidRequest is a re-bid from a contract, from the alert's one click
// (every field empty) or the API. The incumbent is the vendor of the
// contract, reached as its quote was (the invitation it came through, else
// the latest invitation to that company); Contact names it when no round
// ever reached it, or to reach someone else there.
type RebidRequest struct {
	Deadline string      `json:"deadline"` // empty: RebidDays from now
	TimeZone string      `json:"time_zone"`
	Contact  *rfq.Vendor `json:"contact"`
}

// Rebid is the evaluation a re-bid started and its round's invitation to
// the incumbent, with the secret link shown this once.
type Rebid struct {
	EvaluationID int64         `json:"evaluation_id"`
	ContractID   int64         `json:"contract_id"`
	RFQID        int64         `json:"rfq_id"`
	Invitation   NewInvitation `json:"-"`
}

// Rebid starts the next round for a contract, in one Tx: a new evaluation
// named after it, with the brief of the evaluation the contract was
// awarded from copied as it stands, the contract kept as its baseline, and
// a first round inviting the incumbent through the same rules as any round
// (CreateRound's checks; the invitation mailed when mail is on). A vendor
// no round ever reached, without a Contact, is FieldErrors on
// "contact.email"; refused, nothing is created.
func (s *Service) Rebid(ctx context.Context, by store.User, contractID int64, in RebidRequest, languages []string, l Links) (Rebid, error) {
	out := Rebid{ContractID: contractID}
	err := s.store.Tx(ctx, func(tx *store.Store) error {
		sc, err := tx.Contract(ctx, contractID)
		if err != nil {
			return err
		}
		vendor, err := incumbent(ctx, tx, sc, in.Contact)
		if err != nil {
			return err
		}
		old, err := tx.Evaluation(ctx, sc.EvaluationID)
		if err != nil {
			return err
		}
		b, err := tx.Brief(ctx, sc.EvaluationID)
		if err != nil {
			return err
		}
		round := RoundRequest{Deadline: in.Deadline, TimeZone: in.TimeZone, Vendors: []rfq.Vendor{vendor}}
		if strings.TrimSpace(round.Deadline) == "" {
			round.Deadline, round.TimeZone = s.Now().Add(RebidDays*24*time.Hour).Truncate(time.Hour).Format(time.RFC3339), ""
		}
		// Checked before anything is created, so a refusal leaves nothing.
		if _, err := s.firstRound(0, round, languages); err != nil {
			return contactErrors(err)
		}
		name := fmt.Sprintf("Re-bid: %s (incumbent %s)", old.Name, sc.Vendor)
		if utf8.RuneCountInString(name) > 200 {
			name = string([]rune(name)[:200])
		}
		e, err := tx.CreateEvaluation(ctx, by.Actor(), name)
		if err != nil {
			return err
		}
		fresh, err := tx.Brief(ctx, e.ID)
		if err != nil {
			return err
		}
		if _, err := tx.SaveBrief(ctx, by.Actor(), e.ID, fresh.Version, b.Data); err != nil {
			return err
		}
		if err := tx.SetRebidOf(ctx, e.ID, sc.ID); err != nil {
			return err
		}
		n, err := s.firstRound(e.ID, round, languages)
		if err != nil {
			return contactErrors(err)
		}
		r, invs, err := s.openRound(ctx, tx, by.Actor(), n, round.Vendors, nil, l, "invitation")
		if err != nil {
			return err
		}
		out.EvaluationID, out.RFQID, out.Invitation = e.ID, r.ID, invs[0]
		return tx.RecordAudit(ctx, audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: "contract.rebid", ObjectType: "contract",
			ObjectID: fmt.Sprint(sc.ID), EvaluationID: e.ID,
			After: map[string]any{"evaluation_id": e.ID, "from_evaluation_id": sc.EvaluationID, "rfq_id": r.ID, "incumbent": vendor.Company}})
	})
	return out, err
}

// incumbent is who a re-bid invites: the contact given (its company the
// contract's vendor), else how a round reached the vendor.
func incumbent(ctx context.Context, tx *store.Store, sc store.Contract, given *rfq.Vendor) (rfq.Vendor, error) {
	if given != nil && strings.TrimSpace(given.Email) != "" {
		v := *given
		v.Company = sc.Vendor
		return v, nil
	}
	inv, ok, err := tx.Incumbent(ctx, sc.QuoteID, sc.Vendor)
	if err != nil {
		return rfq.Vendor{}, err
	}
	if !ok {
		return rfq.Vendor{}, FieldErrors{"contact.email": "contract.rebid.error.no_contact"}
	}
	return rfq.Vendor{Company: sc.Vendor, Contact: inv.Contact, Email: inv.Email, Language: inv.Language}, nil
}

// contactErrors names a refused round's vendor fields as the re-bid's
// contact fields.
func contactErrors(err error) error {
	var fe FieldErrors
	if !errors.As(err, &fe) {
		return err
	}
	out := FieldErrors{}
	for k, v := range fe {
		out[strings.Replace(k, "vendors[0].", "contact.", 1)] = v
	}
	return out
}

// Baseline is what the contract an evaluation re-bids delivered, set
// beside the new quotes: its figures over the billed months, and what was
// quoted for it at the award.
type Baseline struct {
	ContractID   int64  `json:"contract_id"`
	EvaluationID int64  `json:"evaluation_id"` // the evaluation the contract was awarded from
	Vendor       string `json:"vendor"`
	Currency     string `json:"currency"`
	contract.Delivered
	// QuotedPerUsefulUnit is the award's cost per useful unit at its
	// approval, in the award's currency ("" when it had none).
	QuotedPerUsefulUnit string `json:"quoted_cost_per_useful_unit"`
	AwardCurrency       string `json:"award_currency"`
}

// RebidBaseline is the baseline of evaluationID: nil when it re-bids no
// contract.
func (s *Service) RebidBaseline(ctx context.Context, evaluationID int64) (*Baseline, error) {
	var out *Baseline
	err := s.store.ReadOnly(ctx, func(tx *store.Store) error {
		id, err := tx.RebidOf(ctx, evaluationID)
		if err != nil || id == 0 {
			return err
		}
		sc, err := tx.Contract(ctx, id)
		if err != nil {
			return err
		}
		h, err := loadReportHistory(ctx, tx, sc)
		if err != nil {
			return err
		}
		b := &Baseline{ContractID: sc.ID, EvaluationID: sc.EvaluationID, Vendor: sc.Vendor, Currency: sc.Currency,
			Delivered: contract.DeliveredOver(h.c, h.use(), h.outages)}
		aw, err := tx.Award(ctx, sc.AwardID)
		if err != nil {
			return err
		}
		if aw.CostPerUnit != "" {
			b.QuotedPerUsefulUnit, b.AwardCurrency = aw.CostPerUnit, aw.Currency
		}
		out = b
		return nil
	})
	return out, err
}
