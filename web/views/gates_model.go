package views

import (
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/benchlog"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/testplan"
	"github.com/gpuquote/gpuquote/internal/verdict"
)

// benchXidMeaning names an Xid from the message catalogue (NVIDIA's Xid
// catalogue in the reader's language); a code it does not list is said to
// be so.
func benchXidMeaning(z *i18n.Localizer, code int) string {
	if _, ok := benchlog.Xid(code); ok {
		return z.T("bench.xid." + strconv.Itoa(code))
	}
	return z.T("bench.xid.unknown")
}

// BenchAPIGate is one gate as the API shows it under acceptance.gates.
type BenchAPIGate struct {
	Required any            `json:"required"`
	Measured any            `json:"measured"`
	Status   string         `json:"status"`
	Message  string         `json:"message"`
	Detail   map[string]any `json:"detail"`
}

// BenchGates words the verdict's gates for the API and the page.
func BenchGates(z *i18n.Localizer, g verdict.Gates) map[string]BenchAPIGate {
	return map[string]BenchAPIGate{
		"burn_in": {Required: g.BurnIn.Required, Measured: g.BurnIn.Measured, Status: string(g.BurnIn.Status),
			Message: benchBurnInText(z, g.BurnIn),
			Detail: map[string]any{"unit": "h", "source": g.BurnIn.Source, "quoted_nodes": g.BurnIn.Quoted,
				"nodes_met": g.BurnIn.Met, "nodes": g.BurnIn.Nodes}},
		"healthy_nodes": {Required: g.HealthyNodes.Required, Measured: g.HealthyNodes.Measured, Status: string(g.HealthyNodes.Status),
			Message: benchHealthyNodesText(z, g.HealthyNodes),
			Detail: map[string]any{"quoted_nodes": g.HealthyNodes.Quoted, "unhealthy": g.HealthyNodes.Unhealthy,
				"unattributed": g.HealthyNodes.Unattributed}},
	}
}

// benchHours is a number of hours to one decimal.
func benchHours(z *i18n.Localizer, h float64) string {
	return z.Decimal(strconv.FormatFloat(h, 'f', 1, 64))
}

// benchBurnInText: "every node: 48 h required (reserved default); least
// burnt-in node 1.0 h; 0 of 2 nodes met: too short".
func benchBurnInText(z *i18n.Localizer, g verdict.BurnInGate) string {
	if g.Required == 0 {
		return z.T("bench.gate.burn_in_none", map[string]any{"Measured": benchHours(z, g.Measured), "Nodes": z.Int(int64(len(g.Nodes)))})
	}
	return z.T("bench.gate.burn_in", map[string]any{"Required": benchHours(z, g.Required), "Source": z.T("bench.gate.source." + g.Source),
		"Measured": benchHours(z, g.Measured), "Met": z.Int(int64(g.Met)), "Quoted": z.Int(int64(g.Quoted)),
		"Status": z.T("bench.gate.status." + string(g.Status))})
}

// benchHealthyNodesText: "7 of 8 nodes healthy (gpu-node-06: Xid 79); 8
// required".
func benchHealthyNodesText(z *i18n.Localizer, g verdict.HealthyNodesGate) string {
	args := map[string]any{"Healthy": z.Int(int64(g.Measured)), "Quoted": z.Int(int64(g.Quoted)), "Required": z.Int(int64(g.Required)),
		"Status": z.T("bench.gate.status." + string(g.Status))}
	if s := g.Summary(); s != "" {
		args["Why"] = s
		return z.T("bench.gate.healthy_nodes_why", args)
	}
	return z.T("bench.gate.healthy_nodes", args)
}

// BenchGateRows are the gates for the page, in the API's words.
func BenchGateRows(z *i18n.Localizer, g verdict.Gates) []GateRow {
	api := BenchGates(z, g)
	out := make([]GateRow, 0, 2)
	for _, name := range []string{"burn_in", "healthy_nodes"} {
		a := api[name]
		out = append(out, GateRow{Gate: name, Name: z.T("bench.gate." + name + "_label"), Text: a.Message, Status: a.Status,
			StatusText: z.T("bench.gate.status." + a.Status), CSS: benchStatusCSS(a.Status)})
	}
	return out
}

// benchRunLine is the upload's run record as its metadata line shows it.
func benchRunLine(z *i18n.Localizer, r *testplan.Run) string {
	exit := strconv.Itoa(r.Exit)
	if r.TimedOut {
		exit = z.T("bench.meta.timed_out")
	}
	return z.T("bench.meta.run", map[string]any{"Hosts": strings.Join(r.Hosts, ", "), "Exit": exit,
		"Start": z.DateTime(r.Start), "End": z.DateTime(r.End)})
}
