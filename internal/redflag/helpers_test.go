package redflag

import (
	"maps"
	"regexp"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/quote"
)

// goodCells is the first row of the CSV contract's example, a quote with
// every term stated and nothing to flag; each case changes a few cells.
func goodCells() map[string]string {
	return map[string]string{
		"provider": "Example Specialized Cloud", "provider_category": "specialized", "quote_ref": "ESC-001",
		"rental_model": "reserved", "gpu_model": "H200", "form_factor": "sxm", "gpu_memory_gb": "141",
		"gpus_per_node": "8", "nodes": "4", "intra_node_interconnect": "nvswitch", "inter_node_fabric": "infiniband",
		"fabric_gbps_per_node": "3200", "nics_per_node": "8", "oversubscription": "1:1", "placement_guarantee": "yes",
		"cpu_model": "2x EPYC 9454", "ram_gb_per_node": "2048", "local_nvme_tb_per_node": "28", "gpu_partitioning": "full",
		"region": "eu-west", "currency": "EUR", "price_per_gpu_hour": "2.95", "billing_unit": "hour",
		"min_term_months": "6", "min_spend": "400000", "upfront": "50000", "cancellation_terms": "60 days notice after month 3",
		"storage_terms": "Local NVMe included; shared FS extra", "storage_price_per_tb_month": "22", "egress_price_per_gb": "0.05",
		"support_terms": "24/7 with NCCL-literate engineers", "support_response_hours": "2",
		"node_failure_policy": "Spare node in 4 h; failed hours credited", "upgrade_path": "B200 at month 6",
		"billing_export": "yes", "observability_terms": "Per-job usage export, DCGM", "tenant_isolation": "Single-tenant IB partition",
		"dedicated_claim": "yes", "data_deletion_terms": "Crypto-erase on exit, certificate", "compliance_claims": "ISO 27001",
		"benchmark_window": "yes", "driver_cuda_verifiable": "yes", "nccl_tested_on_pool": "yes", "valid_until": "2027-03-31",
		"notes": "every term stated", "eviction_risk": "none", "tax_terms": "EU reverse-charge VAT; no withholding",
		"invoicing_entity": "Example SC B.V., Netherlands", "support_hours": "24/7 (CET on-call team)", "import_export_limits": "none for EU buyers",
	}
}

// goodBrief is a brief the good quote meets: a 70B fine-tune on 4 × 8
// H200 or H100 SXM in the EU.
func goodBrief() brief.Brief {
	return brief.Brief{
		"workload_type": "fine_tuning", "parameter_count_b": "70", "target_gpu": "h200",
		"acceptable_gpus": "h200,h100_sxm", "gpus_per_node": "8", "node_count": "4",
		"region": "EU", "data_residency": "EU", "support_sla_hours": "4",
	}
}

// today is the date the buyer's guides were checked, well inside the good
// quote's validity.
var today = time.Date(2026, 10, 12, 9, 0, 0, 0, time.UTC)

// ruleCase is one row of a rule table: cell and brief changes to the good
// quote and brief ("" makes a cell not stated and deletes a brief field),
// and the flags Evaluate must raise, in order. Comparing the whole list
// also proves that no other rule fires on the same change.
type ruleCase struct {
	name  string
	cells map[string]string
	brief map[string]string
	today time.Time // zero means today
	// usdPer and retry are the analysis's facts: exchange rates (USD per
	// unit) and the worksheet's retry-waste share; nil means unknown.
	usdPer map[string]string
	retry  *float64
	want   []string          // flag ids, in Evaluate order
	data   map[string]string // when set, the first flag's facts
}

func (c ruleCase) input(t *testing.T) Input {
	t.Helper()
	cells := goodCells()
	maps.Copy(cells, c.cells)
	q, errs := quote.ParseCells(cells)
	if len(errs) > 0 {
		t.Fatalf("test quote does not parse: %v", errs)
	}
	b := goodBrief()
	for k, v := range c.brief {
		if v == "" {
			delete(b, k)
		} else {
			b[k] = v
		}
	}
	day := c.today
	if day.IsZero() {
		day = today
	}
	in := Input{Quote: q, Brief: b, Today: day, RetryWaste: c.retry}
	if c.usdPer != nil {
		in.USDPer = map[string]quote.Decimal{}
		for cur, v := range c.usdPer {
			d, err := quote.ParseDecimal(v)
			if err != nil {
				t.Fatal(err)
			}
			in.USDPer[cur] = d
		}
	}
	return in
}

func runCases(t *testing.T, cases []ruleCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			flags := Evaluate(c.input(t))
			if diff := cmp.Diff(c.want, ids(flags)); diff != "" {
				t.Errorf("flag ids (-want +got):\n%s", diff)
			}
			if c.data != nil && len(flags) > 0 {
				if diff := cmp.Diff(c.data, flags[0].Data); diff != "" {
					t.Errorf("%s data (-want +got):\n%s", flags[0].ID, diff)
				}
			}
			for _, f := range flags {
				checkFilled(t, f)
			}
		})
	}
}

func ids(flags []Flag) []string {
	out := []string{}
	for _, f := range flags {
		out = append(out, f.ID)
	}
	return out
}

var placeholder = regexp.MustCompile(`\{\{\s*\.([A-Za-z]+)\s*\}\}`)

// placeholders returns the fields a template uses, sorted.
func placeholders(text string) []string {
	var out []string
	for _, m := range placeholder.FindAllStringSubmatch(text, -1) {
		if !slices.Contains(out, m[1]) {
			out = append(out, m[1])
		}
	}
	slices.Sort(out)
	return out
}

// checkFilled proves a flag's texts rendered: the facts are exactly the
// placeholders its message and question use, and nothing is left unfilled.
func checkFilled(t *testing.T, f Flag) {
	t.Helper()
	en := mustCatalog(t)["en"]
	want := placeholders(en[f.MessageKey] + en[f.QuestionKey])
	got := slices.Sorted(maps.Keys(f.Data))
	if diff := cmp.Diff(want, got, cmpEmpty); diff != "" {
		t.Errorf("%s: facts vs placeholders (-want +got):\n%s", f.ID, diff)
	}
	for _, s := range []string{f.Message, f.Question} {
		if s == "" || s == f.MessageKey || s == f.QuestionKey || placeholder.MatchString(s) {
			t.Errorf("%s: text not rendered: %q", f.ID, s)
		}
	}
}

// cmpEmpty treats a nil and an empty slice alike.
var cmpEmpty = cmp.Comparer(func(a, b []string) bool { return slices.Equal(a, b) })

func mustCatalog(t *testing.T) map[string]map[string]string {
	t.Helper()
	c, err := Catalog()
	if err != nil {
		t.Fatal(err)
	}
	return c
}
