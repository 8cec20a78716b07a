package evaluation_test

import (
	"testing"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/tco"
)

// The analysis gives every editable assumption as the worksheet's form
// shows it: utilisation in percent.
func TestAssumptionValuesAreAsTyped(t *testing.T) {
	t.Parallel()
	f := newKeptFixture(t)
	a := f.analyze(t)
	got := a.AssumptionValues()
	if len(got) != len(tco.Editable) {
		t.Errorf("%d values, want one per editable assumption (%d): %v", len(got), len(tco.Editable), got)
	}
	u, _ := a.A.Field("utilisation")
	if want := evaluation.AssumptionText("utilisation", u.Value); got["utilisation"] != want || u.Value <= 0 || u.Value > 1 {
		t.Errorf("utilisation %q (of %v), want %q in percent", got["utilisation"], u.Value, want)
	}
}
