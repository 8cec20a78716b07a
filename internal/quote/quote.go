// Package quote holds a vendor's offer for GPU capacity as a set of terms,
// each stated, not stated or refused, and the CSV codec procurement uses to
// move quotes in and out of spreadsheets.
//
// One table, returned by Columns, describes every term: its CSV column name,
// type, whether it is required, its allowed values, its i18n label key, and
// how to read and write the Quote field. The CSV decoder and encoder, the
// diff, Validate and ParseCell all go through that table, so a term is
// defined once and cannot parse one way from a file and another from a form.
//
// The package is pure: standard library only, no I/O beyond the io.Reader
// and io.Writer it is handed.
package quote

import "time"

// Quote is one offer from one provider, normalised so that offers compare
// term by term. Fields follow the CSV contract's column order, one field per
// column; the zero Quote has every term not stated. Parsed dates are UTC
// midnight.
//
// Provider, RentalModel and Currency are required: a Quote that Validate
// accepts has them stated.
type Quote struct {
	Provider         Term[string]           // provider (required)
	ProviderCategory Term[ProviderCategory] // provider_category: only used when the provider is new
	QuoteRef         Term[string]           // quote_ref: the vendor's own number
	RentalModel      Term[RentalModel]      // rental_model (required)

	GPUModel           Term[string]       // gpu_model
	FormFactor         Term[FormFactor]   // form_factor
	GPUMemoryGB        Term[int64]        // gpu_memory_gb, per GPU
	GPUsPerNode        Term[int64]        // gpus_per_node
	Nodes              Term[int64]        // nodes
	IntraNode          Term[IntraNode]    // intra_node_interconnect
	InterNodeFabric    Term[Fabric]       // inter_node_fabric
	FabricGbpsPerNode  Term[Decimal]      // fabric_gbps_per_node: total NIC bandwidth
	NICsPerNode        Term[int64]        // nics_per_node
	Oversubscription   Term[string]       // oversubscription, e.g. "2:1"
	PlacementGuarantee Term[bool]         // placement_guarantee: one placement domain
	CPUModel           Term[string]       // cpu_model
	RAMGBPerNode       Term[int64]        // ram_gb_per_node
	LocalNVMeTBPerNode Term[Decimal]      // local_nvme_tb_per_node
	GPUPartitioning    Term[Partitioning] // gpu_partitioning
	Region             Term[string]       // region

	Currency                Term[string]      // currency (required): ISO 4217 code, upper case
	PricePerGPUHour         Term[Decimal]     // price_per_gpu_hour, in Currency
	OnDemandPricePerGPUHour Term[Decimal]     // on_demand_price_per_gpu_hour: GPU-hours beyond a reservation (burst), in Currency
	BillingUnit             Term[BillingUnit] // billing_unit
	MinTermMonths           Term[int64]       // min_term_months: 0 = no commitment
	MinSpend                Term[Decimal]     // min_spend over the term, in Currency
	Upfront                 Term[Decimal]     // upfront prepayment, in Currency
	CancellationTerms       Term[string]      // cancellation_terms
	StorageTerms            Term[string]      // storage_terms
	StoragePricePerTBMonth  Term[Decimal]     // storage_price_per_tb_month
	EgressPricePerGB        Term[Decimal]     // egress_price_per_gb: stated 0 = free egress
	SupportTerms            Term[string]      // support_terms
	SupportResponseHours    Term[Decimal]     // support_response_hours
	SupportPricePerMonth    Term[Decimal]     // support_price_per_month, in Currency; stated 0 = support included
	NodeFailurePolicy       Term[string]      // node_failure_policy
	UpgradePath             Term[string]      // upgrade_path

	BillingExport        Term[bool]      // billing_export
	ObservabilityTerms   Term[string]    // observability_terms
	TenantIsolation      Term[string]    // tenant_isolation
	DedicatedClaim       Term[bool]      // dedicated_claim
	DataDeletionTerms    Term[string]    // data_deletion_terms
	ComplianceClaims     Term[string]    // compliance_claims
	BenchmarkWindow      Term[bool]      // benchmark_window
	DriverCUDAVerifiable Term[bool]      // driver_cuda_verifiable
	NCCLTestedOnPool     Term[bool]      // nccl_tested_on_pool
	ValidUntil           Term[time.Time] // valid_until
	Notes                Term[string]    // notes

	// Optional columns added after the first contract (issue 25): old
	// files without them read as not stated.
	EvictionRisk       Term[EvictionRisk] // eviction_risk
	TaxTerms           Term[string]       // tax_terms: VAT/GST, withholding, who pays
	InvoicingEntity    Term[string]       // invoicing_entity: the legal entity and country that invoices
	SupportHours       Term[string]       // support_hours: hours and time zone support is staffed
	ImportExportLimits Term[string]       // import_export_limits: export controls or import limits on the service
}
