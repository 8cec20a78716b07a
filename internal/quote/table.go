package quote

import (
	"strconv"
	"strings"
	"time"
)

// columns is the one description of the quote's terms, in the CSV
// contract's column order. Adding a term means adding a Quote field and one
// line here; the codec, form parsing, Validate and Diff follow.
var columns = []Column{
	required(newColumn("provider", KindText, GroupOffer, func(q *Quote) *Term[string] { return &q.Provider }, parseName, formatString)),
	enumCol("provider_category", GroupOffer, ProviderCategories(), func(q *Quote) *Term[ProviderCategory] { return &q.ProviderCategory }),
	textCol("quote_ref", GroupOffer, func(q *Quote) *Term[string] { return &q.QuoteRef }),
	required(enumCol("rental_model", GroupOffer, RentalModels(), func(q *Quote) *Term[RentalModel] { return &q.RentalModel })),
	textCol("gpu_model", GroupTopology, func(q *Quote) *Term[string] { return &q.GPUModel }),
	enumCol("form_factor", GroupTopology, FormFactors(), func(q *Quote) *Term[FormFactor] { return &q.FormFactor }),
	intCol("gpu_memory_gb", GroupTopology, func(q *Quote) *Term[int64] { return &q.GPUMemoryGB }),
	intCol("gpus_per_node", GroupTopology, func(q *Quote) *Term[int64] { return &q.GPUsPerNode }),
	intCol("nodes", GroupTopology, func(q *Quote) *Term[int64] { return &q.Nodes }),
	enumCol("intra_node_interconnect", GroupTopology, IntraNodes(), func(q *Quote) *Term[IntraNode] { return &q.IntraNode }),
	enumCol("inter_node_fabric", GroupFabric, Fabrics(), func(q *Quote) *Term[Fabric] { return &q.InterNodeFabric }),
	decimalCol("fabric_gbps_per_node", GroupFabric, func(q *Quote) *Term[Decimal] { return &q.FabricGbpsPerNode }),
	intCol("nics_per_node", GroupFabric, func(q *Quote) *Term[int64] { return &q.NICsPerNode }),
	textCol("oversubscription", GroupFabric, func(q *Quote) *Term[string] { return &q.Oversubscription }),
	boolCol("placement_guarantee", GroupFabric, func(q *Quote) *Term[bool] { return &q.PlacementGuarantee }),
	textCol("cpu_model", GroupTopology, func(q *Quote) *Term[string] { return &q.CPUModel }),
	intCol("ram_gb_per_node", GroupTopology, func(q *Quote) *Term[int64] { return &q.RAMGBPerNode }),
	decimalCol("local_nvme_tb_per_node", GroupTopology, func(q *Quote) *Term[Decimal] { return &q.LocalNVMeTBPerNode }),
	enumCol("gpu_partitioning", GroupTopology, Partitionings(), func(q *Quote) *Term[Partitioning] { return &q.GPUPartitioning }),
	textCol("region", GroupSecurity, func(q *Quote) *Term[string] { return &q.Region }),
	required(newColumn("currency", KindText, GroupCommercial, func(q *Quote) *Term[string] { return &q.Currency }, parseCurrency, formatString)),
	decimalCol("price_per_gpu_hour", GroupCommercial, func(q *Quote) *Term[Decimal] { return &q.PricePerGPUHour }),
	decimalCol("on_demand_price_per_gpu_hour", GroupCommercial, func(q *Quote) *Term[Decimal] { return &q.OnDemandPricePerGPUHour }),
	enumCol("billing_unit", GroupCommercial, BillingUnits(), func(q *Quote) *Term[BillingUnit] { return &q.BillingUnit }),
	intCol("min_term_months", GroupCommercial, func(q *Quote) *Term[int64] { return &q.MinTermMonths }),
	decimalCol("min_spend", GroupCommercial, func(q *Quote) *Term[Decimal] { return &q.MinSpend }),
	decimalCol("upfront", GroupCommercial, func(q *Quote) *Term[Decimal] { return &q.Upfront }),
	textCol("cancellation_terms", GroupCommercial, func(q *Quote) *Term[string] { return &q.CancellationTerms }),
	textCol("storage_terms", GroupStorage, func(q *Quote) *Term[string] { return &q.StorageTerms }),
	decimalCol("storage_price_per_tb_month", GroupStorage, func(q *Quote) *Term[Decimal] { return &q.StoragePricePerTBMonth }),
	decimalCol("egress_price_per_gb", GroupStorage, func(q *Quote) *Term[Decimal] { return &q.EgressPricePerGB }),
	textCol("support_terms", GroupCommercial, func(q *Quote) *Term[string] { return &q.SupportTerms }),
	decimalCol("support_response_hours", GroupCommercial, func(q *Quote) *Term[Decimal] { return &q.SupportResponseHours }),
	decimalCol("support_price_per_month", GroupCommercial, func(q *Quote) *Term[Decimal] { return &q.SupportPricePerMonth }),
	textCol("node_failure_policy", GroupFabric, func(q *Quote) *Term[string] { return &q.NodeFailurePolicy }),
	textCol("upgrade_path", GroupCommercial, func(q *Quote) *Term[string] { return &q.UpgradePath }),
	boolCol("billing_export", GroupAccess, func(q *Quote) *Term[bool] { return &q.BillingExport }),
	textCol("observability_terms", GroupAccess, func(q *Quote) *Term[string] { return &q.ObservabilityTerms }),
	textCol("tenant_isolation", GroupSecurity, func(q *Quote) *Term[string] { return &q.TenantIsolation }),
	boolCol("dedicated_claim", GroupSecurity, func(q *Quote) *Term[bool] { return &q.DedicatedClaim }),
	textCol("data_deletion_terms", GroupSecurity, func(q *Quote) *Term[string] { return &q.DataDeletionTerms }),
	textCol("compliance_claims", GroupSecurity, func(q *Quote) *Term[string] { return &q.ComplianceClaims }),
	boolCol("benchmark_window", GroupCommercial, func(q *Quote) *Term[bool] { return &q.BenchmarkWindow }),
	boolCol("driver_cuda_verifiable", GroupAccess, func(q *Quote) *Term[bool] { return &q.DriverCUDAVerifiable }),
	boolCol("nccl_tested_on_pool", GroupFabric, func(q *Quote) *Term[bool] { return &q.NCCLTestedOnPool }),
	dateCol("valid_until", GroupCommercial, func(q *Quote) *Term[time.Time] { return &q.ValidUntil }),
	textCol("notes", GroupOffer, func(q *Quote) *Term[string] { return &q.Notes }),
	enumCol("eviction_risk", GroupCommercial, EvictionRisks(), func(q *Quote) *Term[EvictionRisk] { return &q.EvictionRisk }),
	textCol("tax_terms", GroupCommercial, func(q *Quote) *Term[string] { return &q.TaxTerms }),
	textCol("invoicing_entity", GroupCommercial, func(q *Quote) *Term[string] { return &q.InvoicingEntity }),
	textCol("support_hours", GroupCommercial, func(q *Quote) *Term[string] { return &q.SupportHours }),
	textCol("import_export_limits", GroupSecurity, func(q *Quote) *Term[string] { return &q.ImportExportLimits }),
}

