package quote

import (
	"bytes"
	"encoding/csv"
	"errors"
	"os"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"
	"unsafe"
)

func readExample(t testing.TB) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/quotes-example.csv")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// importErrors returns the rows of err, failing unless it is an *ImportError.
func importErrors(t *testing.T, qs []Quote, err error) []RowError {
	t.Helper()
	var ie *ImportError
	if !errors.As(err, &ie) {
		t.Fatalf("ReadCSV error = %v, want *ImportError", err)
	}
	if qs != nil {
		t.Errorf("ReadCSV returned %d quotes with an error; import must be all-or-nothing", len(qs))
	}
	return ie.Errors
}

func TestExampleRoundTrip(t *testing.T) {
	src := readExample(t)
	qs, err := ReadCSV(bytes.NewReader(src))
	if err != nil {
		t.Fatalf("ReadCSV(example): %v", err)
	}
	if len(qs) != 3 {
		t.Fatalf("ReadCSV(example) = %d quotes, want 3", len(qs))
	}
	for i, q := range qs {
		if errs := Validate(q); len(errs) != 0 {
			t.Errorf("quote %d: Validate = %v", i, errs)
		}
	}

	var out1, out2 bytes.Buffer
	if err := WriteCSV(&out1, qs); err != nil {
		t.Fatal(err)
	}
	// The example is written in canonical form, so the export reproduces it.
	if out1.String() != string(src) {
		t.Errorf("export of the example differs from the file:\n%s\nwant\n%s", out1.String(), src)
	}
	back, err := ReadCSV(&out1)
	if err != nil {
		t.Fatalf("ReadCSV(export): %v", err)
	}
	if !reflect.DeepEqual(back, qs) {
		t.Errorf("import of the export differs from the first import")
	}
	if err := WriteCSV(&out2, back); err != nil {
		t.Fatal(err)
	}
	if out2.String() != string(src) {
		t.Errorf("export → import → export is not byte-identical")
	}

	specialized, hyperscaler, marketplace := qs[0], qs[1], qs[2]
	checks := []struct {
		name string
		got  any
		want any
	}{
		{"specialized price stated", specialized.PricePerGPUHour, Of(DecimalFromMicros(2_950_000))},
		{"specialized currency", specialized.Currency, Of("EUR")},
		{"specialized rental model", specialized.RentalModel, Of(RentalReserved)},
		{"specialized form factor", specialized.FormFactor, Of(FormFactorSXM)},
		{"specialized nodes", specialized.Nodes, Of(int64(4))},
		{"specialized valid until", specialized.ValidUntil, Of(time.Date(2027, 3, 31, 0, 0, 0, 0, time.UTC))},
		{"specialized quoted text with comma", specialized.ObservabilityTerms, Of("Per-job usage export, DCGM")},
		{"hyperscaler oversubscription not stated", hyperscaler.Oversubscription.State, NotStated},
		{"hyperscaler min spend not stated", hyperscaler.MinSpend.State, NotStated},
		{"hyperscaler upfront 0 is stated", hyperscaler.Upfront, Of(Decimal{})},
		{"hyperscaler nccl not stated", hyperscaler.NCCLTestedOnPool.State, NotStated},
		{"marketplace quote_ref not stated", marketplace.QuoteRef.State, NotStated},
		{"marketplace egress refused", marketplace.EgressPricePerGB.State, Refused},
		{"marketplace node failure refused", marketplace.NodeFailurePolicy.State, Refused},
		{"marketplace data deletion refused", marketplace.DataDeletionTerms.State, Refused},
		{"marketplace fabric none is stated", marketplace.InterNodeFabric, Of(FabricNone)},
		{"marketplace billing export stated no", marketplace.BillingExport, Of(false)},
	}
	for _, c := range checks {
		if !reflect.DeepEqual(c.got, c.want) {
			t.Errorf("%s: got %+v, want %+v", c.name, c.got, c.want)
		}
	}
}

func TestReadCSVUnknownColumn(t *testing.T) {
	qs, err := ReadCSV(strings.NewReader("provider,rental_model,gpu_modle,currency\nTypo,on_demand,H100,USD\n"))
	errs := importErrors(t, qs, err)
	want := []RowError{{Line: 1, Column: "gpu_modle", Reason: `unknown column "gpu_modle"; did you mean gpu_model?`}}
	if !reflect.DeepEqual(errs, want) {
		t.Errorf("errors = %v, want %v", errs, want)
	}
	if !strings.Contains(err.Error(), "gpu_modle") {
		t.Errorf("Error() = %q does not name the column", err)
	}
}

