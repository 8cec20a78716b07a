package evaluation_test

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/contract"
	"github.com/gpuquote/gpuquote/internal/evaluation"
)

// TestReviseTermsFromTheForm: the page's terms form makes the same
// version as the API's change; a field that does not read is refused
// with the three fields named, and nothing changes.
func TestReviseTermsFromTheForm(t *testing.T) {
	t.Parallel()
	_, svc, p, c := approvedContract(t)
	ctx := context.Background()
	for _, bad := range []evaluation.TermsForm{
		{StartDate: "2026-13-01", TermMonths: "6", NoticeDays: "30", Reason: "x"},
		{StartDate: "2026-01-01", TermMonths: "six", NoticeDays: "30", Reason: "x"},
		{StartDate: "2026-01-01", TermMonths: "6", NoticeDays: "", Reason: "x"},
	} {
		_, err := svc.ReviseTerms(ctx, p, c.ID, bad)
		if !evaluation.IsContractError(err) || err.Error() != "start_date, term_months, notice_days" {
			t.Errorf("%+v: %v", bad, err)
		}
	}
	got, err := svc.ReviseTerms(ctx, p, c.ID, evaluation.TermsForm{StartDate: "2026-01-01", TermMonths: "6", NoticeDays: "30",
		Reason: "signed copy received", Activate: true})
	if err != nil || got.Version != 2 || got.State != contract.Active || got.CancelBy.String() != "2026-06-01" {
		t.Fatalf("activated: %+v %v", got, err)
	}
	if _, err := svc.ReviseTerms(ctx, p, c.ID, evaluation.TermsForm{StartDate: "2026-01-01", TermMonths: "6", NoticeDays: "45"}); !evaluation.IsContractError(err) {
		t.Errorf("a change without a reason: %v", err)
	}
}

// TestSaveTypedAlertSettings: offsets as typed are saved as the API's;
// offsets that do not read are refused on "offsets" alone, before the
// roles are looked at.
func TestSaveTypedAlertSettings(t *testing.T) {
	t.Parallel()
	st, svc, _, _ := approvedContract(t)
	ctx := context.Background()
	admin := newUser(t, st, "admin@example.com", auth.Admin)
	_, err := svc.SaveTypedAlertSettings(ctx, admin.Actor(), "soon", []string{"nobody"})
	if fe, ok := err.(evaluation.FieldErrors); !ok || len(fe) != 1 || !strings.HasPrefix(fe["offsets"], "alerts.error.offsets_") {
		t.Errorf("offsets that do not read: %v", err)
	}
	_, err = svc.SaveTypedAlertSettings(ctx, admin.Actor(), "30", []string{"nobody"})
	if fe, _ := err.(evaluation.FieldErrors); fe["roles"] != "alerts.error.role" {
		t.Errorf("an unknown role: %v", err)
	}
	set, err := svc.SaveTypedAlertSettings(ctx, admin.Actor(), "120, 30, 7", []string{"finance"})
	if err != nil || !reflect.DeepEqual(set.Days(), []int{120, 30, 7}) || !reflect.DeepEqual(set.Roles, []auth.Role{auth.Finance}) {
		t.Errorf("saved: %+v %v", set, err)
	}
}

// TestContractChangeOfABody: the reason and the version come out of the
// fields; a reason or a version of the wrong kind is refused by field.
func TestContractChangeOfABody(t *testing.T) {
	t.Parallel()
	ch, err := evaluation.ContractChangeOf(fields(t, `{"notice_days": 60, "reason": "signed", "version": 2}`))
	if err != nil || ch.Reason != "signed" || ch.Version != 2 || len(ch.Fields) != 1 || string(ch.Fields["notice_days"]) != "60" {
		t.Errorf("change %+v %v", ch, err)
	}
	for js, field := range map[string]string{`{"reason": 5}`: "reason", `{"version": 0}`: "version", `{"version": "2"}`: "version"} {
		_, err := evaluation.ContractChangeOf(fields(t, js))
		if fe, _ := err.(evaluation.FieldErrors); len(fe) != 1 || fe[field] == "" {
			t.Errorf("%s: %v, want a refusal of %s", js, err, field)
		}
	}
}

// TestRefusedFieldNamesTheField: "field: why" names the field; a message
// that names none is about the terms.
func TestRefusedFieldNamesTheField(t *testing.T) {
	t.Parallel()
	for msg, want := range map[string][2]string{
		"notice_days: must be 0 or more":       {"notice_days", "must be 0 or more"},
		"start_date, term_months, notice_days": {"terms", "start_date, term_months, notice_days"},
		"a reason is required: say why":        {"terms", "a reason is required: say why"},
	} {
		f, why := evaluation.RefusedField(&evaluation.ContractError{Err: errors.New(msg)})
		if f != want[0] || why != want[1] {
			t.Errorf("%q: %q, %q; want %q", msg, f, why, want)
		}
	}
}
