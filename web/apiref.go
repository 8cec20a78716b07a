package web

import (
	"net/http"
	"slices"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/web/views"
)

// apiReferencePage renders the OpenAPI document as a page, on the server,
// from the same document /api/v1/openapi.json serves.
func (s *Server) apiReferencePage(w http.ResponseWriter, r *http.Request) error {
	doc, _ := openapiDoc()
	if doc == nil {
		return errReference
	}
	s.render(w, r, http.StatusOK, views.APIReferencePage(s.page(r, i18n.T(r.Context(), "apiref.title"), "profile"), referenceView(doc)))
	return nil
}

var methodOrder = []string{"GET", "POST", "PUT", "PATCH", "DELETE"}

// referenceView lays the document out by tag, in the document's tag order,
// each tag's operations in path order.
func referenceView(doc *openapi3.T) views.APIReference {
	m := views.APIReference{Title: doc.Info.Title, Version: doc.Info.Version, OpenAPI: doc.OpenAPI,
		Description: strings.Split(strings.TrimSpace(doc.Info.Description), "\n\n")}
	byTag := map[string]*views.APIGroup{}
	for _, tag := range doc.Tags {
		m.Groups = append(m.Groups, views.APIGroup{Name: tag.Name, Description: tag.Description})
	}
	for i := range m.Groups {
		byTag[m.Groups[i].Name] = &m.Groups[i]
	}
	paths := doc.Paths.InMatchingOrder()
	slices.Sort(paths)
	for _, path := range paths {
		item := doc.Paths.Value(path)
		ops := item.Operations()
		for _, method := range methodOrder {
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
				m.Groups = append(m.Groups, views.APIGroup{Name: tag})
				g = &m.Groups[len(m.Groups)-1]
				byTag[tag] = g
			}
			g.Ops = append(g.Ops, opView(doc, method, path, item, op))
		}
	}
	names := make([]string, 0, len(doc.Components.Schemas))
	for name := range doc.Components.Schemas {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		sc := doc.Components.Schemas[name].Value
		m.Schemas = append(m.Schemas, views.APISchema{Name: name, Description: sc.Description, Type: typeOf(&openapi3.SchemaRef{Value: sc}),
			Props: propsOf(sc)})
	}
	return m
}

func opView(doc *openapi3.T, method, path string, item *openapi3.PathItem, op *openapi3.Operation) views.APIOp {
	v := views.APIOp{ID: op.OperationID, Method: method, Path: path, Summary: op.Summary, Description: op.Description}
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
			v.Params = append(v.Params, views.APIProp{Name: p.Value.Name, In: p.Value.In, Type: typeOf(p.Value.Schema),
				Required: p.Value.Required, Description: p.Value.Description})
		}
	}
	if op.RequestBody != nil && op.RequestBody.Value != nil {
		v.Request = bodies(op.RequestBody.Value.Content)
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
		v.Responses = append(v.Responses, views.APIResponse{Status: code, Description: desc, Bodies: bodies(res.Content)})
	}
	return v
}

func bodies(c openapi3.Content) []views.APIBody {
	types := make([]string, 0, len(c))
	for mt := range c {
		types = append(types, mt)
	}
	slices.Sort(types)
	out := make([]views.APIBody, 0, len(types))
	for _, mt := range types {
		b := views.APIBody{MediaType: mt, Type: typeOf(c[mt].Schema)}
		if sc := c[mt].Schema; sc != nil && sc.Ref == "" && sc.Value != nil && len(sc.Value.Properties) > 0 {
			b.Props = propsOf(sc.Value)
		}
		out = append(out, b)
	}
	return out
}
