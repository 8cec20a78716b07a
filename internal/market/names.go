package market

import (
	"strings"

	"github.com/gpuquote/gpuquote/internal/gpu"
	"github.com/gpuquote/gpuquote/internal/quote"
)

// GPU identifies a GPU model as far as price comparison needs. Two prices
// are comparable when their GPUs have the same Key. The catalog and the
// quotes name GPUs in many ways ("H100-SXM5", "NVIDIA H100 80GB HBM3",
// "gpu-h100-sxm"); reading both through the same rules is what makes a
// quote land on the right reference rows.
type GPU struct {
	// Family is the chip, e.g. "H100", "A100", "L40S", "RTX4090".
	Family string
	// Memory is "40GB" or "80GB" for the A100, which is sold in both sizes
	// at different prices; empty for other families or when not stated.
	Memory string
	// Form is "SXM", "PCIe" or "NVL" for families whose price depends on
	// it (H100, A100, and "NVL" for the H200); empty when not stated.
	Form string
}

// Key returns the GPU's comparison key: family, then memory and form when
// known, joined by dashes ("H100-SXM", "A100-80GB-PCIe", "L40S"). A key
// without a form, such as "H100", is a price whose listing did not say.
func (g GPU) Key() string {
	parts := []string{g.Family}
	if g.Memory != "" {
		parts = append(parts, g.Memory)
	}
	if g.Form != "" {
		parts = append(parts, g.Form)
	}
	return strings.Join(parts, "-")
}

// Form factor values of GPU.Form.
const (
	formSXM  = string(gpu.SXM)
	formPCIe = string(gpu.PCIe)
	formNVL  = string(gpu.NVL)
)

// instanceForms are instance types whose GPU form the catalog label leaves
// out: AWS p4d/p4de carry A100 SXM4 boards but are labelled "A100-40GB"
// and "A100-80GB".
var instanceForms = map[string]string{"P4D": formSXM, "P4DE": formSXM}

// CatalogGPU reads a price file row's accelerator label, using its
// instance type for the form factor when the label does not give one
// ("H100" on Nebius "gpu-h100-sxm_8gpu-..." is SXM). A label that states
// no form stays without one: such a row is compared only with quotes that
// do not state a form either. ok is false when the label names no known
// GPU; the GPU is then keyed by the label itself.
func CatalogGPU(accelerator, instanceType string) (g GPU, ok bool) {
	r := gpu.Read(accelerator)
	if len(r.Families) != 1 {
		if name, ambiguous := r.RTX(true); name != "" && !ambiguous {
			return GPU{Family: name}, true
		}
		return GPU{Family: r.Fallback()}, false
	}
	f, _ := gpu.Lookup(r.Families[0])
	g.Family = f.Family
	form := string(r.Form())
	if form == "" {
		form = string(gpu.Read(instanceType).Form())
		if form == "" {
			form = instanceForms[strings.ToUpper(strings.SplitN(instanceType, ".", 2)[0])]
		}
	}
	if form == "?" {
		form = ""
	}
	switch f.Price {
	case gpu.FormVaries:
		g.Form = form
	case gpu.FormNVLVariant:
		if form == formNVL || form == formPCIe {
			g.Form = formNVL
		}
	}
	if f.MemoryVariants && r.Memory != "?" {
		g.Memory = r.Memory
	}
	return g, true
}

// QuoteMatch is how a quote's GPU was read, and which reference keys it
// compares with.
type QuoteMatch struct {
	// GPU is the quote's GPU. A field left empty because the quote did not
	// give it is a wildcard when AnyForm or AnyMemory says so.
	GPU GPU
	// AnyForm: the quote gave no form factor for a family whose forms
	// price differently, so every form's prices are pooled.
	AnyForm bool
	// AnyMemory: the quote gave no A100 memory size, so 40GB and 80GB
	// prices are pooled.
	AnyMemory bool
	// Known is false when the model names no GPU the reader knows; it is
	// then matched by its own words, or not at all when it is empty or
	// ambiguous.
	Known bool
	// Notes explain each guess, pooling and conflict, for the user.
	Notes []string
}

// Key returns the quote's key, e.g. "H100-SXM", or "H100" when AnyForm.
// It is empty when the model could not be read at all.
func (m QuoteMatch) Key() string {
	if m.GPU.Family == "" {
		return ""
	}
	return m.GPU.Key()
}

