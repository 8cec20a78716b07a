package decision

import (
	"errors"
	"fmt"
)

// ErrNoThroughput means neither a benchmark nor the quote gave a throughput,
// so self-hosting cannot be priced per token.
var ErrNoThroughput = errors.New("decision: no measured or stated throughput")

// ErrNoVolume means the workload's monthly output token volume is unknown,
// so there is nothing to price.
var ErrNoVolume = errors.New("decision: no monthly output token volume")

// ModelAPIPrices is one API's list price per million tokens.
type ModelAPIPrices struct {
	Model            string  `json:"model"`
	Currency         string  `json:"currency"`
	InputPerMTokens  Sourced `json:"input_per_m_tokens"`
	OutputPerMTokens Sourced `json:"output_per_m_tokens"`
}

// ThroughputBasis says where the self-hosted throughput came from.
type ThroughputBasis string

// Throughput bases: a benchmark of this workload, or a figure someone
// stated (a vendor, a published benchmark).
const (
	BasisMeasured ThroughputBasis = "measured"
	BasisStated   ThroughputBasis = "stated"
	// BasisWorksheet prices self-hosting at the worksheet's cost per unit
	// (per million tokens) of its cheapest awardable quote.
	BasisWorksheet ThroughputBasis = "worksheet"
)

// ModelAPIInputs prices one workload both ways. Throughput is output tokens
// per second per GPU; prefill is taken as absorbed in it, as in
// cost-reference.md §4c.
type ModelAPIInputs struct {
	// Currency is that of the self-hosted rate and overhead; it must match
	// Prices.Currency, because this package never converts.
	Currency             string         `json:"currency"`
	Prices               ModelAPIPrices `json:"prices"`
	InputTokensPerMonth  float64        `json:"input_tokens_per_month"`
	OutputTokensPerMonth float64        `json:"output_tokens_per_month"`
	// MeasuredTokensPerSecondPerGPU comes from a benchmark of this workload
	// under its latency target; it is used as is and wins when present.
	MeasuredTokensPerSecondPerGPU float64 `json:"measured_tokens_per_second_per_gpu"`
	// StatedTokensPerSecondPerGPU is a vendor's or published figure; it is
	// scaled by StatedThroughputShare because such figures are usually
	// offline maximum throughput.
	StatedTokensPerSecondPerGPU float64 `json:"stated_tokens_per_second_per_gpu"`
	StatedThroughputShare       float64 `json:"stated_throughput_share"`
	// SelfHostedRatePerGPUHour is the rental rate self-hosting would pay.
	SelfHostedRatePerGPUHour float64 `json:"self_hosted_rate_per_gpu_hour"`
	// Utilization is the share of paid GPU time spent serving.
	Utilization float64 `json:"utilization"`
	// SelfHostedOverheadPerMonth is the operations work an API would remove
	// (on-call, upgrades, the serving stack); it is what can "eat the GPU
	// savings".
	SelfHostedOverheadPerMonth float64 `json:"self_hosted_overhead_per_month"`
}

// ModelAPIComparison is the workload's monthly cost on the API against
// self-hosting it. Money fields are rounded to cents; APICheaper and
// MonthlySaving are decided on unrounded values.
type ModelAPIComparison struct {
	Model    string          `json:"model"`
	Currency string          `json:"currency"`
	Basis    ThroughputBasis `json:"basis"`
	// TokensPerSecondPerGPU is the throughput used, after the stated share.
	TokensPerSecondPerGPU float64 `json:"tokens_per_second_per_gpu"`
	RatePerGPUHour        float64 `json:"rate_per_gpu_hour"`
	Utilization           float64 `json:"utilization"`
	// GPUHoursPerMonth is the paid GPU time self-hosting needs for the
	// volume, rounded to one decimal.
	GPUHoursPerMonth float64 `json:"gpu_hours_per_month"`
	// SelfHostedPerMOutputTokens is rate / (throughput × 3600 × u) × 10⁶,
	// without overhead (cost-reference.md §6.6).
	SelfHostedPerMOutputTokens float64 `json:"self_hosted_per_m_output_tokens"`
	SelfHostedMonthly          float64 `json:"self_hosted_monthly"`
	APIMonthly                 float64 `json:"api_monthly"`
	// APIPerMOutputTokens is the API's monthly cost per million output
	// tokens, input tokens included, so both sides share one unit.
	APIPerMOutputTokens float64 `json:"api_per_m_output_tokens"`
	APICheaper          bool    `json:"api_cheaper"`
	// MonthlySaving is self-hosted minus API per month: positive when the
	// API saves money, negative when self-hosting does.
	MonthlySaving float64 `json:"monthly_saving"`
}

