package quote

import (
	"bufio"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestParseCell covers every cell type: a valid value, invalid values with
// their reason, empty → not stated, and REFUSED → refused.
func TestParseCell(t *testing.T) {
	tests := []struct {
		column    string
		raw       string
		wantState State
		want      string // canonical cell when stated
		wantErr   string // substring of the reason; empty when valid
	}{
		// text
		{column: "notes", raw: "every term stated", wantState: Stated, want: "every term stated"},
		{column: "notes", raw: "  padded  ", wantState: Stated, want: "padded"},
		{column: "notes", raw: "line one\r\nline two", wantState: Stated, want: "line one\nline two"},
		{column: "notes", raw: "Not refused", wantState: Stated, want: "Not refused"},
		{column: "notes", raw: "", wantState: NotStated},
		{column: "notes", raw: "   ", wantState: NotStated},
		{column: "notes", raw: "REFUSED", wantState: Refused},
		{column: "notes", raw: " Refused ", wantState: Refused},
		{column: "notes", raw: "bad \xff byte", wantErr: "not valid UTF-8"},
		{column: "notes", raw: "nul \x00 byte", wantErr: "NUL"},
		// int
		{column: "gpu_memory_gb", raw: "80", wantState: Stated, want: "80"},
		{column: "min_term_months", raw: "0", wantState: Stated, want: "0"},
		{column: "nodes", raw: "08", wantState: Stated, want: "8"},
		{column: "gpu_memory_gb", raw: "", wantState: NotStated},
		{column: "gpu_memory_gb", raw: "REFUSED", wantState: Refused},
		{column: "gpu_memory_gb", raw: "80GB", wantErr: `"80GB" is not a whole number`},
		{column: "gpu_memory_gb", raw: "1.5", wantErr: "not a whole number"},
		{column: "gpu_memory_gb", raw: "-1", wantErr: "0 or more"},
		{column: "ram_gb_per_node", raw: "2,048", wantErr: "thousands separators"},
		{column: "nodes", raw: "99999999999999999999", wantErr: "too large"},
		// decimal
		{column: "price_per_gpu_hour", raw: "2.95", wantState: Stated, want: "2.95"},
		{column: "price_per_gpu_hour", raw: "2.950", wantState: Stated, want: "2.95"},
		{column: "egress_price_per_gb", raw: "0", wantState: Stated, want: "0"}, // free egress is stated
		{column: "price_per_gpu_hour", raw: "", wantState: NotStated},
		{column: "egress_price_per_gb", raw: "REFUSED", wantState: Refused},
		{column: "price_per_gpu_hour", raw: "2,95", wantErr: `"2,95": not a plain number`},
		{column: "price_per_gpu_hour", raw: "-2.95", wantErr: "0 or more"},
		{column: "min_spend", raw: "400,000", wantErr: "thousands separators"},
		{column: "min_spend", raw: "4e5", wantErr: "exponent"},
		{column: "egress_price_per_gb", raw: "0.0000001", wantErr: "more than 6 decimal places"},
		{column: "price_per_gpu_hour", raw: "$2.95", wantErr: "not a number"},
		// bool
		{column: "placement_guarantee", raw: "yes", wantState: Stated, want: "yes"},
		{column: "placement_guarantee", raw: "No", wantState: Stated, want: "no"},
		{column: "billing_export", raw: "TRUE", wantState: Stated, want: "yes"},
		{column: "billing_export", raw: "false", wantState: Stated, want: "no"},
		{column: "dedicated_claim", raw: "1", wantState: Stated, want: "yes"},
		{column: "dedicated_claim", raw: "0", wantState: Stated, want: "no"},
		{column: "benchmark_window", raw: "", wantState: NotStated},
		{column: "benchmark_window", raw: "REFUSED", wantState: Refused},
		{column: "benchmark_window", raw: "y", wantErr: `"y" is not yes or no`},
		{column: "benchmark_window", raw: "maybe", wantErr: "not yes or no"},
		// date
		{column: "valid_until", raw: "2027-03-31", wantState: Stated, want: "2027-03-31"},
		{column: "valid_until", raw: "", wantState: NotStated},
		{column: "valid_until", raw: "REFUSED", wantState: Refused},
		{column: "valid_until", raw: "2027-02-30", wantErr: "not a date"},
		{column: "valid_until", raw: "31/03/2027", wantErr: "use YYYY-MM-DD"},
		{column: "valid_until", raw: "2027-3-31", wantErr: "not a date"},
		{column: "valid_until", raw: "2027-03-31T00:00:00Z", wantErr: "not a date"},
		// enum
		{column: "form_factor", raw: "sxm", wantState: Stated, want: "sxm"},
		{column: "form_factor", raw: "SXM", wantState: Stated, want: "sxm"},
		{column: "inter_node_fabric", raw: "none", wantState: Stated, want: "none"},
		{column: "gpu_partitioning", raw: "Time_Sliced", wantState: Stated, want: "time_sliced"},
		{column: "form_factor", raw: "", wantState: NotStated},
		{column: "form_factor", raw: "REFUSED", wantState: Refused},
		{column: "form_factor", raw: "sxm5", wantErr: `"sxm5" is not one of: sxm, pcie, other`},
		{column: "billing_unit", raw: "hourly", wantErr: "not one of: second, minute, hour, month, block"},
		// required columns
		{column: "provider", raw: "Example Cloud", wantState: Stated, want: "Example Cloud"},
		{column: "provider", raw: "", wantErr: "required"},
		{column: "provider", raw: "refused", wantErr: "required"},
		{column: "rental_model", raw: "On_Demand", wantState: Stated, want: "on_demand"},
		{column: "rental_model", raw: "", wantErr: "required"},
		{column: "currency", raw: "usd", wantState: Stated, want: "USD"},
		{column: "currency", raw: "EUR", wantState: Stated, want: "EUR"},
		{column: "currency", raw: "", wantErr: "required"},
		{column: "currency", raw: "REFUSED", wantErr: "required"},
		{column: "currency", raw: "US$", wantErr: "not a currency code"},
		{column: "currency", raw: "EURO", wantErr: "not a currency code"},
		{column: "currency", raw: "€", wantErr: "not a currency code"},
		// the column name is matched like a header
		{column: " GPU_Model ", raw: "H100", wantState: Stated, want: "H100"},
		{column: "gpu_modle", raw: "H100", wantErr: `unknown column "gpu_modle"`},
	}
	for _, tt := range tests {
		t.Run(tt.column+"/"+tt.raw, func(t *testing.T) {
			var q Quote
			err := ParseCell(&q, tt.column, tt.raw)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("ParseCell(%q, %q) error = %v, want it to contain %q", tt.column, tt.raw, err, tt.wantErr)
				}
				if !reflect.DeepEqual(q, Quote{}) {
					t.Errorf("ParseCell(%q, %q) changed the quote on error", tt.column, tt.raw)
				}
				return
			}
			if err != nil {
				t.Fatalf("ParseCell(%q, %q): %v", tt.column, tt.raw, err)
			}
			c, _ := ColumnByName(tt.column)
			got := c.Cell(&q)
			want := Cell{State: tt.wantState, Value: tt.want}
			if got != want {
				t.Errorf("ParseCell(%q, %q) → %+v, want %+v", tt.column, tt.raw, got, want)
			}
		})
	}
}

