package gpu

// Option is one of the brief's target GPU choices: a model, and for the
// H100, which the brief splits by board, a form.
type Option struct {
	Key, Label, Family string
	Form               Form
}

// Options are the brief's GPU choices in display order. Their labels are
// the same in every language, so they can go into a message as facts.
var Options = []Option{
	{"h100_sxm", "H100 SXM", "H100", SXM}, {"h100_pcie", "H100 PCIe", "H100", PCIe},
	{"h200", "H200", "H200", ""}, {"b200", "B200", "B200", ""}, {"a100", "A100", "A100", ""},
	{"l40s", "L40S", "L40S", ""}, {"rtx_4090", "RTX 4090", "RTX4090", ""}, {"rtx_pro_6000", "RTX PRO 6000", "RTXPRO6000", ""},
}

// OptionByKey returns the brief option with that key.
func OptionByKey(key string) (Option, bool) {
	for _, o := range Options {
		if o.Key == key {
			return o, true
		}
	}
	return Option{}, false
}

// OptionsFor maps a model and a board form (SXM, PCIe or NVL; "" when not
// known) to the brief options it could be: an H100 of unknown form is
// both H100 options, an H100 NVL is the PCIe one.
func OptionsFor(family string, form Form) []string {
	var out []string
	for _, o := range Options {
		if o.Family == family && (o.Form == "" || form == "" || form == FormConflict || o.Form == form.Card()) {
			out = append(out, o.Key)
		}
	}
	return out
}
