package decision

import (
	"fmt"
	"strings"
)

// modelAPIWins answers "model API" when the workload needs outputs, not
// hardware, and the API beats the best self-hosted case; PRODUCT.md asks to
// compare by cost per accepted result, here per million output tokens.
func (d *decider) modelAPIWins() bool {
	api, b := d.a.api, d.in.Brief
	if api == nil || b.needsControl() || !api.APICheaper {
		return false
	}
	d.r.Option = OptionModelAPI
	d.r.Summary = st("rec.model_api", fmt.Sprintf("Use a model API (%s) for this workload instead of running GPUs.", api.Model),
		wordFact("model_api.model", api.Model))
	d.reason(st("reason.no_hardware_control",
		"The brief needs model outputs, not hardware control: no custom weights, no low-level kernel control, no fixed hardware placement.",
		wordFact("brief.workload", string(b.Workload)), boolFact("brief.needs_custom_weights", false),
		boolFact("brief.needs_kernel_control", false), boolFact("brief.needs_fixed_placement", false)))
	d.reason(d.apiCostStatement("reason.api_cheaper", "The API is cheaper. "))
	d.change(d.apiPriceChange("change.api_price_rises", "If the API's price rises above %s per million output tokens (input tokens included), self-hosting becomes cheaper."))
	d.change(st("change.control_needed",
		"If the product comes to need custom weights, kernel control or fixed hardware placement, self-host instead.",
		boolFact("brief.needs_custom_weights", false), boolFact("brief.needs_kernel_control", false), boolFact("brief.needs_fixed_placement", false)))
	if api.Basis == BasisStated {
		d.change(st("change.measure_throughput",
			fmt.Sprintf("The self-hosted cost rests on a stated throughput (%s tokens/s per GPU after the stated-throughput share); a benchmark of this workload may move it.", grouped(api.TokensPerSecondPerGPU, 0)),
			wordFact("model_api.basis", string(api.Basis)), Fact{Name: "model_api.tokens_per_second_per_gpu", Value: num(api.TokensPerSecondPerGPU)}))
	}
	return true
}

// apiCostStatement puts both monthly costs and their basis in one sentence,
// so a reader can check the comparison without opening the worksheet.
func (d *decider) apiCostStatement(key, lead string) Statement {
	api, cur, f := d.a.api, d.in.Currency, d.in.ModelAPI
	overhead := ""
	if f.SelfHostedOverheadPerMonth > 0 {
		overhead = fmt.Sprintf(", plus %s a month of operations overhead", money(cur, f.SelfHostedOverheadPerMonth))
	}
	text := fmt.Sprintf("%sFor %s input and %s output tokens a month the API costs %s a month (%s per million output tokens); self-hosting costs %s a month (%s per million output tokens at %s, %s utilisation and a %s throughput of %s tokens/s per GPU%s).",
		lead, grouped(f.InputTokensPerMonth, 0), grouped(f.OutputTokensPerMonth, 0),
		money(cur, api.APIMonthly), money(cur, api.APIPerMOutputTokens),
		money(cur, api.SelfHostedMonthly), money(cur, api.SelfHostedPerMOutputTokens),
		rate(cur, api.RatePerGPUHour), pct(api.Utilization), api.Basis, grouped(api.TokensPerSecondPerGPU, 0), overhead)
	return st(key, text,
		Fact{Name: "model_api.input_tokens_per_month", Value: num(f.InputTokensPerMonth)},
		Fact{Name: "model_api.output_tokens_per_month", Value: num(f.OutputTokensPerMonth)},
		moneyFact("model_api.api_monthly", cur, api.APIMonthly),
		moneyFact("model_api.self_hosted_monthly", cur, api.SelfHostedMonthly),
		moneyFact("model_api.api_per_m_output_tokens", cur, api.APIPerMOutputTokens),
		moneyFact("model_api.self_hosted_per_m_output_tokens", cur, api.SelfHostedPerMOutputTokens),
		rateFact("model_api.rate", cur, api.RatePerGPUHour),
		shareFact("brief.baseline_utilization", api.Utilization),
		wordFact("model_api.basis", string(api.Basis)),
		Fact{Name: "model_api.tokens_per_second_per_gpu", Value: num(api.TokensPerSecondPerGPU)})
}

// apiPriceChange states the blended API price per million output tokens
// at which the two sides cost the same.
func (d *decider) apiPriceChange(key, format string) Statement {
	api, cur := d.a.api, d.in.Currency
	parity := api.SelfHostedMonthly / (d.in.ModelAPI.OutputTokensPerMonth / 1e6)
	return st(key, fmt.Sprintf(format, money(cur, parity)),
		moneyFact("model_api.parity_per_m_output_tokens", cur, parity),
		moneyFact("model_api.api_per_m_output_tokens", cur, api.APIPerMOutputTokens))
}

// apiContext says why a model API was not the answer when it was compared.
func (d *decider) apiContext() {
	api, b := d.a.api, d.in.Brief
	if api == nil {
		return
	}
	switch {
	case api.APICheaper && b.needsControl():
		var needs []string
		if b.NeedsCustomWeights {
			needs = append(needs, "custom weights")
		}
		if b.NeedsKernelControl {
			needs = append(needs, "low-level kernel control")
		}
		if b.NeedsFixedPlacement {
			needs = append(needs, "fixed hardware placement")
		}
		list := strings.Join(needs, ", ")
		d.reason(st("reason.api_cheaper_but_control",
			fmt.Sprintf("A model API would cost less (%s against %s a month), but the brief needs %s, which an API cannot give.", money(d.in.Currency, api.APIMonthly), money(d.in.Currency, api.SelfHostedMonthly), list),
			moneyFact("model_api.api_monthly", d.in.Currency, api.APIMonthly),
			moneyFact("model_api.self_hosted_monthly", d.in.Currency, api.SelfHostedMonthly),
			wordFact("brief.control_needs", list)))
	case !api.APICheaper && !b.needsControl():
		d.reason(d.apiCostStatement("reason.self_hosting_cheaper", "Self-hosting is cheaper than the model API. "))
		d.change(d.apiPriceChange("change.api_price_falls", "If the model API's price falls below %s per million output tokens (input tokens included), use the API."))
	}
}
