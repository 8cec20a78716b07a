package evaluation

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"time"
	"unicode/utf8"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/store"
)

// ContractChange is a change to a contract's terms: the fields to replace
// (a JSON merge of ContractTerms: a field given replaces the current one,
// null clears it), why, and optionally the version it was made on.
type ContractChange struct {
	Fields  map[string]json.RawMessage
	Reason  string
	Version int // 0: the latest
}

// ReviseContract saves a change as the contract's next version, with its
// reason and its audit row, in one Tx with the contract locked. The rules:
// a reason is required; a change on an older version is a conflict; an
// activated contract is not put back to draft; the terms must still make a
// contract; a change that changes nothing is refused. A change to a date
// re-arms the alerts still ahead of the new dates (dates_since = today).
func (s *Service) ReviseContract(ctx context.Context, by store.User, id int64, ch ContractChange) (Contract, error) {
	if n := utf8.RuneCountInString(ch.Reason); n < 1 || n > 2000 {
		return Contract{}, &ContractError{Err: errors.New("reason: required, at most 2000 characters")}
	}
	var out Contract
	err := s.store.Tx(ctx, func(tx *store.Store) error {
		sc, err := tx.LockContract(ctx, id)
		if err != nil {
			return err
		}
		if ch.Version != 0 && ch.Version != sc.Version {
			return fmt.Errorf("contract %d is at version %d, not %d: %w", id, sc.Version, ch.Version, store.ErrConflict)
		}
		before, err := parseTerms(sc.Terms)
		if err != nil {
			return err
		}
		after, err := mergeTerms(sc.Terms, ch.Fields)
		if err != nil {
			return &ContractError{Err: err}
		}
		if err := checkRevision(before, after, sc.Currency); err != nil {
			return err
		}
		raw, err := json.Marshal(after)
		if err != nil {
			return err
		}
		since := sc.DatesSince
		if !reflect.DeepEqual(before.dates(), after.dates()) {
			since = s.today(time.UTC).Start(time.UTC)
		}
		if err := tx.ReviseContract(ctx, id, sc.Version, raw, sc.OwnerID, since, by.ID, ch.Reason); err != nil {
			return err
		}
		if err := tx.RecordAudit(ctx, audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: "contract.revise", ObjectType: "contract",
			ObjectID: fmt.Sprint(id), EvaluationID: sc.EvaluationID,
			Before: map[string]any{"version": sc.Version, "terms": json.RawMessage(sc.Terms)},
			After:  map[string]any{"version": sc.Version + 1, "terms": json.RawMessage(raw), "reason": ch.Reason}}); err != nil {
			return err
		}
		sc.Version, sc.Terms, sc.DatesSince = sc.Version+1, raw, since
		out, err = s.contractToday(sc)
		return err
	})
	return out, err
}

// checkRevision applies the rules of a change from before to after.
func checkRevision(before, after ContractTerms, currency string) error {
	if before.Activated && !after.Activated {
		return &ContractError{Err: errors.New("activated: an active contract is not put back to draft")}
	}
	if err := after.validate(currency); err != nil {
		return err
	}
	if reflect.DeepEqual(before, after) {
		return &ContractError{Err: errors.New("the change changes nothing")}
	}
	return nil
}

// mergeTerms replaces the fields of the stored terms that fields names;
// a field ContractTerms does not have is an error naming it.
func mergeTerms(stored []byte, fields map[string]json.RawMessage) (ContractTerms, error) {
	var cur map[string]json.RawMessage
	if err := json.Unmarshal(stored, &cur); err != nil {
		return ContractTerms{}, err
	}
	for k, v := range fields {
		cur[k] = v
	}
	raw, err := json.Marshal(cur)
	if err != nil {
		return ContractTerms{}, err
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	var t ContractTerms
	if err := dec.Decode(&t); err != nil {
		return ContractTerms{}, fmt.Errorf("terms: %s", jsonProblem(err))
	}
	return t, nil
}

// jsonProblem says what is wrong with a field without Go's type names.
func jsonProblem(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return fmt.Sprintf("%s: wrong type of value", te.Field)
	}
	return err.Error()
}
