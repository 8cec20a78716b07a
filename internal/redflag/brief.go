package redflag

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/gpu"
	"github.com/gpuquote/gpuquote/internal/quote"
)

// tokens splits text into lower-case runs of letters and digits.
func tokens(text string) []string {
	return strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

// gpuRead reads the GPU a vendor's free text names ("H100 SXM5", "h100",
// "NVIDIA H100 80GB", "RTX PRO 6000 Blackwell") and the board form the
// text itself names, if any; known is false for a text naming no one
// known model.
func gpuRead(text string) (m gpu.Model, known bool, form gpu.Form) {
	r := gpu.Read(text)
	m, known = r.Model(false)
	return m, known, r.Form()
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
	m, known, form := gpuRead(model)
	switch stated, _ := q.FormFactor.Get(); stated {
	case quote.FormFactorSXM:
		form = gpu.SXM
	case quote.FormFactorPCIe:
		form = gpu.PCIe
	}
	if !known {
		return nil
	}
	return gpu.OptionsFor(m.Family, form)
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
		labels[i] = o
		if opt, ok := gpu.OptionByKey(o); ok {
			labels[i] = opt.Label
		}
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
