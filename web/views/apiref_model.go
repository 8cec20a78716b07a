package views

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

var apirefMethodOrder = []string{"GET", "POST", "PUT", "PATCH", "DELETE"}

// APIReferenceModel lays the OpenAPI document out by tag, in the
// document's tag order, each tag's operations in path order.
func APIReferenceModel(doc *openapi3.T) APIReference {
	m := APIReference{Title: doc.Info.Title, Version: doc.Info.Version, OpenAPI: doc.OpenAPI,
		Description: strings.Split(strings.TrimSpace(doc.Info.Description), "\n\n")}
	byTag := map[string]*APIGroup{}
	for _, tag := range doc.Tags {
		m.Groups = append(m.Groups, APIGroup{Name: tag.Name, Description: tag.Description})
	}
	for i := range m.Groups {
		byTag[m.Groups[i].Name] = &m.Groups[i]
	}
	paths := doc.Paths.InMatchingOrder()
	slices.Sort(paths)
	for _, path := range paths {
		item := doc.Paths.Value(path)
		ops := item.Operations()
		for _, method := range apirefMethodOrder {
			op := ops[method]
			if op == nil {
				continue
			}
			tag := ""
			if len(op.Tags) > 0 {
				tag = op.Tags[0]
			}
			g := byTag[tag]
			if g == nil {
				m.Groups = append(m.Groups, APIGroup{Name: tag})
				g = &m.Groups[len(m.Groups)-1]
				byTag[tag] = g
			}
			g.Ops = append(g.Ops, apirefOp(doc, method, path, item, op))
		}
	}
	names := make([]string, 0, len(doc.Components.Schemas))
	for name := range doc.Components.Schemas {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		sc := doc.Components.Schemas[name].Value
		m.Schemas = append(m.Schemas, APISchema{Name: name, Description: sc.Description, Type: apirefType(&openapi3.SchemaRef{Value: sc}),
			Props: apirefProps(sc)})
	}
	return m
}

func apirefOp(doc *openapi3.T, method, path string, item *openapi3.PathItem, op *openapi3.Operation) APIOp {
	v := APIOp{ID: op.OperationID, Method: method, Path: path, Summary: op.Summary, Description: op.Description}
	sec := doc.Security
	if op.Security != nil {
		sec = *op.Security
	}
	for _, req := range sec {
		for name := range req {
			v.Security = append(v.Security, name)
		}
	}
	for _, p := range append(slices.Clone(item.Parameters), op.Parameters...) {
		if p.Value != nil {
			v.Params = append(v.Params, APIProp{Name: p.Value.Name, In: p.Value.In, Type: apirefType(p.Value.Schema),
				Required: p.Value.Required, Description: p.Value.Description})
		}
	}
	if op.RequestBody != nil && op.RequestBody.Value != nil {
		v.Request = apirefBodies(op.RequestBody.Value.Content)
	}
	codes := op.Responses.Map()
	statuses := make([]string, 0, len(codes))
	for code := range codes {
		statuses = append(statuses, code)
	}
	slices.Sort(statuses)
	for _, code := range statuses {
		res := codes[code].Value
		desc := ""
		if res.Description != nil {
			desc = *res.Description
		}
		v.Responses = append(v.Responses, APIResponse{Status: code, Description: desc, Bodies: apirefBodies(res.Content)})
	}
	return v
}

func apirefBodies(c openapi3.Content) []APIBody {
	types := make([]string, 0, len(c))
	for mt := range c {
		types = append(types, mt)
	}
	slices.Sort(types)
	out := make([]APIBody, 0, len(types))
	for _, mt := range types {
		b := APIBody{MediaType: mt, Type: apirefType(c[mt].Schema)}
		if sc := c[mt].Schema; sc != nil && sc.Ref == "" && sc.Value != nil && len(sc.Value.Properties) > 0 {
			b.Props = apirefProps(sc.Value)
		}
		out = append(out, b)
	}
	return out
}

// apirefJSON is a value as indented JSON, "" when it has none.
func apirefJSON(v any) string {
	if v == nil {
		return ""
	}
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return ""
	}
	return string(b)
}
