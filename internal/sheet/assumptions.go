package sheet

import (
	"slices"
	"strconv"

	"github.com/gpuquote/gpuquote/internal/tco"
	"github.com/xuri/excelize/v2"
)

// Sheet names in the workbook.
const (
	AssumptionsSheet = "Assumptions" // assumptions, FX rates and every quote's inputs
	WorksheetSheet   = "Worksheet"   // the nine lines, totals and their workings
)

// Columns of the assumptions table.
const (
	colLabel = 1 + iota
	colValue
	colLow
	colHigh
	colUnit
	colCurrency
	colSource
	colName
)

// Defined names of the scalar assumptions; each also has _low and _high.
// Formulas use the names so a reader sees "Utilisation", not "B3".
const (
	nUtilisation  = "Utilisation"
	nBurst        = "Burst_GPU_hours"
	nStoredTB     = "Stored_TB"
	nSnapshotTB   = "Snapshot_TB"
	nEgressTB     = "Egress_TB"
	nJobs         = "Jobs_per_month"
	nMeanJob      = "Mean_job_hours"
	nPreemptions  = "Preemptions_per_node_day"
	nFailures     = "Node_failures_per_node_day"
	nInterval     = "Checkpoint_interval_h"
	nWrite        = "Checkpoint_write_h"
	nRestart      = "Restart_h"
	nEngRate      = "Engineering_rate"
	nGPUhPerUnit  = "GPU_hours_per_unit"
	nStorage      = "Market_storage_price"
	nEgress       = "Market_egress_price"
	nSupportShare = "Market_support_share"
	nUnitFallback = "Unit_fallback_h"
	nTermFallback = "Commitment_fallback"
	nHorizon      = "Planning_horizon_months"
)

// assumptionRow is one row of the assumptions table.
type assumptionRow struct {
	name, label string
	v           tco.Assumption
	st          style
}

// assumptionRows lists the evaluation's assumptions in a fixed order,
// then tco's two fallback rules, which tco keeps in code rather than in
// Assumptions but which the buyer should see and may change.
func assumptionRows(a tco.Assumptions) []assumptionRow {
	rows := []assumptionRow{
		{nUtilisation, "Utilisation (share of the month the quoted GPUs are busy)", a.Utilisation, share},
		{nBurst, "Burst GPU-hours per month", a.BurstGPUHoursPerMonth, number},
		{nStoredTB, "Persistent storage held", a.StoredTB, number},
		{nSnapshotTB, "Snapshot volume", a.SnapshotTB, number},
		{nEgressTB, "Egress per month", a.EgressTBPerMonth, number},
		{nJobs, "Pay-as-you-go jobs per month", a.JobsPerMonth, number},
		{nMeanJob, "Mean job length", a.MeanJobHours, number},
		{nPreemptions, "Preemptions per node-day (marketplace)", a.PreemptionsPerNodeDay, number},
		{nFailures, "Node failures per node-day (other rentals)", a.NodeFailuresPerNodeDay, number},
		{nInterval, "Checkpoint interval", a.CheckpointIntervalHours, number},
		{nWrite, "Checkpoint write time", a.CheckpointWriteHours, number},
		{nRestart, "Restart time", a.RestartHours, number},
		{nEngRate, "Engineering rate", a.EngineeringRate, number},
		{nGPUhPerUnit, "Useful GPU-hours per " + a.UnitName, a.GPUHoursPerUnit, number},
		{nStorage, "Market storage price (when a quote has none)", a.MarketStoragePerTBMonth, number},
		{nEgress, "Market egress price (when a quote has none)", a.MarketEgressPerGB, number},
		{nSupportShare, "Market support share of the compute bill (when a quote has none)", a.MarketSupportShare, share},
		{nHorizon, "Planning horizon (months): the term of a minimum spend or upfront payment when a quote states no minimum term",
			tco.Assumption{Value: float64(a.HorizonMonths), Low: float64(a.HorizonMonths), High: float64(a.HorizonMonths), Unit: "months",
				Source: "the brief's contract term, else 12 months"}, number},
	}
	rows = append(rows, supportPlanRows(a.MarketSupport)...)
	for _, m := range tco.RentalModels() {
		if v, ok := a.EngineeringHours[m]; ok {
			rows = append(rows, assumptionRow{engHoursName(m), "Engineering hours per month, " + rentalName(m), v, number})
		}
	}
	names := marketRateNames(a)
	for _, k := range rateKeys(a) {
		rows = append(rows, assumptionRow{names[k], "Market rate per GPU-hour, " + k + " (when a quote has none)", a.MarketRatePerGPUHour[k], number})
	}
	return append(rows,
		assumptionRow{nUnitFallback, "Billing unit when a quote does not state it", tco.Assumption{
			Value: 1, Low: 1.0 / 3600, High: 1, Unit: "h",
			Source: "evaluation rule: billed per hour, the coarsest common unit; per second at the low end",
		}, number},
		assumptionRow{nTermFallback, "Paid whether used or not, when a single-node or managed quote leaves the term open (1 = yes)", tco.Assumption{
			Value: 1, Low: 0, High: 1,
			Source: "evaluation rule: a minimum term is usually paid whether used or not; pay-as-you-go at the low end",
		}, number},
	)
}

