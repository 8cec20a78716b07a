package market

import (
	"regexp"
	"slices"
	"strings"

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
	formSXM  = "SXM"
	formPCIe = "PCIe"
	formNVL  = "NVL"
)

// formRule says how a family's form factor affects its price.
type formRule int

const (
	// formIgnored: one form prices the family (L40S, B200, RTX cards), so
	// a stated form adds nothing and would only split the reference.
	formIgnored formRule = iota
	// formVaries: SXM, PCIe and NVL versions price differently (H100 SXM
	// is about 1.3× PCIe). A quote that does not say is compared with all
	// of them, and the comparison says so.
	formVaries
	// formNVLVariant: the family is sold as SXM (HGX) except for an NVL
	// PCIe card (H200). Unqualified means the SXM part, so an unqualified
	// quote is not diluted with NVL prices.
	formNVLVariant
)

type family struct {
	name   string
	form   formRule
	memory bool // sold in 40GB and 80GB versions at different prices
}

// families are the chips the reader knows. A name not listed still works:
// it becomes its own key (see fallbackFamily), so a newer catalog with a
// new GPU compares against quotes naming it the same way.
var families = func() []family {
	fs := []family{
		{name: "H100", form: formVaries},
		{name: "A100", form: formVaries, memory: true},
		{name: "H200", form: formNVLVariant},
		{name: "GH200"}, {name: "GB200"}, {name: "GB300"},
		{name: "B100"}, {name: "B200"}, {name: "B300"},
		{name: "H800"}, {name: "H20"}, {name: "A800"},
		{name: "L40S"}, {name: "L40"}, {name: "L4"},
		{name: "A10G"}, {name: "A10"}, {name: "A30"}, {name: "A40"}, {name: "A16"},
		{name: "A6000"}, {name: "A5000"}, {name: "A4000"},
		{name: "V100"}, {name: "P100"}, {name: "T4"},
		{name: "MI300X"}, {name: "MI325X"}, {name: "MI355X"}, {name: "MI250X"},
	}
	// Longest first, so "A100" is tried before "A10" and "L40S" before "L4".
	slices.SortStableFunc(fs, func(a, b family) int { return len(b.name) - len(a.name) })
	return fs
}()

func lookupFamily(name string) (family, bool) {
	for _, f := range families {
		if f.name == name {
			return f, true
		}
	}
	return family{}, false
}

// noiseWords carry no identity: vendor and marketing words that some
// listings add ("NVIDIA Tesla V100", "H100 Tensor Core GPU").
var noiseWords = map[string]bool{
	"NVIDIA": true, "TESLA": true, "GEFORCE": true, "AMD": true, "INSTINCT": true,
	"TENSOR": true, "CORE": true, "GPU": true, "GPUS": true, "GENERATION": true,
}

// countPrefix matches the "8X" of "8XH100", the instance-size prefix some
// listings glue to the model.
var countPrefix = regexp.MustCompile(`^[0-9]+X([A-Z].*)$`)

// countToken matches a bare instance size such as the "8x" of "8x H100",
// which says how many GPUs, not which.
var countToken = regexp.MustCompile(`^[0-9]+X$`)

// memoryToken matches a memory size written as one token: "80GB", "80G".
var memoryToken = regexp.MustCompile(`^([0-9]+)GB?$`)

// rtxName finds an RTX card in the tokens glued together, since listings
// write "RTX 4090", "RTX4090", "RTX_4090" and "RTX PRO 6000" alike.
var rtxName = regexp.MustCompile(`RTX(PRO)?([0-9]{4})`)

// reading is what the tokens of one GPU name say.
type reading struct {
	families []string // distinct families named; more than one is ambiguous
	sxm      bool
	pcie     bool
	nvl      bool
	hbm3     bool
	quadro   bool
	ada      bool
	memory   string // "80GB"; "?" when two different sizes are named
	rest     []string
}

