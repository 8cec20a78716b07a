package sheet

import (
	"strconv"

	"github.com/gpuquote/gpuquote/internal/tco"
)

// computeRows are the inputs shared by the four compute lines and the
// compute bill itself, split into committed, burst, retry and idle by
// rounding running totals (tco's computeLines), so the four lines add up
// to exactly the rounded bill.
func computeRows(a *tco.Assumptions) []blockRow {
	rows := []blockRow{
		{"util", "Utilisation", "", always(func(c *qctx) cell { return fm(nUtilisation, share) })},
		{"gpus", "GPUs", "", always(func(c *qctx) cell { return fm(c.in(qGPUs), number) })},
		{"nodes", "Nodes", "", always(func(c *qctx) cell { return fm(c.in(qNodes), number) })},
		{"term_fb", "Paid whether used or not, if the quote leaves it open (1 = yes)",
			"single-node and managed quotes without a stated minimum term: the commitment rule at this end of its range", termFallback},
		{"committed", "Paid whether used or not (1 = yes)",
			"reserved and buy always; month or block billing; else a stated minimum term above 0; else the rule above, or pay-as-you-go", always(committed)},
		{"rate", "Price per GPU-hour", "the quote's price; when missing, the market reference for its GPU (at this end of its range)", always(func(c *qctx) cell {
			if c.q.RatePerGPUHour.Known {
				return fm(c.in(qRate), number)
			}
			return fm(at(c.rateName, c.sc), number)
		})},
		{"rate_cur", "Price currency", "", always(func(c *qctx) cell { return val(c.rateCurrency(), plain) })},
		{"rate_fx", "FX rate of the price currency", "1 when it is the evaluation currency", always(func(c *qctx) cell { return c.fxCell(c.rateCurrency()) })},
		{"busy", "Busy GPU-hours", "utilisation × GPUs × 730 h", always(func(c *qctx) cell {
			return fm(c.r("util")+"*"+c.r("gpus")+"*730", number)
		})},
		{"burst", "Burst GPU-hours", "", always(func(c *qctx) cell { return fm(nBurst, number) })},
		{"burst_main", "Burst GPU-hours at the quote's rate", "pay-as-you-go capacity: all of them; capacity paid whether used or not: none", always(func(c *qctx) cell {
			return fm("IF("+c.r("committed")+"=1,0,"+c.r("burst")+")", number)
		})},
		{"burst_apart", "Burst GPU-hours beyond capacity paid whether used or not", "billed at the on-demand rate below", always(func(c *qctx) cell {
			return fm("IF("+c.r("committed")+"=1,"+c.r("burst")+",0)", number)
		})},
		{"bu_price", "On-demand price per GPU-hour for burst", "the quote's on-demand price; when missing, the market rate for its GPU (at this end of its range); with no market rate, the quote's own price", always(func(c *qctx) cell {
			switch {
			case c.q.OnDemandRate.Known:
				return fm(c.in(qOnDemand), number)
			case c.burstMarket:
				return fm(at(c.rateName, c.sc), number)
			}
			return fm(c.r("rate"), number)
		})},
		{"bu_cur", "On-demand price currency", "", always(func(c *qctx) cell { return val(c.currency("bu"), plain) })},
		{"bu_fx", "FX rate of the on-demand price currency", "", always(func(c *qctx) cell {
			if _, ok := c.a.FX[c.currency("bu")]; !ok && c.currency("bu") != c.a.Currency {
				return val(0.0, number) // no rate: tco then never prices burst apart
			}
			return c.fxCell(c.currency("bu"))
		})},
		{"retry", "Retry waste share W", "checkpoint write / interval + nodes × restarts per node-day / 24 × (interval / 2 + restart), at most 90 %; none for a model API (cost reference §6.9)", always(retryShare)},
		{"unit_fb", "Billing unit if the quote does not state it (h)", "the billing-unit rule at this end of its range", func(c *qctx) (cell, bool) {
			if c.q.BillingUnit.Known || c.model(tco.ModelAPI) {
				return cell{}, false
			}
			return fm(at(nUnitFallback, c.sc), number), true
		}},
		{"unit", "Billing unit for job rounding (h; 0 = not rounded)", "only pay-as-you-go capacity rounds jobs; a model API bills per request", always(func(c *qctx) cell {
			if c.model(tco.ModelAPI) {
				return val(0.0, number)
			}
			src := c.r("unit_fb")
			if c.q.BillingUnit.Known {
				src = c.in(qUnitHours)
			}
			return fm("IF("+c.r("committed")+"=1,0,"+src+")", number)
		})},
		{"excess", "Rounding per job (h)", "CEILING(job length / unit − 1e-9) × unit − job length; the 1e-9 keeps 0.25 h per minute at 15 minutes", always(func(c *qctx) cell {
			u := c.r("unit")
			return fm("IF(AND("+u+">0,"+nMeanJob+">0),CEILING("+nMeanJob+"/"+u+"-0.000000001,1)*"+u+"-"+nMeanJob+",0)", number)
		})},
		{"idle", "Idle GPU-hours paid", "paid whether used or not: (1 − utilisation) × GPUs × 730 h; else jobs × GPUs × rounding per job", always(func(c *qctx) cell {
			return fm("IF("+c.r("committed")+"=1,(1-"+c.r("util")+")*"+c.r("gpus")+"*730,"+nJobs+"*"+c.r("gpus")+"*"+c.r("excess")+")", number)
		})},
	}
	steps := []struct{ label, add string }{
		{"useful baseline", "busy × (1 − W)"},
		{"+ useful burst", "+ burst × (1 − W)"},
		{"+ retry waste", "+ (busy + burst) × W"},
		{"+ idle", "+ idle"},
	}
	for i, s := range steps {
		k := strconv.Itoa(i + 1)
		rows = append(rows, blockRow{"cum" + k, "GPU-hours billed, running total: " + s.label, s.add, always(cumulative(i))})
	}
	for i, s := range steps {
		k := strconv.Itoa(i + 1)
		rows = append(rows, moneyRows(a, "bill"+k, "Compute bill to "+s.label, "rate_fx", (*qctx).rateCurrency, func(c *qctx) string {
			return c.r("cum"+k) + "*" + c.r("rate") + "*" + scaleText(c.rateCurrency())
		})...)
	}
	// Burst beyond a reservation is a second bill at the on-demand rate,
	// split into useful burst and its retry waste the same way.
	rows = append(rows,
		blockRow{"bcum1", "Burst GPU-hours beyond the reservation: useful", "burst apart × (1 − W)", always(func(c *qctx) cell {
			return fm(c.r("burst_apart")+"*(1-"+c.r("retry")+")", number)
		})},
		blockRow{"bcum2", "Burst GPU-hours beyond the reservation: + retry waste", "+ burst apart × W", always(func(c *qctx) cell {
			return fm(c.r("bcum1")+"+"+c.r("burst_apart")+"*"+c.r("retry"), number)
		})},
	)
	for _, k := range []string{"1", "2"} {
		rows = append(rows, moneyRows(a, "bb"+k, "Burst bill at the on-demand rate, step "+k, "bu_fx", curOf("bu"), func(c *qctx) string {
			return c.r("bcum"+k) + "*" + c.r("bu_price") + "*" + scaleText(c.currency("bu"))
		})...)
	}
	return append(rows, blockRow{"bill_e", "Compute bill (" + amountUnit(a.Currency) + ")", "the bill at the quote's rate + the burst bill", always(func(c *qctx) cell {
		return fm(c.r("bill4_e")+"+"+c.r("bb2_e"), minor)
	})})
}

