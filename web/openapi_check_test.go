package web_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"sync"

	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"

	"github.com/gpuquote/gpuquote/web"
)

// apiRouter finds a request's operation in the OpenAPI document; built
// once for the whole test binary.
var apiRouter = sync.OnceValues(func() (routers.Router, error) {
	openapi3filter.RegisterBodyDecoder("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", openapi3filter.FileBodyDecoder)
	doc, err := web.LoadOpenAPI()
	if err != nil {
		return nil, err
	}
	return gorillamux.NewRouter(doc)
})

// checkAgainstOpenAPI validates one API response against the document:
// the request's method and path must name an operation, the status must be
// one that operation documents, and the body must match its schema. A
// path the document does not name may only be refused (401, 404, 405),
// since the route test keeps every real route documented.
func checkAgainstOpenAPI(req *http.Request, res *http.Response, body []byte) error {
	router, err := apiRouter()
	if err != nil {
		return fmt.Errorf("the OpenAPI document does not load: %w", err)
	}
	route, params, err := router.FindRoute(req)
	if err != nil {
		switch res.StatusCode {
		case http.StatusUnauthorized, http.StatusNotFound, http.StatusMethodNotAllowed:
			return nil
		}
		return fmt.Errorf("%s %s answered %d but is not in the OpenAPI document: %v", req.Method, req.URL.Path, res.StatusCode, err)
	}
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route},
		Status:                 res.StatusCode,
		Header:                 res.Header,
		Body:                   io.NopCloser(bytes.NewReader(body)),
		Options:                &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true},
	}
	if err := openapi3filter.ValidateResponse(context.Background(), in); err != nil {
		return fmt.Errorf("%s %s → %d does not match the OpenAPI document: %.1200s\nbody: %.600s", req.Method, req.URL.Path, res.StatusCode, err, body)
	}
	return nil
}
