// Package market holds the market reference prices that gpuquote compares
// each vendor quote's per-GPU-hour rate with: it reads the price extract
// (gpu-prices.csv, from the public SkyPilot catalog), normalises GPU names
// on both sides, summarises prices per GPU and price kind, gives a verdict
// for a quoted rate, and converts quoted currencies to USD exactly.
//
// The extract has known caveats (partial GCP prices, duplicates, zero or
// implausible spot prices, repeated zones); the
// rows those caveats make incomparable are excluded while reading, each
// with its line and reason (see Exclusion), so a user can see what the
// medians leave out.
package market

import (
	"bytes"
	_ "embed"
	"fmt"
	"slices"

	"github.com/gpuquote/gpuquote/internal/quote"
)

// Source texts of the bundled price file. The file has no date column and
// its catalog commits' dates could not be read (README, "Catalog date: NOT
// CONFIRMED"); its contents date the v8 files to mid-2025 or later, while
// the Azure rows come from an older v6 file, probably 2024.
const (
	BundledSource     = "SkyPilot catalog extract gpu-prices.csv (AWS, GCP, Azure, Lambda, Nebius, RunPod, Vast.ai, Shadeform; Azure rows from an older file, probably 2024)"
	BundledSourceDate = "catalog snapshot, mid-2025 to 2026 (date not confirmed)"
)

//go:embed gpu-prices.csv
var bundledCSV []byte

// Bundled parses the price file built into the program, with its Source
// and SourceDate set. Each call returns a fresh Reference, so callers may
// change theirs freely.
func Bundled() (Reference, error) {
	ref, err := Parse(bytes.NewReader(bundledCSV))
	if err != nil {
		return Reference{}, fmt.Errorf("market: bundled price file: %w", err)
	}
	ref.Source = BundledSource
	ref.SourceDate = BundledSourceDate
	return ref, nil
}

// PriceKind is which price of a GPU a statistic is about.
type PriceKind string

// Price kinds.
const (
	// KindOnDemand is the list price for capacity that is not interrupted
	// (column price_usd_per_gpu_hr), without marketplace offers.
	KindOnDemand PriceKind = "on_demand"
	// KindSpot is the spot, preemptible or interruptible price (column
	// spot_usd_per_gpu_hr).
	KindSpot PriceKind = "spot"
	// KindMarketplace pools spot prices with marketplace offers (Vast.ai):
	// both are market-clearing prices with no capacity guarantee, which is
	// what a marketplace rental is. See Compare.
	KindMarketplace PriceKind = "marketplace"
)

// Reference is one parsed price file. Parse fills Rows, Excluded and
// Warnings; the caller sets Source and SourceDate, because the file itself
// carries no date and the date is what makes a price meaningful.
type Reference struct {
	Source     string // where the file comes from, shown with every comparison
	SourceDate string // when its prices were read, as text ("date not confirmed" when unknown)
	Rows       []Row  // the rows used, in file order
	// Excluded lists every row left out and every single price dropped,
	// with the reason, in file order.
	Excluded []Exclusion
	// Warnings are problems that did not stop the read, such as a GPU
	// label the name reader does not know.
	Warnings []quote.RowError
}

// Row is one price row that the statistics use. Prices are per GPU-hour in
// USD; a price the file leaves empty, or that an exclusion dropped, has its
// Has flag false.
type Row struct {
	Line         int    // line in the file; the header is line 1
	Cloud        string // catalog: aws, gcp, azure, lambda, nebius, runpod, vast, shadeform, ...
	Provider     string // underlying_provider, e.g. crusoe behind shadeform
	InstanceType string
	Accelerator  string // the label as written in the file
	GPU          GPU    // the label read by CatalogGPU
	GPUs         int    // accelerator_count
	Region       string
	Zone         string
	OnDemand     quote.Decimal // price_usd_per_gpu_hr
	HasOnDemand  bool
	Spot         quote.Decimal // spot_usd_per_gpu_hr
	HasSpot      bool
	// Marketplace marks a marketplace offer (Vast.ai): one host's asking
	// price at one moment, not a list price (README caveat 3). Its price
	// counts as KindMarketplace, not KindOnDemand.
	Marketplace   bool
	CatalogFile   string
	CatalogCommit string
	Note          string
}

// Keys returns the GPU keys that have at least one price, sorted.
func (ref Reference) Keys() []string {
	var keys []string
	for _, r := range ref.Rows {
		if (r.HasOnDemand || r.HasSpot) && !slices.Contains(keys, r.GPU.Key()) {
			keys = append(keys, r.GPU.Key())
		}
	}
	slices.Sort(keys)
	return keys
}

// Stats summarises the prices of kind for the GPU key (exactly that key:
// "H100" is the rows that did not state a form, not every H100; Compare
// pools keys for a quote).
func (ref Reference) Stats(key string, kind PriceKind) Stats {
	return Summarize(ref.prices(func(r Row) bool { return r.GPU.Key() == key }, kind))
}

// prices collects the prices of kind from the rows keep accepts.
func (ref Reference) prices(keep func(Row) bool, kind PriceKind) []quote.Decimal {
	var ps []quote.Decimal
	for _, r := range ref.Rows {
		if keep(r) {
			ps = append(ps, r.prices(kind)...)
		}
	}
	return ps
}

// prices returns the row's prices of kind: none, one, or for
// KindMarketplace possibly two (a marketplace offer with a spot price).
func (r Row) prices(kind PriceKind) []quote.Decimal {
	var ps []quote.Decimal
	switch kind {
	case KindOnDemand:
		if r.HasOnDemand && !r.Marketplace {
			ps = append(ps, r.OnDemand)
		}
	case KindSpot:
		if r.HasSpot {
			ps = append(ps, r.Spot)
		}
	case KindMarketplace:
		if r.HasOnDemand && r.Marketplace {
			ps = append(ps, r.OnDemand)
		}
		if r.HasSpot {
			ps = append(ps, r.Spot)
		}
	}
	return ps
}
