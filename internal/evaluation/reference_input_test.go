package evaluation

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/market"
	"github.com/gpuquote/gpuquote/internal/quote"
)

const priceHeader = "cloud,underlying_provider,instance_type,accelerator,accelerator_count,region,zone,price_component," +
	"price_usd_per_hr,spot_price_usd_per_hr,price_usd_per_gpu_hr,spot_usd_per_gpu_hr,catalog_file,catalog_commit,note\n"

// priceFile is a price file with one on-demand row per region for each
// GPU, at the given price per GPU-hour.
func priceFile(prices map[string]float64, regions int) string {
	var b strings.Builder
	b.WriteString(priceHeader)
	for gpu, p := range prices {
		for r := range regions {
			fmt.Fprintf(&b, "aws,aws,x.%s,%s,1,region-%d,zone-%d,instance,%.4f,,%.4f,,catalogs/v8/aws/vms.csv,00148f2af3672e2229b4f7bf8157d5a3f36e3c35,\n",
				gpu, gpu, r, r, p, p)
		}
	}
	return b.String()
}

func mustReference(t *testing.T, csv string) market.Reference {
	t.Helper()
	ref, err := market.Parse(strings.NewReader(csv))
	if err != nil {
		t.Fatal(err)
	}
	return ref
}

func TestPriceDoubt(t *testing.T) {
	cur := mustReference(t, priceFile(map[string]float64{"T4": 0.5, "L4": 0.8}, 4))
	if d := priceDoubt(cur, priceFile(map[string]float64{"T4": 0.6, "L4": 0.7}, 4)); d != nil {
		t.Errorf("a market move asked for confirmation: %+v", d)
	}
	d := priceDoubt(cur, priceFile(map[string]float64{"T4": 5.5, "L4": 0.8}, 4))
	if d == nil || d.FewerRows() || strings.Join(d.Moved, ",") != "T4" {
		t.Errorf("a tenfold T4 median: %+v", d)
	}
	d = priceDoubt(cur, priceFile(map[string]float64{"T4": 0.5}, 3))
	if d == nil || !d.FewerRows() || d.NewRows != 3 || d.OldRows != 8 {
		t.Errorf("a file with less than half the rows: %+v", d)
	}
	if d := priceDoubt(cur, "not,a,price,file\n"); d != nil {
		t.Errorf("a file that does not parse raises no doubt (it is refused before): %+v", d)
	}
}

func TestRatioIsSymmetric(t *testing.T) {
	a, b := quote.DecimalFromInt(150), quote.DecimalFromInt(15)
	if ratio(a, b) != 10 || ratio(b, a) != 10 {
		t.Errorf("%v %v", ratio(a, b), ratio(b, a))
	}
	if ratio(a, quote.Decimal{}) != 0 {
		t.Error("a zero rate has no ratio")
	}
}
