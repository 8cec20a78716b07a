package tco

import (
	"fmt"
	"strings"
)

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

// rateText is a price per GPU-hour as the basis shows it.
func rateText(p price) string { return num(p.value) + " " + p.currency + "/GPU-h" }

// basis explains line i with the numbers that produced it.
func (e *engine) basis(i int, p *prepared, c *calc) string {
	a := e.a
	gpus := fmt.Sprintf("%s GPU × 730 h × %s", num(c.gpus), rateText(c.rate))
	useful := ""
	if c.retry.share > 0 {
		useful = " × (1 − " + pct(c.retry.share) + " retry waste)"
	}
	switch i {
	case lineCommitted:
		s := gpus + " × " + pct(c.util) + " busy" + useful
		if c.committed {
			return s + "; the used share of capacity paid whether used or not"
		}
		if c.unitHours == 0 {
			return s + "; billed per request, no commitment"
		}
		return s + "; pay-as-you-go, billed " + unitName(c.unitHours)
	case lineBurst:
		if c.burst == 0 {
			return "no burst GPU-hours assumed"
		}
		if c.burstApart {
			return num(c.burst) + " GPU-h × " + rateText(c.burstRate) + useful + "; beyond the capacity paid whether used or not, at the on-demand rate"
		}
		return num(c.burst) + " GPU-h × " + rateText(c.rate) + useful
	case lineStorage:
		return num(a.StoredTB.Value) + " TB × " + num(c.storage.value) + " " + c.storage.currency + "/TB-month"
	case lineSnapshots:
		return num(a.SnapshotTB.Value) + " TB × " + num(c.storage.value) + " " + c.storage.currency + "/TB-month (the storage rate)"
	case lineEgress:
		return num(a.EgressTBPerMonth.Value) + " TB × 1,000 GB/TB × " + num(c.egress.value) + " " + c.egress.currency + "/GB"
	case lineSupport:
		if c.support.stated {
			return "stated by the vendor: " + num(c.support.value) + " " + c.support.currency + "/month"
		}
		if c.supportTiered {
			return a.MarketSupport.Name + " tiers applied to the " + c.compute.eval.String() + " compute bill"
		}
		return pct(c.support.value) + " × " + c.compute.eval.String() + " compute bill"
	case lineIdle:
		switch {
		case c.committed:
			return gpus + " × " + pct(1-c.util) + " idle; paid whether used or not"
		case c.unitHours == 0:
			return "billed per request: no idle capacity is paid"
		case c.excessJob == 0:
			return fmt.Sprintf("%s-h jobs billed %s: no rounding", num(a.MeanJobHours.Value), unitName(c.unitHours))
		}
		return fmt.Sprintf("%s jobs × %s GPU × %s rounding (%s jobs billed %s) × %s",
			num(a.JobsPerMonth.Value), num(c.gpus), dur(c.excessJob), dur(a.MeanJobHours.Value), unitName(c.unitHours), rateText(c.rate))
	case lineRetry:
		return retryBasis(p.q, c)
	case lineEngineering:
		return num(c.engHours) + " h/month for " + string(p.q.RentalModel) + " × " + num(c.engRate.Value) + " " + c.engRate.Currency + "/h"
	}
	return ""
}

// retryBasis shows the §6.9 formula with its figures.
func retryBasis(q *Quote, c *calc) string {
	r := c.retry
	if q.RentalModel == ModelAPI {
		return "billed per request: the provider absorbs failures"
	}
	what := "node failures"
	if r.preemptions {
		what = "preemptions"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s of %s busy GPU-h × %s; %s = %s checkpoint write / %s interval + %s %s/h (%d nodes × %s/node-day) × (%s lost work + %s restart)",
		pct(r.share), num(c.busyBase+c.burst), rateText(c.rate), pct(r.raw),
		dur(r.write), dur(r.interval), num(r.perHour), what, q.Nodes, num(r.perNodeDay),
		dur(r.interval/2), dur(r.restart))
	if r.raw > r.share {
		b.WriteString("; capped at " + pct(maxRetryShare) + ": restarts this frequent break the first-order formula")
	}
	return b.String()
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
