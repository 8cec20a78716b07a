package decision

import "errors"

// analysis holds every figure computed before deciding, so the decision
// reads as rules over facts rather than arithmetic.
type analysis struct {
	quotes []Quote
	rates  Rates
	fleet  int
	opex   float64 // owned opex per GPU-month, unrounded
	beRes  *BreakEven
	beOD   *BreakEven
	// beBuy is the break-even against the cheaper rental alternative at
	// this utilisation: a purchase has to beat the best way of renting.
	beBuy *BreakEven
	api   *ModelAPIComparison
	blend *Blend
	// uStar is the utilisation above which a reservation costs less per
	// useful GPU-hour than on demand (reserved rate / on-demand rate);
	// zero when either rate is unknown.
	uStar float64
	notes []Statement
}

func analyse(in Input) analysis {
	var a analysis
	a.quotes, a.notes = usableQuotes(in)
	m := in.Market
	a.rates = Rates{
		OnDemand: pickRate(a.quotes, capOnDemand, m.OnDemand, m.Currency, in.Currency),
		Reserved: pickRate(a.quotes, capReserved, m.Reserved, m.Currency, in.Currency),
		Spot:     pickRate(a.quotes, capSpot, m.Spot, m.Currency, in.Currency),
	}
	for _, r := range []struct {
		kind string
		key  string
		rate *Rate
	}{
		{"on_demand", "decision.note.market_rate_used.on_demand", a.rates.OnDemand},
		{"reserved", "decision.note.market_rate_used.reserved", a.rates.Reserved},
		{"spot", "decision.note.market_rate_used.spot", a.rates.Spot},
	} {
		if r.rate != nil && r.rate.QuoteID == 0 {
			source := r.rate.Source
			switch {
			case source == "":
				source = r.rate.Date
			case r.rate.Date != "":
				source += ", " + r.rate.Date
			}
			if source == "" {
				source = "—" // a fact is never empty
			}
			a.notes = append(a.notes, st(r.key,
				wordFact("RateKind", r.kind), rateFact("MarketRate", in.Currency, r.rate.PerGPUHour),
				currencyFact(in.Currency), wordFact("RateSource", source)))
		}
	}
	od, res := a.rates.OnDemand, a.rates.Reserved
	if od != nil && res != nil {
		a.uStar = res.PerGPUHour / od.PerGPUHour
	}
	a.breakEvens(in)
	a.modelAPI(in)
	a.priceBlend(in)
	return a
}

func (a *analysis) breakEvens(in Input) {
	buy := in.Buy
	a.fleet = buy.FleetGPUs
	if a.fleet == 0 {
		a.fleet = in.Brief.GPUs
	}
	buy.FleetGPUs = a.fleet
	if buy.OpsStaffPerYear.Value > 0 && a.fleet == 0 {
		a.notes = append(a.notes, st("decision.note.fleet_unknown",
			intFact("GPUs", 0), moneyFact("OpsStaffPerYear", in.Currency, buy.OpsStaffPerYear.Value), currencyFact(in.Currency)))
		return
	}
	a.opex = buy.OpexPerGPUMonth()
	capex := buy.PurchasePerGPU.Value
	if capex <= 0 {
		gpuName := buy.GPUModel
		if gpuName == "" {
			gpuName = "—"
		}
		a.notes = append(a.notes, st("decision.note.capital_cost_unknown", wordFact("GPU", gpuName)))
		return
	}
	if r := a.rates.Reserved; r != nil {
		b := BreakEvenVsReserved(in.Currency, capex, a.opex, r.PerGPUHour)
		a.beRes = &b
	}
	if r, u := a.rates.OnDemand, in.Brief.BaselineUtilization; r != nil && u > 0 {
		b := BreakEvenVsOnDemand(in.Currency, capex, a.opex, r.PerGPUHour, u)
		a.beOD = &b
	}
	// The cheaper rental avoids less rent per month, so its break-even is
	// the later one (or never).
	a.beBuy = a.beRes
	if a.beBuy == nil || (a.beOD != nil && a.beOD.RentPerGPUMonth < a.beBuy.RentPerGPUMonth) {
		a.beBuy = a.beOD
	}
}

