package market

import (
	"bytes"
	"encoding/csv"
	"errors"
	"math/big"
	"slices"
	"strings"
	"testing"
)

// readmeRows is the row count the extract's README states.
const readmeRows = 434

func TestBundledRowCount(t *testing.T) {
	ref, err := Bundled()
	if err != nil {
		t.Fatal(err)
	}
	if ref.Source != BundledSource || ref.SourceDate != BundledSourceDate {
		t.Errorf("Source, SourceDate = %q, %q", ref.Source, ref.SourceDate)
	}
	if len(ref.Warnings) != 0 {
		t.Errorf("Warnings = %v, want none: every bundled label should be known", ref.Warnings)
	}
	// The documented whole-row exclusions, by rule.
	wantRows := map[string]int{
		RuleGCPHostVM:           66, // every gcp_host_vm_only row
		RuleGCPGPUPart:          85, // every gcp_gpu_attachment_only row
		RuleGCPDerived:          64, // every gcp_total_derived row
		RuleAggregatorDuplicate: 5,  // Shadeform lambdalabs rows; Lambda's own are in the file
	}
	gotRows := map[string]int{}
	excludedLines := map[int]bool{}
	for _, e := range ref.Excluded {
		if e.Kind == "" {
			gotRows[e.Rule]++
			excludedLines[e.Line] = true
		}
		if e.Reason == "" || e.Line < 2 || e.Line > readmeRows+1 {
			t.Errorf("bad exclusion %+v", e)
		}
	}
	for rule, n := range wantRows {
		if gotRows[rule] != n {
			t.Errorf("%s excluded %d rows, want %d", rule, gotRows[rule], n)
		}
	}
	if len(gotRows) != len(wantRows) {
		t.Errorf("row exclusions by rule = %v, want %v", gotRows, wantRows)
	}
	excluded := 66 + 85 + 64 + 5
	if got := len(ref.Rows); got != readmeRows-excluded {
		t.Errorf("len(Rows) = %d, want %d (README's %d minus %d excluded)", got, readmeRows-excluded, readmeRows, excluded)
	}
	for _, r := range ref.Rows {
		if excludedLines[r.Line] {
			t.Errorf("line %d is both used and excluded", r.Line)
		}
		if r.Cloud == "gcp" {
			t.Errorf("line %d: a GCP row is used; all GCP rows are partial or derived", r.Line)
		}
	}

	// The documented single-price exclusions.
	wantPrices := map[string]int{
		RuleZoneRepeat:        47, // AWS on-demand repeated per zone of a region
		RuleSpotNotDiscounted: 13, // AWS zones listing spot = on-demand
		RuleImplausibleSpot:   3,  // Azure ND96amsr A100 v4
	}
	gotPrices := map[string]int{}
	for _, e := range ref.Excluded {
		if e.Kind != "" {
			gotPrices[e.Rule]++
		}
	}
	if !equalMaps(gotPrices, wantPrices) {
		t.Errorf("price exclusions by rule = %v, want %v", gotPrices, wantPrices)
	}
}

