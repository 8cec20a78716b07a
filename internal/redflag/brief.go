package redflag

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/quote"
)

// gpuLabels are the display names of the brief's GPU options. They are the
// same in every language (the catalog's brief.option.* agree), so they can
// go into a translated message as facts.
var gpuLabels = map[string]string{
	"h100_sxm": "H100 SXM", "h100_pcie": "H100 PCIe", "h200": "H200", "b200": "B200",
	"a100": "A100", "l40s": "L40S", "rtx_4090": "RTX 4090", "rtx_pro_6000": "RTX PRO 6000",
}

// gpuFamily reads the GPU family from a vendor's free text ("H100 SXM5",
// "h100", "NVIDIA H100 80GB", "RTX PRO 6000 Blackwell") and the form factor
// the text itself names, if any. Unknown text gives "". The family is a
// brief option except "h100", which the brief splits by form factor.
func gpuFamily(text string) (family string, ff quote.FormFactor) {
	toks := tokens(text)
	joined := strings.Join(toks, "")
	for _, t := range toks {
		switch {
		case strings.Contains(t, "sxm"):
			ff = quote.FormFactorSXM
		case ff == "" && (strings.Contains(t, "pcie") || strings.Contains(t, "nvl") && !strings.Contains(t, "nvlink")):
			// The H100 NVL and H200 NVL are PCIe cards; "NVLink" names
			// a link, not a form factor.
			ff = quote.FormFactorPCIe
		}
	}
	switch {
	case strings.Contains(joined, "pro6000"):
		// Checked before the single-token families: "RTX 6000 Ada" is an
		// older card, and only "PRO 6000" is the brief's option.
		return "rtx_pro_6000", ff
	case hasModelToken(toks, "4090") || hasModelToken(toks, "rtx4090"):
		return "rtx_4090", ff
	}
	for _, f := range []string{"h100", "h200", "b200", "a100", "l40s"} {
		if hasModelToken(toks, f) {
			return f, ff
		}
	}
	return "", ff
}

// hasModelToken reports whether a token is model m, alone or followed by
// letters and digits of a variant ("h100sxm5", "a100x"), but not as the
// tail of another model ("gb200" is not "b200") or a longer number
// ("h1000").
func hasModelToken(toks []string, m string) bool {
	for _, t := range toks {
		if t == m {
			return true
		}
		if strings.HasPrefix(t, m) && !unicode.IsDigit(rune(t[len(m)])) {
			return true
		}
	}
	return false
}

// tokens splits text into lower-case runs of letters and digits.
func tokens(text string) []string {
	return strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

// singleForm reports whether a family is sold in one form factor only, so
// a quote need not state it: the L40S, RTX 4090 and RTX PRO 6000 are PCIe
// cards.
func singleForm(family string) bool {
	switch family {
	case "l40s", "rtx_4090", "rtx_pro_6000":
		return true
	}
	return false
}

// gpuOptions maps a quote's GPU to the brief options it could be. An H100
// whose form factor is stated (or named in the text) is one option; one
// without is both, since the form_factor rule already flags the gap and the
// brief rule should not guess against the vendor.
func gpuOptions(q quote.Quote) []string {
	model, ok := q.GPUModel.Get()
	if !ok {
		return nil
	}
	family, ff := gpuFamily(model)
	if stated, ok := q.FormFactor.Get(); ok && stated != quote.FormFactorOther {
		ff = stated
	}
	switch {
	case family == "":
		return nil
	case family != "h100":
		return []string{family}
	case ff == quote.FormFactorSXM:
		return []string{"h100_sxm"}
	case ff == quote.FormFactorPCIe:
		return []string{"h100_pcie"}
	}
	return []string{"h100_sxm", "h100_pcie"}
}

// acceptableGPUs returns the brief's target GPU and acceptable substitutes,
// in brief order, without duplicates.
func acceptableGPUs(b brief.Brief) []string {
	var opts []string
	if b.Filled("target_gpu") {
		opts = append(opts, strings.TrimSpace(b["target_gpu"]))
	}
	for _, o := range b.List("acceptable_gpus") {
		if o = strings.TrimSpace(o); o != "" && !slices.Contains(opts, o) {
			opts = append(opts, o)
		}
	}
	return opts
}

// gpuList renders brief options for a message: "H100 SXM, H200".
func gpuList(opts []string) string {
	labels := make([]string, len(opts))
	for i, o := range opts {
		labels[i] = cmp.Or(gpuLabels[o], o)
	}
	return strings.Join(labels, ", ")
}

// compassWords are left out when comparing places: they would make
// "us-west" match "west Europe".
var compassWords = map[string]bool{
	"north": true, "south": true, "east": true, "west": true, "central": true,
	"northeast": true, "northwest": true, "southeast": true, "southwest": true,
}

// fillerWords are left out of the brief's text, which is a sentence as
// often as a code ("data must stay in the EU"). They stay in the quote's
// region, where "in" is India's code.
var fillerWords = map[string]bool{
	"in": true, "the": true, "only": true, "and": true, "or": true, "of": true,
	"data": true, "region": true, "must": true, "stay": true, "within": true, "any": true,
}

// placeAliases map country and bloc names to the codes cloud regions use,
// so that a brief written in words meets a region written as a code.
var placeAliases = map[string]string{
	"europe": "eu", "european": "eu", "usa": "us", "america": "us",
	"russia": "ru", "россия": "ru", "рф": "ru", "ес": "eu", "европа": "eu",
	"india": "in", "china": "cn", "vietnam": "vn", "germany": "de", "japan": "jp", "singapore": "sg",
}

// placeTokens returns the place words of s, aliased to region codes,
// without fillerWords when s is the brief's text.
func placeTokens(s string, brief bool) []string {
	var out []string
	for _, t := range tokens(s) {
		if compassWords[t] || isNumber(t) || brief && fillerWords[t] {
			continue
		}
		out = append(out, cmp.Or(placeAliases[t], t))
	}
	return out
}

func isNumber(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

// placeMatches reports whether a quoted region satisfies a brief's region
// or residency text. Both are free text, so it is deliberately lenient:
// case-insensitive containment by whole words, so that "EU" matches
// "eu-west" and "US or EU" matches "us-east". Whole words, not
// substrings, because "eu" is inside "Seoul" and "us" inside "Australia".
// What it calls a mismatch is worth asking the vendor about.
func placeMatches(wanted, region string) bool {
	w, r := strings.ToLower(strings.TrimSpace(wanted)), strings.ToLower(strings.TrimSpace(region))
	if w == "" || r == "" || w == r {
		return true
	}
	rt := placeTokens(r, false)
	for _, t := range placeTokens(w, true) {
		if slices.Contains(rt, t) {
			return true
		}
	}
	return false
}

// wantedPlace returns what the brief requires of the cluster's location:
// the data residency when given (the legal constraint), else the region.
func wantedPlace(b brief.Brief) (string, bool) {
	for _, k := range []string{"data_residency", "region"} {
		if b.Filled(k) {
			return strings.TrimSpace(b[k]), true
		}
	}
	return "", false
}

// trainingSize returns the model size in billions of parameters when the
// brief describes full training (fine-tuning or pre-training) of a known
// size: the case the interconnect rule of thumb is about. Inference and
// LoRA-scale work are fine on RoCE whatever the size.
func trainingSize(b brief.Brief) (params float64, text string, ok bool) {
	switch b["workload_type"] {
	case "fine_tuning", "pre_training":
	default:
		return 0, "", false
	}
	p, ok := b.Float("parameter_count_b")
	if !ok {
		return 0, "", false
	}
	return p, b["parameter_count_b"], true
}