// modelAPI prices self-hosting at the cheapest known rental rate, which
// favours self-hosting: the API has to beat the best case to be recommended.
func (a *analysis) modelAPI(in Input) {
	if !in.Brief.Workload.servesModelOutputs() {
		return
	}
	var selfRate float64
	for _, r := range []*Rate{a.rates.Reserved, a.rates.OnDemand} {
		if r != nil && (selfRate == 0 || r.PerGPUHour < selfRate) {
			selfRate = r.PerGPUHour
		}
	}
	f := in.ModelAPI
	if w := f.Worksheet; w != nil {
		c, err := CompareWithWorksheet(in.Currency, f.Prices, f.InputTokensPerMonth, f.OutputTokensPerMonth, *w)
		if err == nil {
			a.api = &c
			return
		}
		if errors.Is(err, ErrNoVolume) {
			a.notes = append(a.notes, st("decision.note.model_api_not_compared.no_volume", wordFact("ModelAPIMissing", "output_tokens_per_month")))
			return
		}
	}
	util := in.Brief.BaselineUtilization
	// With priced quotes, self-hosting costs what the worksheet says: the
	// cheapest quote's every cost line per useful GPU-hour (utilisation
	// is then already in the rate).
	var best *Quote
	for i, q := range in.Quotes {
		if c := capacityOf(q.RentalModel); q.UsefulGPUHourCost > 0 && c != capModelAPI && (best == nil || q.UsefulGPUHourCost < best.UsefulGPUHourCost) {
			best = &in.Quotes[i]
		}
	}
	if best != nil {
		selfRate, util = best.UsefulGPUHourCost, 1
		a.notes = append(a.notes, st("decision.note.model_api_worksheet", wordFact("QuoteLabel", best.Label),
			rateFact("UsefulRate", in.Currency, best.UsefulGPUHourCost), currencyFact(in.Currency)))
	}
	c, err := CompareModelAPI(ModelAPIInputs{
		Currency:                      in.Currency,
		Prices:                        f.Prices,
		InputTokensPerMonth:           f.InputTokensPerMonth,
		OutputTokensPerMonth:          f.OutputTokensPerMonth,
		MeasuredTokensPerSecondPerGPU: in.Benchmark.MeasuredTokensPerSecondPerGPU,
		StatedTokensPerSecondPerGPU:   f.StatedTokensPerSecondPerGPU,
		StatedThroughputShare:         f.StatedThroughputShare.Value,
		SelfHostedRatePerGPUHour:      selfRate,
		Utilization:                   util,
		SelfHostedOverheadPerMonth:    f.SelfHostedOverheadPerMonth,
	})
	if err == nil {
		a.api = &c
		return
	}
	key, missing := "decision.note.model_api_not_compared.no_rate", "rate_or_utilization"
	switch {
	case errors.Is(err, ErrNoVolume):
		key, missing = "decision.note.model_api_not_compared.no_volume", "output_tokens_per_month"
	case errors.Is(err, ErrNoThroughput):
		key, missing = "decision.note.model_api_not_compared.no_throughput", "throughput"
	}
	a.notes = append(a.notes, st(key, wordFact("ModelAPIMissing", missing)))
}

// priceBlend prices the staged path for the brief's demand: GPUs × 730 h ×
// baseline utilisation useful GPU-hours a month.
func (a *analysis) priceBlend(in Input) {
	hours := float64(in.Brief.GPUs) * HoursPerMonth * in.Brief.BaselineUtilization
	if hours <= 0 {
		return
	}
	val := func(r *Rate) float64 {
		if r == nil {
			return 0
		}
		return r.PerGPUHour
	}
	// One note per tier that has a share but no rate: each says which
	// price to ask for.
	unpriced := false
	for _, t := range []struct {
		key   string
		tier  string
		share float64
		rate  *Rate
	}{
		{"decision.note.blend_not_priced.reserved", "reserved", in.Blend.Reserved, a.rates.Reserved},
		{"decision.note.blend_not_priced.on_demand", "on_demand", in.Blend.OnDemand, a.rates.OnDemand},
		{"decision.note.blend_not_priced.spot", "spot", in.Blend.Spot, a.rates.Spot},
	} {
		if t.share > 0 && t.rate == nil {
			unpriced = true
			a.notes = append(a.notes, st(t.key, wordFact("MissingRate", t.tier), percentFact("BlendShare", t.share)))
		}
	}
	if unpriced {
		return
	}
	b, err := BlendCost(BlendInputs{
		Currency:         in.Currency,
		Shares:           in.Blend,
		GPUHoursPerMonth: hours,
		ReservedRate:     val(a.rates.Reserved),
		OnDemandRate:     val(a.rates.OnDemand),
		SpotRate:         val(a.rates.Spot),
		SpotRetryWaste:   in.SpotRetryWaste.Value,
	})
	if err != nil {
		// Input.Validate and the checks above rule this out; a blend is an
		// extra, so a surprise here must not sink the recommendation.
		return
	}
	a.blend = &b
}
