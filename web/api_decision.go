package web

import (
	"errors"
	"net/http"
	"strings"

	"github.com/gpuquote/gpuquote/internal/approval"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
)

// apiDecision is the recommendation and the approval state.
func (s *Server) apiDecision(w http.ResponseWriter, r *http.Request) error {
	win, err := s.readPage(r)
	if err != nil {
		return err
	}
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	st, err := s.eval.Analyze(r.Context(), id)
	if err != nil {
		return err
	}
	// A page of the quotes, like the analysis: 10,000 were 9.8 MB.
	win.begin()
	from, to := win.span(len(st.Quotes))
	quotes := make([]apiQuoteFigures, 0, to-from)
	cut := false
	for i := from; i < to; i++ {
		if cut = win.over(i - from); cut {
			break
		}
		quotes = append(quotes, quoteFigures(st, i))
	}
	recorded, approvalNow, err := s.awardsNow(r.Context(), st)
	if err != nil {
		return err
	}
	all := leftOut(st)
	lf, lt := win.span(len(all))
	writeJSON(w, http.StatusOK, struct {
		apiPage
		Quotes         []apiQuoteFigures `json:"quotes"`
		LeftOut        []apiLeftOut      `json:"left_out"`
		Approval       any               `json:"approval"`
		Awards         any               `json:"awards"`
		Award          apiAward          `json:"award"`
		Recommendation any               `json:"recommendation"`
	}{win.describe(len(st.Quotes), len(all), len(quotes), cut), quotes, all[lf:lt], approvalNow, recorded,
		awardJSON(st, awardSummary(i18n.From(r.Context()), st)), recommendationJSON(st)})
	return nil
}

// apiApproval lets a manager's token approve, reject or revoke.
func (s *Server) apiApproval(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	var in struct {
		Decision string `json:"decision"`
		Reason   string `json:"reason"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	// A browser session reaching the API must meet the same fresh-login
	// rule as the approval form.
	if (in.Decision == approval.Approve || in.Decision == evaluation.Reapprove) && s.needsReauth(principalFrom(r.Context())) {
		writeJSON(w, http.StatusUnauthorized, map[string]any{"error": i18n.T(r.Context(), "decision.error.reauth"), "code": "reauth"})
		return nil
	}
	rec, err := s.eval.Decide(r.Context(), currentUser(r), id, in.Decision, strings.TrimSpace(in.Reason))
	var rf evaluation.Refusal
	if errors.As(err, &rf) {
		body := map[string]any{"error": refusalText(i18n.From(r.Context()), rf), "code": refusalCode(rf)}
		if id, ok := rf.Data["QuoteID"]; ok {
			body["approved_quote_id"] = id
		}
		writeJSON(w, refusalStatus(rf), body)
		return nil
	}
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, map[string]any{"id": rec.ID, "kind": rec.Kind, "quote_id": rec.QuoteID, "reason": rec.Reason,
		"content_hash": rec.ContentHash, "decided_at": rec.DecidedAt, "self_approval": rec.SelfApproval})
	return nil
}
