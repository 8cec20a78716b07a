package web_test

import (
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"

	"github.com/gpuquote/gpuquote/web"
)

// pendingPaths are documented in web/openapi/openapi.yaml but not routed
// yet. The route test accepts them as missing from the router ONLY while
// they are listed here, and fails when a listed path is routed.
var pendingPaths = []string{}

// paramName erases parameter names, so {id} and {quoteID} compare equal.
var paramName = regexp.MustCompile(`\{[^}]*\}`)

func routeKey(method, path string) string {
	return method + " " + paramName.ReplaceAllString(strings.TrimSuffix(path, "/"), "{}")
}

// routedAPI walks the real router and returns every "METHOD /api/v1/..." it
// answers.
func routedAPI(t *testing.T) map[string]bool {
	t.Helper()
	mux, ok := web.NewServer(web.Config{}).(chi.Routes)
	if !ok {
		t.Fatal("the server's handler is no longer a chi router: the route test cannot walk it")
	}
	got := map[string]bool{}
	err := chi.Walk(mux, func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		if strings.HasPrefix(route, "/api/v1/") {
			got[routeKey(method, route)] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func documentedAPI(t *testing.T) map[string]bool {
	t.Helper()
	doc, err := web.LoadOpenAPI()
	if err != nil {
		t.Fatalf("the OpenAPI document does not load: %v", err)
	}
	out := map[string]bool{}
	for path, item := range doc.Paths.Map() {
		for method := range item.Operations() {
			out[routeKey(method, path)] = true
		}
	}
	return out
}

// TestOpenAPICoversEveryRoute fails when a route under /api/v1 is not in
// the document, or the document names a route the router does not have
// (apart from pendingPaths).
func TestOpenAPICoversEveryRoute(t *testing.T) {
	t.Parallel()
	routed, documented := routedAPI(t), documentedAPI(t)
	if len(routed) < 10 {
		t.Fatalf("walked only %d API routes: the walk is broken", len(routed))
	}
	pending := map[string]bool{}
	for _, p := range pendingPaths {
		method, path, _ := strings.Cut(p, " ")
		pending[routeKey(method, path)] = true
	}
	for _, k := range sortedKeys(routed) {
		if !documented[k] {
			t.Errorf("route %s is not in web/openapi/openapi.yaml", k)
		}
		if pending[k] {
			t.Errorf("route %s is routed now: delete it from pendingPaths", k)
		}
	}
	for _, k := range sortedKeys(documented) {
		if !routed[k] && !pending[k] {
			t.Errorf("web/openapi/openapi.yaml documents %s, which the router does not have", k)
		}
	}
	for k := range pending {
		if !documented[k] {
			t.Errorf("pending path %s is not in the document", k)
		}
	}
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
