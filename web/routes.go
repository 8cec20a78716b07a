package web

import (
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// routes is the one place every route is declared. Every route but login,
// the language switch, static assets and /healthz needs a user; every
// mutating route names the permission it needs.
func (s *Server) routes() http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID)
	r.Use(securityHeaders)
	r.Use(s.logRequests)
	r.Use(s.recoverPanics)
	r.Use(http.NewCrossOriginProtection().Handler)
	r.Use(s.authenticate)
	r.NotFound(s.h(func(w http.ResponseWriter, r *http.Request) error { return errNotFound }))
	r.MethodNotAllowed(s.h(func(w http.ResponseWriter, r *http.Request) error { return errMethodNotAllowed }))

	r.Get("/healthz", s.healthz)
	r.Get("/static/*", staticHandler().ServeHTTP)
	r.Get("/favicon.ico", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/static/favicon.svg", http.StatusMovedPermanently)
	})
	r.Get("/login", s.h(s.loginPage))
	r.Post("/login", s.h(s.login))
	r.Post("/language", s.h(s.setLanguage))

	r.Group(func(r chi.Router) {
		r.Use(s.requireUser)
		r.Get("/", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/evaluations", http.StatusSeeOther) })
		r.Post("/logout", s.h(s.logout))
		r.Get("/profile", s.h(s.profile))
		r.Post("/profile/language", s.h(s.saveProfileLanguage))
		r.Post("/tokens", s.h(s.createToken))
		r.Post("/tokens/{id}/revoke", s.h(s.revokeToken))

		r.Get("/evaluations", s.h(s.listEvaluations))
		r.Get("/evaluations/{id}", s.h(s.showEvaluation))
		r.Get("/evaluations/{id}/brief", s.h(s.showBrief))
		r.Get("/evaluations/{id}/brief/print", s.h(s.printBrief))
		r.With(s.requirePermission(auth.ManageEvaluations)).Group(func(r chi.Router) {
			r.Post("/evaluations", s.h(s.createEvaluation))
			r.Post("/evaluations/{id}/rename", s.h(s.renameEvaluation))
			r.Post("/evaluations/{id}/archive", s.h(s.archiveEvaluation))
		})
		r.With(s.requirePermission(auth.EditBrief)).Post("/evaluations/{id}/brief", s.h(s.saveBrief))
		r.With(s.requirePermission(auth.ReadAudit)).Get("/audit", s.h(s.auditLog))
		r.With(s.requirePermission(auth.ManageUsers)).Group(func(r chi.Router) {
			r.Get("/admin/users", s.h(s.adminUsers))
			r.Post("/admin/users", s.h(s.addUser))
			r.Post("/admin/users/{id}/role", s.h(s.changeRole))
			r.Post("/admin/users/{id}/active", s.h(s.setActive))
		})
	})

	r.Route("/api/v1", func(r chi.Router) {
		r.Use(s.requireAPIUser)
		r.Get("/evaluations", s.h(s.apiListEvaluations))
		r.Get("/evaluations/{id}", s.h(s.apiGetEvaluation))
		r.Get("/evaluations/{id}/brief", s.h(s.apiGetBrief))
		r.With(s.requirePermission(auth.ManageEvaluations)).Post("/evaluations", s.h(s.apiCreateEvaluation))
		r.With(s.requirePermission(auth.EditBrief)).Put("/evaluations/{id}/brief", s.h(s.apiPutBrief))
	})
	return r
}
