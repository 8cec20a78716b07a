package gpu

import "strings"

// Identify returns the one known model a text names. ok is false when it
// names none, more than one ("H100 or A100"), or an RTX number without its
// generation ("RTX 6000").
func Identify(s string) (Model, bool) {
	return Read(s).Model(false)
}

// Model returns the one known model the name names; catalog reads a bare
// RTX workstation number as the catalog does (see RTX).
func (r Name) Model(catalog bool) (Model, bool) {
	switch len(r.Families) {
	case 1:
		return Lookup(r.Families[0])
	case 0:
		if fam, ambiguous := r.RTX(catalog); fam != "" && !ambiguous {
			return Lookup(fam)
		}
	}
	return Model{}, false
}

// ID is the lower-case identifier of the model a text names ("h100",
// "rtx_4090"), "" when it names no one known model.
func ID(s string) string {
	m, _ := Identify(s)
	return m.ID
}

// BoardForm reads the board form a name tells, as SXM or PCIe (an NVL card
// is PCIe): "H100 PCIe", "H100 NVL" and "A100-PCIE-40GB" are PCIe cards;
// "SXM" names and nvidia-smi's "H100 80GB HBM3" are SXM; a model sold one
// way only is that way. "" when the name does not tell.
func BoardForm(s string) Form {
	r := Read(s)
	switch f := r.Form(); f {
	case SXM, PCIe, NVL:
		return f.Card()
	}
	m, ok := r.Model(false)
	switch {
	case !ok:
		return ""
	case m.Family == "H100" && r.HBM3:
		return SXM
	case m.Family == "H200":
		return SXM // unqualified means the HGX part; the NVL says so
	}
	return m.Only
}

// Normal reduces a name to its model words, lower case, without vendor
// words, counts, board and memory markers, so "NVIDIA Tesla K80" and "K80"
// compare equal.
func Normal(s string) string {
	return strings.ToLower(strings.Join(Read(s).Words, " "))
}

// Same reports whether two names name the same card: the same known model
// (and the same board form where both names state one), or for a model
// the reader does not know, the same model words.
func Same(a, b string) bool {
	ma, okA := Identify(a)
	mb, okB := Identify(b)
	if !okA || !okB {
		na, nb := Normal(a), Normal(b)
		return na != "" && na == nb
	}
	if ma.Family != mb.Family {
		return false
	}
	fa, fb := Read(a).Form().Card(), BoardForm(b)
	return fa == "" || fa == FormConflict || fb == "" || fa == fb
}

// LabelOf is the display name of a model's ID ("rtx_4090" → "RTX 4090"),
// the ID in upper case for one the reader does not know.
func LabelOf(id string) string {
	for _, m := range models {
		if m.ID == id {
			return m.Label
		}
	}
	return strings.ToUpper(id)
}
