package web

import (
	"net/http"
	"time"

	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/sourcing"
	"github.com/gpuquote/gpuquote/web/views"
)

type apiVendorRFQ struct {
	Company       string            `json:"company"`
	Round         int               `json:"round"`
	Deadline      time.Time         `json:"deadline"`
	TimeZone      string            `json:"time_zone"`
	LinksExpireAt time.Time         `json:"links_expire_at"`
	Note          string            `json:"note"`
	Brief         map[string]string `json:"brief"`
	BriefVersion  int               `json:"brief_version"`
	BriefSentAt   time.Time         `json:"brief_sent_at"`
	Status        string            `json:"status"`
	CanSubmit     bool              `json:"can_submit"`
	Closed        string            `json:"closed,omitempty"` // why a submission would be refused now
	Answers       []apiAnswer       `json:"answers"`
	Questions     []apiAnswer       `json:"questions"`
}

// apiAnswer is a published answer (or the vendor's own question): it
// never names who asked.
type apiAnswer struct {
	Question   string     `json:"question"`
	AskedAt    *time.Time `json:"asked_at,omitempty"`
	Answer     string     `json:"answer,omitempty"`
	AnsweredAt *time.Time `json:"answered_at,omitempty"`
}

type apiDraftCheck struct {
	Percent int      `json:"percent"`
	Stated  int      `json:"stated"`
	Refused int      `json:"refused"`
	Total   int      `json:"total"`
	Missing []string `json:"missing"` // terms not stated that a blocker reads
}

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
	c, saved := v.State.Check, v.State.Saved
	out := map[string]any{"draft": vendorDraftOf(s, z, v), "saved": v.State.HasDraft,
		"completeness": apiDraftCheck{Percent: c.Percent(), Stated: c.Stated, Refused: c.Refused, Total: c.Total, Missing: append([]string{}, c.Missing...)}}
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
	rd, st := v.RFQ, v.State
	out := apiVendorRFQ{Company: sess.Invitation.Company, Round: rd.Round, Deadline: rd.Deadline, TimeZone: rd.TimeZone,
		LinksExpireAt: rd.Rules().LinkExpiry(), Note: rd.Note, Brief: st.Brief, BriefVersion: rd.BriefVersion,
		BriefSentAt: rd.BriefSentAt, Status: string(sess.Invitation.Status), CanSubmit: st.CanSubmit == nil,
		Answers: []apiAnswer{}, Questions: []apiAnswer{}}
	out.Closed = v.Closed
	for _, q := range st.Answers {
		out.Answers = append(out.Answers, apiAnswer{Question: q.Text, Answer: q.Answer, AnsweredAt: q.AnsweredAt})
	}
	for _, q := range st.Own {
		out.Questions = append(out.Questions, apiAnswer{Question: q.Text, AskedAt: &q.AskedAt, Answer: q.Answer, AnsweredAt: q.AnsweredAt})
	}
	body := s.vendorDraftJSON(i18n.From(ctx), v)
	body["rfq"] = out
	body["compliance"] = map[string]any{"requirements": append([]sourcing.Requirement{}, rd.Compliance.Requirements...),
		"sites": rd.Compliance.Sites, "fabric": rd.Compliance.Fabric, "attestations": attestationList(st.Attestations)}
	writeJSON(w, http.StatusOK, body)
	return nil
}