func equalMaps(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// TestBundledH100SXMStats recomputes H100-SXM statistics from the raw CSV
// with its own filters and big.Rat arithmetic, and checks both against
// Stats and against figures worked out by hand from the file.
func TestBundledH100SXMStats(t *testing.T) {
	ref, err := Bundled()
	if err != nil {
		t.Fatal(err)
	}
	cr := csv.NewReader(bytes.NewReader(bundledCSV))
	recs, err := cr.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, h := range recs[0] {
		col[h] = i
	}
	if len(recs)-1 != readmeRows {
		t.Fatalf("bundled file has %d rows, README says %d", len(recs)-1, readmeRows)
	}
	var onDemand, spot []*big.Rat
	seen := map[string]bool{}
	for _, rec := range recs[1:] {
		get := func(c string) string { return rec[col[c]] }
		a := get("accelerator")
		isSXM := a == "H100-SXM" || a == "H100-SXM5" || (a == "H100" && strings.Contains(strings.ToLower(get("instance_type")), "sxm"))
		if !isSXM || get("cloud") == "gcp" || (get("cloud") == "shadeform" && get("underlying_provider") == "lambdalabs") {
			continue
		}
		od, sp := get("price_usd_per_gpu_hr"), get("spot_usd_per_gpu_hr")
		if od != "" && get("cloud") != "vast" {
			k := strings.Join([]string{get("cloud"), get("instance_type"), get("region"), od}, "|")
			if !seen[k] {
				seen[k] = true
				onDemand = append(onDemand, rat(t, od))
			}
		}
		if sp != "" && rat(t, sp).Sign() > 0 && (od == "" || rat(t, sp).Cmp(rat(t, od)) < 0) {
			spot = append(spot, rat(t, sp))
		}
	}

	tests := []struct {
		kind   PriceKind
		values []*big.Rat
		want   [6]string // count, min, p25, median, p75, max, worked out by hand
	}{
		{KindOnDemand, onDemand, [6]string{"31", "2.95", "5.585", "7.912", "8.944", "15.977"}},
		{KindSpot, spot, [6]string{"24", "1.25", "1.56475", "2.02845", "2.7065", "6.0143"}},
	}
	for _, tt := range tests {
		t.Run(string(tt.kind), func(t *testing.T) {
			got := ref.Stats("H100-SXM", tt.kind)
			indep := [6]string{itoa(len(tt.values)), pct(tt.values, 0), pct(tt.values, 0.25), pct(tt.values, 0.5), pct(tt.values, 0.75), pct(tt.values, 1)}
			gotS := [6]string{itoa(got.Count), got.Min.String(), got.P25.String(), got.Median.String(), got.P75.String(), got.Max.String()}
			if gotS != indep {
				t.Errorf("Stats = %v, independent computation = %v", gotS, indep)
			}
			if gotS != tt.want {
				t.Errorf("Stats = %v, want %v", gotS, tt.want)
			}
		})
	}
}

func rat(t *testing.T, s string) *big.Rat {
	t.Helper()
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		t.Fatalf("bad number %q", s)
	}
	return r
}

func itoa(n int) string { return big.NewInt(int64(n)).String() }

// pct is spreadsheet PERCENTILE.INC written from its definition (1-based
// rank 1+p(n−1)), rounded half away from zero to 6 places by
// big.Rat.FloatString, in canonical decimal form.
func pct(values []*big.Rat, p float64) string {
	v := slices.Clone(values)
	slices.SortFunc(v, func(a, b *big.Rat) int { return a.Cmp(b) })
	rank := new(big.Rat).Add(big.NewRat(1, 1), new(big.Rat).Mul(new(big.Rat).SetFloat64(p), big.NewRat(int64(len(v)-1), 1)))
	whole := new(big.Int).Quo(rank.Num(), rank.Denom()).Int64() // 1-based
	frac := new(big.Rat).Sub(rank, new(big.Rat).SetInt64(whole))
	res := new(big.Rat).Set(v[whole-1])
	if frac.Sign() > 0 {
		step := new(big.Rat).Sub(v[whole], v[whole-1])
		res.Add(res, step.Mul(step, frac))
	}
	s := res.FloatString(6)
	s = strings.TrimRight(s, "0")
	return strings.TrimSuffix(s, ".")
}

func TestParseFlexibleHeader(t *testing.T) {
	// Columns reordered and upper-cased, an unknown column, no note column,
	// a BOM, CRLF line ends and a trailing blank row: all fine.
	in := "\uFEFFPRICE_USD_PER_GPU_HR, Cloud ,extra,underlying_provider,instance_type,accelerator,accelerator_count,region,zone,price_component,price_usd_per_hr,spot_price_usd_per_hr,spot_usd_per_gpu_hr,catalog_file,catalog_commit\r\n" +
		"2.5,nebius,whatever,nebius,gpu-h100-sxm_8gpu,H100,8,eu-north1,,instance,20,8,1,f.csv,0082b04\r\n" +
		",,,,,,,,,,,,,,\r\n"
	ref := mustParse(t, in)
	if len(ref.Rows) != 1 {
		t.Fatalf("Rows = %d, want 1", len(ref.Rows))
	}
	r := ref.Rows[0]
	if r.Line != 2 || r.Cloud != "nebius" || r.GPU.Key() != "H100-SXM" || r.OnDemand.String() != "2.5" || r.Spot.String() != "1" || !r.HasSpot {
		t.Errorf("row = %+v", r)
	}
	if ref.Source != "" || ref.SourceDate != "" {
		t.Error("Parse must leave Source and SourceDate to the caller")
	}
}

