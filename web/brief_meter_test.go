package web_test

import (
	"context"
	"net/http"
	"net/url"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// A refused brief form showed the meter rising with the typed values, as
// if they were saved, beside the errors: the meter counts the saved brief
// and says the typed changes are not saved.
func TestBriefMeterCountsTheSavedBriefBesideErrors(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	c, u := a.login("proc@example.com", auth.Procurement)
	ev, err := a.store.CreateEvaluation(context.Background(), u.Actor(), "Brief")
	if err != nil {
		t.Fatal(err)
	}
	path := "/evaluations/" + itoa(ev.ID) + "/brief"
	res := c.post(path, url.Values{"version": {"1"}, "workload_type": {"fine_tuning"}, "node_count": {"four"},
		"model_family": {"Llama 3"}, "acceptable_gpus": {"h100_sxm"}})
	wantStatus(t, res, http.StatusUnprocessableEntity)
	d := doc(t, res)
	if pct := d.Find("[data-testid=brief-completeness] [data-testid=brief-percent]").Text(); pct != "0 %" {
		t.Errorf("nothing is saved, yet the meter shows %q", pct)
	}
	if d.Find("[data-testid=brief-completeness] [data-testid=brief-unsaved]").Text() == "" {
		t.Errorf("the meter does not say the typed changes are not saved")
	}
}
