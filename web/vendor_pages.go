package web

import (
	"errors"
	"net/http"

	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/sourcing"
	"github.com/gpuquote/gpuquote/web/views"
)

func (s *Server) vendorPage(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	if err := s.eval.VendorOpened(ctx, vendorFrom(ctx).Invitation.ID); err != nil {
		return err
	}
	return s.renderVendorPage(w, r, http.StatusOK, nil)
}

func (s *Server) renderVendorPage(w http.ResponseWriter, r *http.Request, status int, fe fieldErrors) error {
	v, err := s.vendorRound(r.Context())
	if err != nil {
		return err
	}
	z := i18n.From(r.Context())
	p := vendorLayout(z.T("vendor.title", map[string]any{"Company": v.Invitation.Company}))
	if key := takeFlash(w, r); key != "" {
		p.Flash = z.T(key)
	}
	s.render(w, r, status, views.VendorHomePage(p, views.VendorPageModel(z, v, fe)))
	return nil
}

func (s *Server) vendorAskForm(w http.ResponseWriter, r *http.Request) error {
	if err := parseForm(w, r); err != nil {
		return err
	}
	_, err := s.eval.Ask(r.Context(), vendorFrom(r.Context()).Invitation.ID, r.PostForm.Get("text"))
	var fe fieldErrors
	if errors.As(err, &fe) {
		return s.renderVendorPage(w, r, http.StatusUnprocessableEntity, fe)
	}
	if err != nil {
		return err
	}
	return redirect(w, r, "/v/rfq", "flash.vendor_asked")
}

func (s *Server) vendorDocumentForm(w http.ResponseWriter, r *http.Request) error {
	_, err := s.vendorDocument(w, r)
	if errors.Is(err, sourcing.ErrBusy) {
		s.refuseBusy(w, r)
		return nil
	}
	var fe fieldErrors
	if errors.As(err, &fe) {
		return s.renderVendorPage(w, r, http.StatusUnprocessableEntity, fe)
	}
	if err != nil {
		return err
	}
	return redirect(w, r, "/v/rfq", "flash.vendor_attached")
}

// vendorLayout is the page frame of a vendor page: never the signed-in
// user of the same browser, never the internal navigation.
func vendorLayout(title string) views.Page { return views.Page{Title: title} }
