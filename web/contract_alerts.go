package web

import (
	"context"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/contract"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/web/views"
)

// contractAlertPages declares the admin's contract alert settings form
// (issue 31), as PUT /api/v1/settings/contract-alerts.
func (s *Server) contractAlertPages(r chi.Router) {
	r.With(s.requirePermission(auth.ManageReference)).Post("/admin/settings/contract-alerts", s.h(s.saveContractAlertsForm))
}

// contractAlertAPI declares the contract alert settings' API.
func (s *Server) contractAlertAPI(r chi.Router) {
	r.With(s.requirePermission(auth.ManageReference)).Get("/settings/contract-alerts", s.h(s.apiContractAlerts))
	r.With(s.requirePermission(auth.ManageReference)).Put("/settings/contract-alerts", s.h(s.apiPutContractAlerts))
}

// contractAlertForm is the contract alert settings form filled from the
// settings in force.
func (s *Server) contractAlertForm(ctx context.Context, z *i18n.Localizer) (*views.ContractAlertSettings, error) {
	set, err := s.eval.AlertSettings(ctx)
	if err != nil {
		return nil, err
	}
	days := make([]string, 0, len(set.Offsets))
	for _, d := range set.Days() {
		days = append(days, strconv.Itoa(d))
	}
	return alertForm(z, strings.Join(days, ", "), set.Roles), nil
}

func alertForm(z *i18n.Localizer, offsets string, roles []auth.Role) *views.ContractAlertSettings {
	m := &views.ContractAlertSettings{Offsets: offsets, Errors: map[string]string{}}
	for _, r := range auth.Roles {
		m.Roles = append(m.Roles, views.RoleCheck{Value: string(r), Label: z.T("role." + string(r)), Checked: slices.Contains(roles, r)})
	}
	return m
}

// saveContractAlertsForm sets the contract alert offsets and roles from
// the reference page; a refusal is shown next to its field, nothing saved.
func (s *Server) saveContractAlertsForm(w http.ResponseWriter, r *http.Request) error {
	if err := parseForm(w, r); err != nil {
		return err
	}
	ctx := r.Context()
	z := i18n.From(ctx)
	typed, roles := r.PostForm.Get("offsets"), r.PostForm["roles"]
	var named []auth.Role
	for _, x := range roles {
		named = append(named, auth.Role(x))
	}
	m := alertForm(z, typed, named)
	days, err := contract.ParseOffsets(typed)
	if err != nil {
		m.Errors["alert-offsets"] = z.T(evaluation.OffsetErrorKey(err))
		return s.renderReference(w, r, http.StatusUnprocessableEntity, views.ReferencePage{ContractAlerts: m})
	}
	_, err = s.eval.SaveAlertSettings(ctx, currentUser(r).Actor(), days, roles)
	if fe, ok := err.(evaluation.FieldErrors); ok {
		for field, key := range fe {
			m.Errors["alert-"+field] = z.T(key)
		}
		return s.renderReference(w, r, http.StatusUnprocessableEntity, views.ReferencePage{ContractAlerts: m})
	}
	if err != nil {
		return err
	}
	return redirect(w, r, "/admin/reference#contract-alerts", "flash.setting_saved")
}

// contractAlertsSummary lists the alert form's refused fields for the
// page's error summary.
func contractAlertsSummary(m *views.ContractAlertSettings) []views.FormError {
	var out []views.FormError
	if m == nil {
		return nil
	}
	for _, id := range []string{"alert-offsets", "alert-roles"} {
		if msg := m.Errors[id]; msg != "" {
			out = append(out, views.FormError{Target: id, Message: msg})
		}
	}
	return out
}

// apiContractAlerts is the contract alert settings: {"offsets": [{"days",
// "since"}], "roles": [...]}.
func (s *Server) apiContractAlerts(w http.ResponseWriter, r *http.Request) error {
	set, err := s.eval.AlertSettings(r.Context())
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, set)
	return nil
}

// apiPutContractAlerts sets the contract alert settings (admin, audited
// as a setting): {"offsets": [120, 30, 7], "roles": ["finance"]}. A
// refusal is 422 naming the field.
func (s *Server) apiPutContractAlerts(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Offsets []int    `json:"offsets"`
		Roles   []string `json:"roles"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	set, err := s.eval.SaveAlertSettings(r.Context(), currentUser(r).Actor(), in.Offsets, in.Roles)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, set)
	return nil
}

// renewalRows and claimRows put the alert board into words and figures,
// for the renewals page and home alike.
func renewalRows(z *i18n.Localizer, rs []evaluation.Renewal) []views.RenewalRow {
	var out []views.RenewalRow
	for _, u := range rs {
		ar := z.T("contract.no")
		if u.AutoRenew {
			ar = z.T("contract.yes")
		}
		out = append(out, views.RenewalRow{ContractID: u.ContractID, Vendor: u.Vendor, CancelBy: alertDate(z, u.CancelBy),
			End: alertDate(z, u.End), DaysLeft: z.Int(int64(u.DaysLeft)), AutoRenew: ar})
	}
	return out
}

func claimRows(z *i18n.Localizer, cs []evaluation.ClaimDeadline) []views.ClaimDeadlineRow {
	var out []views.ClaimDeadlineRow
	for _, c := range cs {
		out = append(out, views.ClaimDeadlineRow{ContractID: c.ContractID, Vendor: c.Vendor, Month: alertDate(z, c.Month),
			Deadline: alertDate(z, c.Deadline), DaysLeft: z.Int(int64(c.DaysLeft)), Amount: z.Money(c.Amount.Decimal(), c.Amount.Currency),
			Availability: z.Decimal(c.Availability.String()) + " %", AlertDue: c.AlertDue})
	}
	return out
}

func alertDate(z *i18n.Localizer, d contract.Date) string { return z.Date(d.Start(time.UTC)) }

// homeAlerts is home's contract alerts for the user, nil for one who
// receives none.
func (s *Server) homeAlerts(r *http.Request) (*views.HomeAlerts, error) {
	b, shown, err := s.eval.HomeAlerts(r.Context(), currentUser(r))
	if err != nil || !shown {
		return nil, err
	}
	z := i18n.From(r.Context())
	return &views.HomeAlerts{Renewals: renewalRows(z, b.Renewals), Claims: claimRows(z, b.Claims)}, nil
}

// claimAlertLines are the contract page's lines for the claims whose
// window closes soon.
func claimAlertLines(z *i18n.Localizer, cls []contract.CreditClaim) []string {
	var out []string
	for _, cl := range cls {
		out = append(out, z.T("alerts.contract.claim", map[string]any{"Amount": z.Money(cl.Amount.Decimal(), cl.Amount.Currency),
			"Month": alertDate(z, cl.Month), "Deadline": alertDate(z, cl.Deadline)}))
	}
	return out
}
