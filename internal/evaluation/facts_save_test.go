package evaluation_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/store"
)

// commaDecimal reads numbers as a reader who writes "1.234,5" does, and
// refuses "1,234" (a thousands separator or a decimal comma?).
func commaDecimal(v string) (string, error) {
	if strings.Count(v, ",") == 1 && strings.Contains(v, ",") && len(v)-strings.Index(v, ",") == 4 {
		return "", errors.New("ambiguous")
	}
	return strings.ReplaceAll(strings.ReplaceAll(v, ".", ""), ",", "."), nil
}

// The facts are kept in their canonical form: yes/no facts only as yes,
// stability only as one of its two values, numbers as decimals read in
// the reader's format; unknown keys are not stored.
func TestSaveFacts(t *testing.T) {
	t.Parallel()
	f := newBenchFixture(t, h100Quote)
	ctx := context.Background()
	ev := f.q.EvaluationID
	_, version, err := f.st.DecisionInputs(ctx, ev)
	if err != nil {
		t.Fatal(err)
	}
	in := map[string]string{"ops_staff": "yes", "capital_approved": "no", "stability": "sometimes",
		"purchase_per_gpu": " 25.000,50 ", "horizon_months": "", "unknown": "1"}
	if err := f.svc.SaveFacts(ctx, f.u.Actor(), ev, version, in, commaDecimal); err != nil {
		t.Fatal(err)
	}
	got, v2, err := f.st.DecisionInputs(ctx, ev)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"ops_staff": "yes", "purchase_per_gpu": "25000.5"}
	if len(got) != len(want) || got["ops_staff"] != "yes" || got["purchase_per_gpu"] != "25000.5" {
		t.Fatalf("stored %v, want %v", got, want)
	}
	if err := f.svc.SaveFacts(ctx, f.u.Actor(), ev, version, map[string]string{"stability": "stable"}, commaDecimal); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("a save at an old version: %v", err)
	}
	for value, wantErr := range map[string]error{"1,234": evaluation.ErrFactNumber, "12abc": evaluation.ErrFact} {
		err := f.svc.SaveFacts(ctx, f.u.Actor(), ev, v2, map[string]string{"stability": "stable", "ops_staff_per_year": value}, commaDecimal)
		if !errors.Is(err, wantErr) {
			t.Errorf("%q: %v, want %v", value, err, wantErr)
		}
	}
	if after, _, _ := f.st.DecisionInputs(ctx, ev); after["stability"] != "" {
		t.Errorf("a refused save stored %v", after)
	}
	if err := f.svc.SaveFacts(ctx, f.u.Actor(), ev, v2, map[string]string{"stability": "variable"}, commaDecimal); err != nil {
		t.Fatal(err)
	}
	if after, _, _ := f.st.DecisionInputs(ctx, ev); len(after) != 1 || after["stability"] != "variable" {
		t.Errorf("the facts are replaced as a whole: %v", after)
	}
}

// The self-approval switch is stored as yes or no.
func TestSetSelfApproval(t *testing.T) {
	t.Parallel()
	f := newBenchFixture(t, h100Quote)
	ctx := context.Background()
	for _, allow := range []bool{true, false} {
		if err := f.svc.SetSelfApproval(ctx, f.u.Actor(), allow); err != nil {
			t.Fatal(err)
		}
		want := map[bool]string{true: "yes", false: "no"}[allow]
		if v, err := f.st.Setting(ctx, store.SettingAllowSelfApproval); err != nil || v != want {
			t.Errorf("allow %v: %q %v", allow, v, err)
		}
	}
}

// The award's acceptance rule is stored as yes or no.
func TestSetAwardRequiresAcceptance(t *testing.T) {
	t.Parallel()
	f := newBenchFixture(t, h100Quote)
	ctx := context.Background()
	for _, require := range []bool{true, false} {
		if err := f.svc.SetAwardRequiresAcceptance(ctx, f.u.Actor(), require); err != nil {
			t.Fatal(err)
		}
		want := map[bool]string{true: "yes", false: "no"}[require]
		if v, err := f.st.Setting(ctx, store.SettingAwardRequiresAcceptance); err != nil || v != want {
			t.Errorf("require %v: %q %v", require, v, err)
		}
	}
}