// TestParseCellTypedValues checks that cells land in the right field with
// the right Go value, not just the right text.
func TestParseCellTypedValues(t *testing.T) {
	var q Quote
	for col, raw := range map[string]string{
		"form_factor": "PCIe", "gpus_per_node": "8", "egress_price_per_gb": "0",
		"valid_until": "2027-03-31", "nccl_tested_on_pool": "no", "currency": "inr",
	} {
		if err := ParseCell(&q, col, raw); err != nil {
			t.Fatalf("ParseCell(%q, %q): %v", col, raw, err)
		}
	}
	if q.FormFactor != Of(FormFactorPCIe) {
		t.Errorf("FormFactor = %+v, want stated pcie", q.FormFactor)
	}
	if q.GPUsPerNode != Of(int64(8)) {
		t.Errorf("GPUsPerNode = %+v, want stated 8", q.GPUsPerNode)
	}
	if v, ok := q.EgressPricePerGB.Get(); !ok || !v.IsZero() {
		t.Errorf("EgressPricePerGB = %+v, want stated 0", q.EgressPricePerGB)
	}
	if want := time.Date(2027, 3, 31, 0, 0, 0, 0, time.UTC); !q.ValidUntil.Value.Equal(want) || !q.ValidUntil.IsStated() {
		t.Errorf("ValidUntil = %+v, want stated %v", q.ValidUntil, want)
	}
	if q.NCCLTestedOnPool != Of(false) {
		t.Errorf("NCCLTestedOnPool = %+v, want stated no", q.NCCLTestedOnPool)
	}
	if q.Currency != Of("INR") {
		t.Errorf("Currency = %+v, want stated INR", q.Currency)
	}
	if _, ok := q.GPUModel.Get(); ok {
		t.Errorf("GPUModel.Get() reports a value for a term never set")
	}
}

