package quote

// The enumerations below are the CSV contract's enum columns. Their string
// values are the exact words the contract lists, which are also what the
// CSV export writes and the store keeps. The list functions return a fresh
// slice each call, in contract order, so a caller building a select cannot
// change the package's idea of what is allowed.

// ProviderCategory is the kind of provider (column provider_category).
type ProviderCategory string

// Provider categories, as listed in the CSV contract.
const (
	CategoryHyperscaler ProviderCategory = "hyperscaler"
	CategorySpecialized ProviderCategory = "specialized"
	CategoryMarketplace ProviderCategory = "marketplace"
	CategoryColocation  ProviderCategory = "colocation"
	CategoryModelAPI    ProviderCategory = "model_api"
)

// ProviderCategories returns every ProviderCategory in contract order.
func ProviderCategories() []ProviderCategory {
	return []ProviderCategory{CategoryHyperscaler, CategorySpecialized, CategoryMarketplace, CategoryColocation, CategoryModelAPI}
}

// RentalModel is how the capacity is rented (column rental_model).
type RentalModel string

// Rental models, as listed in the CSV contract.
const (
	RentalSingleNode     RentalModel = "single_node"
	RentalOnDemand       RentalModel = "on_demand"
	RentalReserved       RentalModel = "reserved"
	RentalMarketplace    RentalModel = "marketplace"
	RentalManagedCluster RentalModel = "managed_cluster"
	RentalModelAPI       RentalModel = "model_api"
	RentalBuy            RentalModel = "buy"
)

// RentalModels returns every RentalModel in contract order.
func RentalModels() []RentalModel {
	return []RentalModel{RentalSingleNode, RentalOnDemand, RentalReserved, RentalMarketplace, RentalManagedCluster, RentalModelAPI, RentalBuy}
}

// Valid reports whether m is one of RentalModels: the one list the CSV
// reader, the cost model and the decision check against.
func (m RentalModel) Valid() bool {
	for _, v := range RentalModels() {
		if m == v {
			return true
		}
	}
	return false
}

// LabelKey is the message key of m's display name, the one label set
// every page, export and API answer uses.
func (m RentalModel) LabelKey() string { return "quote.term.rental_model." + string(m) }

// FormFactor is the GPU's board form (column form_factor); SXM versus PCIe
// decides the NVLink bandwidth, which is why a quote without it is flagged.
type FormFactor string

// Form factors, as listed in the CSV contract.
const (
	FormFactorSXM   FormFactor = "sxm"
	FormFactorPCIe  FormFactor = "pcie"
	FormFactorOther FormFactor = "other"
)

// FormFactors returns every FormFactor in contract order.
func FormFactors() []FormFactor {
	return []FormFactor{FormFactorSXM, FormFactorPCIe, FormFactorOther}
}

// IntraNode is the GPU-to-GPU link inside a node (column
// intra_node_interconnect).
type IntraNode string

// Intra-node interconnects, as listed in the CSV contract.
const (
	IntraNodeNVSwitch IntraNode = "nvswitch"
	IntraNodeNVLink   IntraNode = "nvlink"
	IntraNodePCIe     IntraNode = "pcie"
	IntraNodeOther    IntraNode = "other"
)

// IntraNodes returns every IntraNode in contract order.
func IntraNodes() []IntraNode {
	return []IntraNode{IntraNodeNVSwitch, IntraNodeNVLink, IntraNodePCIe, IntraNodeOther}
}

// Fabric is the network between nodes (column inter_node_fabric).
// FabricNone is a stated value meaning a single-node offer.
type Fabric string

// Inter-node fabrics, as listed in the CSV contract.
const (
	FabricInfiniBand Fabric = "infiniband"
	FabricRoCE       Fabric = "roce"
	FabricEFA        Fabric = "efa"
	FabricEthernet   Fabric = "ethernet"
	FabricNone       Fabric = "none"
)

// Fabrics returns every Fabric in contract order.
func Fabrics() []Fabric {
	return []Fabric{FabricInfiniBand, FabricRoCE, FabricEFA, FabricEthernet, FabricNone}
}

// BillingUnit is the billing granularity (column billing_unit), which
// decides how much short jobs and idle time cost.
type BillingUnit string

// Billing units, as listed in the CSV contract.
const (
	BillingSecond BillingUnit = "second"
	BillingMinute BillingUnit = "minute"
	BillingHour   BillingUnit = "hour"
	BillingMonth  BillingUnit = "month"
	BillingBlock  BillingUnit = "block"
)

// BillingUnits returns every BillingUnit in contract order.
func BillingUnits() []BillingUnit {
	return []BillingUnit{BillingSecond, BillingMinute, BillingHour, BillingMonth, BillingBlock}
}

// Partitioning is how much of a GPU the tenant gets (column
// gpu_partitioning).
type Partitioning string

// GPU partitionings, as listed in the CSV contract.
const (
	PartitioningFull       Partitioning = "full"
	PartitioningMIG        Partitioning = "mig"
	PartitioningVGPU       Partitioning = "vgpu"
	PartitioningTimeSliced Partitioning = "time_sliced"
)

// Partitionings returns every Partitioning in contract order.
func Partitionings() []Partitioning {
	return []Partitioning{PartitioningFull, PartitioningMIG, PartitioningVGPU, PartitioningTimeSliced}
}

// EvictionRisk is how likely the provider may take the capacity back
// before the term ends (column eviction_risk): spot and marketplace
// capacity can be preempted, reserved capacity should not be.
type EvictionRisk string

// Eviction risks, as listed in the CSV contract, lowest first.
const (
	EvictionNone   EvictionRisk = "none"
	EvictionLow    EvictionRisk = "low"
	EvictionMedium EvictionRisk = "medium"
	EvictionHigh   EvictionRisk = "high"
)

// EvictionRisks returns every EvictionRisk in contract order.
func EvictionRisks() []EvictionRisk {
	return []EvictionRisk{EvictionNone, EvictionLow, EvictionMedium, EvictionHigh}
}
