package views

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/rfq"
	"github.com/gpuquote/gpuquote/internal/sourcing"
)

// RFQReader is who reads a round's page, and when.
type RFQReader struct {
	EvaluationID   int64
	EvaluationName string
	Now            time.Time
	MailOn         bool
	CanRun         bool // runs the round: reminders, links, answers, the next round
	CanApprove     bool // may open it before its deadline
}

// RFQPageModel is the buyer's page of round d.
func RFQPageModel(z *i18n.Localizer, d sourcing.RoundDetail, u RFQReader) RFQPage {
	rd := d.RFQ
	m := RFQPage{ID: rd.ID, EvaluationID: u.EvaluationID, EvaluationName: u.EvaluationName, Round: rd.Round, Title: rfqRoundTitle(z, rd),
		DeadlineAt: rd.Deadline.Format(time.RFC3339),
		Deadline:   RFQDeadlineText(z, rd.Deadline, rd.TimeZone), LinksExpire: RFQDeadlineText(z, rd.Rules().LinkExpiry(), rd.TimeZone),
		Note: rd.Note, Sealed: rd.OpenedAt == nil, BriefVersion: rd.BriefVersion, MailOn: u.MailOn, BriefStale: d.BriefStale,
		CanRun: u.CanRun, CanOpen: u.CanApprove && rd.OpenedAt == nil, Errors: map[string]string{}}
	if rd.OpenedAt != nil {
		m.OpenedLine = z.T("rfq.opened_deadline", map[string]any{"At": z.DateTime(*rd.OpenedAt)})
		if rd.OpenedBy != 0 {
			m.OpenedLine = z.T("rfq.opened_early", map[string]any{"At": z.DateTime(*rd.OpenedAt), "Reason": rd.OpenReason})
		}
	} else {
		m.Countdown, m.CountdownTemplate = RFQCountdown(z, rd.Deadline, u.Now)
	}
	for _, i := range d.Invitations {
		m.Invitations = append(m.Invitations, rfqInvitationRow(z, i, u.MailOn, rd))
	}
	for _, k := range rd.InternalFields {
		m.Internal = append(m.Internal, z.T("brief.field."+k))
	}
	m.Compliance = ComplianceMatrixModel(z, rd.Compliance, d.Compliance)
	for _, q := range d.Questions {
		m.Questions = append(m.Questions, QuestionRow{ID: q.ID, Company: q.Company, Text: q.Text, Published: q.Published,
			Asked: RFQDeadlineText(z, q.AskedAt, rd.TimeZone), Answer: q.Answer, Answered: rfqOptZoneTime(z, q.AnsweredAt, rd.TimeZone)})
	}
	m.Documents = rfqDocumentRows(z, d.Documents)
	m.Rounds = RFQRowsModel(z, d.Rounds)
	for _, i := range d.Shortlisted {
		m.Shortlisted = append(m.Shortlisted, Option{Value: strconv.FormatInt(i.QuoteID, 10), Label: i.Company})
	}
	return m
}

func rfqInvitationRow(z *i18n.Localizer, i sourcing.Invitation, mailOn bool, rd sourcing.RFQ) InvitationRow {
	sealed := rd.OpenedAt == nil
	row := InvitationRow{ID: i.ID, Company: i.Company, Contact: i.Contact, Email: i.Email, Language: i18n.LanguageNames[i.Language],
		Status: string(i.Status), StatusText: z.T(i.Status.LabelKey()), Revisions: i.Revisions, QuoteID: i.QuoteID,
		Revocable: sealed && i.Status != rfq.Revoked}
	if !sealed && i.Status != rfq.Submitted {
		row.QuoteID = 0
	}
	row.Opened, row.Asked, row.Submitted = rfqOptZoneTime(z, i.OpenedAt, rd.TimeZone), rfqOptZoneTime(z, i.AskedAt, rd.TimeZone),
		rfqOptZoneTime(z, i.SubmittedAt, rd.TimeZone)
	switch {
	case i.MailStatus != "":
		row.Mail, row.MailCSS = z.T("rfq.mail_status."+i.MailStatus), map[string]string{"sent": "", "pending": "warn", "failed": "blocker"}[i.MailStatus]
		if i.MailError != "" && i.MailStatus != "sent" {
			row.Mail += " · " + i.MailError
		}
	case mailOn:
		row.Mail = z.T("rfq.mail_status.none")
	default:
		row.Mail = z.T("rfq.mail_status.off")
	}
	return row
}

