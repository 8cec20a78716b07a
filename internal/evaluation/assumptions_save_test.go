package evaluation_test

import (
	"context"
	"errors"
	"strconv"
	"testing"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/tco"
)

// plain reads numbers as written with a dot.
func plain(v string) (string, error) { return v, nil }

// defaultForm is the worksheet's form as an evaluation without a brief
// shows it: every editable assumption at its default.
func defaultForm(version int) evaluation.AssumptionsInput {
	base := tco.DefaultAssumptions("USD")
	in := evaluation.AssumptionsInput{Version: version, Values: map[string]string{}, RunHours: map[int64][2]string{}}
	for _, key := range tco.Editable {
		f, _ := base.Field(key)
		in.Values[key] = evaluation.AssumptionText(key, f.Value)
	}
	return in
}

// Only the values that differ from the defaults are stored, with the
// run hours of the quotes on the saved page; bad input saves nothing and
// is named by field; a form read at an older version is a conflict.
func TestSaveAssumptions(t *testing.T) {
	t.Parallel()
	f := newBenchFixture(t, h100Quote)
	ctx := context.Background()
	ev := f.q.EvaluationID
	a, err := f.svc.Analyze(ctx, ev)
	if err != nil {
		t.Fatal(err)
	}
	qid := strconv.FormatInt(f.q.ID, 10)
	bad := defaultForm(0)
	bad.Values["utilisation"] = "150"
	bad.Values["stored_tb"] = "ten"
	bad.RunHours[f.q.ID] = [2]string{"100", "90"}
	keys, err := f.svc.SaveAssumptions(ctx, f.u.Actor(), a, bad, plain)
	if err != nil || keys["utilisation"] != "worksheet.error.utilisation" || keys["stored_tb"] != "form.error.numeric" ||
		keys["run_"+qid] != "worksheet.error.run_hours" || len(keys) != 3 {
		t.Fatalf("%v %v", keys, err)
	}
	if stored, _ := f.st.Assumptions(ctx, ev); stored.Version != 0 {
		t.Fatalf("refused input was saved: %+v", stored)
	}
	good := defaultForm(0)
	good.Values["utilisation"] = "55.5"
	good.RunHours[f.q.ID] = [2]string{"100", "120.0"}
	if keys, err := f.svc.SaveAssumptions(ctx, f.u.Actor(), a, good, plain); err != nil || len(keys) != 0 {
		t.Fatalf("%v %v", keys, err)
	}
	stored, err := f.st.Assumptions(ctx, ev)
	if err != nil || len(stored.Overrides) != 1 || stored.Overrides["utilisation"] != "55.5" ||
		stored.RunHours[qid] != (store.RunHours{Effective: "100", Real: "120"}) {
		t.Fatalf("%+v %v", stored, err)
	}
	if _, err := f.svc.SaveAssumptions(ctx, f.u.Actor(), a, defaultForm(0), plain); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("a form read before the last save: %v", err)
	}
	// A quote not on the saved page keeps its stored run hours.
	a, err = f.svc.Analyze(ctx, ev)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.SaveAssumptions(ctx, f.u.Actor(), a, defaultForm(stored.Version), plain); err != nil {
		t.Fatal(err)
	}
	if after, _ := f.st.Assumptions(ctx, ev); len(after.Overrides) != 0 || after.RunHours[qid].Real != "120" {
		t.Errorf("%+v", after)
	}
}