func TestReadCSVHeaderProblems(t *testing.T) {
	in := "provider,Provider,zzz_notes,,currency\nA,A,x,,usd\n"
	qs, err := ReadCSV(strings.NewReader(in))
	errs := importErrors(t, qs, err)
	want := []RowError{
		{Line: 1, Column: "provider", Reason: "column appears more than once"},
		{Line: 1, Column: "zzz_notes", Reason: `unknown column "zzz_notes"`},
		{Line: 1, Reason: "header cell 4 is empty: every column needs a name"},
		{Line: 1, Column: "rental_model", Reason: "required column is missing"},
	}
	if !reflect.DeepEqual(errs, want) {
		t.Errorf("errors =\n%v\nwant\n%v", errs, want)
	}
}

// TestReadCSVReportsEveryBadRow also checks that line numbers are physical
// lines: the quoted notes on line 2 span two lines, so the next row starts
// on line 4.
func TestReadCSVReportsEveryBadRow(t *testing.T) {
	in := "provider,rental_model,currency,gpu_memory_gb,valid_until,notes\n" +
		"Good,on_demand,USD,80,2027-01-01,\"two\nlines\"\n" +
		"Bad memory,on_demand,USD,80GB,2027-01-01,\n" +
		"Good too,reserved,EUR,141,,\n" +
		"Bad twice,rent,USD,,2027-13-01,\n"
	qs, err := ReadCSV(strings.NewReader(in))
	errs := importErrors(t, qs, err)
	want := []RowError{
		{Line: 4, Column: "gpu_memory_gb", Reason: `"80GB" is not a whole number`},
		{Line: 6, Column: "rental_model", Reason: `"rent" is not one of: single_node, on_demand, reserved, marketplace, managed_cluster, model_api, buy`},
		{Line: 6, Column: "valid_until", Reason: `"2027-13-01" is not a date: use YYYY-MM-DD, e.g. 2027-03-31`},
	}
	if !reflect.DeepEqual(errs, want) {
		t.Errorf("errors =\n%v\nwant\n%v", errs, want)
	}
	if got := err.Error(); !strings.Contains(got, "line 4, column gpu_memory_gb") || !strings.Contains(got, "line 6, column valid_until") {
		t.Errorf("Error() = %q", got)
	}
}

// TestReadCSVCellLineInsideMultilineRecord: a bad cell after a multi-line
// quoted cell is reported on the line where it actually is.
func TestReadCSVCellLineInsideMultilineRecord(t *testing.T) {
	in := "provider,notes,currency,rental_model\nX,\"a\nb\nc\",usd,nope\n"
	qs, err := ReadCSV(strings.NewReader(in))
	errs := importErrors(t, qs, err)
	if len(errs) != 1 || errs[0].Line != 4 || errs[0].Column != "rental_model" {
		t.Errorf("errors = %v, want one on line 4, column rental_model", errs)
	}
}

func TestReadCSVAccepts(t *testing.T) {
	tests := []struct {
		name string
		in   string
	}{
		{"BOM", "\uFEFFprovider,rental_model,currency\nAcme,on_demand,usd\n"},
		{"BOM before quoted header", "\uFEFF\"provider\",rental_model,currency\nAcme,on_demand,usd\n"},
		{"case-insensitive padded headers", " Provider ,RENTAL_MODEL,\tCurrency\nAcme,ON_DEMAND,USD\n"},
		{"column order free", "currency,rental_model,provider\nUSD,on_demand,Acme\n"},
		{"CRLF line endings", "provider,rental_model,currency\r\nAcme,on_demand,USD\r\n"},
		{"no final newline", "provider,rental_model,currency\nAcme,on_demand,USD"},
		{"trailing blank rows", "provider,rental_model,currency\nAcme,on_demand,USD\n,,\n\n , ,\n"},
	}
	want := []Quote{{Provider: Of("Acme"), RentalModel: Of(RentalOnDemand), Currency: Of("USD")}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			qs, err := ReadCSV(strings.NewReader(tt.in))
			if err != nil {
				t.Fatalf("ReadCSV: %v", err)
			}
			if !reflect.DeepEqual(qs, want) {
				t.Errorf("ReadCSV = %+v, want %+v", qs, want)
			}
		})
	}
}

