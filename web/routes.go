package web

import (
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
)

// routes is the one place every route is declared. Every route but login,
// the language switch, static assets and /healthz needs a user; every
// mutating route names the permission it needs.
func (s *Server) routes() http.Handler {
	root := chi.NewRouter()
	root.Use(middleware.RequestID)
	root.Use(securityHeaders)
	root.Use(s.logRequests)
	root.Use(s.recoverPanics)
	// Static assets need no user: they are served before the session
	// lookup, so a page's stylesheet and icons cost no database query.
	root.Get("/static/*", staticHandler().ServeHTTP)
	root.Get("/favicon.ico", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/static/favicon.svg", http.StatusMovedPermanently)
	})
	root.MethodNotAllowed(s.h(func(w http.ResponseWriter, r *http.Request) error { return errMethodNotAllowed }))
	r := chi.NewRouter()
	root.Mount("/", r)
	// Every request's database work has a deadline, so a stuck query or an
	// exhausted pool cannot hold requests forever; uploads have their own.
	r.Use(s.requestDeadline)
	r.Use(http.NewCrossOriginProtection().Handler)
	r.Use(s.authenticate)
	r.NotFound(s.h(func(w http.ResponseWriter, r *http.Request) error { return errNotFound }))
	r.MethodNotAllowed(s.h(func(w http.ResponseWriter, r *http.Request) error { return errMethodNotAllowed }))

	r.Get("/healthz", s.healthz)
	r.Get("/login", s.h(s.loginPage))
	r.Post("/login", s.h(s.login))
	r.Post("/language", s.h(s.setLanguage))

	r.Group(func(r chi.Router) {
		r.Use(s.requireUser)
		r.Get("/", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/evaluations", http.StatusSeeOther) })
		s.accountPages(r)
		s.evaluationPages(r)
		s.quotePages(r)
		s.benchmarkPages(r)
		s.rfqPages(r)
		s.testPlanPages(r) // issue 30: the test plan and the evidence token
		s.contractPages(r) // issue 31: contracts, renewals, vendor records
		s.scoringPages(r)
		s.adminPages(r)
	})

	s.vendorRoutes(r)
	r.Route("/api/v1", func(r chi.Router) {
		r.Use(s.requireAPIUser)
		s.rfqAPI(r)
		s.testPlanAPI(r)
		s.contractAPI(r) // issue 31: contracts, bills, outages, credits, renewals, vendor records
		s.evaluationAPI(r)
		s.quoteAPI(r)
		s.benchmarkAPI(r)
		s.awardAPI(r)
	})
	return root
}
