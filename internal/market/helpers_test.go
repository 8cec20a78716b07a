package market

import (
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/quote"
)

// header is the bundled file's header, in its order.
const header = "cloud,underlying_provider,instance_type,accelerator,accelerator_count,region,zone,price_component,price_usd_per_hr,spot_price_usd_per_hr,price_usd_per_gpu_hr,spot_usd_per_gpu_hr,catalog_file,catalog_commit,note"

// row writes one valid-shaped data line. Prices are per instance and per
// GPU as the caller gives them, so tests can make them disagree.
func row(cloud, provider, instance, accel, count, region, zone, component, price, spot, pricePerGPU, spotPerGPU string) string {
	return strings.Join([]string{cloud, provider, instance, accel, count, region, zone, component, price, spot, pricePerGPU, spotPerGPU,
		"catalogs/v8/" + cloud + "/vms.csv", "00148f2af3672e2229b4f7bf8157d5a3f36e3c35", ""}, ",")
}

// single is a one-GPU instance row whose per-GPU prices equal the
// instance prices.
func single(cloud, accel, region, price, spot string) string {
	return row(cloud, cloud, "inst-"+accel, accel, "1", region, "", "instance", price, spot, price, spot)
}

func file(lines ...string) string {
	return header + "\n" + strings.Join(lines, "\n") + "\n"
}

func mustParse(t *testing.T, csv string) Reference {
	t.Helper()
	ref, err := Parse(strings.NewReader(csv))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	return ref
}

func dec(t *testing.T, s string) quote.Decimal {
	t.Helper()
	d, err := quote.ParseDecimal(s)
	if err != nil {
		t.Fatalf("ParseDecimal(%q): %v", s, err)
	}
	return d
}