// TestColumnsMatchContract checks the table against the example file's
// header (which lists every column in contract order) and checks that each
// column writes its own Quote field, once.
func TestColumnsMatchContract(t *testing.T) {
	f, err := os.Open("testdata/quotes-example.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	header, _ := bufio.NewReader(f).ReadString('\n')
	wantNames := strings.Split(strings.TrimSpace(header), ",")

	cols := Columns()
	var names []string
	for _, c := range cols {
		names = append(names, c.Name)
	}
	if !slices.Equal(names, wantNames) {
		t.Fatalf("column names =\n%v\nwant\n%v", names, wantNames)
	}
	if n := reflect.TypeFor[Quote]().NumField(); n != len(cols) {
		t.Fatalf("Quote has %d fields, the table %d columns", n, len(cols))
	}

	fieldOf := map[int]string{}
	for _, c := range cols {
		if c.Label != "quote.term."+c.Name {
			t.Errorf("%s: label %q", c.Name, c.Label)
		}
		if (c.Kind == KindEnum) != (len(c.Values) > 0) {
			t.Errorf("%s: kind %s with values %v", c.Name, c.Kind, c.Values)
		}
		if !slices.Contains(Groups(), c.Group) {
			t.Errorf("%s: unknown group %q", c.Name, c.Group)
		}
		// Set the term to refused (or, for a required term, to a valid
		// value) and find which field moved.
		raw := "refused"
		if c.Required {
			raw = map[string]string{"provider": "X", "rental_model": "buy", "currency": "USD"}[c.Name]
		}
		var q Quote
		if err := c.Parse(&q, raw); err != nil {
			t.Fatalf("%s: Parse(%q): %v", c.Name, raw, err)
		}
		v := reflect.ValueOf(q)
		changed := -1
		for i := range v.NumField() {
			if !v.Field(i).IsZero() {
				if changed >= 0 {
					t.Errorf("%s sets more than one field", c.Name)
				}
				changed = i
			}
		}
		if changed < 0 {
			t.Errorf("%s sets no field", c.Name)
			continue
		}
		if other, dup := fieldOf[changed]; dup {
			t.Errorf("%s and %s both set field %s", c.Name, other, v.Type().Field(changed).Name)
		}
		fieldOf[changed] = c.Name
	}

	want := map[string]bool{"provider": true, "rental_model": true, "currency": true}
	for _, c := range cols {
		if c.Required != want[c.Name] {
			t.Errorf("%s: Required = %v", c.Name, c.Required)
		}
	}
}

func TestColumnsIsACopy(t *testing.T) {
	cs := Columns()
	cs[0].Name = "changed"
	cs[1].Values[0] = "changed"
	if c := Columns(); c[0].Name != "provider" || c[1].Values[0] != "hyperscaler" {
		t.Errorf("Columns() exposes the package table")
	}
}

func TestEnumValuesMatchConstants(t *testing.T) {
	c, _ := ColumnByName("rental_model")
	if got := c.ValueLabel("on_demand"); got != "quote.term.rental_model.on_demand" {
		t.Errorf("ValueLabel = %q", got)
	}
	want := map[string][]string{
		"provider_category":       {"hyperscaler", "specialized", "marketplace", "colocation", "model_api"},
		"rental_model":            {"single_node", "on_demand", "reserved", "marketplace", "managed_cluster", "model_api", "buy"},
		"form_factor":             {"sxm", "pcie", "other"},
		"intra_node_interconnect": {"nvswitch", "nvlink", "pcie", "other"},
		"inter_node_fabric":       {"infiniband", "roce", "efa", "ethernet", "none"},
		"gpu_partitioning":        {"full", "mig", "vgpu", "time_sliced"},
		"billing_unit":            {"second", "minute", "hour", "month", "block"},
	}
	for name, vals := range want {
		c, ok := ColumnByName(name)
		if !ok || !slices.Equal(c.Values, vals) {
			t.Errorf("%s values = %v, want %v", name, c.Values, vals)
		}
	}
}

func TestParseCells(t *testing.T) {
	q, errs := ParseCells(map[string]string{
		"provider": "Acme", "rental_model": "reserved", "currency": "eur",
		"price_per_gpu_hour": "2.95", "egress_price_per_gb": "refused",
	})
	if len(errs) != 0 {
		t.Fatalf("ParseCells: %v", errs)
	}
	if q.Currency.Value != "EUR" || q.EgressPricePerGB.State != Refused || q.Nodes.State != NotStated {
		t.Errorf("ParseCells built %+v", q)
	}

	_, errs = ParseCells(map[string]string{"rental_model": "rent", "currency": "USD", "zz": "1", "gpu_modle": "H100"})
	want := []FieldError{
		{Column: "provider", Reason: "required: a value must be stated"},
		{Column: "rental_model", Reason: `"rent" is not one of: single_node, on_demand, reserved, marketplace, managed_cluster, model_api, buy`},
		{Column: "gpu_modle", Reason: "unknown column"},
		{Column: "zz", Reason: "unknown column"},
	}
	if !reflect.DeepEqual(errs, want) {
		t.Errorf("ParseCells errors =\n%v\nwant\n%v", errs, want)
	}
}

func TestValidate(t *testing.T) {
	valid := Quote{Provider: Of("Acme"), RentalModel: Of(RentalReserved), Currency: Of("USD")}
	if errs := Validate(valid); len(errs) != 0 {
		t.Fatalf("Validate(minimal quote) = %v", errs)
	}

	tests := []struct {
		name   string
		edit   func(q *Quote)
		column string
		reason string
	}{
		{"missing provider", func(q *Quote) { q.Provider = Term[string]{} }, "provider", "required"},
		{"refused currency", func(q *Quote) { q.Currency = Term[string]{State: Refused} }, "currency", "required"},
		{"lower-case currency", func(q *Quote) { q.Currency = Of("usd") }, "currency", `not in canonical form: "usd" would be stored as "USD"`},
		{"bad enum", func(q *Quote) { q.FormFactor = Of(FormFactor("SXM5")) }, "form_factor", "not one of"},
		{"negative int", func(q *Quote) { q.Nodes = Of(int64(-1)) }, "nodes", "0 or more"},
		{"negative decimal", func(q *Quote) { q.MinSpend = Of(DecimalFromMicros(-1)) }, "min_spend", "0 or more"},
		{"empty stated text", func(q *Quote) { q.GPUModel = Of("") }, "gpu_model", "stated with an empty value"},
		{"text that reads as refused", func(q *Quote) { q.Notes = Of("Refused") }, "notes", "read back as a refusal"},
		{"padded text", func(q *Quote) { q.Notes = Of(" x") }, "notes", "not in canonical form"},
		{"invalid state", func(q *Quote) { q.Region = Term[string]{State: 7} }, "region", "invalid state"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := valid
			tt.edit(&q)
			errs := Validate(q)
			if len(errs) != 1 || errs[0].Column != tt.column || !strings.Contains(errs[0].Reason, tt.reason) {
				t.Errorf("Validate = %v, want one error on %s containing %q", errs, tt.column, tt.reason)
			}
		})
	}
}

// A date built in local time keeps its calendar day through export.
func TestDateInOtherZoneKeepsItsDay(t *testing.T) {
	zone := time.FixedZone("UTC+3", 3*3600)
	q := Quote{ValidUntil: Of(time.Date(2027, 3, 31, 0, 0, 0, 0, zone))}
	c, _ := ColumnByName("valid_until")
	if got := c.Format(&q); got != "2027-03-31" {
		t.Errorf("Format = %q, want 2027-03-31", got)
	}
}
