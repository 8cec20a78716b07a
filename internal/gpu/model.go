// Package gpu is the one reader of GPU model names. Quotes, price
// catalogs, nvidia-smi and nccl-tests logs name the same card in many ways
// ("H100-SXM5", "NVIDIA H100 80GB HBM3", "gpu-h100-sxm", "Tesla V100");
// every package that needs to know which card a text names asks this one,
// so a quote, its market reference and its benchmark agree on the GPU.
//
// The package is pure: it knows names and the few facts that follow from
// a model (the board forms it is sold in, whether its price depends on
// the form or the memory size), never prices.
package gpu

import (
	"slices"
	"strings"
)

// Form is a board form: SXM (on an HGX/DGX baseboard), PCIe, or NVL (a
// PCIe card with an NVLink bridge, priced apart for the H100 and H200).
type Form string

// The board forms. FormConflict is a name that states two.
const (
	SXM          Form = "SXM"
	PCIe         Form = "PCIe"
	NVL          Form = "NVL"
	FormConflict Form = "?"
)

// Card reduces NVL to PCIe: an NVL card is a PCIe card, which is what a
// quote's form_factor column and a benchmark's topology can tell apart.
func (f Form) Card() Form {
	if f == NVL {
		return PCIe
	}
	return f
}

// PriceForm says how a model's form factor affects its price.
type PriceForm int

const (
	// FormIgnored: one form prices the family (L40S, B200, RTX cards), so a
	// stated form adds nothing and would only split a reference.
	FormIgnored PriceForm = iota
	// FormVaries: SXM, PCIe and NVL versions price differently (H100 SXM
	// is about 1.3× PCIe).
	FormVaries
	// FormNVLVariant: sold as SXM (HGX) except for an NVL PCIe card (H200);
	// unqualified means the SXM part.
	FormNVLVariant
)

// Model is a GPU the reader knows, with the facts that follow from it.
type Model struct {
	// Family is the canonical name, as tokens spell it: "H100", "RTX4090".
	Family string
	// ID is the lower-case identifier the brief's options and the
	// benchmark references use: "h100", "rtx_4090".
	ID string
	// Label is the display name, the same in every language: "RTX 4090".
	Label string
	// Price says whether the form factor changes the price.
	Price PriceForm
	// MemoryVariants: sold in 40GB and 80GB versions at different prices.
	MemoryVariants bool
	// Only is the one board form the model is sold in, "" when several.
	Only Form
}

// models are the chips the reader knows. A name not listed still works as
// its own words (see Name.Fallback), so a newer catalog with a new GPU
// compares against quotes naming it the same way.
var models = []Model{
	{Family: "H100", Price: FormVaries},
	{Family: "A100", Price: FormVaries, MemoryVariants: true},
	{Family: "H200", Price: FormNVLVariant},
	{Family: "GH200", Only: SXM}, {Family: "GB200", Only: SXM}, {Family: "GB300", Only: SXM},
	{Family: "B100", Only: SXM}, {Family: "B200", Only: SXM}, {Family: "B300", Only: SXM},
	{Family: "H800"}, {Family: "H20"}, {Family: "A800"},
	{Family: "L40S", Only: PCIe}, {Family: "L40", Only: PCIe}, {Family: "L4", Only: PCIe},
	{Family: "A10G", Only: PCIe}, {Family: "A10", Only: PCIe}, {Family: "A30"}, {Family: "A40", Only: PCIe}, {Family: "A16"},
	{Family: "A6000", Only: PCIe}, {Family: "A5000", Only: PCIe}, {Family: "A4000", Only: PCIe},
	{Family: "V100"}, {Family: "P100"}, {Family: "T4", Only: PCIe},
	{Family: "MI300X"}, {Family: "MI325X"}, {Family: "MI355X"}, {Family: "MI250X"},
	// RTX cards are read from their number (see rtxOf), never as a token
	// prefix; all are PCIe cards.
	{Family: "RTX3090", ID: "rtx_3090", Label: "RTX 3090", Only: PCIe},
	{Family: "RTX4090", ID: "rtx_4090", Label: "RTX 4090", Only: PCIe},
	{Family: "RTX5090", ID: "rtx_5090", Label: "RTX 5090", Only: PCIe},
	{Family: "RTXPRO6000", ID: "rtx_pro_6000", Label: "RTX PRO 6000", Only: PCIe},
	{Family: "RTX6000-Ada", ID: "rtx_6000_ada", Label: "RTX 6000 Ada", Only: PCIe},
	{Family: "RTX6000", ID: "rtx_6000", Label: "Quadro RTX 6000", Only: PCIe},
}

// prefixFamilies are the families matched as a token prefix, longest
// first, so "A100" is tried before "A10" and "L40S" before "L4".
var prefixFamilies = func() []string {
	var fs []string
	for i := range models {
		if m := &models[i]; m.ID == "" {
			m.ID, m.Label = strings.ToLower(m.Family), m.Family
		}
		if !strings.HasPrefix(models[i].Family, "RTX") {
			fs = append(fs, models[i].Family)
		}
	}
	slices.SortStableFunc(fs, func(a, b string) int { return len(b) - len(a) })
	return fs
}()

// Lookup returns the model of a canonical family name ("H100", "RTX4090").
func Lookup(family string) (Model, bool) {
	for _, m := range models {
		if m.Family == family {
			return m, true
		}
	}
	return Model{}, false
}
