package views

import (
	"regexp"
	"time"

	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/testplan"
)

// testplanBandNumber is a band argument that is a number.
var testplanBandNumber = regexp.MustCompile(`^[0-9]+(\.[0-9]+)?$`)

// TestPlanText words a plan's message keys in the reader's language.
func TestPlanText(z *i18n.Localizer) testplan.Text {
	return func(key string, args map[string]string) string {
		data := make(map[string]any, len(args))
		for k, v := range args {
			if testplanBandNumber.MatchString(v) {
				v = z.Decimal(v) // the locale's decimal mark
			}
			data[k] = v
		}
		return z.T(key, data)
	}
}

// testplanDuration is a step's time as "2 h 30 min", "5 min" or "15 s".
func testplanDuration(z *i18n.Localizer, seconds int64) string {
	d := time.Duration(seconds) * time.Second
	h, m := int64(d/time.Hour), int64(d%time.Hour/time.Minute)
	switch {
	case h > 0 && m > 0:
		return z.T("plan.duration.h_min", map[string]any{"H": h, "M": m})
	case h > 0:
		return z.T("plan.duration.h", map[string]any{"H": h})
	case m > 0:
		return z.T("plan.duration.min", map[string]any{"M": m})
	}
	return z.T("plan.duration.s", map[string]any{"S": seconds})
}

// TestPlanModel is the plan page of quote quoteID from provider.
func TestPlanModel(z *i18n.Localizer, quoteID int64, provider string, p testplan.Plan) TestPlanView {
	text := TestPlanText(z)
	fabric := "—"
	if p.Fabric != "" {
		fabric = z.T("quote.term.inter_node_fabric." + p.Fabric)
	}
	m := TestPlanView{QuoteID: quoteID, Provider: provider, Total: z.T("plan.total", map[string]any{"Duration": testplanDuration(z, p.TotalS)}),
		Shape: z.T("plan.quote_shape", map[string]any{"Nodes": p.Nodes, "GPUs": p.GPUsPerNode, "Fabric": fabric})}
	for i, st := range p.Steps {
		v := PlanStepView{N: i + 1, ID: st.ID, Test: z.T("bench.test." + string(st.Test)), Where: z.T("plan.where." + string(st.Where)),
			Command: st.Command.Shell(), Band: text(st.Band.Key, st.Band.Args), Source: st.Band.SourceText(text), Time: testplanDuration(z, st.DurationS)}
		if st.Server != nil {
			v.Server = st.Server.Shell()
		}
		if st.Build != nil {
			v.BuildRepo, v.BuildCommands, v.BuildNote = st.Build.Repo, st.Build.Commands, z.T(st.Build.Note)
		}
		m.Steps = append(m.Steps, v)
	}
	for _, o := range p.Omitted {
		m.Omitted = append(m.Omitted, PlanOmission{Step: o.Step, Reason: z.T("plan.omit." + o.Reason)})
	}
	return m
}

// testplanAPIStep is a plan step with its band and build note worded.
type testplanAPIStep struct {
	testplan.Step
	BandText  string `json:"band_text"`
	BuildNote string `json:"build_note,omitempty"`
	Shell     string `json:"shell"`
}

// TestPlanAPI is the plan as the API shows it, its texts in the caller's
// language, with the runs already uploaded.
func TestPlanAPI(z *i18n.Localizer, quote map[string]any, p testplan.Plan, uploaded []testplan.UploadedRun) map[string]any {
	text := TestPlanText(z)
	steps := make([]testplanAPIStep, len(p.Steps))
	for i, st := range p.Steps {
		steps[i] = testplanAPIStep{Step: st, BandText: text(st.Band.Key, st.Band.Args), Shell: st.Command.Shell()}
		if st.Build != nil {
			steps[i].BuildNote = z.T(st.Build.Note)
		}
	}
	omitted := make([]map[string]string, len(p.Omitted))
	for i, o := range p.Omitted {
		omitted[i] = map[string]string{"step": o.Step, "reason": o.Reason, "text": z.T("plan.omit." + o.Reason)}
	}
	out := map[string]any{"nodes": p.Nodes, "gpus_per_node": p.GPUsPerNode, "fabric": p.Fabric, "remote": p.Remote, "total_s": p.TotalS,
		"steps": steps, "omitted": omitted, "uploaded": uploaded}
	for k, v := range quote {
		out[k] = v
	}
	return out
}