// read splits s into upper-case alphanumeric tokens and notes what they
// name. Form markers may be glued to the family ("H100SXM5") or to a
// count ("SXM5X2" in "lambdalabs_H100-sxm5x2"), so prefixes are checked.
func read(s string) reading {
	var r reading
	toks := strings.FieldsFunc(strings.ToUpper(s), func(c rune) bool {
		return (c < 'A' || c > 'Z') && (c < '0' || c > '9')
	})
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if m := countPrefix.FindStringSubmatch(t); m != nil {
			t = m[1]
		}
		if noiseWords[t] || countToken.MatchString(t) {
			continue
		}
		if f, rest, ok := familyPrefix(t); ok {
			if !slices.Contains(r.families, f) {
				r.families = append(r.families, f)
			}
			r.rest = append(r.rest, f)
			if rest != "" {
				r.marker(rest)
			}
			continue
		}
		// "80 GB" as two tokens.
		if i+1 < len(toks) && allDigits(t) && (toks[i+1] == "GB" || toks[i+1] == "G") {
			r.setMemory(t + "GB")
			i++
			continue
		}
		if !r.marker(t) {
			r.rest = append(r.rest, t)
		}
	}
	return r
}

// marker records t if it is a form, memory or naming marker.
func (r *reading) marker(t string) bool {
	switch {
	case strings.HasPrefix(t, "SXM"), t == "HGX", t == "DGX", t == "MEGA":
		// HGX and DGX boards are SXM; GCP's "H100 Mega" (a3-megagpu) is SXM.
		r.sxm = true
	case strings.HasPrefix(t, "PCIE"), t == "PCI":
		r.pcie = true
	case strings.HasPrefix(t, "NVL") && !strings.HasPrefix(t, "NVLINK"):
		// NVLink is also on SXM boards, so it says nothing about the form.
		r.nvl = true
	case t == "HBM3":
		r.hbm3 = true
	case t == "QUADRO":
		r.quadro = true
	case t == "ADA":
		r.ada = true
	default:
		if m := memoryToken.FindStringSubmatch(t); m != nil {
			r.setMemory(m[1] + "GB")
			return true
		}
		return false
	}
	return true
}

func (r *reading) setMemory(m string) {
	if r.memory != "" && r.memory != m {
		r.memory = "?"
		return
	}
	r.memory = m
}