// rateCurrency is the currency of the price behind the compute lines.
func (c *qctx) rateCurrency() string {
	if c.q.RatePerGPUHour.Known {
		return c.q.Currency
	}
	return c.a.MarketRatePerGPUHour[c.rateKey].Currency
}

// termFallback writes the commitment rule only where tco cannot tell.
func termFallback(c *qctx) (cell, bool) {
	if c.q.MinTermMonths.Known || !c.model(tco.SingleNode, tco.ManagedCluster) {
		return cell{}, false
	}
	return fm(at(nTermFallback, c.sc), number), true
}

// committed follows tco's prepare: the rental model, then month or block
// billing, then a stated minimum term, then (single node, managed) the
// fallback rule. Which terms were stated is fixed by the quote; the values
// stay live.
func committed(c *qctx) cell {
	if c.model(tco.Reserved, tco.Buy) {
		return val(1.0, number)
	}
	var conds []string
	if c.q.BillingUnit.Known {
		u := c.in(qUnit)
		conds = append(conds, u+`="month"`, u+`="block"`)
	}
	if c.q.MinTermMonths.Known {
		conds = append(conds, c.in(qMinTerm)+">0")
	}
	otherwise := "0"
	if _, ok := termFallback(c); ok {
		otherwise = c.r("term_fb")
	}
	if len(conds) == 0 {
		if otherwise == "0" {
			return val(0.0, number)
		}
		return fm(otherwise, number)
	}
	f := "IF(OR("
	for i, s := range conds {
		if i > 0 {
			f += ","
		}
		f += s
	}
	return fm(f+"),1,"+otherwise+")", number)
}

// retryShare is tco's retryAt at the expected restart rate.
func retryShare(c *qctx) cell {
	if c.model(tco.ModelAPI) {
		return val(0.0, share)
	}
	rate := nFailures
	if c.model(tco.Marketplace) {
		rate = nPreemptions
	}
	return fm("MIN("+nWrite+"/"+nInterval+"+"+c.r("nodes")+"*"+rate+"/24*("+nInterval+"/2+"+nRestart+"),0.9)", share)
}

// cumulative is the running total of billed GPU-hours after step i, each
// term written in the order tco multiplies it.
func cumulative(i int) func(c *qctx) cell {
	return func(c *qctx) cell {
		w := c.r("retry")
		switch i {
		case 0:
			return fm(c.r("busy")+"*(1-"+w+")", number)
		case 1:
			return fm(c.r("cum1")+"+"+c.r("burst_main")+"*(1-"+w+")", number)
		case 2:
			return fm(c.r("cum2")+"+("+c.r("busy")+"+"+c.r("burst_main")+")*"+w, number)
		}
		return fm(c.r("cum3")+"+"+c.r("idle"), number)
	}
}
