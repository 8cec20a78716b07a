package views

import (
	"slices"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

// apirefType says what a schema is in a few words: a component's name (to
// link), "array of X", the JSON types, or the alternatives it combines.
func apirefType(ref *openapi3.SchemaRef) APIType {
	if ref == nil {
		return APIType{Text: "any"}
	}
	if ref.Ref != "" {
		name := ref.Ref[strings.LastIndex(ref.Ref, "/")+1:]
		return APIType{Text: name, Ref: name}
	}
	sc := ref.Value
	if sc == nil {
		return APIType{Text: "any"}
	}
	switch {
	case len(sc.OneOf) > 0:
		return apirefCombined(sc.OneOf, " | ")
	case len(sc.AllOf) > 0:
		return apirefCombined(sc.AllOf, " + ")
	case sc.Const != nil:
		return APIType{Text: "const " + strings.TrimSpace(apirefJSON(sc.Const))}
	}
	types := []string{}
	if sc.Type != nil {
		types = slices.Clone(sc.Type.Slice())
	}
	if len(types) == 0 {
		return APIType{Text: "any"}
	}
	ref2 := ""
	for i, t := range types {
		switch {
		case t == "array" && sc.Items != nil:
			item := apirefType(sc.Items)
			types[i], ref2 = "array of "+item.Text, item.Ref
		case t == "object" && sc.AdditionalProperties.Schema != nil:
			val := apirefType(sc.AdditionalProperties.Schema)
			types[i], ref2 = "map of "+val.Text, val.Ref
		case len(sc.Enum) > 0:
			vals := make([]string, 0, len(sc.Enum))
			for _, e := range sc.Enum {
				vals = append(vals, strings.TrimSpace(apirefJSON(e)))
			}
			types[i] = t + " (" + strings.Join(vals, ", ") + ")"
		case sc.Format != "":
			types[i] = t + " (" + sc.Format + ")"
		case sc.Pattern != "":
			types[i] = t + " /" + sc.Pattern + "/"
		}
	}
	return APIType{Text: strings.Join(types, " | "), Ref: ref2}
}

func apirefCombined(refs openapi3.SchemaRefs, sep string) APIType {
	parts := make([]string, 0, len(refs))
	first := ""
	for _, r := range refs {
		t := apirefType(r)
		if t.Text == "object" && r.Value != nil && len(r.Value.Properties) > 0 {
			t.Text = "{" + strings.Join(apirefSortedProps(r.Value), ", ") + "}"
		}
		parts = append(parts, t.Text)
		if first == "" {
			first = t.Ref
		}
	}
	return APIType{Text: strings.Join(parts, sep), Ref: first}
}

func apirefSortedProps(sc *openapi3.Schema) []string {
	names := make([]string, 0, len(sc.Properties))
	for n := range sc.Properties {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// apirefProps lists a schema's properties, required ones first, then by name.
func apirefProps(sc *openapi3.Schema) []APIProp {
	out := []APIProp{}
	for _, n := range apirefSortedProps(sc) {
		p := sc.Properties[n]
		desc := ""
		if p.Value != nil {
			desc = p.Value.Description
		}
		out = append(out, APIProp{Name: n, Type: apirefType(p), Required: slices.Contains(sc.Required, n), Description: desc})
	}
	slices.SortStableFunc(out, func(a, b APIProp) int {
		switch {
		case a.Required == b.Required:
			return 0
		case a.Required:
			return -1
		}
		return 1
	})
	return out
}
