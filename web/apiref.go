package web

import (
	"net/http"

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
	s.render(w, r, http.StatusOK, views.APIReferencePage(s.page(r, i18n.T(r.Context(), "apiref.title"), "profile"), views.APIReferenceModel(doc)))
	return nil
}
