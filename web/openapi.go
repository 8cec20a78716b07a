package web

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"net/http"
	"sync"

	"github.com/getkin/kin-openapi/openapi3"
)

// openapiYAML is the API reference, kept next to the routes it describes.
//
//go:embed openapi/openapi.yaml
var openapiYAML []byte

// errReference means the embedded document does not load (a 500; the
// tests keep it from shipping).
var errReference = errors.New("openapi: the embedded document does not load")

// OpenAPIYAML returns the API reference as written (YAML, OpenAPI 3.1), for
// tests and tools that validate against it.
func OpenAPIYAML() []byte { return openapiYAML }

// openapiDoc is the reference loaded and checked once: the JSON served at
// /api/v1/openapi.json and the document the reference page renders.
var openapiDoc = sync.OnceValues(func() (*openapi3.T, []byte) {
	doc, err := LoadOpenAPI()
	if err != nil {
		// A broken document fails the tests; at run time it must not take
		// the API down with it, so the route answers 500.
		return nil, nil
	}
	b, err := json.Marshal(doc)
	if err != nil {
		return nil, nil
	}
	return doc, b
})

// LoadOpenAPI parses and validates the embedded API reference.
func LoadOpenAPI() (*openapi3.T, error) {
	doc, err := openapi3.NewLoader().LoadFromData(openapiYAML)
	if err != nil {
		return nil, err
	}
	if err := doc.Validate(context.Background()); err != nil {
		return nil, err
	}
	return doc, nil
}

// apiOpenAPI serves the reference as JSON. It sits behind the API's
// authentication like every /api/v1 route: the reference is not secret,
// but one rule for the whole prefix is easier to keep than exceptions.
func (s *Server) apiOpenAPI(w http.ResponseWriter, r *http.Request) error {
	_, b := openapiDoc()
	if b == nil {
		return errReference
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write(b)
	return nil
}
