package evaluation

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/contract"
	"github.com/gpuquote/gpuquote/internal/store"
)

// The contract forms' use cases (the same changes as the API's, from the
// fields as typed on the page) and what the API reads from a body or says
// of a refusal.

// TermsForm is the contract page's terms form as typed: the start date,
// the term and the notice, whether to activate a draft, and the reason.
type TermsForm struct {
	StartDate, TermMonths, NoticeDays, Reason string
	Activate                                  bool
}

// ReviseTerms is ReviseContract with the terms form's fields. A date or a
// number that does not read is a ContractError naming the three fields.
func (s *Service) ReviseTerms(ctx context.Context, by store.User, id int64, f TermsForm) (Contract, error) {
	term, err1 := strconv.Atoi(f.TermMonths)
	notice, err2 := strconv.Atoi(f.NoticeDays)
	if _, err := contract.ParseDate(f.StartDate); err != nil || err1 != nil || err2 != nil {
		return Contract{}, &ContractError{Err: errors.New("start_date, term_months, notice_days")}
	}
	fields := map[string]json.RawMessage{"start_date": json.RawMessage(strconv.Quote(f.StartDate)),
		"term_months": json.RawMessage(strconv.Itoa(term)), "notice_days": json.RawMessage(strconv.Itoa(notice))}
	if f.Activate {
		fields["activated"] = json.RawMessage("true")
	}
	return s.ReviseContract(ctx, by, id, ContractChange{Fields: fields, Reason: f.Reason})
}

// SaveTypedAlertSettings is SaveAlertSettings with the offsets as typed
// ("120, 30, 7"); offsets that do not read are refused on "offsets" alone.
func (s *Service) SaveTypedAlertSettings(ctx context.Context, by audit.Actor, offsets string, roles []string) (AlertSettings, error) {
	days, err := contract.ParseOffsets(offsets)
	if err != nil {
		return AlertSettings{}, FieldErrors{"offsets": OffsetErrorKey(err)}
	}
	return s.SaveAlertSettings(ctx, by, days, roles)
}

// ContractChangeOf is the change a PATCH body asks for: the terms to
// change, with its "reason" and the "version" it was made on taken out.
// A reason that is no string, or a version that is no number from 1, is
// refused by field.
func ContractChangeOf(body map[string]json.RawMessage) (ContractChange, error) {
	ch := ContractChange{Fields: body}
	if raw, ok := body["reason"]; ok {
		if json.Unmarshal(raw, &ch.Reason) != nil {
			return ch, FieldErrors{"reason": "form.error.required"}
		}
		delete(body, "reason")
	}
	if raw, ok := body["version"]; ok {
		if json.Unmarshal(raw, &ch.Version) != nil || ch.Version < 1 {
			return ch, FieldErrors{"version": "form.error.number"}
		}
		delete(body, "version")
	}
	return ch, nil
}

// RefusedField is the field a refused contract change names and why, as
// the API answers it: "field: why" of the message, or "terms" and the
// whole message when it names no one field.
func RefusedField(err error) (field, why string) {
	field, why, ok := strings.Cut(err.Error(), ": ")
	if !ok || strings.Contains(field, " ") {
		return "terms", err.Error()
	}
	return field, why
}
