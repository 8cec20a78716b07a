package sheet

import (
	"strconv"

	"github.com/gpuquote/gpuquote/internal/tco"
)

// lineRow maps each of tco's nine lines, in LineKeys order, to the row of
// workings holding its amount in evaluation minor units.
var lineRow = map[string]string{
	tco.LineCommittedCompute: "l_committed",
	tco.LineBurstCompute:     "l_burst",
	tco.LineStorage:          "st_e",
	tco.LineSnapshots:        "sn_e",
	tco.LineEgress:           "eg_e",
	tco.LineSupport:          "sp_e",
	tco.LineIdleWaste:        "l_idle",
	tco.LineRetryWaste:       "l_retry",
	tco.LineEngineering:      "en_e",
}

// otherLineRows are the four compute lines, taken as differences of the
// rounded running totals, and the five lines priced on their own.
func otherLineRows(a *tco.Assumptions) []blockRow {
	diff := func(key, label, hi, lo string) blockRow {
		return blockRow{key, label + " (" + amountUnit(a.Currency) + ")", "", always(func(c *qctx) cell {
			if lo == "" {
				return fm(c.r(hi), minor)
			}
			return fm(c.r(hi)+"-"+c.r(lo), minor)
		})}
	}
	rows := []blockRow{
		diff("l_committed", "Committed compute", "bill1_e", ""),
		{"l_burst", "Burst compute (" + amountUnit(a.Currency) + ")", "at the quote's rate, plus the burst bill at the on-demand rate", always(func(c *qctx) cell {
			return fm(c.r("bill2_e")+"-"+c.r("bill1_e")+"+"+c.r("bb1_e"), minor)
		})},
		{"l_retry", "Retry waste (" + amountUnit(a.Currency) + ")", "of both bills", always(func(c *qctx) cell {
			return fm(c.r("bill3_e")+"-"+c.r("bill2_e")+"+"+c.r("bb2_e")+"-"+c.r("bb1_e"), minor)
		})},
		diff("l_idle", "Idle waste", "bill4_e", "bill3_e"),
	}
	rows = append(rows, priceRows("st", "Storage price per TB-month", "the quote's price; when missing, the market reference at this end of its range",
		func(c *qctx) bool { return c.q.StoragePerTBMonth.Known }, qStorage, nStorage, a.MarketStoragePerTBMonth.Currency)...)
	rows = append(rows, moneyRows(a, "st", "Persistent storage", "st_fx", curOf("st"), func(c *qctx) string {
		return nStoredTB + "*" + c.r("st_price") + "*" + scaleText(c.currency("st"))
	})...)
	rows = append(rows, moneyRows(a, "sn", "Snapshots (at the storage price)", "st_fx", curOf("st"), func(c *qctx) string {
		return nSnapshotTB + "*" + c.r("st_price") + "*" + scaleText(c.currency("st"))
	})...)
	rows = append(rows, priceRows("eg", "Egress price per GB", "the quote's price; when missing, the market reference at this end of its range",
		func(c *qctx) bool { return c.q.EgressPerGB.Known }, qEgress, nEgress, a.MarketEgressPerGB.Currency)...)
	rows = append(rows, moneyRows(a, "eg", "Network egress (TB × 1,000 GB)", "eg_fx", curOf("eg"), func(c *qctx) string {
		return nEgressTB + "*1000*" + c.r("eg_price") + "*" + scaleText(c.currency("eg"))
	})...)
	rows = append(rows, supportRows(a)...)
	rows = append(rows,
		blockRow{"en_h", "Engineering hours per month", "the evaluation default for the rental model", always(func(c *qctx) cell {
			return fm(engHoursName(c.q.RentalModel), number)
		})},
		blockRow{"en_rate", "Engineering rate", "", always(func(c *qctx) cell { return fm(nEngRate, number) })},
		blockRow{"en_cur", "Engineering rate currency", "", always(func(c *qctx) cell { return val(c.currency("en"), plain) })},
		blockRow{"en_fx", "FX rate of that currency", "", always(func(c *qctx) cell { return c.fxCell(c.currency("en")) })},
	)
	return append(rows, moneyRows(a, "en", "Engineering overhead", "en_fx", curOf("en"), func(c *qctx) string {
		return c.r("en_h") + "*" + c.r("en_rate") + "*" + scaleText(c.currency("en"))
	})...)
}

