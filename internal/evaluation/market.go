package evaluation

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"sync"

	"github.com/gpuquote/gpuquote/internal/decision"
	"github.com/gpuquote/gpuquote/internal/gpu"
	"github.com/gpuquote/gpuquote/internal/market"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
)

// referenceCache keeps the parsed price reference: parsing ~100 KB of CSV
// per page would dominate its cost. It is keyed by the uploaded file's id
// (0 for the bundled file), so an upload by any app instance is picked up
// on the next request.
type referenceCache struct {
	mu  sync.Mutex
	id  int64
	ref market.Reference
	ok  bool
}

// PriceReference is the market price reference in force: the admin's
// latest upload, or the bundled file.
func (s *Service) PriceReference(ctx context.Context) (market.Reference, error) {
	id, err := s.store.LatestPriceReferenceID(ctx)
	if err != nil {
		return market.Reference{}, err
	}
	return s.referenceFor(ctx, s.store, id)
}

// referenceFor returns the reference whose upload id is latest (0 for the
// bundled file), from the cache when it holds that one.
func (s *Service) referenceFor(ctx context.Context, st *store.Store, id int64) (market.Reference, error) {
	var err error
	c := &s.refs
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ok && c.id == id {
		return c.ref, nil
	}
	var ref market.Reference
	if id == 0 {
		ref, err = market.Bundled()
	} else {
		var up store.PriceReference
		up, err = st.LatestPriceReference(ctx)
		if errors.Is(err, store.ErrNotFound) {
			ref, err = market.Bundled()
		} else if err == nil {
			ref, err = market.Parse(strings.NewReader(up.CSV))
			ref.Source, ref.SourceDate = up.Source, up.SourceDate
		}
	}
	if err != nil {
		return market.Reference{}, err
	}
	c.id, c.ref, c.ok = id, ref, true
	return ref, nil
}

// marketRates are the market references the recommendation falls back on
// when no quote of a kind exists: for the brief's target GPU, from the
// price reference in force (medians of the on-demand and marketplace
// prices), converted into the evaluation currency. The bundled reserved
// index is for H100 only; another GPU has no reserved reference, and the
// recommendation says so instead of judging an L40S by H100 prices.
func marketRates(ref market.Reference, target string, toEval func(float64) float64, cur string) decision.MarketRates {
	def := decision.DefaultMarketRates()
	out := decision.MarketRates{Currency: cur}
	name := "H100 SXM" // no target GPU in the brief: the H100 references, labelled as such
	if opt, ok := gpu.OptionByKey(target); ok {
		name = opt.Label
	}
	src := ref.Source
	if ref.SourceDate != "" {
		src += ", " + ref.SourceDate
	}
	for _, k := range []struct {
		rental quote.RentalModel
		into   *decision.Sourced
		what   string
	}{
		{quote.RentalOnDemand, &out.OnDemand, "on-demand"},
		{quote.RentalMarketplace, &out.Spot, "marketplace and spot"},
	} {
		c := market.Compare(ref, name, "", k.rental, quote.Decimal{})
		if c.Stats.Count == 0 {
			continue
		}
		*k.into = decision.Sourced{Value: toEval(c.Stats.Median.Float64()), Unit: cur + "/GPU-hour",
			Source: "median of " + strconv.Itoa(c.Stats.Count) + " " + k.what + " prices for " + c.GPUKey + ", " + src, Date: ref.SourceDate}
	}
	if strings.HasPrefix(name, "H100") {
		out.Reserved = def.Reserved
		out.Reserved.Value = toEval(def.Reserved.Value)
		out.Reserved.Unit = cur + "/GPU-hour"
	}
	return out
}