// columnIndex maps a lower-case column name to its index in columns.
var columnIndex = indexColumns(columns)

func indexColumns(cs []Column) map[string]int {
	m := make(map[string]int, len(cs))
	for i, c := range cs {
		m[c.Name] = i
	}
	return m
}

// newColumn binds a column name to a Quote field and the value codec.
func newColumn[T any](name string, k Kind, g Group, field func(*Quote) *Term[T], parse func(string) (T, error), format func(T) string) Column {
	return Column{
		Name:  name,
		Label: "quote.term." + name,
		Kind:  k,
		Group: g,
		acc:   access[T]{field: field, parse: parse, format: format},
	}
}

func required(c Column) Column {
	c.Required = true
	return c
}

func textCol(name string, g Group, f func(*Quote) *Term[string]) Column {
	return newColumn(name, KindText, g, f, parseText, formatString)
}

func intCol(name string, g Group, f func(*Quote) *Term[int64]) Column {
	return newColumn(name, KindInt, g, f, boundInt(name, parseInt), formatInt)
}

func decimalCol(name string, g Group, f func(*Quote) *Term[Decimal]) Column {
	return newColumn(name, KindDecimal, g, f, boundDecimal(name, parseDecimalCell), Decimal.String)
}

func boolCol(name string, g Group, f func(*Quote) *Term[bool]) Column {
	return newColumn(name, KindBool, g, f, parseBool, formatBool)
}

func dateCol(name string, g Group, f func(*Quote) *Term[time.Time]) Column {
	return newColumn(name, KindDate, g, f, parseDate, formatDate)
}

// enumCol accepts any case on input and stores the contract's own word, so
// "SXM" and "sxm" are the same stated value.
func enumCol[T ~string](name string, g Group, values []T, f func(*Quote) *Term[T]) Column {
	words := make([]string, len(values))
	for i, v := range values {
		words[i] = string(v)
	}
	parse := func(s string) (T, error) {
		for _, v := range values { // the export's own spelling first
			if s == string(v) {
				return v, nil
			}
		}
		for _, v := range values {
			if strings.EqualFold(s, string(v)) {
				return v, nil
			}
		}
		return "", reasonf("%s is not one of: %s", quoteRaw(s), strings.Join(words, ", "))
	}
	c := newColumn(name, KindEnum, g, f, parse, func(v T) string { return string(v) })
	c.Values = words
	return c
}

func formatString(s string) string { return s }

func formatInt(n int64) string { return strconv.FormatInt(n, 10) }
