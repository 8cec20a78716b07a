package web

import (
	"strings"
	"time"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/sourcing"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/web/views"
)

// roundTitle names a round: rounds are numbered through the evaluation,
// and a round that reopens a shortlist is named best-and-final.
func roundTitle(z *i18n.Localizer, rd store.RFQ) string {
	if rd.ParentID != 0 {
		return z.T("sourcing.round_bafo", map[string]any{"N": rd.Round})
	}
	return z.T("rfq.round_n", map[string]any{"N": rd.Round})
}

// zoneTime shows a time in the round's zone, as its deadline is shown, so
// a submission and the deadline read on one clock.
func zoneTime(z *i18n.Localizer, t time.Time, zone string) string { return deadlineText(z, t, zone) }

// optZoneTime is zoneTime of an optional time, "" when unset.
func optZoneTime(z *i18n.Localizer, t *time.Time, zone string) string {
	if t == nil {
		return ""
	}
	return zoneTime(z, *t, zone)
}

// countdown is the time left before deadline, "" once it has passed; the
// page's script keeps it current from the template with {d} {h} {m}.
func countdown(z *i18n.Localizer, deadline, now time.Time) (text, template string) {
	template = z.T("sourcing.countdown", map[string]any{"Days": "{d}", "Hours": "{h}", "Minutes": "{m}"})
	left := deadline.Sub(now)
	if left <= 0 {
		return "", template
	}
	mins := int(left.Minutes())
	return z.T("sourcing.countdown", map[string]any{"Days": mins / 1440, "Hours": mins % 1440 / 60, "Minutes": mins % 60}), template
}

// createdLinks is the links page: each link with a copy button, all of
// them to copy at once, and a CSV to save.
func createdLinks(title string, rd store.RFQ, invs []evaluation.NewInvitation, mailOn bool) views.RFQCreated {
	c := views.RFQCreated{RFQID: rd.ID, Title: title, MailOn: mailOn}
	var links []sourcing.Link
	var all []string
	for _, i := range invs {
		c.Links = append(c.Links, views.CreatedLink{Company: i.Company, Email: i.Email, Link: i.Link})
		links = append(links, sourcing.Link{Company: i.Company, Email: i.Email, URL: i.Link})
		all = append(all, i.Company+" <"+i.Email+">: "+i.Link)
	}
	c.All = strings.Join(all, "\n")
	c.CSV = string(sourcing.LinksCSV(links))
	return c
}

// vendorReadOnly says whether the vendor's form is closed for good (the
// deadline passed or the round was opened) and what the vendor can still
// do; a refusal that a new draft can fix keeps the form open.
func vendorReadOnly(z *i18n.Localizer, canSubmit error, rd store.RFQ) (bool, string) {
	switch {
	case canSubmit == nil:
		return false, ""
	case rdClosed(canSubmit):
		return true, z.T("sourcing.read_only", map[string]any{"Expires": deadlineText(z, rd.Rules().LinkExpiry(), rd.TimeZone)})
	}
	return false, ""
}

func rdClosed(err error) bool {
	_, code, ok := roundError(err)
	return ok && (code == "past_deadline" || code == "closed" || code == "revoked")
}
