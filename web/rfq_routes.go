package web

import (
	"github.com/go-chi/chi/v5"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// rfqPages are the buyer's pages of a sourcing round, inside the signed-in
// group: everyone reads, procurement runs the round, a manager opens it
// early.
func (s *Server) rfqPages(r chi.Router) {
	r.Get("/evaluations/{id}/rfqs", s.h(s.listRFQs))
	r.Get("/rfqs/{id}", s.h(s.showRFQ))
	r.Get("/rfq-documents/{id}", s.h(s.downloadDocument))
	r.With(s.requirePermission(auth.EditQuotes)).Group(func(r chi.Router) {
		r.Get("/evaluations/{id}/rfqs/new", s.h(s.newRFQ))
		r.Post("/evaluations/{id}/rfqs", s.h(s.createRFQ))
		r.Post("/rfqs/{id}/rounds", s.h(s.startRoundForm))
		r.Post("/rfqs/{id}/brief", s.h(s.resendBrief))
		r.Post("/rfqs/{id}/remind", s.h(s.remind))
		r.Post("/rfq-invitations/{id}/revoke", s.h(s.revokeForm))
		r.Post("/rfq-invitations/{id}/link", s.h(s.reissueForm))
		r.Post("/rfq-questions/{id}/answer", s.h(s.answerForm))
	})
	r.With(s.requirePermission(auth.Approve)).Post("/rfqs/{id}/open", s.h(s.openForm))
}

// rfqAPI is the buyer's API of a sourcing round, inside /api/v1.
func (s *Server) rfqAPI(r chi.Router) {
	r.Get("/rfqs/{id}", s.h(s.apiGetRFQ))
	r.With(s.requirePermission(auth.EditQuotes)).Group(func(r chi.Router) {
		r.Post("/evaluations/{id}/rfqs", s.h(s.apiCreateRFQ))
		r.Post("/rfqs/{id}/rounds", s.h(s.apiStartRound))
	})
	r.With(s.requirePermission(auth.Approve)).Post("/rfqs/{id}/open", s.h(s.apiOpenRFQ))
}

// vendorRoutes are the vendor's side: the link's landing page, the pages
// behind the link's cookie and the API behind its bearer token. No route
// takes an id: the token names the one invitation a vendor may see.
func (s *Server) vendorRoutes(r chi.Router) {
	r.Route("/api/v1/vendor", func(r chi.Router) {
		r.Use(s.vendorAPI)
		r.Get("/rfq", s.h(s.apiVendorRFQ))
		r.Put("/quote", s.h(s.apiVendorPutQuote))
		r.Post("/quote/submit", s.h(s.apiVendorSubmit))
		r.Post("/questions", s.h(s.apiVendorAsk))
		r.Post("/documents", s.h(s.apiVendorDocument))
		r.Put("/attestations", s.h(s.apiVendorAttestations))
	})
	r.Route("/v", func(r chi.Router) {
		r.Get("/{token}", s.vendorLanding)
		r.Group(func(r chi.Router) {
			r.Use(s.vendorPages)
			r.Get("/rfq", s.h(s.vendorPage))
			r.Get("/quote", s.h(s.vendorQuoteForm))
			r.Post("/quote", s.h(s.vendorSaveQuote))
			r.Post("/quote/check", s.h(s.vendorCheckDraft))
			r.Post("/questions", s.h(s.vendorAskForm))
			r.Post("/documents", s.h(s.vendorDocumentForm))
			r.Post("/attestations", s.h(s.vendorAttestationsForm))
		})
	})
}
