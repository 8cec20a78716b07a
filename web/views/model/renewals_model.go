package model

import (
	"slices"
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/web/views"
)

// Renewals is the renewals page: the cancel-by dates and claim deadlines
// of the horizon, and every contract.
func Renewals(z *i18n.Localizer, o evaluation.RenewalsOverview) views.RenewalsView {
	m := views.RenewalsView{Upcoming: renewalRows(z, o.Renewals), Claims: claimRows(z, o.Claims)}
	for _, c := range o.Contracts {
		m.Contracts = append(m.Contracts, views.ContractRow{ID: c.ID, VendorID: c.VendorID, Vendor: c.Vendor,
			State: z.T("contract.state." + string(c.State)), End: contractDate(z, c.EndDate), CancelBy: contractDate(z, c.CancelBy)})
	}
	return m
}

// HomeAlerts is home's contract alerts.
func HomeAlerts(z *i18n.Localizer, b evaluation.AlertBoard) *views.HomeAlerts {
	return &views.HomeAlerts{Renewals: renewalRows(z, b.Renewals), Claims: claimRows(z, b.Claims)}
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
		out = append(out, views.RenewalRow{ContractID: u.ContractID, Vendor: u.Vendor, CancelBy: contractDate(z, u.CancelBy),
			End: contractDate(z, u.End), DaysLeft: z.Int(int64(u.DaysLeft)), AutoRenew: ar})
	}
	return out
}

func claimRows(z *i18n.Localizer, cs []evaluation.ClaimDeadline) []views.ClaimDeadlineRow {
	var out []views.ClaimDeadlineRow
	for _, c := range cs {
		out = append(out, views.ClaimDeadlineRow{ContractID: c.ContractID, Vendor: c.Vendor, Month: contractDate(z, c.Month),
			Deadline: contractDate(z, c.Deadline), DaysLeft: z.Int(int64(c.DaysLeft)), Amount: z.Money(c.Amount.Decimal(), c.Amount.Currency),
			Availability: z.Decimal(c.Availability.String()) + " %", AlertDue: c.AlertDue})
	}
	return out
}

// ContractAlertSettings is the contract alert settings form filled from
// the settings in force.
func ContractAlertSettings(z *i18n.Localizer, set evaluation.AlertSettings) *views.ContractAlertSettings {
	days := make([]string, 0, len(set.Offsets))
	for _, d := range set.Days() {
		days = append(days, strconv.Itoa(d))
	}
	return contractAlertForm(z, strings.Join(days, ", "), set.Roles)
}

// ContractAlertForm is the contract alert settings form as typed.
func ContractAlertForm(z *i18n.Localizer, offsets string, roles []string) *views.ContractAlertSettings {
	var named []auth.Role
	for _, x := range roles {
		named = append(named, auth.Role(x))
	}
	return contractAlertForm(z, offsets, named)
}

func contractAlertForm(z *i18n.Localizer, offsets string, roles []auth.Role) *views.ContractAlertSettings {
	m := &views.ContractAlertSettings{Offsets: offsets, Errors: map[string]string{}}
	for _, r := range auth.Roles {
		m.Roles = append(m.Roles, views.RoleCheck{Value: string(r), Label: z.T("role." + string(r)), Checked: slices.Contains(roles, r)})
	}
	return m
}

// ContractAlertsSummary lists the alert form's refused fields for the
// page's error summary.
func ContractAlertsSummary(m *views.ContractAlertSettings) []views.FormError {
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
