package web

import (
	"github.com/go-chi/chi/v5"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// The routes of each area, as routes() mounts them inside the signed-in
// group or /api/v1: each names the permission of every mutating route
// (TestEveryRouteIsInThePolicyAndEnforced checks them against the policy).

// accountPages are the signed-in user's own: sign out, profile, API tokens.
func (s *Server) accountPages(r chi.Router) {
	r.Post("/logout", s.h(s.logout))
	r.Get("/profile", s.h(s.profile))
	r.Post("/profile/language", s.h(s.saveProfileLanguage))
	r.Post("/profile/password", s.h(s.changePassword))
	r.Post("/tokens", s.h(s.createToken))
	r.Post("/tokens/{id}/revoke", s.h(s.revokeToken))

}

// evaluationPages are the evaluations and their briefs.
func (s *Server) evaluationPages(r chi.Router) {
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

}

// quotePages are the quotes, the worksheet and the decision page with its acts.
func (s *Server) quotePages(r chi.Router) {
	r.Get("/evaluations/{id}/quotes", s.h(s.listQuotes))
	r.Get("/evaluations/{id}/quotes.csv", s.h(s.exportQuotes))
	r.Get("/quotes/{id}", s.h(s.showQuote))
	r.Get("/quotes/{id}/questions", s.h(s.quoteQuestions))
	r.Get("/evaluations/{id}/worksheet", s.h(s.showWorksheet))
	r.Get("/evaluations/{id}/worksheet/sensitivity.svg", s.h(s.sensitivityChart))
	r.Get("/evaluations/{id}/worksheet/busbw.svg", s.h(s.evaluationBusbwChart))
	r.Get("/evaluations/{id}/worksheet.csv", s.h(s.exportWorksheet("csv")))
	r.Get("/evaluations/{id}/worksheet.xlsx", s.h(s.exportWorksheet("xlsx")))
	r.Get("/evaluations/{id}/decision", s.h(s.showDecision))
	r.Get("/evaluations/{id}/decision/memo", s.h(s.showMemo))
	r.With(s.requirePermission(auth.EditQuotes)).Post("/evaluations/{id}/decision/facts", s.h(s.saveFacts))
	r.With(s.requirePermission(auth.EditQuotes)).Post("/quotes/{id}/shortlist", s.h(s.shortlistQuote))
	r.With(s.requirePermission(auth.Approve)).Post("/quotes/{id}/waivers", s.h(s.waiveFlag))
	r.With(s.requirePermission(auth.Approve)).Post("/quotes/{id}/decision", s.h(s.decideForm))
	r.With(s.requirePermission(auth.EditBrief)).Post("/evaluations/{id}/worksheet/assumptions", s.h(s.saveAssumptions))
	r.With(s.requirePermission(auth.EditQuotes)).Group(func(r chi.Router) {
		r.Get("/evaluations/{id}/quotes/new", s.h(s.newQuote))
		r.Post("/evaluations/{id}/quotes", s.h(s.createQuote))
		r.Get("/evaluations/{id}/quotes/import", s.h(s.importForm))
		r.Post("/evaluations/{id}/quotes/import", s.h(s.previewImport))
		r.Post("/evaluations/{id}/quotes/import/confirm", s.h(s.confirmImport))
		r.Get("/quotes/{id}/edit", s.h(s.editQuote))
		r.Post("/quotes/{id}/edit", s.h(s.updateQuote))
		r.Post("/quotes/{id}/delete", s.h(s.deleteQuote))
	})
}

// benchmarkPages are the benchmarks and the acceptance suite.
func (s *Server) benchmarkPages(r chi.Router) {
	// Benchmarks and the acceptance suite: every user reads, engineers record.
	r.Get("/quotes/{id}/benchmarks", s.h(s.showBenchmarks))
	r.Get("/quotes/{id}/benchmarks/busbw.svg", s.h(s.busbwChart))
	r.Get("/benchmarks/{id}/download", s.h(s.downloadBenchmark))
	r.With(s.requirePermission(auth.UploadBenchmarks), s.limitUploads).Post("/quotes/{id}/benchmarks", s.h(s.uploadBenchmark))
	r.With(s.requirePermission(auth.UploadBenchmarks), s.limitUploads).Post("/quotes/{id}/acceptance", s.h(s.recordAcceptance))
	r.With(s.requirePermission(auth.UploadBenchmarks)).Group(func(r chi.Router) {
		r.Post("/quotes/{id}/benchmarks/{bid}/withdraw", s.h(s.benchAction("reason")))
		r.Post("/quotes/{id}/benchmarks/{bid}/kind", s.h(s.benchAction("kind")))
	})
}

// scoringPages are the scoring sheet and the awards (issues 14 and 23).
func (s *Server) scoringPages(r chi.Router) {
	// The scoring sheet (issue 14): every user reads, graders override.
	r.Get("/evaluations/{id}/scores", s.h(s.showScores))
	r.With(s.requirePermission(auth.GradeQuotes)).Post("/evaluations/{id}/scores/overrides", s.h(s.saveScoreOverride))
	r.With(s.requirePermission(auth.EditBrief)).Post("/evaluations/{id}/scores/criteria", s.h(s.saveScoreWeights))
	// Awards from the decision page (issue 14): record, then each approver signs.
	r.With(s.requirePermission(auth.EditQuotes)).Post("/evaluations/{id}/awards", s.h(s.recordAwardForm))
	r.With(s.requirePermission(auth.ApproveAward)).Post("/awards/{id}/approval", s.h(s.approveAwardForm))
	// One decision (issue 23): a stale award renewed in one step; reject and revoke.
	r.With(s.requirePermission(auth.ApproveAward)).Post("/awards/{id}/reapproval", s.h(s.reapproveAwardForm))
	r.With(s.requirePermission(auth.ApproveAward)).Post("/awards/{id}/rejection", s.h(s.rejectAwardForm))
	r.With(s.requirePermission(auth.ApproveAward)).Post("/awards/{id}/revocation", s.h(s.revokeAwardForm))
}

// adminPages are the audit log, the API reference, users, reference data and settings.
func (s *Server) adminPages(r chi.Router) {
	r.With(s.requirePermission(auth.ReadAudit)).Get("/audit", s.h(s.auditLog))
	// The API reference, rendered from the same document as /api/v1/openapi.json.
	r.Get("/api-reference", s.h(s.apiReferencePage))
	r.With(s.requirePermission(auth.ManageUsers)).Group(func(r chi.Router) {
		r.Get("/admin/users", s.h(s.adminUsers))
		r.Post("/admin/users", s.h(s.addUser))
		r.Post("/admin/users/{id}/role", s.h(s.changeRole))
		r.Post("/admin/users/{id}/active", s.h(s.setActive))
		r.Post("/admin/settings/token-lifetime", s.h(s.setTokenLifetime))
	})
	r.With(s.requirePermission(auth.ManageReference)).Group(func(r chi.Router) {
		r.Get("/admin/reference", s.h(s.referencePage))
		r.Post("/admin/reference/fx", s.h(s.saveFX))
		r.Post("/admin/reference/prices", s.h(s.uploadPrices))
		r.Post("/admin/reference/capital-costs", s.h(s.saveCapitalCost))
		r.Post("/admin/settings/self-approval", s.h(s.setSelfApproval))
		r.Post("/admin/settings/award-acceptance", s.h(s.setAwardAcceptance))
		r.Post("/admin/settings/vendor-record-threshold", s.h(s.setRecordThreshold))
		// Award settings (issue 14), as the API's PUT /api/v1/settings/….
		r.Post("/admin/settings/approval-rules", s.h(s.saveApprovalRulesForm))
		r.Post("/admin/settings/criteria-template", s.h(s.saveCriteriaTemplateForm))
		// Reference history (issue 11): put an earlier rate or price file back.
		r.Post("/admin/reference/fx/{id}/rollback", s.h(s.rollbackFX))
		r.Post("/admin/reference/prices/{id}/rollback", s.h(s.rollbackPrices))
	})
}

// evaluationAPI is the API of evaluations and briefs, with the reference itself, inside /api/v1.
func (s *Server) evaluationAPI(r chi.Router) {
	// The reference itself (web/openapi/openapi.yaml); every route here is in it.
	r.Get("/openapi.json", s.h(s.apiOpenAPI))
	r.Get("/evaluations", s.h(s.apiListEvaluations))
	r.Get("/evaluations/{id}", s.h(s.apiGetEvaluation))
	r.Get("/evaluations/{id}/brief", s.h(s.apiGetBrief))
	r.With(s.requirePermission(auth.ManageEvaluations)).Post("/evaluations", s.h(s.apiCreateEvaluation))
	r.With(s.requirePermission(auth.EditBrief)).Put("/evaluations/{id}/brief", s.h(s.apiPutBrief))
	r.With(s.requirePermission(auth.EditBrief)).Patch("/evaluations/{id}/brief", s.h(s.apiPatchBrief))
}

// quoteAPI is the API of quotes, the analysis, the worksheet and the decision, inside /api/v1.
func (s *Server) quoteAPI(r chi.Router) {
	r.Get("/evaluations/{id}/quotes", s.h(s.apiListQuotes))
	r.Get("/evaluations/{id}/quotes.csv", s.h(s.exportQuotes))
	r.With(s.requirePermission(auth.EditQuotes)).Post("/evaluations/{id}/quotes/import", s.h(s.apiImportQuotes))
	r.Get("/evaluations/{id}/analysis", s.h(s.apiAnalysis))
	r.Get("/evaluations/{id}/worksheet", s.h(s.apiWorksheet))
	r.Get("/evaluations/{id}/worksheet.csv", s.h(s.exportWorksheet("csv")))
	r.Get("/evaluations/{id}/worksheet.xlsx", s.h(s.exportWorksheet("xlsx")))
	r.Get("/evaluations/{id}/decision", s.h(s.apiDecision))
	// One quote, and its revision as the HTML form makes it.
	r.Get("/quotes/{id}", s.h(s.apiGetQuote))
	r.With(s.requirePermission(auth.EditQuotes)).Patch("/quotes/{id}", s.h(s.apiPatchQuote))
	r.With(s.requirePermission(auth.Approve)).Post("/quotes/{id}/approval", s.h(s.apiApproval))
}

// benchmarkAPI is the API of benchmarks and the acceptance suite, inside /api/v1.
func (s *Server) benchmarkAPI(r chi.Router) {
	// Benchmarks and the acceptance suite.
	r.Get("/quotes/{id}/benchmarks", s.h(s.apiListBenchmarks))
	r.With(s.requirePermission(auth.UploadBenchmarks), s.limitUploads).Post("/quotes/{id}/benchmarks", s.h(s.apiUploadBenchmark))
	r.With(s.requirePermission(auth.UploadBenchmarks), s.limitUploads).Post("/quotes/{id}/acceptance", s.h(s.apiRecordAcceptance))
	r.With(s.requirePermission(auth.UploadBenchmarks)).Group(func(r chi.Router) {
		r.Post("/quotes/{id}/benchmarks/{bid}/withdraw", s.h(s.apiBenchAction("reason")))
		r.Post("/quotes/{id}/benchmarks/{bid}/kind", s.h(s.apiBenchAction("kind")))
	})
}

// awardAPI is the API of shortlisting, scoring, awards and award settings, inside /api/v1.
func (s *Server) awardAPI(r chi.Router) {
	// Shortlisting, as on the decision page (DELETE takes a quote off).
	r.With(s.requirePermission(auth.EditQuotes)).Post("/quotes/{id}/shortlist", s.h(s.apiShortlist(true)))
	r.With(s.requirePermission(auth.EditQuotes)).Delete("/quotes/{id}/shortlist", s.h(s.apiShortlist(false)))
	// Scoring and award (issue 14).
	r.With(s.requirePermission(auth.EditBrief)).Put("/evaluations/{id}/criteria", s.h(s.apiPutCriteria))
	r.With(s.requirePermission(auth.EditQuotes)).Post("/evaluations/{id}/award", s.h(s.apiRecordAward))
	r.With(s.requirePermission(auth.ManageReference)).Put("/settings/criteria-template", s.h(s.apiPutCriteriaTemplate))
	r.With(s.requirePermission(auth.ManageReference)).Put("/settings/approval-rules", s.h(s.apiPutApprovalRules))
	r.With(s.requirePermission(auth.ApproveAward)).Post("/awards/{id}/approval", s.h(s.apiApproveAward))
	r.Get("/awards/{id}", s.h(s.apiAward))
	r.With(s.requirePermission(auth.ApproveAward)).Post("/awards/{id}/reapproval", s.h(s.apiReapproveAward))
	r.With(s.requirePermission(auth.ApproveAward)).Post("/awards/{id}/rejection", s.h(s.apiRejectAward))
	r.With(s.requirePermission(auth.ApproveAward)).Post("/awards/{id}/revocation", s.h(s.apiRevokeAward))
}
