package evaluation

import (
	"time"

	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/rfq"
	"github.com/gpuquote/gpuquote/internal/store"
)

// MailLinks are Links whose invitations and notices are mailed, worded in
// each vendor's own language.
func MailLinks(base string) Links {
	return Links{Base: base, Mail: InviteMail, Notice: RoundNoticeMail}
}

// roundDeadlineText shows a deadline in the zone the buyer gave.
func roundDeadlineText(z *i18n.Localizer, t time.Time, zone string) string {
	t = t.In(rfq.Location(zone))
	return z.Date(t) + " " + t.Format("15:04") + " " + zone
}

// InviteMail is the invitation of kind ("invitation" or "round") in the
// vendor's own language.
func InviteMail(v rfq.Vendor, link string, n store.NewRFQ, kind string) store.Mail {
	z := i18n.New(v.Language)
	data := map[string]any{"Contact": v.Contact, "Company": v.Company, "Link": link,
		"Deadline": roundDeadlineText(z, n.Deadline, n.TimeZone),
		"Expires":  roundDeadlineText(z, n.Deadline.Add(time.Duration(n.GraceHours)*time.Hour), n.TimeZone)}
	body := z.T("rfq.mail."+kind+"_body", data)
	if n.Note != "" {
		body += "\n\n" + n.Note
	}
	return store.Mail{Kind: kind, To: v.Email, Subject: z.T("rfq.mail."+kind+"_subject", data), Body: body + "\n"}
}

// RoundNoticeMail is a notice of kind ("reminder", "brief", "answer") to
// one vendor of round rd, in its language.
func RoundNoticeMail(rd store.RFQ, i store.Invitation, kind string) store.Mail {
	z := i18n.New(i.Language)
	data := map[string]any{"Contact": i.Contact, "Company": i.Company, "Deadline": roundDeadlineText(z, rd.Deadline, rd.TimeZone),
		"Invited": z.DateTime(i.CreatedAt)}
	return store.Mail{Kind: kind, To: i.Email, Subject: z.T("rfq.mail."+kind+"_subject", data), Body: z.T("rfq.mail."+kind+"_body", data) + "\n"}
}