// CompareModelAPI prices the workload on the API and self-hosted. It
// returns ErrNoVolume or ErrNoThroughput when there is nothing to compare,
// and an ErrInvalid error for impossible inputs.
func CompareModelAPI(in ModelAPIInputs) (ModelAPIComparison, error) {
	if in.OutputTokensPerMonth <= 0 {
		return ModelAPIComparison{}, ErrNoVolume
	}
	basis, tps := BasisMeasured, in.MeasuredTokensPerSecondPerGPU
	if tps <= 0 {
		basis, tps = BasisStated, in.StatedTokensPerSecondPerGPU*in.StatedThroughputShare
	}
	if tps <= 0 {
		return ModelAPIComparison{}, ErrNoThroughput
	}
	switch {
	case in.Currency != in.Prices.Currency:
		return ModelAPIComparison{}, fmt.Errorf("%w: API prices in %q, self-hosted costs in %q", ErrInvalid, in.Prices.Currency, in.Currency)
	case in.SelfHostedRatePerGPUHour <= 0:
		return ModelAPIComparison{}, fmt.Errorf("%w: self-hosted rate must be positive", ErrInvalid)
	case in.Utilization <= 0 || in.Utilization > 1:
		return ModelAPIComparison{}, fmt.Errorf("%w: utilisation %v outside (0, 1]", ErrInvalid, in.Utilization)
	case in.InputTokensPerMonth < 0 || in.Prices.InputPerMTokens.Value < 0 || in.Prices.OutputPerMTokens.Value < 0 || in.SelfHostedOverheadPerMonth < 0:
		return ModelAPIComparison{}, fmt.Errorf("%w: negative volume, price or overhead", ErrInvalid)
	}
	outM := in.OutputTokensPerMonth / 1e6
	gpuHours := in.OutputTokensPerMonth / (tps * 3600 * in.Utilization)
	perM := in.SelfHostedRatePerGPUHour / (tps * 3600 * in.Utilization) * 1e6
	self := perM*outM + in.SelfHostedOverheadPerMonth
	api := in.InputTokensPerMonth/1e6*in.Prices.InputPerMTokens.Value + outM*in.Prices.OutputPerMTokens.Value
	return ModelAPIComparison{
		Model:                      in.Prices.Model,
		Currency:                   in.Currency,
		Basis:                      basis,
		TokensPerSecondPerGPU:      tps,
		RatePerGPUHour:             in.SelfHostedRatePerGPUHour,
		Utilization:                in.Utilization,
		GPUHoursPerMonth:           tenth(gpuHours),
		SelfHostedPerMOutputTokens: cents(perM),
		SelfHostedMonthly:          cents(self),
		APIMonthly:                 cents(api),
		APIPerMOutputTokens:        cents(api / outM),
		APICheaper:                 api < self,
		MonthlySaving:              cents(self - api),
	}, nil
}

// CompareWithWorksheet compares the API's monthly cost for the workload
// with the worksheet's cheapest awardable self-hosting: the verdict reads
// the API's cost per million output tokens against the worksheet's cost
// per unit, and the saving is the worksheet's monthly TCO minus the API's
// monthly cost, the two figures a reader finds on the worksheet and the
// price list. Overhead is zero here because the worksheet's TCO already
// holds the engineering line.
func CompareWithWorksheet(currency string, prices ModelAPIPrices, inputTokens, outputTokens float64, w WorksheetSelfHosting) (ModelAPIComparison, error) {
	if outputTokens <= 0 {
		return ModelAPIComparison{}, ErrNoVolume
	}
	switch {
	case currency != prices.Currency:
		return ModelAPIComparison{}, fmt.Errorf("%w: API prices in %q, self-hosted costs in %q", ErrInvalid, prices.Currency, currency)
	case !(w.PerMTokens > 0) || w.Monthly < 0:
		return ModelAPIComparison{}, fmt.Errorf("%w: worksheet cost per unit must be positive", ErrInvalid)
	case inputTokens < 0 || prices.InputPerMTokens.Value < 0 || prices.OutputPerMTokens.Value < 0:
		return ModelAPIComparison{}, fmt.Errorf("%w: negative volume or price", ErrInvalid)
	}
	outM := outputTokens / 1e6
	api := inputTokens/1e6*prices.InputPerMTokens.Value + outM*prices.OutputPerMTokens.Value
	apiPerM := api / outM
	return ModelAPIComparison{
		Model:                      prices.Model,
		Currency:                   currency,
		Basis:                      BasisWorksheet,
		Utilization:                1,
		SelfHostedPerMOutputTokens: cents(w.PerMTokens),
		SelfHostedMonthly:          cents(w.Monthly),
		APIMonthly:                 cents(api),
		APIPerMOutputTokens:        cents(apiPerM),
		APICheaper:                 apiPerM < w.PerMTokens,
		MonthlySaving:              cents(w.Monthly - api),
	}, nil
}
