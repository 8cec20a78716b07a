package evaluation

import (
	"context"
	"regexp"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/gpu"
	"github.com/gpuquote/gpuquote/internal/market"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
)

// ReferenceData is what the admin's reference page shows in force: the
// exchange rates, the capital costs, the market price file, and the two
// approval switches.
type ReferenceData struct {
	Rates                   []store.FXRate
	Capital                 []store.CapitalCost
	Prices                  market.Reference
	AllowSelfApproval       bool
	AwardRequiresAcceptance bool
}

// Reference reads the reference data in force.
func (s *Service) Reference(ctx context.Context) (ReferenceData, error) {
	var d ReferenceData
	var err error
	if d.Rates, err = s.store.FXRates(ctx); err != nil {
		return d, err
	}
	if d.Capital, err = s.store.CapitalCosts(ctx); err != nil {
		return d, err
	}
	if d.Prices, err = s.PriceReference(ctx); err != nil {
		return d, err
	}
	allow, err := s.store.Setting(ctx, store.SettingAllowSelfApproval)
	if err != nil {
		return d, err
	}
	rule, err := s.store.Setting(ctx, store.SettingAwardRequiresAcceptance)
	if err != nil {
		return d, err
	}
	d.AllowSelfApproval, d.AwardRequiresAcceptance = allow == "yes", rule == "yes"
	return d, nil
}

// CapitalInput is one GPU model's capital cost as an admin gives it: the
// model, USD per GPU as canonical decimal text, the figure's source and
// its date (a year and month, or a day).
type CapitalInput struct {
	GPU, USD, Source, Date string
}

// capitalDate is a figure's date: a year and month, or a day.
var capitalDate = regexp.MustCompile(`^\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?$`)

// SetCapitalCost sets one GPU model's capital cost in USD with its
// source and date, as the buy analysis reads it. Refused input is
// FieldErrors (capital_gpu, capital_usd, capital_source, capital_date, each
// a message key) and stores nothing.
func (s *Service) SetCapitalCost(ctx context.Context, by audit.Actor, in CapitalInput) error {
	errs := FieldErrors{}
	if in.GPU == "" || len(in.GPU) > 60 {
		errs["capital_gpu"] = "reference.error.capital_gpu"
	}
	usd, err := quote.ParseDecimal(in.USD)
	// numeric(14,2): twelve digits before the point; no GPU costs more.
	if err != nil || usd.Cmp(quote.DecimalFromInt(0)) <= 0 || usd.Cmp(quote.DecimalFromInt(1_000_000_000_000)) >= 0 {
		errs["capital_usd"] = "reference.error.capital_usd"
	}
	if in.Source == "" || len(in.Source) > 1000 {
		errs["capital_source"] = "reference.error.capital_source"
	}
	if !capitalDate.MatchString(in.Date) {
		errs["capital_date"] = "reference.error.capital_date"
	}
	if len(errs) > 0 {
		return errs
	}
	return s.store.SetCapitalCost(ctx, by, store.CapitalCost{GPUModel: gpu.RateModel(in.GPU), USDPerGPU: usd.String(), Source: in.Source, SourceDate: in.Date})
}