func TestParseErrors(t *testing.T) {
	good := single("lambda", "H100-SXM", "us", "3.29", "")
	multiline := row("lambda", "lambda", "x", "L40S", "1", "us", "", "instance", "1", "", "1", "") + `"line one` + "\n" + `line two"`
	tests := []struct {
		name string
		in   string
		want []string // substrings, each must appear
	}{
		{"empty file", "", []string{"line 1:", "empty"}},
		{"header only", header + "\n", []string{"no price rows"}},
		{"missing columns named", strings.Replace(strings.Replace(header, ",zone", "", 1), ",spot_usd_per_gpu_hr", "", 1) + "\n",
			[]string{"line 1:", "required columns are missing: zone, spot_usd_per_gpu_hr"}},
		{"duplicate column", header + ",cloud\n", []string{"line 1, column cloud: column appears more than once"}},
		{"bad number", file(good, row("aws", "aws", "x", "L40S", "1", "us", "", "instance", `"1,86"`, "", "1.86", "")), []string{"line 3, column price_usd_per_hr", "thousands separators"}},
		{"negative price", file(single("aws", "L40S", "us", "-1", "")), []string{"line 2, column price_usd_per_hr", "0 or more"}},
		{"too many places", file(single("aws", "L40S", "us", "1.8610001", "")), []string{"line 2", "more than 6 decimal places"}},
		{"short row", file(good, "aws,aws,x"), []string{"line 3: has 3 cells; the header has 15"}},
		{"unknown component", file(row("aws", "aws", "x", "L40S", "1", "us", "", "reserved", "1", "", "1", "")),
			[]string{"line 2, column price_component", `"reserved" is not a known price component`}},
		{"count not a number", file(row("aws", "aws", "x", "L40S", "eight", "us", "", "instance", "8", "", "1", "")),
			[]string{"line 2, column accelerator_count", "not a whole number"}},
		{"count zero", file(row("aws", "aws", "x", "L40S", "0", "us", "", "instance", "8", "", "1", "")),
			[]string{"line 2, column accelerator_count", "between 1 and 256"}},
		{"per-GPU disagrees with count", file(good, good, row("azure", "azure", "ND96isr", "H100-SXM", "12", "eastus", "", "instance", "98.32", "", "12.29", "")),
			[]string{"line 4, column price_usd_per_gpu_hr", "12.29 is not 98.32 / 12 GPUs"}},
		{"per-GPU without instance price", file(row("aws", "aws", "x", "L40S", "1", "us", "", "instance", "1", "", "1", "0.5")),
			[]string{"line 2, column spot_usd_per_gpu_hr", "empty exactly when spot_price_usd_per_hr is empty"}},
		{"no price at all", file(row("aws", "aws", "x", "L40S", "1", "us", "", "instance", "", "", "", "")),
			[]string{"line 2, column price_usd_per_hr", "neither an on-demand nor a spot price"}},
		{"implausible price", file(single("aws", "L40S", "us", "186.1", "")), []string{"line 2, column price_usd_per_gpu_hr", "implausible"}},
		{"empty accelerator", file(single("aws", "", "us", "1", "")), []string{"line 2, column accelerator", "is empty"}},
		{"empty cloud", file(row("", "aws", "x", "L40S", "1", "us", "", "instance", "1", "", "1", "")), []string{"line 2, column cloud: is empty"}},
		{"bad commit", file(strings.Replace(good, "00148f2af3672e2229b4f7bf8157d5a3f36e3c35", "main", 1)), []string{"line 2, column catalog_commit"}},
		{"CSV syntax error", file(good, good, `aws,aws,"x"y,L40S,1,us,,instance,1,,1,,f,00148f2,`), []string{"line 4:", "the rest of the file was not checked"}},
		{"line after a multi-line cell", file(multiline, single("aws", "L40S", "us", "x", "")), []string{"line 4, column price_usd_per_hr"}},
		{"every problem listed", file(single("aws", "L40S", "us", "x", ""), good, single("aws", "L40S", "us", "y", "")),
			[]string{"4 problems", "line 2, column price_usd_per_hr", "line 2, column price_usd_per_gpu_hr", "line 4, column price_usd_per_hr"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(strings.NewReader(tt.in))
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("err = %v, want *ParseError", err)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q\ndoes not contain %q", err, w)
				}
			}
		})
	}
}

func TestParseErrorListsAtMostTen(t *testing.T) {
	var lines []string
	for range 15 {
		lines = append(lines, row("aws", "aws", "x", "L40S", "one", "us", "", "instance", "1", "", "1", ""))
	}
	_, err := Parse(strings.NewReader(file(lines...)))
	var pe *ParseError
	if !errors.As(err, &pe) || len(pe.Problems) != 15 {
		t.Fatalf("err = %v", err)
	}
	if !strings.Contains(err.Error(), "and 5 more") || strings.Contains(err.Error(), "line 13") {
		t.Errorf("error = %q", err)
	}
}