// priceRows are a price and its currency and FX rate: the quote's stated
// term, or the market reference (at this block's end of its range).
func priceRows(p, label, how string, known func(c *qctx) bool, input, market, marketCur string) []blockRow {
	return []blockRow{
		{p + "_price", label, how, always(func(c *qctx) cell {
			if known(c) {
				return fm(c.in(input), number)
			}
			return fm(at(market, c.sc), number)
		})},
		{p + "_cur", "Price currency", "", always(func(c *qctx) cell { return val(c.currency(p), plain) })},
		{p + "_fx", "FX rate of the price currency", "", always(func(c *qctx) cell { return c.fxCell(c.currency(p)) })},
	}
}

// supportRows price support as tco does: the vendor's stated monthly
// amount; else, at the estimate, the market's tiered plan applied to the
// compute bill already converted to the evaluation currency (bill_e), and
// at the ends of the range a flat share of it, in major units rounded again.
func supportRows(a *tco.Assumptions) []blockRow {
	sE := scaleText(a.Currency)
	rows := []blockRow{
		{"sp_in", "Support: stated per month, or the market's price of the compute bill",
			"unstated: the tiered support plan on the Assumptions sheet for the estimate, a flat share at the ends of the range", always(func(c *qctx) cell {
				if c.q.SupportPerMonth.Known {
					return fm(c.in(qSupport), number)
				}
				if c.sc == estimate && len(a.MarketSupport.Tiers) > 0 {
					return val(a.MarketSupport.Name+" tiers (Support_minimum, Support_tier…)", status)
				}
				return fm(at(nSupportShare, c.sc), share)
			})},
		{"sp_cur", "Support currency", "", always(func(c *qctx) cell { return val(c.currency("sp"), plain) })},
		{"sp_fx", "FX rate of that currency", "", always(func(c *qctx) cell { return c.fxCell(c.currency("sp")) })},
	}
	tiered := func(c *qctx) bool { return c.sc == estimate && len(a.MarketSupport.Tiers) > 0 }
	rows = append(rows, blockRow{"sp_pfx", "FX rate of the support plan's currency", "", func(c *qctx) (cell, bool) {
		if c.q.SupportPerMonth.Known || !tiered(c) {
			return cell{}, false
		}
		return c.fxCell(a.MarketSupport.Currency), true
	}})
	return append(rows, moneyRows(a, "sp", "Support", "sp_fx", curOf("sp"), func(c *qctx) string {
		if c.q.SupportPerMonth.Known {
			return c.r("sp_in") + "*" + scaleText(c.currency("sp"))
		}
		bill := "(" + c.r("bill_e") + "/" + sE + ")"
		if tiered(c) {
			return supportPlanFormula(a.MarketSupport, bill, c.r("sp_pfx")) + "*" + sE
		}
		return c.r("sp_in") + "*" + bill + "*" + sE
	})...)
}

// currency is the currency of the price behind a line prefix.
func (c *qctx) currency(p string) string {
	switch p {
	case "st":
		if c.q.StoragePerTBMonth.Known {
			return c.q.Currency
		}
		return c.a.MarketStoragePerTBMonth.Currency
	case "eg":
		if c.q.EgressPerGB.Known {
			return c.q.Currency
		}
		return c.a.MarketEgressPerGB.Currency
	case "sp":
		if c.q.SupportPerMonth.Known {
			return c.q.Currency
		}
		return c.a.Currency
	case "en":
		return c.a.EngineeringRate.Currency
	case "bu":
		switch {
		case c.q.OnDemandRate.Known:
			return c.q.Currency
		case c.burstMarket:
			return c.a.MarketRatePerGPUHour[c.rateKey].Currency
		}
	}
	return c.rateCurrency()
}

func curOf(p string) func(c *qctx) string { return func(c *qctx) string { return c.currency(p) } }

