package decision

import "math"

// modelAPIWins answers "model API" when the workload needs outputs, not
// hardware, and the API beats the best self-hosted case; PRODUCT.md asks to
// compare by cost per accepted result, here per million output tokens.
func (d *decider) modelAPIWins() bool {
	api, b := d.a.api, d.in.Brief
	if api == nil || b.needsControl() || !api.APICheaper {
		return false
	}
	d.r.Option = OptionModelAPI
	d.r.Summary = st("decision.rec.model_api", wordFact("Model", api.Model))
	d.reason(st("decision.reason.no_hardware_control",
		wordFact("Workload", string(b.Workload)), boolFact("NeedsCustomWeights", false),
		boolFact("NeedsKernelControl", false), boolFact("NeedsFixedPlacement", false)))
	key := map[ThroughputBasis]string{BasisMeasured: "decision.reason.api_cheaper.measured",
		BasisStated: "decision.reason.api_cheaper.stated", BasisWorksheet: "decision.reason.api_cheaper.worksheet"}[api.Basis]
	d.reason(d.apiCostStatement(key))
	d.change(d.apiPriceChange("decision.change.api_price_rises"))
	d.change(st("decision.change.control_needed",
		boolFact("NeedsCustomWeights", false), boolFact("NeedsKernelControl", false), boolFact("NeedsFixedPlacement", false)))
	if api.Basis == BasisStated {
		d.change(st("decision.change.measure_throughput",
			wordFact("ThroughputBasis", string(api.Basis)), tokensPerSecondFact(api.TokensPerSecondPerGPU),
			percentFact("StatedThroughputShare", d.in.ModelAPI.StatedThroughputShare.Value)))
	}
	return true
}

// tokensPerSecondFact is a throughput per GPU, to the whole token.
func tokensPerSecondFact(v float64) Fact {
	return Fact{Name: "TokensPerSecondPerGPU", Value: num(math.Round(v)), Unit: "tokens/s"}
}

// apiCostStatement puts both monthly costs and their basis in one sentence,
// so a reader can check the comparison without opening the worksheet. The
// operations overhead is always stated, even at zero: it is what can eat
// the GPU savings.
func (d *decider) apiCostStatement(key string) Statement {
	api, cur, f := d.a.api, d.in.Currency, d.in.ModelAPI
	if w := f.Worksheet; api.Basis == BasisWorksheet && w != nil {
		// The worksheet's TCO holds every cost line: the text names the
		// engineering line inside it instead of a separate overhead.
		return st(key,
			mTokensFact("InputMTokensPerMonth", f.InputTokensPerMonth),
			mTokensFact("OutputMTokensPerMonth", f.OutputTokensPerMonth),
			moneyFact("APIMonthly", cur, api.APIMonthly),
			moneyFact("APIPerMOutputTokens", cur, api.APIPerMOutputTokens),
			wordFact("QuoteLabel", w.Label),
			moneyFact("SelfHostedPerMOutputTokens", cur, api.SelfHostedPerMOutputTokens),
			moneyFact("SelfHostedMonthly", cur, api.SelfHostedMonthly),
			moneyFact("EngineeringPerMonth", cur, cents(w.EngineeringPerMonth)),
			moneyFact("MonthlyDifference", cur, math.Abs(api.MonthlySaving)),
			currencyFact(cur))
	}
	return st(key,
		mTokensFact("InputMTokensPerMonth", f.InputTokensPerMonth),
		mTokensFact("OutputMTokensPerMonth", f.OutputTokensPerMonth),
		moneyFact("APIMonthly", cur, api.APIMonthly),
		moneyFact("SelfHostedMonthly", cur, api.SelfHostedMonthly),
		moneyFact("OverheadPerMonth", cur, f.SelfHostedOverheadPerMonth),
		moneyFact("APIPerMOutputTokens", cur, api.APIPerMOutputTokens),
		moneyFact("SelfHostedPerMOutputTokens", cur, api.SelfHostedPerMOutputTokens),
		rateFact("SelfHostedRate", cur, api.RatePerGPUHour),
		percentFact("Utilization", api.Utilization),
		wordFact("ThroughputBasis", string(api.Basis)),
		tokensPerSecondFact(api.TokensPerSecondPerGPU),
		currencyFact(cur))
}

// apiPriceChange states the blended API price per million output tokens
// at which the two sides cost the same.
func (d *decider) apiPriceChange(key string) Statement {
	api, cur := d.a.api, d.in.Currency
	parity := api.SelfHostedMonthly / (d.in.ModelAPI.OutputTokensPerMonth / 1e6)
	if w := d.in.ModelAPI.Worksheet; api.Basis == BasisWorksheet && w != nil {
		parity = w.PerMTokens // the verdict compares per unit
	}
	return st(key,
		moneyFact("ParityPerMOutputTokens", cur, parity),
		moneyFact("APIPerMOutputTokens", cur, api.APIPerMOutputTokens),
		currencyFact(cur))
}

// apiContext says why a model API was not the answer when it was compared.
func (d *decider) apiContext() {
	api, b, cur := d.a.api, d.in.Brief, d.in.Currency
	if api == nil {
		return
	}
	switch {
	case api.APICheaper && b.needsControl():
		d.reason(st("decision.reason.api_cheaper_but_control",
			moneyFact("APIMonthly", cur, api.APIMonthly),
			moneyFact("SelfHostedMonthly", cur, api.SelfHostedMonthly),
			currencyFact(cur),
			boolFact("NeedsCustomWeights", b.NeedsCustomWeights),
			boolFact("NeedsKernelControl", b.NeedsKernelControl),
			boolFact("NeedsFixedPlacement", b.NeedsFixedPlacement)))
	case !api.APICheaper && !b.needsControl():
		key := map[ThroughputBasis]string{BasisMeasured: "decision.reason.self_hosting_cheaper.measured",
			BasisStated: "decision.reason.self_hosting_cheaper.stated", BasisWorksheet: "decision.reason.self_hosting_cheaper.worksheet"}[api.Basis]
		d.reason(d.apiCostStatement(key))
		d.change(d.apiPriceChange("decision.change.api_price_falls"))
	}
}