// Matches reports whether a reference price for g compares with the
// quote. A stated field must be equal; a wildcard matches any value,
// including "not stated" in the reference.
func (m QuoteMatch) Matches(g GPU) bool {
	if m.GPU.Family == "" || g.Family != m.GPU.Family {
		return false
	}
	if !m.AnyMemory && g.Memory != m.GPU.Memory {
		return false
	}
	if !m.AnyForm && g.Form != m.GPU.Form {
		return false
	}
	return true
}

// QuoteGPU reads a quote's free-text gpu_model and its form_factor column.
// Where the text names a form ("H100 SXM5", "H100 NVL") it wins over the
// column, because the text is the vendor's own wording and NVL has no
// column value; a conflict is noted. "NVIDIA H100 80GB HBM3", which is
// how nvidia-smi names the H100 SXM5, is read as SXM when nothing else
// gives the form.
func QuoteGPU(model string, form quote.FormFactor) QuoteMatch {
	var m QuoteMatch
	r := gpu.Read(model)
	switch {
	case strings.TrimSpace(model) == "":
		m.Notes = append(m.Notes, "the quote names no GPU model")
		return m
	case len(r.Families) > 1:
		m.Notes = append(m.Notes, "the GPU model names more than one GPU ("+strings.Join(r.Families, ", ")+"): not compared")
		return m
	case len(r.Families) == 0:
		name, ambiguous := r.RTX(false)
		if ambiguous {
			m.Notes = append(m.Notes, `"`+model+`" is ambiguous: Quadro RTX, RTX Ada and RTX PRO (Blackwell) cards share the number and differ in price; name the generation`)
			return m
		}
		if name != "" {
			m.GPU = GPU{Family: name}
			m.Known = true
			return m
		}
		m.GPU = GPU{Family: r.Fallback()}
		if m.GPU.Family != "" {
			m.Notes = append(m.Notes, `GPU model "`+model+`" is not one the reader knows; matched by name as `+m.GPU.Family)
		}
		return m
	}

	f, _ := gpu.Lookup(r.Families[0])
	m.GPU.Family = f.Family
	m.Known = true
	switch text := r.Form(); f.Price {
	case gpu.FormVaries:
		m.readForm(f, r, form)
	case gpu.FormNVLVariant:
		if text == gpu.NVL || text == gpu.PCIe || (text == "" && form == quote.FormFactorPCIe) {
			m.GPU.Form = formNVL
		}
	}
	if f.MemoryVariants {
		switch r.Memory {
		case "40GB", "80GB":
			m.GPU.Memory = r.Memory
		case "":
			m.AnyMemory = true
			m.Notes = append(m.Notes, "no memory size given: "+f.Family+" 40GB and 80GB prices are pooled")
		default:
			m.AnyMemory = true
			m.Notes = append(m.Notes, "memory size in \""+model+"\" is not a "+f.Family+" size (40GB or 80GB): 40GB and 80GB prices are pooled")
		}
	}
	return m
}

// readForm sets the form of a family whose forms price differently.
func (m *QuoteMatch) readForm(f gpu.Model, r gpu.Name, form quote.FormFactor) {
	column := ""
	switch form {
	case quote.FormFactorSXM:
		column = formSXM
	case quote.FormFactorPCIe:
		column = formPCIe
	}
	text := string(r.Form())
	switch {
	case text == string(gpu.FormConflict):
		m.Notes = append(m.Notes, "the GPU model names two form factors; the form_factor column was used")
		text = ""
	case text != "" && column != "" && text != column && !(text == formNVL && column == formPCIe):
		m.Notes = append(m.Notes, "the GPU model says "+text+" but form_factor says "+string(form)+"; the model's wording was used")
	}
	switch {
	case text != "":
		m.GPU.Form = text
	case column != "":
		m.GPU.Form = column
	case f.Family == "H100" && r.HBM3 && r.Memory == "80GB":
		m.GPU.Form = formSXM
		m.Notes = append(m.Notes, `read as H100 SXM: "80GB HBM3" is how nvidia-smi names the SXM5 part (PCIe is HBM2e, NVL has 94GB)`)
	default:
		m.AnyForm = true
		why := "no form factor given"
		if form == quote.FormFactorOther {
			why = `form_factor is "other"`
		}
		m.Notes = append(m.Notes, why+": "+f.Family+" prices of every form factor, and of listings that do not say, are pooled, though SXM costs markedly more than PCIe; give the form factor for a sharper comparison")
	}
}
