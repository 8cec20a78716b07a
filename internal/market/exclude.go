package market

import (
	"fmt"
	"strings"

	"github.com/gpuquote/gpuquote/internal/quote"
)

// Exclusion is a row, or one price of a row, that the statistics leave
// out, and why. Every rule cites the README caveat it follows, so the
// list can be checked against the file's own documentation.
type Exclusion struct {
	Line int // line in the file; the header is line 1
	// Kind is empty when the whole row is left out, otherwise the price
	// dropped (KindOnDemand or KindSpot) while the row's other price stays.
	Kind   PriceKind
	Rule   string // one of the Rule constants, for grouping
	Reason string // for the user
}

// Exclusion rules. Row rules drop a whole row; price rules drop one price.
const (
	// RuleGCPHostVM (row): a GCP host-VM row is the CPU and RAM part of an
	// A2/A3/A4 instance only, not a GPU price at all (README, column
	// price_component).
	RuleGCPHostVM = "gcp_host_vm_only"
	// RuleGCPGPUPart (row): a GCP GPU-attachment row is the GPU part only,
	// cheaper than any instance one can rent, and bimodal across regions
	// (README caveat 1).
	RuleGCPGPUPart = "gcp_gpu_attachment_only"
	// RuleGCPDerived (row): a GCP total was computed for the extract, not
	// read from the catalog; its GPU part is bimodal (H100 ×8 part $33.61
	// in us-central1, $78.37 in us-east4: the low mode looks like another
	// SKU, README caveat 1), and the A4 (B200) host part is listed as $0,
	// so B200 "totals" are the GPU part alone.
	RuleGCPDerived = "gcp_total_derived"
	// RuleAggregatorDuplicate (row): an aggregator (Shadeform) lists a
	// provider whose own catalog rows are in the same file; counting both
	// weighs that provider twice (README caveat 4: Lambda through Shadeform
	// has Lambda's own prices).
	RuleAggregatorDuplicate = "aggregator_duplicate"
	// RuleZeroPrice (price): 0.00 means the catalog captured no price
	// (README caveat 3: Vast SpotPrice 0.00; GCP A4 host part $0).
	RuleZeroPrice = "zero_price"
	// RuleSpotNotDiscounted (price): a spot price equal to on-demand means
	// no spot price was captured (README caveats 2 and 3); one above
	// on-demand is a SKU mix-up (caveat 1). Either would pull spot
	// statistics up to list prices.
	RuleSpotNotDiscounted = "spot_not_below_on_demand"
	// RuleImplausibleSpot (price): the Azure ND96amsr A100 v4 spot price
	// ($3.60 per 8-GPU instance) looks implausibly low (README caveat 2).
	RuleImplausibleSpot = "implausible_spot"
	// RuleZoneRepeat (price): the same instance's on-demand price repeated
	// for another zone of the same region. AWS prices on-demand per region
	// and the extract keeps every zone that was read (README caveat 5), so
	// counting each zone would weigh a region by how many zones happened
	// to be read. Spot prices differ by zone and are all kept.
	RuleZoneRepeat = "zone_repeat"
)

// providerAliases maps an aggregator's name for a provider to that
// provider's catalog name where they differ.
var providerAliases = map[string]string{"lambdalabs": "lambda"}

// marketplaceClouds are catalogs of marketplace offers rather than list
// prices (README caveat 3).
var marketplaceClouds = map[string]bool{"vast": true}

// implausibleSpot names instance types whose spot price the README flags
// as implausible, by cloud.
var implausibleSpot = map[[2]string]bool{{"azure", "standard_nd96amsr_a100_v4"}: true}