func TestQuotedFieldsRoundTrip(t *testing.T) {
	in := "provider,rental_model,currency,notes,support_terms\n" +
		"\"Acme, Inc.\",reserved,USD,\"line one\nline two, with comma\",\"says \"\"24/7\"\"\"\n"
	qs, err := ReadCSV(strings.NewReader(in))
	if err != nil {
		t.Fatalf("ReadCSV: %v", err)
	}
	q := qs[0]
	if q.Provider.Value != "Acme, Inc." || q.Notes.Value != "line one\nline two, with comma" || q.SupportTerms.Value != `says "24/7"` {
		t.Fatalf("ReadCSV = %+v", q)
	}
	var out bytes.Buffer
	if err := WriteCSV(&out, qs); err != nil {
		t.Fatal(err)
	}
	back, err := ReadCSV(bytes.NewReader(out.Bytes()))
	if err != nil || !reflect.DeepEqual(back, qs) {
		t.Errorf("round trip = %+v, %v; want %+v", back, err, qs)
	}
	var again bytes.Buffer
	if err := WriteCSV(&again, back); err != nil || again.String() != out.String() {
		t.Errorf("second export differs: %q vs %q (%v)", again.String(), out.String(), err)
	}
}

func TestReadCSVRejects(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []RowError
	}{
		{"empty file", "", []RowError{{Line: 1, Reason: "the file is empty: a header row is required"}}},
		{"short row", "provider,rental_model,currency\nAcme,on_demand\n",
			[]RowError{{Line: 2, Reason: "has 2 cells; the header has 3"}}},
		{"bare quote", "provider,rental_model,currency\nAcme,on_demand,USD\nSay \"hi\",buy,USD\n",
			[]RowError{{Line: 3, Reason: `bare " in non-quoted-field at line 3, character 5 (a cell with " in it must be wrapped in quotes, each inner " doubled); the rest of the file was not checked`}}},
		{"missing required cells", "provider,rental_model,currency\n,refused,\n",
			[]RowError{
				{Line: 2, Column: "provider", Reason: "required: a value must be stated"},
				{Line: 2, Column: "rental_model", Reason: "required: a value must be stated; refused is not accepted here"},
				{Line: 2, Column: "currency", Reason: "required: a value must be stated"},
			}},
		{"good rows do not import beside a bad one", "provider,rental_model,currency\nA,buy,USD\nB,buy,US\n",
			[]RowError{{Line: 3, Column: "currency", Reason: `"US" is not a currency code: use three letters, e.g. USD, EUR, INR`}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			qs, err := ReadCSV(strings.NewReader(tt.in))
			if got := importErrors(t, qs, err); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("errors =\n%v\nwant\n%v", got, tt.want)
			}
		})
	}
}

func TestReadCSVHeaderOnly(t *testing.T) {
	qs, err := ReadCSV(strings.NewReader("provider,rental_model,currency\n"))
	if err != nil || len(qs) != 0 {
		t.Errorf("ReadCSV(header only) = %v, %v; want no quotes, no error", qs, err)
	}
}

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errors.New("disk on fire") }

func TestReadCSVPassesReaderErrors(t *testing.T) {
	_, err := ReadCSV(failingReader{})
	var ie *ImportError
	if err == nil || errors.As(err, &ie) || !strings.Contains(err.Error(), "disk on fire") {
		t.Errorf("ReadCSV(failing reader) = %v, want the reader's error, not an ImportError", err)
	}
}

func TestWriteCSVCanonical(t *testing.T) {
	q := Quote{
		Provider:          Of("Acme"),
		RentalModel:       Of(RentalModelAPI),
		Currency:          Of("VND"),
		PricePerGPUHour:   Of(DecimalFromMicros(1_500_000)),
		EgressPricePerGB:  Of(Decimal{}),
		MinSpend:          Term[Decimal]{State: Refused},
		BenchmarkWindow:   Of(true),
		DedicatedClaim:    Of(false),
		ValidUntil:        Of(time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)),
		InterNodeFabric:   Of(FabricRoCE),
		TenantIsolation:   Term[string]{State: Refused},
		FabricGbpsPerNode: Of(DecimalFromInt(400)),
	}
	var out bytes.Buffer
	if err := WriteCSV(&out, []Quote{q}); err != nil {
		t.Fatal(err)
	}
	rows := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(rows) != 2 {
		t.Fatalf("WriteCSV wrote %d lines, want 2", len(rows))
	}
	header, cells := strings.Split(rows[0], ","), strings.Split(rows[1], ",")
	got := map[string]string{}
	for i, h := range header {
		got[h] = cells[i]
	}
	want := map[string]string{
		"provider": "Acme", "rental_model": "model_api", "currency": "VND", "price_per_gpu_hour": "1.5",
		"egress_price_per_gb": "0", "min_spend": "refused", "benchmark_window": "yes", "dedicated_claim": "no",
		"valid_until": "2026-12-01", "inter_node_fabric": "roce", "tenant_isolation": "refused",
		"fabric_gbps_per_node": "400", "gpu_model": "", "notes": "",
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %q, want %q", k, got[k], v)
		}
	}
}

