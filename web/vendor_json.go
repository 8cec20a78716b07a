package web

import (
	"net/http"

	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/web/views"
)

// apiVendorFlag is a red flag on the vendor's own draft, worded for the
// vendor: no figure of the buyer's brief, no question to "the vendor".
type apiVendorFlag struct {
	ID       string   `json:"id"`
	Severity string   `json:"severity"`
	Message  string   `json:"message"`
	Terms    []string `json:"terms"`
}

// apiVendorDraft is the draft with the vendor's flags in place of the
// buyer's.
type apiVendorDraft struct {
	apiQuote
	Flags []apiVendorFlag `json:"flags"`
}

func vendorDraftOf(s *Server, z *i18n.Localizer, v views.VendorRound) apiVendorDraft {
	out := apiVendorDraft{apiQuote: s.apiQuoteOf(z, v.State.Draft, nil), Flags: []apiVendorFlag{}}
	out.Blockers, out.Warnings = v.State.Check.Blockers, v.State.Check.Warnings
	for i, f := range v.Check.Flags {
		sev := "warning"
		if f.Blocker {
			sev = "blocker"
		}
		out.Flags = append(out.Flags, apiVendorFlag{ID: v.State.Flags[i].ID, Severity: sev, Message: f.Message, Terms: v.State.Flags[i].Terms})
	}
	return out
}

func (s *Server) vendorDraftJSON(z *i18n.Localizer, v views.VendorRound) map[string]any {
	saved := v.State.Saved
	out := map[string]any{"draft": vendorDraftOf(s, z, v), "saved": v.State.HasDraft,
		"completeness": views.DraftCheckJSONModel(v.State.Check)}
	if saved.DraftAt != nil {
		out["saved_at"] = saved.DraftAt
	}
	if saved.Revision > 0 {
		out["submitted"] = map[string]any{"revision": saved.Revision, "at": saved.SubmittedAt}
	}
	return out
}

func (s *Server) apiVendorRFQ(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	sess := vendorFrom(ctx)
	if err := s.eval.VendorOpened(ctx, sess.Invitation.ID); err != nil {
		return err
	}
	v, err := s.vendorRound(ctx)
	if err != nil {
		return err
	}
	body := s.vendorDraftJSON(i18n.From(ctx), v)
	body["rfq"], body["compliance"] = views.VendorRFQJSONModel(v)
	writeJSON(w, http.StatusOK, body)
	return nil
}