// build applies the exclusions to parsed rows and makes the Reference.
func build(rows []parsedRow) Reference {
	var ref Reference
	clouds := map[string]bool{}
	for _, r := range rows {
		clouds[r.Cloud] = true
	}
	exclude := func(line int, kind PriceKind, rule, reason string) {
		ref.Excluded = append(ref.Excluded, Exclusion{Line: line, Kind: kind, Rule: rule, Reason: reason})
	}
	type region struct {
		cloud, provider, instance, region, key string
		price                                  int64
	}
	firstSeen := map[region]int{}

	for _, pr := range rows {
		r := pr.Row
		switch pr.component {
		case componentGCPHost:
			exclude(r.Line, "", RuleGCPHostVM, "GCP host-VM part only (CPU and RAM), not a GPU price")
			continue
		case componentGCPGPU:
			exclude(r.Line, "", RuleGCPGPUPart, "GCP GPU-attachment part only: no instance rents at this price, and the part is bimodal across regions (README caveat 1)")
			continue
		case componentGCPTotal:
			exclude(r.Line, "", RuleGCPDerived, "GCP total derived for the extract, not a catalog price; its GPU part is bimodal across regions (README caveat 1) and the B200 host part is listed as $0")
			continue
		}
		provider := strings.ToLower(r.Provider)
		if a, ok := providerAliases[provider]; ok {
			provider = a
		}
		if provider != r.Cloud && clouds[provider] {
			exclude(r.Line, "", RuleAggregatorDuplicate, fmt.Sprintf("%s listed again through the %s aggregator; %s's own catalog rows are in the file, and counting both would weigh it twice (README caveat 4)", r.Provider, r.Cloud, provider))
			continue
		}

		g, known := CatalogGPU(r.Accelerator, r.InstanceType)
		r.GPU = g
		if !known {
			ref.Warnings = append(ref.Warnings, quote.RowError{Line: r.Line, Column: colAccelerator,
				Reason: fmt.Sprintf("%q is not a GPU the name reader knows; its prices are keyed %q and match only quotes naming it the same way", r.Accelerator, g.Key())})
		}
		r.Marketplace = marketplaceClouds[r.Cloud] || strings.Contains(strings.ToLower(r.Provider), "marketplace")

		if r.HasOnDemand && r.OnDemand.IsZero() {
			r.HasOnDemand = false
			exclude(r.Line, KindOnDemand, RuleZeroPrice, "on-demand price 0: the catalog captured none")
		}
		if r.HasSpot && r.Spot.IsZero() {
			r.HasSpot = false
			exclude(r.Line, KindSpot, RuleZeroPrice, "spot price 0: the catalog captured none (README caveat 3)")
		}
		switch {
		case r.HasSpot && implausibleSpot[[2]string{r.Cloud, strings.ToLower(r.InstanceType)}]:
			r.HasSpot = false
			exclude(r.Line, KindSpot, RuleImplausibleSpot, fmt.Sprintf("%s spot price looks implausibly low (README caveat 2)", r.InstanceType))
		case r.HasSpot && r.HasOnDemand && r.Spot.Cmp(r.OnDemand) == 0:
			r.HasSpot = false
			exclude(r.Line, KindSpot, RuleSpotNotDiscounted, "spot equals on-demand: no spot price was captured (README caveats 2 and 3)")
		case r.HasSpot && r.HasOnDemand && r.Spot.Cmp(r.OnDemand) > 0:
			r.HasSpot = false
			exclude(r.Line, KindSpot, RuleSpotNotDiscounted, "spot above on-demand is no interruptible discount; the README reads it as a catalog SKU mix-up (caveat 1)")
		}
		if r.HasOnDemand {
			k := region{r.Cloud, strings.ToLower(r.Provider), strings.ToLower(r.InstanceType), strings.ToLower(r.Region), g.Key(), r.OnDemand.Micros()}
			if first, seen := firstSeen[k]; seen {
				r.HasOnDemand = false
				exclude(r.Line, KindOnDemand, RuleZoneRepeat, fmt.Sprintf("same on-demand price as line %d (%s in %s, another zone); on-demand is priced per region, so it counts once (README caveat 5)", first, r.InstanceType, r.Region))
			} else {
				firstSeen[k] = r.Line
			}
		}
		ref.Rows = append(ref.Rows, r)
	}
	return ref
}
