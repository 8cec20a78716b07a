package gpu

import (
	"regexp"
	"slices"
	"strings"
)

// Name is what one GPU name says, token by token.
type Name struct {
	// Families are the distinct known families named; more than one is
	// ambiguous ("H100 or A100").
	Families []string
	SXM      bool // "SXM5", "HGX", "DGX", GCP's "Mega"
	PCIe     bool
	NVL      bool // "NVL", not "NVLink": NVLink is on SXM boards too
	HBM3     bool
	Quadro   bool
	Ada      bool
	// Memory is the memory size named ("80GB"); "?" when two differ.
	Memory string
	// Words are the model words left once vendor words, counts, forms
	// and memory are removed, upper case; a known family stands as itself.
	Words []string
}

// noiseWords carry no identity: vendor, product-line and marketing words
// ("NVIDIA Tesla V100", "H100 Tensor Core GPU", "AMD Instinct MI300X").
var noiseWords = map[string]bool{
	"NVIDIA": true, "TESLA": true, "GEFORCE": true, "AMD": true, "INSTINCT": true, "RADEON": true, "INTEL": true,
	"TENSOR": true, "CORE": true, "GPU": true, "GPUS": true, "GENERATION": true, "GRAPHICS": true, "ACCELERATOR": true,
}

var (
	// countPrefix matches the "8X" of "8XH100", the instance size some
	// listings glue to the model.
	countPrefix = regexp.MustCompile(`^[0-9]+X([A-Z].*)$`)
	// countToken matches a bare instance size, the "8x" of "8x H100".
	countToken = regexp.MustCompile(`^[0-9]+X$`)
	// memoryToken matches a memory size written as one token: "80GB",
	// "80G", "80GIB".
	memoryToken = regexp.MustCompile(`^([0-9]+)(GB?|GIB)$`)
	// memoryKind matches a memory technology: "HBM2E", "GDDR6X".
	memoryKind = regexp.MustCompile(`^(HBM[0-9]*E?|GDDR[0-9]*X?)$`)
)

// Read splits s into upper-case alphanumeric tokens and notes what they
// name. Form markers may be glued to the family ("H100SXM5") or to a
// count ("SXM5X2" in "lambdalabs_H100-sxm5x2"), so prefixes are checked.
func Read(s string) Name {
	var r Name
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
			if !slices.Contains(r.Families, f) {
				r.Families = append(r.Families, f)
			}
			r.Words = append(r.Words, f)
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
			r.Words = append(r.Words, t)
		}
	}
	return r
}

// marker records t if it is a form, memory or naming marker.
func (r *Name) marker(t string) bool {
	switch {
	case strings.HasPrefix(t, "SXM"), t == "HGX", t == "DGX", t == "MEGA":
		// HGX and DGX boards are SXM; GCP's "H100 Mega" (a3-megagpu) is SXM.
		r.SXM = true
	case strings.HasPrefix(t, "PCIE"), t == "PCI":
		r.PCIe = true
	case strings.HasPrefix(t, "NVL") && !strings.HasPrefix(t, "NVLINK"):
		r.NVL = true
	case t == "HBM3":
		r.HBM3 = true
	case t == "QUADRO":
		r.Quadro = true
	case t == "ADA":
		r.Ada = true
	case memoryKind.MatchString(t):
	default:
		if m := memoryToken.FindStringSubmatch(t); m != nil {
			r.setMemory(m[1] + "GB")
			return true
		}
		return false
	}
	return true
}

func (r *Name) setMemory(m string) {
	if r.Memory != "" && r.Memory != m {
		r.Memory = "?"
		return
	}
	r.Memory = m
}

// familyPrefix reports whether token t starts with a known family not
// followed by a digit (so "A10" does not match "A100", nor "H20" "H200").
func familyPrefix(t string) (name, rest string, ok bool) {
	for _, f := range prefixFamilies {
		if strings.HasPrefix(t, f) {
			rest = t[len(f):]
			if rest != "" && rest[0] >= '0' && rest[0] <= '9' {
				continue
			}
			return f, rest, true
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

// Form returns the board form the text names: "" when none, FormConflict
// when two. An NVL card is a PCIe card, so "H100 NVL PCIe" is simply NVL.
func (r Name) Form() Form {
	var forms []Form
	if r.SXM {
		forms = append(forms, SXM)
	}
	if r.NVL {
		forms = append(forms, NVL)
	} else if r.PCIe {
		forms = append(forms, PCIe)
	}
	switch len(forms) {
	case 0:
		return ""
	case 1:
		return forms[0]
	}
	return FormConflict
}

// rtxName finds an RTX card in the words glued together, since listings
// write "RTX 4090", "RTX4090", "RTX_4090" and "RTX PRO 6000" alike.
var rtxName = regexp.MustCompile(`(RTX)?(PRO)?([0-9]{4})`)

// geforceNumbers are RTX numbers no other card shares, so a bare "4090"
// names the card (nvidia-smi and marketplaces write it so).
var geforceNumbers = map[string]bool{"3090": true, "4090": true, "5090": true}

// RTX reads an RTX card from the words. catalog says the name comes from
// the SkyPilot catalog, where a bare "RTX6000" is the Turing Quadro RTX
// 6000 (its Ada successor is "RTX6000-Ada"); in a quote a bare "RTX 6000"
// could be either, or the Blackwell RTX PRO 6000, and is ambiguous.
func (r Name) RTX(catalog bool) (family string, ambiguous bool) {
	m := rtxName.FindStringSubmatch(strings.Join(r.Words, ""))
	if m == nil || (m[1] == "" && m[2] == "" && !geforceNumbers[m[3]]) {
		return "", false
	}
	num := m[3]
	blackwell := slices.Contains(r.Words, "BLACKWELL")
	switch {
	case m[2] == "PRO" || (blackwell && num == "6000"):
		return "RTXPRO" + num, false
	case r.Ada:
		return "RTX" + num + "-Ada", false
	case num == "4000" || num == "5000" || num == "6000":
		// The workstation numbers exist as Turing Quadro and as Ada cards,
		// at very different prices.
		if r.Quadro || catalog {
			return "RTX" + num, false
		}
		return "RTX" + num, true
	}
	return "RTX" + num, false
}

// Fallback names a GPU the reader does not know by its own words, so the
// same unknown name in a catalog and in a quote still meets ("GAUDI-3").
func (r Name) Fallback() string {
	return strings.Join(r.Words, "-")
}
