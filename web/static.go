package web

import (
	"net/http"

	"github.com/gpuquote/gpuquote/static"
)

// staticHandler serves the embedded assets. A request carrying the
// current content hash may be cached for a year.
func staticHandler() http.Handler {
	fs := http.StripPrefix("/static/", http.FileServerFS(static.FS))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := r.URL.Path[len("/static/"):]
		if v := r.URL.Query().Get("v"); v != "" && v == static.Version(name) {
			w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		} else {
			w.Header().Set("Cache-Control", "public, max-age=300")
		}
		fs.ServeHTTP(w, r)
	})
}
