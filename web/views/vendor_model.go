package views

import (
	"strconv"
	"time"

	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/sourcing"
)

// VendorRound is what a vendor's pages are built from: the invitation,
// its round as the vendor reads it, the draft's check worded for the
// vendor, and the round rules' code refusing a submission now ("" when
// a submission would be taken; see rfq.reason.<code>).
type VendorRound struct {
	Invitation sourcing.Invitation
	RFQ        sourcing.RFQ
	State      sourcing.VendorState
	Check      DraftCheck
	Closed     string
}

// closedText is why a submission would be refused now, translated.
func (v VendorRound) closedText(z *i18n.Localizer) string {
	if v.Closed == "" {
		return ""
	}
	return z.T("rfq.reason." + v.Closed)
}

// readOnly says whether the vendor's form is closed for good (the
// deadline passed, the round was opened or the link revoked) and what the
// vendor can still do; a refusal that a new draft can fix keeps it open.
func (v VendorRound) readOnly(z *i18n.Localizer) (bool, string) {
	switch v.Closed {
	case "past_deadline", "closed", "revoked":
		return true, z.T("sourcing.read_only", map[string]any{"Expires": RFQDeadlineText(z, v.RFQ.Rules().LinkExpiry(), v.RFQ.TimeZone)})
	}
	return false, ""
}

// VendorPageModel is the vendor's page of its round, with errors (message
// keys by field) of a form just refused.
func VendorPageModel(z *i18n.Localizer, v VendorRound, errs map[string]string) VendorPage {
	inv, rd, st := v.Invitation, v.RFQ, v.State
	m := VendorPage{Company: inv.Company, Round: rd.Round, Deadline: RFQDeadlineText(z, rd.Deadline, rd.TimeZone),
		LinksExpire: RFQDeadlineText(z, rd.Rules().LinkExpiry(), rd.TimeZone), Note: rd.Note, Brief: st.Brief,
		BriefVersion: rd.BriefVersion, BriefSent: z.DateTime(rd.BriefSentAt), Status: z.T(inv.Status.LabelKey()),
		Closed: v.closedText(z), Check: v.Check, Errors: map[string]string{}}
	m.DeadlineAt = rd.Deadline.Format(time.RFC3339)
	m.Countdown, m.CountdownTemplate = RFQCountdown(z, rd.Deadline, st.Now)
	if st.Saved.Revision > 0 {
		m.Submitted = z.T("vendor.submitted_line", map[string]any{"N": st.Saved.Revision, "At": rfqOptZoneTime(z, st.Saved.SubmittedAt, rd.TimeZone)})
	}
	for _, q := range st.Answers {
		answered := ""
		if q.AnsweredAt != nil {
			answered = z.DateTime(*q.AnsweredAt)
		}
		m.Answers = append(m.Answers, QuestionRow{Text: q.Text, Answer: q.Answer, Answered: answered})
	}
	for _, q := range st.Own {
		m.Own = append(m.Own, QuestionRow{Text: q.Text, Asked: z.DateTime(q.AskedAt)})
	}
	m.Documents = rfqDocumentRows(z, st.Documents)
	for i := range m.Documents {
		m.Documents[i].Company, m.Documents[i].Sealed = "", true // the vendor's own files: listed, not served back
	}
	for k, key := range errs {
		m.Errors[k] = z.T(key)
	}
	readOnly, _ := v.readOnly(z)
	m.Compliance = vendorComplianceModel(z, v, readOnly)
	if len(m.Compliance.Items) > 0 && m.Errors["attestations"] != "" {
		m.Compliance.Items[0].Error = m.Errors["attestations"]
	}
	return m
}

// VendorQuoteModel is the vendor's quote form around the term groups
// (VendorGroups) the caller adds.
func VendorQuoteModel(z *i18n.Localizer, v VendorRound) VendorQuoteForm {
	rd := v.RFQ
	m := VendorQuoteForm{Company: v.Invitation.Company, Deadline: RFQDeadlineText(z, rd.Deadline, rd.TimeZone),
		DeadlineAt: rd.Deadline.Format(time.RFC3339), Closed: v.closedText(z), Check: v.Check}
	m.Countdown, m.CountdownTemplate = RFQCountdown(z, rd.Deadline, v.State.Now)
	m.ReadOnly, m.ReadOnlyText = v.readOnly(z)
	m.FieldFlags = VendorFieldFlags(m.Check.Flags)
	return m
}

// VendorFieldFlags files each flag under every field it reads, to show it
// beside the field as well as in the summary.
func VendorFieldFlags(flags []VendorFlagView) map[string][]VendorFlagView {
	out := map[string][]VendorFlagView{}
	for _, f := range flags {
		for _, t := range f.Terms {
			out[t.Name] = append(out[t.Name], f)
		}
	}
	return out
}

// VendorGroups is the buyer's quote form without the provider term: the
// invitation names the vendor.
func VendorGroups(groups []TermGroup) []TermGroup {
	for gi := range groups {
		fs := groups[gi].Fields[:0]
		for _, f := range groups[gi].Fields {
			if f.State != "stated" {
				f.Value = "" // a term not stated or refused shows no old value
			}
			if f.Name != "provider" {
				fs = append(fs, f)
			}
		}
		groups[gi].Fields = fs
	}
	return groups
}

// vendorComplianceModel is the vendor's form of its attestations.
func vendorComplianceModel(z *i18n.Localizer, v VendorRound, readOnly bool) VendorCompliance {
	rd, st := v.RFQ, v.State
	m := VendorCompliance{Scope: sourcingScopeLine(z, rd.Compliance), ReadOnly: readOnly}
	for _, d := range st.Documents {
		m.Documents = append(m.Documents, Option{Value: strconv.FormatInt(d.ID, 10), Label: d.Name})
	}
	for _, r := range rd.Compliance.Requirements {
		a, ok := st.Attestations[r.Kind]
		var ap *sourcing.Attestation
		if ok {
			ap = &a
		}
		s := sourcing.Assess(rd.Compliance, r, ap, st.Now, rd.TermEnd())
		it := AttestationItem{Kind: string(r.Kind), Label: SourcingRequirementLabel(z, r), State: string(sourcing.NotStated),
			Status: z.T("sourcing.cell." + string(s)), StatusCSS: sourcingCellCSS[s]}
		if ok {
			if al, raised := sourcing.AlertOf(r, a, s, rd.TermEnd()); raised {
				it.Alert = z.T("sourcing.vendor_alert.expiring", map[string]any{"Attestation": it.Label, "Date": z.Date(al.Ends)})
			}
			it.State, it.Issuer, it.Scope, it.Fabric, it.Bridge = string(a.State), a.Issuer, a.Scope, a.Fabric, a.BridgeLetter
			it.From, it.To = vendorISODate(a.From), vendorISODate(a.To)
			if a.DocumentID != 0 {
				it.DocumentID = strconv.FormatInt(a.DocumentID, 10)
			}
		}
		m.Items = append(m.Items, it)
	}
	return m
}

func vendorISODate(t *time.Time) string {
	if t == nil {
		return ""
	}
	return t.Format(time.DateOnly)
}