func rateKeys(a tco.Assumptions) []string {
	ks := make([]string, 0, len(a.MarketRatePerGPUHour))
	for k := range a.MarketRatePerGPUHour {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

func engHoursName(m tco.RentalModel) string { return "Eng_hours_" + defName(string(m)) }

// marketRateNames names each market rate by its GPU key, "Market_rate_H100".
// Keys that differ only in punctuation ("H100 SXM", "H100-SXM") would get
// one name, so later ones in key order take a numeric suffix.
func marketRateNames(a tco.Assumptions) map[string]string {
	out := make(map[string]string, len(a.MarketRatePerGPUHour))
	used := map[string]bool{}
	for _, k := range rateKeys(a) {
		base := "Market_rate_" + defName(k)
		name := base
		for n := 2; used[name]; n++ {
			name = base + "_" + strconv.Itoa(n)
		}
		used[name] = true
		out[k] = name
	}
	return out
}

func fxName(currency string) string { return "FX_" + defName(currency) }

// assumptionsSheet lays out the Assumptions sheet: the assumptions table,
// the FX table, then the quotes' inputs (see quoteInputs). It returns the
// defined names the formulas use.
func assumptionsSheet(g *grid, a tco.Assumptions) (names []excelize.DefinedName, next int) {
	g.widths = map[int]float64{colLabel: 58, colValue: 16, colLow: 12, colHigh: 12, colUnit: 18, colCurrency: 10, colSource: 70, colName: 28}
	g.set(colLabel, 1, val("Assumptions: evaluation currency "+a.Currency, title))
	for i, h := range []string{"Assumption", "Value", "Low", "High", "Unit", "Currency", "Source", "Name in formulas"} {
		g.set(colLabel+i, 2, val(h, bold))
	}
	row := 3
	for _, r := range assumptionRows(a) {
		g.set(colLabel, row, val(r.label, plain))
		g.set(colValue, row, val(r.v.Value, r.st))
		if r.v.Low != 0 || r.v.High != 0 {
			// A blank range is tco's "no range": both ends are the value.
			g.set(colLow, row, val(r.v.Low, r.st))
			g.set(colHigh, row, val(r.v.High, r.st))
		}
		g.set(colUnit, row, val(r.v.Unit, plain))
		g.set(colCurrency, row, val(r.v.Currency, plain))
		g.set(colSource, row, val(sourceWords(r.v.Source), plain))
		g.set(colName, row, val(r.name, plain))
		names = append(names,
			excelize.DefinedName{Name: r.name, RefersTo: absName(AssumptionsSheet, colValue, row)},
			excelize.DefinedName{Name: r.name + "_low", RefersTo: absName(AssumptionsSheet, colLow, row)},
			excelize.DefinedName{Name: r.name + "_high", RefersTo: absName(AssumptionsSheet, colHigh, row)},
		)
		row++
	}

	row++
	g.set(colLabel, row, val("FX rate into "+a.Currency+" (an amount in the currency × rate = amount in "+a.Currency+")", bold))
	for i, h := range []string{"Rate", "", "", "", "Date", "Source", "Name in formulas"} {
		if h != "" {
			g.set(colValue+i, row, val(h, bold))
		}
	}
	row++
	curs := make([]string, 0, len(a.FX))
	for c := range a.FX {
		curs = append(curs, c)
	}
	slices.Sort(curs)
	for _, c := range curs {
		r := a.FX[c]
		g.set(colLabel, row, val(c, plain))
		g.set(colValue, row, val(r.Rate, number))
		if !r.Date.IsZero() {
			g.set(colCurrency, row, val(r.Date.Format("2006-01-02"), plain))
		}
		g.set(colSource, row, val(r.Source, plain))
		g.set(colName, row, val(fxName(c), plain))
		names = append(names, excelize.DefinedName{Name: fxName(c), RefersTo: absName(AssumptionsSheet, colValue, row)})
		row++
	}
	return names, row + 1
}
