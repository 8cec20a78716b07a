package views

import (
	"cmp"
	"strconv"
	"strings"
	"time"

	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/rfq"
	"github.com/gpuquote/gpuquote/internal/sourcing"
)

// RFQDeadlineText shows a deadline in the zone the buyer gave.
func RFQDeadlineText(z *i18n.Localizer, t time.Time, zone string) string {
	t = t.In(rfq.Location(zone))
	return z.Date(t) + " " + t.Format("15:04") + " " + zone
}

// RFQZoneError is the unknown zone's message with the zone the buyer
// probably meant: "Berlin" → try "Europe/Berlin".
func RFQZoneError(z *i18n.Localizer, zone string) string {
	if sug := sourcing.SuggestZone(zone); sug != "" {
		return z.T("sourcing.error.time_zone_suggest", map[string]any{"Zone": zone, "Suggestion": sug})
	}
	return z.T("sourcing.error.time_zone")
}

// RFQURL is a round's page.
func RFQURL(id int64) string { return "/rfqs/" + strconv.FormatInt(id, 10) }

// rfqRoundTitle names a round: rounds are numbered through the
// evaluation, and a round that reopens a shortlist is named best-and-final.
func rfqRoundTitle(z *i18n.Localizer, rd sourcing.RFQ) string {
	if rd.ParentID != 0 {
		return z.T("sourcing.round_bafo", map[string]any{"N": rd.Round})
	}
	return z.T("rfq.round_n", map[string]any{"N": rd.Round})
}

// rfqOptZoneTime shows an optional time in the round's zone, as its
// deadline is shown, so a submission and the deadline read on one clock;
// "" when unset.
func rfqOptZoneTime(z *i18n.Localizer, t *time.Time, zone string) string {
	if t == nil {
		return ""
	}
	return RFQDeadlineText(z, *t, zone)
}

// RFQCountdown is the time left before deadline, "" once it has passed;
// the page's script keeps it current from the template with {d} {h} {m}.
func RFQCountdown(z *i18n.Localizer, deadline, now time.Time) (text, template string) {
	template = z.T("sourcing.countdown", map[string]any{"Days": "{d}", "Hours": "{h}", "Minutes": "{m}"})
	left := deadline.Sub(now)
	if left <= 0 {
		return "", template
	}
	mins := int(left.Minutes())
	return z.T("sourcing.countdown", map[string]any{"Days": mins / 1440, "Hours": mins % 1440 / 60, "Minutes": mins % 60}), template
}

// RFQCreatedModel is the links page: each link with a copy button, all
// of them to copy at once, and a CSV to save.
func RFQCreatedModel(title string, rd sourcing.RFQ, invs []sourcing.NewInvitation, mailOn bool) RFQCreated {
	c := RFQCreated{RFQID: rd.ID, Title: title, MailOn: mailOn}
	var links []sourcing.Link
	var all []string
	for _, i := range invs {
		c.Links = append(c.Links, CreatedLink{Company: i.Company, Email: i.Email, Link: i.Link})
		links = append(links, sourcing.Link{Company: i.Company, Email: i.Email, URL: i.Link})
		all = append(all, i.Company+" <"+i.Email+">: "+i.Link)
	}
	c.All = strings.Join(all, "\n")
	c.CSV = string(sourcing.LinksCSV(links))
	return c
}

// RFQRowsModel lists an evaluation's rounds with their counts.
func RFQRowsModel(z *i18n.Localizer, rounds []sourcing.RoundCount) []RFQRow {
	var rows []RFQRow
	for _, x := range rounds {
		rd := x.RFQ
		state := z.T("rfq.state.sealed")
		if rd.OpenedAt != nil {
			state = z.T("rfq.state.opened")
		}
		rows = append(rows, RFQRow{ID: rd.ID, Round: rd.Round, Title: rfqRoundTitle(z, rd), Deadline: RFQDeadlineText(z, rd.Deadline, rd.TimeZone), State: state,
			Counts: z.T("rfq.counts", map[string]any{"Invited": x.Invited, "Submitted": x.Submitted})})
	}
	return rows
}

// SealedRoundsModel tells the quote list which answers are still sealed.
func SealedRoundsModel(z *i18n.Localizer, list []sourcing.RoundCount) []SealedRound {
	var out []SealedRound
	for _, x := range list {
		out = append(out, SealedRound{Link: RFQURL(x.RFQ.ID), Text: z.T("rfq.sealed_quotes", map[string]any{"Round": x.RFQ.Round,
			"Submitted": x.Submitted, "Invited": x.Invited, "Deadline": RFQDeadlineText(z, x.RFQ.Deadline, x.RFQ.TimeZone)})})
	}
	return out
}

// QuoteSourceLines say which round and submission a quote's latest
// revision came from; submittedBy replaces the "entered by" line when the
// quote's current revision (version) is the vendor's own answer.
func QuoteSourceLines(z *i18n.Localizer, x sourcing.Source, version int) (line, submittedBy string) {
	line = z.T("rfq.source_line", map[string]any{"Round": x.Round, "Vendor": x.Company, "Email": x.Email,
		"At": z.DateTime(x.SubmittedAt), "N": x.Revision, "QuoteRevision": x.QuoteRevision})
	if x.QuoteRevision == version {
		submittedBy = z.T("sourcing.submitted_by", map[string]any{"Contact": cmp.Or(x.Contact, x.Email), "Company": x.Company,
			"Version": version, "At": z.DateTime(x.SubmittedAt)})
	}
	return line, submittedBy
}