func rfqDocumentRows(z *i18n.Localizer, docs []sourcing.Document) []DocumentRow {
	var out []DocumentRow
	for _, d := range docs {
		out = append(out, DocumentRow{ID: d.ID, Company: d.Company, Name: d.Name, Size: z.Int(int64(d.Size/1024+1)) + " KB",
			Uploaded: z.DateTime(d.UploadedAt), Sealed: !d.Readable})
	}
	return out
}

// RFQFormModel is the new-round form of an evaluation with brief b, with
// rows empty vendor rows (5 to rfq.MaxVendors).
func RFQFormModel(ctx context.Context, evaluationID int64, evaluationName string, b brief.Brief, rows int, mailOn bool) RFQForm {
	z := i18n.From(ctx)
	c := brief.Score(b)
	m := RFQForm{EvaluationID: evaluationID, EvaluationName: evaluationName, BriefReady: c.ReadyToReserve(), TimeZone: "UTC",
		GraceHours: strconv.Itoa(rfq.DefaultGrace), Errors: map[string]string{}, MailOn: mailOn}
	for _, k := range c.Missing {
		m.BriefMissing = append(m.BriefMissing, z.T("brief.field."+k))
	}
	for _, l := range i18n.Languages {
		m.Languages = append(m.Languages, Option{Value: l, Label: i18n.LanguageNames[l]})
	}
	n := min(max(rows, 5), rfq.MaxVendors)
	for i := range n {
		m.Vendors = append(m.Vendors, VendorRow{Index: i, Language: "en"})
	}
	m.MoreRows = min(n+5, rfq.MaxVendors)
	m.Visibility = RFQVisibility(ctx, b, sourcing.DefaultInternal)
	m.Compliance = ComplianceFormModel(z, nil)
	return m
}

// RFQVisibility lists the brief's filled fields for the buyer to mark
// shared with vendors or internal.
func RFQVisibility(ctx context.Context, b brief.Brief, internal []string) []FieldVisibility {
	z := i18n.From(ctx)
	var out []FieldVisibility
	for _, f := range brief.Fields {
		if b.Filled(f.Key) {
			out = append(out, FieldVisibility{Key: f.Key, Label: z.T("brief.field." + f.Key),
				Value: BriefValue(ctx, f.Key, b[f.Key]), Internal: sourcing.IsInternal(internal, f.Key)})
		}
	}
	return out
}

// RFQFormErrors puts the use case's errors (message keys by field) at
// the new-round form's fields: a vendor's at its row in the form (rowOf),
// an unknown zone with the zone the buyer probably meant.
func RFQFormErrors(z *i18n.Localizer, m *RFQForm, errs map[string]string, rowOf []int, zone string) {
	for k, key := range errs {
		var n int
		var field string
		if _, err := fmt.Sscanf(k, "vendors[%d].%s", &n, &field); err == nil && n < len(rowOf) {
			k = fmt.Sprintf("vendors[%d].%s", rowOf[n], field)
		}
		m.Errors[k] = z.T(key)
	}
	if _, ok := errs["time_zone"]; ok {
		m.Errors["time_zone"] = RFQZoneError(z, zone)
	}
}

// RFQPageErrors puts the errors of a form on the round's page (message
// keys by field) at their fields; an unknown zone says the zone the buyer
// probably meant.
func RFQPageErrors(z *i18n.Localizer, m *RFQPage, errs map[string]string, zone string) {
	for k, key := range errs {
		if strings.HasPrefix(k, "quote_ids") {
			k = "quote_ids"
		}
		m.Errors[k] = z.T(key)
	}
	if _, ok := errs["time_zone"]; ok {
		m.Errors["time_zone"] = RFQZoneError(z, zone)
	}
}
