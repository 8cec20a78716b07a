package verdict

import (
	"regexp"
	"strings"

	"github.com/gpuquote/gpuquote/internal/quote"
)

// GPU families the reference table and the model check know. A quote says
// "H100" where nvidia-smi prints "NVIDIA H100 80GB HBM3"; both reduce to
// the same family.
const (
	famH100  = "h100"
	famH200  = "h200"
	famGH200 = "gh200"
	famB200  = "b200"
	famA100  = "a100"
	famL40S  = "l40s"
)

// familyRules are tried in order: the more specific name first.
var familyRules = []struct {
	re  *regexp.Regexp
	fam string
}{
	{regexp.MustCompile(`\bgh ?200\b`), famGH200},
	{regexp.MustCompile(`\bgb ?200\b`), "gb200"},
	{regexp.MustCompile(`\bb ?200\b`), famB200},
	{regexp.MustCompile(`\bb ?100\b`), "b100"},
	{regexp.MustCompile(`\bh ?200\b`), famH200},
	{regexp.MustCompile(`\bh ?100\b`), famH100},
	{regexp.MustCompile(`\bh ?800\b`), "h800"},
	{regexp.MustCompile(`\bh ?20\b`), "h20"},
	{regexp.MustCompile(`\ba ?100\b`), famA100},
	{regexp.MustCompile(`\ba ?800\b`), "a800"},
	{regexp.MustCompile(`\bl ?40 ?s\b`), famL40S},
	{regexp.MustCompile(`\bl ?40\b`), "l40"},
	{regexp.MustCompile(`\bl ?4\b`), "l4"},
	{regexp.MustCompile(`\bpro ?6000\b`), "rtx_pro_6000"},
	{regexp.MustCompile(`\b6000 ?ada\b`), "rtx_6000_ada"},
	{regexp.MustCompile(`\b5090\b`), "rtx_5090"},
	{regexp.MustCompile(`\b4090\b`), "rtx_4090"},
	{regexp.MustCompile(`\ba ?10 ?g\b`), "a10g"},
	{regexp.MustCompile(`\ba ?10\b`), "a10"},
	{regexp.MustCompile(`\ba ?40\b`), "a40"},
	{regexp.MustCompile(`\bv ?100\b`), "v100"},
	{regexp.MustCompile(`\bt ?4\b`), "t4"},
	{regexp.MustCompile(`\bmi ?300 ?x\b`), "mi300x"},
}

// family reduces a GPU name to its family, "" when unknown.
func family(name string) string {
	s := strings.ToLower(name)
	s = strings.NewReplacer("nvidia", " ", "tesla", " ", "geforce", " ", "-", " ", "_", " ").Replace(s)
	for _, r := range familyRules {
		if r.re.MatchString(s) {
			return r.fam
		}
	}
	return ""
}

func hopper(fam string) bool { return fam == famH100 || fam == famH200 || fam == famGH200 }

var nvlRe = regexp.MustCompile(`\bnvl\b`)

// formFactorOf reads the board form from an nvidia-smi product name:
// "H100 PCIe", "H100 NVL" and "A100-PCIE-40GB" are PCIe cards; "SXM" names
// and the HBM3 H100 are SXM; families sold only one way follow it. "" when
// the name does not tell.
func formFactorOf(name string) quote.FormFactor {
	s := strings.ToLower(strings.NewReplacer("-", " ", "_", " ").Replace(name))
	fam := family(name)
	switch {
	case strings.Contains(s, "pcie") || nvlRe.MatchString(s):
		return quote.FormFactorPCIe
	case strings.Contains(s, "sxm"):
		return quote.FormFactorSXM
	case fam == famH100 && strings.Contains(s, "hbm3"):
		return quote.FormFactorSXM
	case fam == famH200 || fam == famB200 || fam == famGH200 || fam == "gb200":
		return quote.FormFactorSXM
	case fam == famL40S || fam == "l40" || fam == "l4" || fam == "t4" || fam == "a10" || fam == "a10g" ||
		fam == "a40" || strings.HasPrefix(fam, "rtx"):
		return quote.FormFactorPCIe
	}
	return ""
}

// memoryMatches compares nvidia-smi's MiB with a quoted GB. Vendors round
// the marketing size (an H200's 143771 MiB is "141 GB", an L40S keeps 3 GB
// for ECC and shows 46068 MiB as "48 GB"), so ±8 % of the quoted figure
// in GiB is a match.
func memoryMatches(mib int64, quotedGB int64) bool {
	if quotedGB <= 0 {
		return false
	}
	ratio := float64(mib) / 1024 / float64(quotedGB)
	return ratio >= 0.92 && ratio <= 1.08
}

// vendorWords are the words that name a maker or a product line, not a
// model; boardWords name a board form or memory, compared elsewhere.
var (
	vendorWords = map[string]bool{"nvidia": true, "tesla": true, "geforce": true, "quadro": true, "rtx": false,
		"amd": true, "instinct": true, "radeon": true, "intel": true, "gpu": true, "graphics": true, "accelerator": true}
	memoryWord = regexp.MustCompile(`^\d+(\.\d+)?(gb|gib|g)$|^hbm\d*e?$|^gddr\d*x?$|^sxm\d*$|^pcie$|^nvl$`)
)

// normalName reduces a GPU name to its model words: lower case, without
// vendor prefixes ("NVIDIA", "Tesla"), board and memory suffixes ("SXM4",
// "80GB", "HBM3", "PCIe"), so "NVIDIA Tesla K80" and "K80" agree.
func normalName(name string) string {
	s := strings.ToLower(strings.NewReplacer("-", " ", "_", " ", "(", " ", ")", " ", ",", " ").Replace(name))
	var words []string
	for _, w := range strings.Fields(s) {
		if vendorWords[w] || memoryWord.MatchString(w) {
			continue
		}
		words = append(words, w)
	}
	return strings.Join(words, " ")
}
