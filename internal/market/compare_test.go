package market

import (
	"slices"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/quote"
)

// testRef has L40S on-demand at 2, 3, 4, 5, 6 (P25 3, median 4, P75 5),
// so the bands are: far_below < 2.4, below < 3, within 3–5, above ≤ 6,
// far_above > 6. It also has H100 in two forms, two B200 prices, and
// L40S spot and marketplace prices.
func testRef(t *testing.T) Reference {
	ref := mustParse(t, file(
		single("lambda", "L40S", "r1", "2", "1"),
		single("lambda", "L40S", "r2", "3", "1.1"),
		single("lambda", "L40S", "r3", "4", "1.2"),
		single("lambda", "L40S", "r4", "5", ""),
		single("lambda", "L40S", "r5", "6", ""),
		row("vast", "vast (marketplace)", "1x-L40S", "L40S", "1", "JP", "", "instance", "0.6", "", "0.6", ""),
		single("lambda", "H100-SXM", "r1", "4", ""),
		single("lambda", "H100-SXM", "r2", "4.2", ""),
		single("runpod", "H100-PCIe", "r1", "2.9", ""),
		single("lambda", "B200", "r1", "6.99", ""),
		single("nebius", "B200", "r1", "5.5", ""),
	))
	ref.Source, ref.SourceDate = "test file", "June 2026"
	return ref
}

func TestCompareVerdicts(t *testing.T) {
	ref := testRef(t)
	tests := []struct {
		price   string
		want    Verdict
		percent string
	}{
		{"2.39", VerdictFarBelow, "59.8"},
		{"2.4", VerdictBelow, "60"}, // exactly 60% of the median is not under it
		{"2.99", VerdictBelow, "74.8"},
		{"3", VerdictWithin, "75"}, // P25 itself is within
		{"4", VerdictWithin, "100"},
		{"5", VerdictWithin, "125"}, // P75 itself is within
		{"5.01", VerdictAbove, "125.3"},
		{"6", VerdictAbove, "150"}, // exactly 150% is not over it
		{"6.000001", VerdictFarAbove, "150"},
		{"12", VerdictFarAbove, "300"},
	}
	for _, tt := range tests {
		t.Run(tt.price, func(t *testing.T) {
			c := Compare(ref, "NVIDIA L40S", quote.FormFactorPCIe, quote.RentalOnDemand, dec(t, tt.price))
			if c.Verdict != tt.want {
				t.Errorf("verdict = %s, want %s", c.Verdict, tt.want)
			}
			if c.PercentOfMedian.String() != tt.percent {
				t.Errorf("PercentOfMedian = %s, want %s", c.PercentOfMedian, tt.percent)
			}
			s := c.Stats
			if s.Count != 5 || s.Min.String() != "2" || s.Median.String() != "4" || s.Max.String() != "6" {
				t.Errorf("Stats = %+v", s)
			}
			if c.GPUKey != "L40S" || !slices.Equal(c.MatchedKeys, []string{"L40S"}) || c.Kind != KindOnDemand {
				t.Errorf("key %q matched %v kind %q", c.GPUKey, c.MatchedKeys, c.Kind)
			}
			if c.Source != "test file" || c.SourceDate != "June 2026" {
				t.Errorf("source %q, %q", c.Source, c.SourceDate)
			}
		})
	}
}

func TestCompareNoReference(t *testing.T) {
	ref := testRef(t)
	four := quote.DecimalFromInt(4)
	tests := []struct {
		name   string
		model  string
		rental quote.RentalModel
		price  quote.Decimal
		note   string
	}{
		{"model API", "L40S", quote.RentalModelAPI, four, "per token"},
		{"buy", "L40S", quote.RentalBuy, four, "capital expense"},
		{"no price", "L40S", quote.RentalOnDemand, quote.Decimal{}, "no per-GPU-hour price"},
		{"unknown GPU", "Gaudi 3", quote.RentalOnDemand, four, "no on-demand prices for GAUDI-3"},
		{"known GPU without prices", "RTX 4090", quote.RentalOnDemand, four, "no on-demand prices for RTX4090"},
		{"ambiguous GPU", "RTX 6000", quote.RentalOnDemand, four, "ambiguous"},
		{"no GPU", "", quote.RentalOnDemand, four, "names no GPU"},
		{"too few prices", "B200", quote.RentalOnDemand, four, "only 2 on-demand prices for B200"},
		{"empty reference", "L40S", quote.RentalOnDemand, four, "no on-demand prices for L40S"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := ref
			if tt.name == "empty reference" {
				r = Reference{}
			}
			c := Compare(r, tt.model, "", tt.rental, tt.price)
			if c.Verdict != VerdictNoReference {
				t.Errorf("verdict = %s, want no_reference", c.Verdict)
			}
			if !strings.Contains(strings.Join(c.Notes, "|"), tt.note) {
				t.Errorf("notes %q do not mention %q", c.Notes, tt.note)
			}
		})
	}
	// Too few prices still shows them.
	if c := Compare(ref, "B200", "", quote.RentalOnDemand, four); c.Stats.Count != 2 || c.Stats.Min.String() != "5.5" {
		t.Errorf("B200 stats = %+v", c.Stats)
	}
}

