package quote

import "strconv"

// Upper bounds of the numeric terms, checked wherever a quote is entered
// (the form, the CSV import, the vendor portal, the API), so a typo of a
// few zeros is refused naming its column instead of reaching the cost
// model. Each is well beyond any real offer, in any currency (a price in
// VND or IDR runs to tens of thousands a GPU-hour), and together they
// keep one quote's amounts inside what the cost model can add up; a
// quote within them whose amounts still overflow is left out of the
// worksheet with the reason. docs/quotes-csv.md lists them.
var bounds = map[string]int64{
	"gpu_memory_gb":                10_000,
	"gpus_per_node":                64,
	"nodes":                        100_000,
	"fabric_gbps_per_node":         100_000,
	"nics_per_node":                64,
	"ram_gb_per_node":              1_000_000,
	"local_nvme_tb_per_node":       10_000,
	"price_per_gpu_hour":           1_000_000,
	"on_demand_price_per_gpu_hour": 1_000_000,
	"min_term_months":              120,
	"min_spend":                    1_000_000_000_000,
	"upfront":                      1_000_000_000_000,
	"storage_price_per_tb_month":   100_000_000,
	"egress_price_per_gb":          1_000_000,
	"support_response_hours":       8_760,
	"support_price_per_month":      1_000_000_000,
}

// Bound is the largest value column name accepts, false when the column
// has none (a text, date or enum column).
func Bound(name string) (int64, bool) {
	b, ok := bounds[name]
	return b, ok
}

// boundInt wraps an int parser with the column's bound.
func boundInt(name string, parse func(string) (int64, error)) func(string) (int64, error) {
	max, ok := bounds[name]
	if !ok {
		return parse
	}
	return func(s string) (int64, error) {
		n, err := parse(s)
		if err == nil && n > max {
			return 0, reasonf("%s: must be at most %s", quoteRaw(s), groupDigits(max))
		}
		return n, err
	}
}

// boundDecimal wraps a decimal parser with the column's bound.
func boundDecimal(name string, parse func(string) (Decimal, error)) func(string) (Decimal, error) {
	max, ok := bounds[name]
	if !ok {
		return parse
	}
	limit := DecimalFromInt(max)
	return func(s string) (Decimal, error) {
		d, err := parse(s)
		if err == nil && d.Cmp(limit) > 0 {
			return Decimal{}, reasonf("%s: must be at most %s", quoteRaw(s), groupDigits(max))
		}
		return d, err
	}
}

// groupDigits writes n with thousands separators: 1,000,000.
func groupDigits(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
