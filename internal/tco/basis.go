package tco

import "strconv"

// buildLines turns the estimate and the range ends into the nine lines
// with their basis texts. Texts are built only here, for the worksheet,
// not for every sensitivity point.
func (e *engine) buildLines(p *prepared, c, lo, hi *calc) []Line {
	lines := make([]Line, numLines)
	for i := range lines {
		f := c.lines[i]
		l := Line{
			Key:      lineKeys[i],
			Label:    lineLabels[i],
			Amount:   f.eval,
			Low:      lo.lines[i].eval,
			High:     hi.lines[i].eval,
			Original: f.orig,
			FX:       f.fx,
			Basis:    e.basis(i, p, c),
			Stated:   len(p.byLine[i]) == 0,
		}
		// Take the extremes rather than trust each end to stay on its side:
		// the ends are whole scenarios, not per-line bounds.
		l.Low, l.High = minMax(f.eval, l.Low, l.High)
		for _, m := range p.byLine[i] {
			l.Assumed = append(l.Assumed, p.missing[m].Term+": "+p.missing[m].Assumption)
			l.Missing = append(l.Missing, p.missing[m])
		}
		if i == lineEngineering {
			l.Stated = false
			l.Assumed = []string{"engineering hours: " + p.engHours.label(), "engineering rate: " + e.a.EngineeringRate.label()}
		}
		if !l.Converted() {
			l.FX = FXRate{}
		}
		lines[i] = l
	}
	return lines
}

// basis explains line i with the numbers that produced it, as a keyed
// statement the pages render in the reader's language.
func (e *engine) basis(i int, p *prepared, c *calc) Statement {
	a := e.a
	rate := func(pr price) args {
		return args{"GPUs": plain(c.gpus), "Rate": plain(pr.value), "RateCurrency": pr.currency, "Retry": ""}
	}
	withRetry := func(x args) args {
		if c.retry.share > 0 {
			x["Retry"] = pctArg(c.retry.share)
		}
		return x
	}
	switch i {
	case lineCommitted:
		x := withRetry(rate(c.rate))
		x["Busy"] = pctArg(c.util)
		switch {
		case c.committed:
			return statement("worksheet.basis.committed.paid_anyway", x)
		case c.unitHours == 0:
			return statement("worksheet.basis.committed.per_request", x)
		}
		x["Unit"] = unitKey(c.unitHours)
		return statement("worksheet.basis.committed.paygo", x, "Unit")
	case lineBurst:
		if c.burst == 0 {
			return statement("worksheet.basis.burst.none", nil)
		}
		x := withRetry(rate(c.burstRate))
		x["Hours"] = plain(c.burst)
		if c.burstApart {
			return statement("worksheet.basis.burst.on_demand", x)
		}
		return statement("worksheet.basis.burst.rate", x)
	case lineStorage:
		return statement("worksheet.basis.storage", args{"TB": plain(a.StoredTB.Value), "Price": plain(c.storage.value), "Currency": c.storage.currency})
	case lineSnapshots:
		return statement("worksheet.basis.snapshots", args{"TB": plain(a.SnapshotTB.Value), "Price": plain(c.storage.value), "Currency": c.storage.currency})
	case lineEgress:
		return statement("worksheet.basis.egress", args{"TB": plain(a.EgressTBPerMonth.Value), "GBPerTB": "1000", "Price": plain(c.egress.value), "Currency": c.egress.currency})
	case lineSupport:
		bill := args{"Bill": c.compute.eval.Decimal(), "Currency": c.compute.eval.Currency}
		switch {
		case c.support.stated:
			return statement("worksheet.basis.support.stated", args{"Amount": plain(c.support.value), "Currency": c.support.currency})
		case c.supportTiered:
			bill["Plan"] = a.MarketSupport.Name
			return statement("worksheet.basis.support.tiered", bill)
		}
		bill["Share"] = pctArg(c.support.value)
		return statement("worksheet.basis.support.share", bill)
	case lineIdle:
		switch {
		case c.committed:
			x := rate(c.rate)
			x["Idle"] = pctArg(1 - c.util)
			return statement("worksheet.basis.idle.paid_anyway", x)
		case c.unitHours == 0:
			return statement("worksheet.basis.idle.per_request", nil)
		case c.excessJob == 0:
			return statement("worksheet.basis.idle.no_rounding", args{"JobHours": plain(a.MeanJobHours.Value), "Unit": unitKey(c.unitHours)}, "Unit")
		}
		x := rate(c.rate)
		x["Jobs"], x["Excess"], x["JobLength"], x["Unit"] = plain(a.JobsPerMonth.Value), durArg(c.excessJob), durArg(a.MeanJobHours.Value), unitKey(c.unitHours)
		return statement("worksheet.basis.idle.rounding", x, "Unit")
	case lineRetry:
		return retryBasis(p.q, c)
	case lineEngineering:
		return statement("worksheet.basis.engineering", args{"Hours": plain(c.engHours), "Model": "worksheet.basis.rental." + string(p.q.RentalModel),
			"Rate": plain(c.engRate.Value), "Currency": c.engRate.Currency}, "Model")
	}
	return Statement{}
}

// unitKey names a billing unit length for the rounding basis; only the
// three usage units reach it (month and block billing is committed).
func unitKey(h float64) string {
	switch h {
	case 1.0 / 60:
		return "worksheet.basis.unit.minute"
	case 1.0 / 3600:
		return "worksheet.basis.unit.second"
	}
	return "worksheet.basis.unit.hour"
}

// retryBasis shows the §6.9 formula with its figures.
func retryBasis(q *Quote, c *calc) Statement {
	r := c.retry
	if q.RentalModel == ModelAPI {
		return statement("worksheet.basis.retry.per_request", nil)
	}
	what := "worksheet.basis.what.failures"
	if r.preemptions {
		what = "worksheet.basis.what.preemptions"
	}
	x := args{"Share": pctArg(r.share), "BusyHours": plain(c.busyBase + c.burst), "Rate": plain(c.rate.value), "RateCurrency": c.rate.currency,
		"Raw": pctArg(r.raw), "Write": durArg(r.write), "Interval": durArg(r.interval), "PerHour": plain(r.perHour), "What": what,
		"Nodes": strconv.Itoa(q.Nodes), "PerNodeDay": plain(r.perNodeDay), "Lost": durArg(r.interval / 2), "Restart": durArg(r.restart), "Cap": ""}
	if r.raw > r.share {
		x["Cap"] = pctArg(maxRetryShare)
	}
	return statement("worksheet.basis.retry.formula", x, "What")
}

// minMax returns the smallest and largest of the amounts, all in one
// currency.
func minMax(ms ...Money) (Money, Money) {
	lo, hi := ms[0], ms[0]
	for _, m := range ms[1:] {
		if m.Minor < lo.Minor {
			lo = m
		}
		if m.Minor > hi.Minor {
			hi = m
		}
	}
	return lo, hi
}