func TestWriteCSVEmpty(t *testing.T) {
	var out bytes.Buffer
	if err := WriteCSV(&out, nil); err != nil {
		t.Fatal(err)
	}
	qs, err := ReadCSV(&out)
	if err != nil || len(qs) != 0 {
		t.Errorf("header-only export reads back as %v, %v", qs, err)
	}
}

// exampleRows returns a file of n quotes built from the example's rows.
func exampleRows(t testing.TB, n int) []byte {
	src := readExample(t)
	header, rest, _ := bytes.Cut(src, []byte("\n"))
	rows := bytes.SplitAfter(rest, []byte("\n"))
	var in bytes.Buffer
	in.Write(header)
	in.WriteByte('\n')
	for i := range n {
		in.Write(rows[i%3])
	}
	return in.Bytes()
}

// BenchmarkReadCSV1000 reads 1,000 quotes built from the example's rows.
func BenchmarkReadCSV1000(b *testing.B) {
	data := exampleRows(b, 1000)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		qs, err := ReadCSV(bytes.NewReader(data))
		if err != nil || len(qs) != 1000 {
			b.Fatalf("ReadCSV = %d quotes, %v", len(qs), err)
		}
	}
}

// The reader holds the file once: beside the quotes themselves it
// allocates one copy of the text, not a regrown buffer and a second copy.
func TestReadCSVCopiesTheFileOnce(t *testing.T) {
	data := exampleRows(t, 1000)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	qs, err := ReadCSV(bytes.NewReader(data))
	runtime.ReadMemStats(&after)
	if err != nil || len(qs) != 1000 {
		t.Fatalf("ReadCSV = %d quotes, %v", len(qs), err)
	}
	quotes := uint64(cap(qs)) * uint64(unsafe.Sizeof(Quote{}))
	file := uint64(len(data))
	if got, limit := after.TotalAlloc-before.TotalAlloc, quotes+file+file/10; got > limit {
		t.Errorf("ReadCSV allocated %d bytes for a %d-byte file and %d bytes of quotes; want at most %d", got, file, quotes, limit)
	}
}

func TestFormulaLikeTextIsDefusedAndRoundTrips(t *testing.T) {
	in := "provider,rental_model,currency,notes,support_terms\n" +
		"\"=HYPERLINK(\"\"http://evil/\"\",\"\"x\"\")\",on_demand,USD,+1 spare node,- none\n"
	qs, err := ReadCSV(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := WriteCSV(&out, qs); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), `"'=HYPERLINK(`) || !strings.Contains(out.String(), "'+1 spare node") {
		t.Fatalf("formula-like cells not defused:\n%s", out.String())
	}
	back, err := ReadCSV(strings.NewReader(out.String()))
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := back[0].Provider.Get(); got != `=HYPERLINK("http://evil/","x")` {
		t.Errorf("provider after round trip = %q", got)
	}
	var again strings.Builder
	WriteCSV(&again, back)
	if again.String() != out.String() {
		t.Errorf("export → import → export differs")
	}
}

// Issue 25's columns (eviction_risk and the regional checks) are
// optional: a file written before them still reads, with those terms not
// stated, and its other terms as before.
func TestFileWithoutTheRegionalColumnsStillReads(t *testing.T) {
	src, err := os.ReadFile("testdata/quotes-example.csv")
	if err != nil {
		t.Fatal(err)
	}
	var old []string
	for _, line := range strings.Split(strings.TrimRight(string(src), "\n"), "\n") {
		r := csv.NewReader(strings.NewReader(line))
		rec, err := r.Read()
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		w := csv.NewWriter(&b)
		_ = w.Write(rec[:len(rec)-5])
		w.Flush()
		old = append(old, strings.TrimRight(b.String(), "\n"))
	}
	qs, err := ReadCSV(strings.NewReader(strings.Join(old, "\n") + "\n"))
	if err != nil || len(qs) != 3 {
		t.Fatalf("old file: %d quotes, %v", len(qs), err)
	}
	q := qs[0]
	if q.EvictionRisk.State != NotStated || q.TaxTerms.State != NotStated || q.InvoicingEntity.State != NotStated ||
		q.SupportHours.State != NotStated || q.ImportExportLimits.State != NotStated {
		t.Errorf("new terms not 'not stated' in an old file: %+v", q)
	}
	if v, _ := q.UpgradePath.Get(); v != "B200 at month 6" {
		t.Errorf("old terms changed: upgrade path %q", v)
	}
	full, _ := ReadCSV(strings.NewReader(string(src)))
	if r, _ := full[0].EvictionRisk.Get(); r != EvictionNone {
		t.Errorf("eviction_risk read as %q, want none", r)
	}
}
