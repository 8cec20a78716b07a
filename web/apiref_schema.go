package web

import (
	"slices"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/gpuquote/gpuquote/web/views"
)

// typeOf says what a schema is in a few words: a component's name (to
// link), "array of X", the JSON types, or the alternatives it combines.
func typeOf(ref *openapi3.SchemaRef) views.APIType {
	if ref == nil {
		return views.APIType{Text: "any"}
	}
	if ref.Ref != "" {
		name := ref.Ref[strings.LastIndex(ref.Ref, "/")+1:]
		return views.APIType{Text: name, Ref: name}
	}
	sc := ref.Value
	if sc == nil {
		return views.APIType{Text: "any"}
	}
	switch {
	case len(sc.OneOf) > 0:
		return combined(sc.OneOf, " | ")
	case len(sc.AllOf) > 0:
		return combined(sc.AllOf, " + ")
	case sc.Const != nil:
		return views.APIType{Text: "const " + strings.TrimSpace(jsonText(sc.Const))}
	}
	types := []string{}
	if sc.Type != nil {
		types = slices.Clone(sc.Type.Slice())
	}
	if len(types) == 0 {
		return views.APIType{Text: "any"}
	}
	ref2 := ""
	for i, t := range types {
		switch {
		case t == "array" && sc.Items != nil:
			item := typeOf(sc.Items)
			types[i], ref2 = "array of "+item.Text, item.Ref
		case t == "object" && sc.AdditionalProperties.Schema != nil:
			val := typeOf(sc.AdditionalProperties.Schema)
			types[i], ref2 = "map of "+val.Text, val.Ref
		case len(sc.Enum) > 0:
			vals := make([]string, 0, len(sc.Enum))
			for _, e := range sc.Enum {
				vals = append(vals, strings.TrimSpace(jsonText(e)))
			}
			types[i] = t + " (" + strings.Join(vals, ", ") + ")"
		case sc.Format != "":
			types[i] = t + " (" + sc.Format + ")"
		case sc.Pattern != "":
			types[i] = t + " /" + sc.Pattern + "/"
		}
	}
	return views.APIType{Text: strings.Join(types, " | "), Ref: ref2}
}

func combined(refs openapi3.SchemaRefs, sep string) views.APIType {
	parts := make([]string, 0, len(refs))
	first := ""
	for _, r := range refs {
		t := typeOf(r)
		if t.Text == "object" && r.Value != nil && len(r.Value.Properties) > 0 {
			t.Text = "{" + strings.Join(sortedProps(r.Value), ", ") + "}"
		}
		parts = append(parts, t.Text)
		if first == "" {
			first = t.Ref
		}
	}
	return views.APIType{Text: strings.Join(parts, sep), Ref: first}
}

func sortedProps(sc *openapi3.Schema) []string {
	names := make([]string, 0, len(sc.Properties))
	for n := range sc.Properties {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// propsOf lists a schema's properties, required ones first, then by name.
func propsOf(sc *openapi3.Schema) []views.APIProp {
	out := []views.APIProp{}
	for _, n := range sortedProps(sc) {
		p := sc.Properties[n]
		desc := ""
		if p.Value != nil {
			desc = p.Value.Description
		}
		out = append(out, views.APIProp{Name: n, Type: typeOf(p), Required: slices.Contains(sc.Required, n), Description: desc})
	}
	slices.SortStableFunc(out, func(a, b views.APIProp) int {
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