// totalRows are the TCO and cost per useful unit.
func totalRows(a *tco.Assumptions) []blockRow {
	return []blockRow{
		{"tco", "Monthly TCO (" + amountUnit(a.Currency) + ")", "sum of the nine rounded lines", always(func(c *qctx) cell {
			f := "SUM("
			for i, k := range tco.LineKeys() {
				if i > 0 {
					f += ","
				}
				f += c.r(lineRow[k])
			}
			return fm(f+")", minor)
		})},
		{"useful", "Useful GPU-hours", "(busy + burst) × (1 − W)", always(func(c *qctx) cell {
			return fm("("+c.r("busy")+"+"+c.r("burst")+")*(1-"+c.r("retry")+")", number)
		})},
		{"units", "Accepted units per month", "useful GPU-hours × relative throughput / GPU-hours per unit", always(func(c *qctx) cell {
			speed := c.in(qSpeed)
			if c.sc == highEnd {
				speed = c.in(qSpeedLow) // an unknown fabric's slow end
			}
			return fm(c.r("useful")+"*"+speed+"/"+nGPUhPerUnit, number)
		})},
	}
}

// contractRows are the commitment: what the term, minimum spend and
// upfront payment make owed, and its monthly equivalent.
func contractRows(a *tco.Assumptions) []blockRow {
	paid := func(t tco.Term[float64]) bool { return t.Known && t.Value > 0 }
	rows := []blockRow{
		{"term", "Term (months)", "the stated minimum term; else the brief's term (planning horizon)", always(func(c *qctx) cell {
			if q := c.q; q.MinTermMonths.Known && q.MinTermMonths.Value > 0 {
				return fm(c.in(qMinTerm), number)
			}
			return fm("MIN(MAX(1,"+nHorizon+"),"+strconv.Itoa(tco.MaxTermMonths)+")", number)
		})},
		{"q_cur", "Quote currency", "", always(func(c *qctx) cell { return val(c.q.Currency, plain) })},
		{"q_fx", "FX rate of the quote currency", "", always(func(c *qctx) cell {
			if _, ok := c.a.FX[c.q.Currency]; !ok && c.q.Currency != c.a.Currency {
				// No rate: possible only when no price of the quote is in
				// its currency, so nothing here is converted with it.
				return val(0.0, number)
			}
			return c.fxCell(c.q.Currency)
		})},
	}
	quoteCur := func(c *qctx) string { return c.q.Currency }
	amount := func(input string, t func(q tco.Quote) tco.Term[float64]) func(c *qctx) string {
		return func(c *qctx) string {
			if !paid(t(*c.q)) {
				return "0"
			}
			return c.in(input) + "*" + scaleText(c.q.Currency)
		}
	}
	rows = append(rows, moneyRows(a, "ms", "Minimum spend", "q_fx", quoteCur, amount(qMinSpend, func(q tco.Quote) tco.Term[float64] { return q.MinSpend }))...)
	rows = append(rows, moneyRows(a, "up", "Upfront payment", "q_fx", quoteCur, amount(qUpfront, func(q tco.Quote) tco.Term[float64] { return q.Upfront }))...)
	cur := " (" + amountUnit(a.Currency) + ")"
	return append(rows,
		blockRow{"usage", "Usage over the term" + cur, "monthly TCO × term", always(func(c *qctx) cell {
			return fm(c.r("tco")+"*"+c.r("term"), minor)
		})},
		blockRow{"shortfall", "Minimum-spend shortfall" + cur, "MAX(0, minimum spend − usage over the term)", always(func(c *qctx) cell {
			return fm("MAX(0,"+c.r("ms_e")+"-"+c.r("usage")+")", minor)
		})},
		blockRow{"contract", "Contract value over the term" + cur, "MAX(usage, minimum spend) + upfront", always(func(c *qctx) cell {
			return fm("MAX("+c.r("usage")+","+c.r("ms_e")+")+"+c.r("up_e"), minor)
		})},
		blockRow{"monthly", "Monthly equivalent" + cur, "contract value / term, rounded half away from zero; the monthly TCO when nothing is committed", always(func(c *qctx) cell {
			return fm("IF("+c.r("shortfall")+"+"+c.r("up_e")+">0,"+roundHalfAway(c.r("contract")+"/"+c.r("term"))+","+c.r("tco")+")", minor)
		})},
		blockRow{"cpu_u", "Cost per unit, unrounded" + cur, "monthly equivalent / units", always(func(c *qctx) cell {
			return fm(c.r("monthly")+"/"+c.r("units"), number)
		})},
		blockRow{"cpu_e", "Cost per unit" + cur, "rounded half away from zero", always(func(c *qctx) cell {
			return fm(roundHalfAway(c.r("cpu_u")), minor)
		})},
	)
}