func TestCompareRentalModels(t *testing.T) {
	ref := testRef(t)
	tests := []struct {
		rental quote.RentalModel
		price  string
		kind   PriceKind
		want   Verdict
		strong bool
		note   string
	}{
		{quote.RentalSingleNode, "4", KindOnDemand, VerdictWithin, false, ""},
		{quote.RentalManagedCluster, "4", KindOnDemand, VerdictWithin, false, "managed clusters"},
		{quote.RentalReserved, "3.5", KindOnDemand, VerdictWithin, false, "reservations usually cost less"},
		{quote.RentalReserved, "4", KindOnDemand, VerdictWithin, true, "strong warning"}, // at the on-demand median
		{quote.RentalReserved, "5.5", KindOnDemand, VerdictAbove, true, "strong warning"},
		{"", "4", KindOnDemand, VerdictWithin, false, "no rental model given"},
		{"colo", "4", KindOnDemand, VerdictWithin, false, `"colo" is not one`},
		// Marketplace pools spot (1, 1.1, 1.2) with the Vast offer (0.6):
		// P25 0.9, median 1.05, P75 1.125.
		{quote.RentalMarketplace, "1.1", KindMarketplace, VerdictWithin, false, "spot/preemptible"},
		{quote.RentalMarketplace, "4", KindMarketplace, VerdictFarAbove, false, ""},
	}
	for _, tt := range tests {
		t.Run(string(tt.rental)+"/"+tt.price, func(t *testing.T) {
			c := Compare(ref, "L40S", "", tt.rental, dec(t, tt.price))
			if c.Kind != tt.kind || c.Verdict != tt.want || c.StrongWarning != tt.strong {
				t.Errorf("kind %s verdict %s strong %v; want %s %s %v", c.Kind, c.Verdict, c.StrongWarning, tt.kind, tt.want, tt.strong)
			}
			if tt.note != "" && !strings.Contains(strings.Join(c.Notes, "|"), tt.note) {
				t.Errorf("notes %q do not mention %q", c.Notes, tt.note)
			}
		})
	}
	c := Compare(ref, "L40S", "", quote.RentalMarketplace, dec(t, "1"))
	if s := c.Stats; s.Count != 4 || s.P25.String() != "0.9" || s.Median.String() != "1.05" || s.P75.String() != "1.125" {
		t.Errorf("marketplace stats = %+v", s)
	}
}

func TestCompareAnyFormFactor(t *testing.T) {
	ref := testRef(t)
	c := Compare(ref, "H100", "", quote.RentalOnDemand, dec(t, "4"))
	if c.GPUKey != "H100" || !c.AnyForm || !slices.Equal(c.MatchedKeys, []string{"H100-PCIe", "H100-SXM"}) || c.Stats.Count != 3 {
		t.Errorf("key %q anyForm %v matched %v count %d", c.GPUKey, c.AnyForm, c.MatchedKeys, c.Stats.Count)
	}
	if !strings.Contains(strings.Join(c.Notes, "|"), "every form factor") {
		t.Errorf("notes %q do not say the forms were pooled", c.Notes)
	}
	c = Compare(ref, "H100", quote.FormFactorSXM, quote.RentalOnDemand, dec(t, "4"))
	if c.AnyForm || !slices.Equal(c.MatchedKeys, []string{"H100-SXM"}) {
		t.Errorf("SXM quote matched %v", c.MatchedKeys)
	}
}

// TestCompareBundled checks a few quotes against the bundled prices,
// including the hyperscaler/other split that the pooled H100 median hides.
func TestCompareBundled(t *testing.T) {
	ref, err := Bundled()
	if err != nil {
		t.Fatal(err)
	}
	// Nebius's own H100 SXM on-demand price: far below the pooled median
	// (7.912, hyperscaler-heavy) but only below among other providers.
	c := Compare(ref, "H100", quote.FormFactorSXM, quote.RentalOnDemand, dec(t, "2.95"))
	if c.Verdict != VerdictFarBelow || c.GPUKey != "H100-SXM" || c.Stats.Median.String() != "7.912" || c.SourceDate != BundledSourceDate {
		t.Errorf("comparison = %+v", c)
	}
	if len(c.Segments) != 2 || c.Segments[0].Segment != "hyperscaler" || c.Segments[1].Verdict != VerdictBelow {
		t.Errorf("segments = %+v", c.Segments)
	}
	if !strings.Contains(strings.Join(c.Notes, "|"), "mixes hyperscaler prices") {
		t.Errorf("notes %q do not warn about the mix", c.Notes)
	}
	// A 1-year H100 reservation at the contract index (cost-reference §1b).
	c = Compare(ref, "NVIDIA H100 80GB HBM3", "", quote.RentalReserved, dec(t, "2.35"))
	if c.Verdict != VerdictFarBelow || c.StrongWarning || c.GPUKey != "H100-SXM" {
		t.Errorf("reserved 2.35: %s strong %v key %s", c.Verdict, c.StrongWarning, c.GPUKey)
	}
	// A marketplace H100 at the Vast.ai level.
	c = Compare(ref, "H100 SXM", "", quote.RentalMarketplace, dec(t, "2"))
	if c.Verdict != VerdictWithin || c.Kind != KindMarketplace {
		t.Errorf("marketplace 2.00: %s %s", c.Verdict, c.Kind)
	}
}
