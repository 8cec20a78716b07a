package web

import (
	"net/http"
	"regexp"
	"strconv"
	"time"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/testplan"
	"github.com/gpuquote/gpuquote/web/views"
)

// bandNumber is a band argument that is a number.
var bandNumber = regexp.MustCompile(`^[0-9]+(\.[0-9]+)?$`)

// planText words a plan's message keys in the reader's language.
func planText(z *i18n.Localizer) testplan.Text {
	return func(key string, args map[string]string) string {
		data := make(map[string]any, len(args))
		for k, v := range args {
			if bandNumber.MatchString(v) {
				v = z.Decimal(v) // the locale's decimal mark
			}
			data[k] = v
		}
		return z.T(key, data)
	}
}

// durationText is a step's time as "2 h 30 min", "5 min" or "15 s".
func durationText(z *i18n.Localizer, seconds int64) string {
	d := time.Duration(seconds) * time.Second
	h, m := int64(d/time.Hour), int64(d%time.Hour/time.Minute)
	switch {
	case h > 0 && m > 0:
		return z.T("plan.duration.h_min", map[string]any{"H": h, "M": m})
	case h > 0:
		return z.T("plan.duration.h", map[string]any{"H": h})
	case m > 0:
		return z.T("plan.duration.min", map[string]any{"M": m})
	}
	return z.T("plan.duration.s", map[string]any{"S": seconds})
}

// quotePlan is the plan for the quote in the URL.
func (s *Server) quotePlan(r *http.Request) (store.StoredQuote, testplan.Plan, error) {
	sq, _, b, err := s.quoteParam(r)
	if err != nil {
		return sq, testplan.Plan{}, err
	}
	return sq, testplan.New(sq.Quote, b.Data), nil
}

func planView(z *i18n.Localizer, sq store.StoredQuote, p testplan.Plan) views.TestPlanView {
	text := planText(z)
	fabric := "—"
	if p.Fabric != "" {
		fabric = z.T("quote.term.inter_node_fabric." + p.Fabric)
	}
	m := views.TestPlanView{QuoteID: sq.ID, Provider: sq.ProviderName, Total: z.T("plan.total", map[string]any{"Duration": durationText(z, p.TotalS)}),
		Shape: z.T("plan.quote_shape", map[string]any{"Nodes": p.Nodes, "GPUs": p.GPUsPerNode, "Fabric": fabric})}
	for i, st := range p.Steps {
		v := views.PlanStepView{N: i + 1, ID: st.ID, Test: z.T("bench.test." + string(st.Test)), Where: z.T("plan.where." + string(st.Where)),
			Command: st.Command.Shell(), Band: text(st.Band.Key, st.Band.Args), Source: st.Band.SourceText(text), Time: durationText(z, st.DurationS)}
		if st.Server != nil {
			v.Server = st.Server.Shell()
		}
		if st.Build != nil {
			v.BuildRepo, v.BuildCommands, v.BuildNote = st.Build.Repo, st.Build.Commands, z.T(st.Build.Note)
		}
		m.Steps = append(m.Steps, v)
	}
	for _, o := range p.Omitted {
		m.Omitted = append(m.Omitted, views.PlanOmission{Step: o.Step, Reason: z.T("plan.omit." + o.Reason)})
	}
	return m
}

func (s *Server) renderPlanPage(w http.ResponseWriter, r *http.Request, status int, edit func(*views.TestPlanView)) error {
	sq, p, err := s.quotePlan(r)
	if err != nil {
		return err
	}
	z := i18n.From(r.Context())
	m := planView(z, sq, p)
	m.CanCollect = currentUser(r).Role.Can(auth.UploadBenchmarks)
	if edit != nil {
		edit(&m)
	}
	s.render(w, r, status, views.TestPlanPage(s.page(r, z.T("plan.title", map[string]any{"Provider": sq.ProviderName}), "evaluations"), m))
	return nil
}

// showTestPlan is the printable plan page.
func (s *Server) showTestPlan(w http.ResponseWriter, r *http.Request) error {
	return s.renderPlanPage(w, r, http.StatusOK, nil)
}

// downloadTestPlan is the plan as a bash script to run by hand.
func (s *Server) downloadTestPlan(w http.ResponseWriter, r *http.Request) error {
	sq, p, err := s.quotePlan(r)
	if err != nil {
		return err
	}
	z := i18n.From(r.Context())
	title := z.T("plan.title", map[string]any{"Provider": sq.ProviderName}) + " (quote " + strconv.FormatInt(sq.ID, 10) + ")"
	h := w.Header()
	h.Set("Content-Type", "text/x-shellscript; charset=utf-8")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Disposition", `attachment; filename="gpuquote-plan-`+strconv.FormatInt(sq.ID, 10)+`.sh"`)
	_, err = w.Write([]byte(testplan.Script(p, title, planText(z))))
	return err
}

// createEvidenceTokenForm is the one click on the quote and plan pages:
// the plan page comes back with the command line, shown this once.
func (s *Server) createEvidenceTokenForm(w http.ResponseWriter, r *http.Request) error {
	if err := parseForm(w, r); err != nil {
		return err
	}
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	z := i18n.From(r.Context())
	raw := r.PostForm.Get("days")
	days, ok := parseEvidenceDays(raw)
	var et evidenceToken
	if ok {
		et, err = s.issueEvidenceToken(r, id, days)
		if err != nil && !isTokenTooLong(err) {
			return err
		}
		ok = err == nil
	}
	if !ok {
		return s.renderPlanPage(w, r, http.StatusUnprocessableEntity, func(m *views.TestPlanView) {
			m.Days, m.DaysError = raw, z.T("evidence.error.days", map[string]any{"Max": auth.MaxEvidenceTokenDays})
		})
	}
	w.Header().Set("Cache-Control", "no-store")
	return s.renderPlanPage(w, r, http.StatusCreated, func(m *views.TestPlanView) {
		m.Token = &views.EvidenceTokenView{Command: et.Command, Expires: z.DateTime(et.ExpiresAt)}
	})
}