// familyPrefix reports whether token t starts with a known family not
// followed by a digit (so "A10" does not match "A100", nor "H20" "H200").
func familyPrefix(t string) (name, rest string, ok bool) {
	for _, f := range families {
		if strings.HasPrefix(t, f.name) {
			rest = t[len(f.name):]
			if rest != "" && rest[0] >= '0' && rest[0] <= '9' {
				continue
			}
			return f.name, rest, true
		}
	}
	return "", "", false
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// textForm returns the form factor the text names: "" when none, "?" when
// it names two.
func (r reading) textForm() string {
	var forms []string
	if r.sxm {
		forms = append(forms, formSXM)
	}
	if r.nvl {
		forms = append(forms, formNVL)
	} else if r.pcie {
		// An NVL card is a PCIe card, so "H100 NVL PCIe" is simply NVL.
		forms = append(forms, formPCIe)
	}
	switch len(forms) {
	case 0:
		return ""
	case 1:
		return forms[0]
	}
	return "?"
}

// rtx reads an RTX card from the glued tokens. catalog says the name comes
// from the SkyPilot catalog, where a bare "RTX6000" is the Turing Quadro
// RTX 6000 (its Ada successor is "RTX6000-Ada"); in a quote a bare
// "RTX 6000" could be either, or the Blackwell RTX PRO 6000.
func (r reading) rtx(catalog bool) (name string, ambiguous bool) {
	m := rtxName.FindStringSubmatch(strings.Join(r.rest, ""))
	if m == nil {
		return "", false
	}
	num := m[2]
	blackwell := slices.Contains(r.rest, "BLACKWELL")
	switch {
	case m[1] == "PRO" || (blackwell && num == "6000"):
		return "RTXPRO" + num, false
	case r.ada:
		return "RTX" + num + "-Ada", false
	case num == "4000" || num == "5000" || num == "6000":
		// The workstation numbers exist as Turing Quadro and as Ada cards,
		// at very different prices.
		if r.quadro || catalog {
			return "RTX" + num, false
		}
		return "RTX" + num, true
	}
	return "RTX" + num, false
}

// fallbackFamily names a GPU the reader does not know by its own tokens,
// so the same unknown name in a catalog and in a quote still meets.
func (r reading) fallbackFamily() string {
	return strings.Join(r.rest, "-")
}

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
	r := read(accelerator)
	if len(r.families) != 1 {
		if name, ambiguous := r.rtx(true); name != "" && !ambiguous {
			return GPU{Family: name}, true
		}
		return GPU{Family: r.fallbackFamily()}, false
	}
	f, _ := lookupFamily(r.families[0])
	g.Family = f.name
	form := r.textForm()
	if form == "" {
		it := read(instanceType)
		form = it.textForm()
		if form == "" {
			form = instanceForms[strings.ToUpper(strings.SplitN(instanceType, ".", 2)[0])]
		}
	}
	if form == "?" {
		form = ""
	}
	switch f.form {
	case formVaries:
		g.Form = form
	case formNVLVariant:
		if form == formNVL || form == formPCIe {
			g.Form = formNVL
		}
	}
	if f.memory && r.memory != "?" {
		g.Memory = r.memory
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
	r := read(model)
	switch {
	case strings.TrimSpace(model) == "":
		m.Notes = append(m.Notes, "the quote names no GPU model")
		return m
	case len(r.families) > 1:
		m.Notes = append(m.Notes, "the GPU model names more than one GPU ("+strings.Join(r.families, ", ")+"): not compared")
		return m
	case len(r.families) == 0:
		name, ambiguous := r.rtx(false)
		if ambiguous {
			m.Notes = append(m.Notes, `"`+model+`" is ambiguous: Quadro RTX, RTX Ada and RTX PRO (Blackwell) cards share the number and differ in price; name the generation`)
			return m
		}
		if name != "" {
			m.GPU = GPU{Family: name}
			m.Known = true
			return m
		}
		m.GPU = GPU{Family: r.fallbackFamily()}
		if m.GPU.Family != "" {
			m.Notes = append(m.Notes, `GPU model "`+model+`" is not one the reader knows; matched by name as `+m.GPU.Family)
		}
		return m
	}

	f, _ := lookupFamily(r.families[0])
	m.GPU.Family = f.name
	m.Known = true
	switch f.form {
	case formVaries:
		m.readForm(f, r, form)
	case formNVLVariant:
		if r.textForm() == formNVL || r.textForm() == formPCIe || (r.textForm() == "" && form == quote.FormFactorPCIe) {
			m.GPU.Form = formNVL
		}
	}
	if f.memory {
		switch r.memory {
		case "40GB", "80GB":
			m.GPU.Memory = r.memory
		case "":
			m.AnyMemory = true
			m.Notes = append(m.Notes, "no memory size given: "+f.name+" 40GB and 80GB prices are pooled")
		default:
			m.AnyMemory = true
			m.Notes = append(m.Notes, "memory size in \""+model+"\" is not a "+f.name+" size (40GB or 80GB): 40GB and 80GB prices are pooled")
		}
	}
	return m
}

// readForm sets the form of a family whose forms price differently.
func (m *QuoteMatch) readForm(f family, r reading, form quote.FormFactor) {
	column := ""
	switch form {
	case quote.FormFactorSXM:
		column = formSXM
	case quote.FormFactorPCIe:
		column = formPCIe
	}
	text := r.textForm()
	switch {
	case text == "?":
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
	case f.name == "H100" && r.hbm3 && r.memory == "80GB":
		m.GPU.Form = formSXM
		m.Notes = append(m.Notes, `read as H100 SXM: "80GB HBM3" is how nvidia-smi names the SXM5 part (PCIe is HBM2e, NVL has 94GB)`)
	default:
		m.AnyForm = true
		why := "no form factor given"
		if form == quote.FormFactorOther {
			why = `form_factor is "other"`
		}
		m.Notes = append(m.Notes, why+": "+f.name+" prices of every form factor, and of listings that do not say, are pooled, though SXM costs markedly more than PCIe; give the form factor for a sharper comparison")
	}
}
