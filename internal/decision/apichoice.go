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
	key := "decision.reason.api_cheaper.measured"
	if api.Basis == BasisStated {
		key = "decision.reason.api_cheaper.stated"
	}
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
		key := "decision.reason.self_hosting_cheaper.measured"
		if api.Basis == BasisStated {
			key = "decision.reason.self_hosting_cheaper.stated"
		}
		d.reason(d.apiCostStatement(key))
		d.change(d.apiPriceChange("decision.change.api_price_falls"))
	}
}