func TestExclusionRules(t *testing.T) {
	ref := mustParse(t, file(
		/* 2 */ row("aws", "aws", "p5.48xlarge", "H100-SXM", "8", "us-east-1", "az1", "instance", "55.04", "55.04", "6.88", "6.88"),
		/* 3 */ row("aws", "aws", "p5.48xlarge", "H100-SXM", "8", "us-east-1", "az2", "instance", "55.04", "19.2531", "6.88", "2.4066"),
		/* 4 */ row("aws", "aws", "p5.48xlarge", "H100-SXM", "8", "us-east-2", "az1", "instance", "55.04", "0.00", "6.88", "0.0000"),
		/* 5 */ row("gcp", "gcp", "a3-highgpu-8g", "", "8", "us-east4", "", "gcp_host_vm_only", "9.46006", "2.15966", "1.1825", "0.27"),
		/* 6 */ row("gcp", "gcp", "(gpu attachment)", "H100", "8", "us-east4", "", "gcp_gpu_attachment_only", "78.37241", "17.8848", "9.7966", "2.2356"),
		/* 7 */ row("gcp", "gcp", "a3-highgpu-8g", "H100", "8", "us-east4", "", "gcp_total_derived", "87.83247", "20.04446", "10.9791", "2.5056"),
		/* 8 */ single("lambda", "H100-SXM5", "all", "4.29", ""),
		/* 9 */ row("shadeform", "lambdalabs", "lambdalabs_H100", "H100", "1", "slc", "", "instance", "4.29", "", "4.29", ""),
		/* 10 */ row("shadeform", "crusoe", "crusoe_L40S", "L40S", "1", "va", "", "instance", "1.5", "", "1.5", ""),
		/* 11 */ row("vast", "vast (marketplace)", "1x-H100_SXM", "H100-SXM", "1", "TX", "", "instance", "1.87", "", "1.87", ""),
		/* 12 */ row("azure", "azure", "Standard_ND96amsr_A100_v4", "A100-80GB-SXM", "8", "eastus", "", "instance", "32.77", "3.6047", "4.0963", "0.4506"),
		/* 13 */ row("gcp", "gcp", "x", "B200", "1", "r", "", "instance", "5", "6", "5", "6"),
		/* 14 */ single("acme", "Z9000", "r", "1", ""),
	))
	type ex struct {
		line int
		kind PriceKind
		rule string
	}
	var got []ex
	for _, e := range ref.Excluded {
		got = append(got, ex{e.Line, e.Kind, e.Rule})
	}
	want := []ex{
		{2, KindSpot, RuleSpotNotDiscounted},
		{3, KindOnDemand, RuleZoneRepeat},
		{4, KindSpot, RuleZeroPrice},
		{5, "", RuleGCPHostVM},
		{6, "", RuleGCPGPUPart},
		{7, "", RuleGCPDerived},
		{9, "", RuleAggregatorDuplicate},
		{12, KindSpot, RuleImplausibleSpot},
		{13, KindSpot, RuleSpotNotDiscounted},
	}
	if !slices.Equal(got, want) {
		t.Errorf("exclusions\n got %v\nwant %v", got, want)
	}
	// Line 4 is another region (us-east-2), so its on-demand counts:
	// us-east-1 once, us-east-2 once, Lambda once.
	if s := ref.Stats("H100-SXM", KindOnDemand); s.Count != 3 {
		t.Errorf("H100-SXM on-demand = %+v, want 3 prices", s)
	}
	if len(ref.Warnings) != 1 || ref.Warnings[0].Line != 14 || !strings.Contains(ref.Warnings[0].Reason, "Z9000") {
		t.Errorf("Warnings = %v", ref.Warnings)
	}
	// Crusoe through Shadeform stays: no crusoe rows of its own.
	if s := ref.Stats("L40S", KindOnDemand); s.Count != 1 {
		t.Errorf("L40S on-demand count = %d, want 1", s.Count)
	}
	// Vast is a marketplace offer: not on-demand, but marketplace, pooled
	// with spot (line 3's 2.4066).
	if s := ref.Stats("H100-SXM", KindMarketplace); s.Count != 2 || s.Min.String() != "1.87" || s.Max.String() != "2.4066" {
		t.Errorf("H100-SXM marketplace = %+v", s)
	}
}
