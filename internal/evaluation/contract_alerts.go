package evaluation

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/gpuquote/gpuquote/internal/contract"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/sourcing"
	"github.com/gpuquote/gpuquote/internal/store"
)

// QueueNoticeAlerts queues, for every active contract, the notice and
// renewal alerts due today (contract.DueAlertsArmed, at the offsets the
// admin set) as mail to its owner and to the users of the roles the admin
// named, each in the recipient's language. Each alert's key (contract,
// kind, offset, date; with the recipient for all but the owner) is unique
// in the outbox, so every instance may run this on its own tick and each
// alert is sent exactly once to each; a date moved by a new version gives
// new keys, which re-arms the offsets still ahead of it. An attestation of
// the vendor that ends during the contract's term (AttestationAlert) is
// mailed once per contract, attestation and end date, and an SLA credit
// claim still open once per contract, month and deadline, ClaimLeadDays
// before its window closes. It returns how many mails this call queued.
func (s *Service) QueueNoticeAlerts(ctx context.Context) (int, error) {
	set, err := s.AlertSettings(ctx)
	if err != nil {
		return 0, err
	}
	users, err := s.store.ListUsers(ctx)
	if err != nil {
		return 0, err
	}
	list, err := s.store.Contracts(ctx, store.ContractFilter{}, maxContracts)
	if err != nil {
		return 0, err
	}
	withSLA := map[int64]bool{}
	for _, sc := range list {
		withSLA[sc.ID] = hasSLA(sc)
	}
	claims, err := s.openClaimsByContract(ctx, func(id int64) bool { return withSLA[id] })
	if err != nil {
		return 0, err
	}
	queued := 0
	queue := func(to []recipient, key string, write func(*i18n.Localizer) (string, string)) error {
		for _, r := range to {
			subject, body := write(i18n.New(r.Language))
			k := key
			if !r.Owner {
				k += ":to:" + strings.ToLower(r.Email)
			}
			ok, err := s.store.QueueMailOnce(ctx, store.Mail{Kind: "contract_notice", To: r.Email, Subject: subject, Body: body}, k)
			if err != nil {
				return err
			}
			if ok {
				queued++
			}
		}
		return nil
	}
	for _, sc := range list {
		to := recipientsOf(sc, users, set)
		if len(to) == 0 {
			continue
		}
		c, err := s.contractToday(sc)
		if err != nil || !c.Activated {
			continue
		}
		z, err := c.zone()
		if err != nil {
			continue
		}
		today := s.today(z)
		for _, a := range contract.DueAlertsArmed(c.ID, c.dates(), set.Offsets, c.since, today) {
			if err := queue(to, a.Key(), func(l *i18n.Localizer) (string, string) { return noticeMail(l, c, a, today) }); err != nil {
				return queued, err
			}
		}
		for _, cl := range claims[c.ID] {
			if !contract.ClaimAlertOn(cl, today) {
				continue
			}
			if err := queue(to, contract.ClaimKey(c.ID, cl), func(l *i18n.Localizer) (string, string) { return claimMail(l, c, cl, today) }); err != nil {
				return queued, err
			}
		}
		if c.State == contract.Ended {
			continue
		}
		atts, err := contractAttestationAlerts(ctx, s.store, c, today)
		if err != nil {
			return queued, err
		}
		for _, a := range atts {
			if err := queue(to, a.Key(c.ID), func(l *i18n.Localizer) (string, string) { return attestationMail(l, c, a) }); err != nil {
				return queued, err
			}
		}
	}
	return queued, nil
}

// recipient is one address a contract's alerts go to, in its language.
type recipient struct {
	Email, Language string
	Owner           bool
}

// recipientsOf is the contract's owner, then every active user of the
// roles the settings name (each address once).
func recipientsOf(sc store.Contract, users []store.User, set AlertSettings) []recipient {
	var out []recipient
	seen := map[string]bool{}
	if sc.OwnerEmail != "" {
		lang := ""
		for _, u := range users {
			if u.ID == sc.OwnerID {
				lang = u.Language
			}
		}
		out = append(out, recipient{Email: sc.OwnerEmail, Language: lang, Owner: true})
		seen[strings.ToLower(sc.OwnerEmail)] = true
	}
	for _, u := range users {
		if !u.Active || !set.Names(u.Role) || seen[strings.ToLower(u.Email)] {
			continue
		}
		seen[strings.ToLower(u.Email)] = true
		out = append(out, recipient{Email: u.Email, Language: u.Language})
	}
	return out
}

// claimLookback is how far back an outage may have ended and still give a
// claim whose window is open: the longest window (365 days) after the end
// of the month it fell in.
const claimLookback = 400 * 24 * time.Hour

// openClaimsByContract drafts the SLA credit claims still open (not fully
// credited) of the contracts keep keeps that have an outage recent enough
// to give one whose window has not closed. Bounded: at most maxContracts
// contracts, each history read once.
func (s *Service) openClaimsByContract(ctx context.Context, keep func(id int64) bool) (map[int64][]contract.CreditClaim, error) {
	ids, err := s.store.ContractsWithOutagesSince(ctx, s.Now().Add(-claimLookback), maxContracts)
	if err != nil {
		return nil, err
	}
	out := map[int64][]contract.CreditClaim{}
	for _, id := range ids {
		if !keep(id) {
			continue
		}
		h, err := s.history(ctx, id)
		if err != nil {
			return nil, err
		}
		if cls := h.openClaims(); len(cls) > 0 {
			out[id] = cls
		}
	}
	return out, nil
}

// hasSLA reports whether a stored contract's terms promise an uptime: the
// only ones that can owe a credit.
func hasSLA(sc store.Contract) bool {
	t, err := parseTerms(sc.Terms)
	return err == nil && t.SLA != nil
}

// mailDate writes a contract date in the reader's format.
func mailDate(l *i18n.Localizer, d contract.Date) string { return l.Date(d.Start(time.UTC)) }

// mailFooter names the contract and where to open it.
func mailFooter(l *i18n.Localizer, c Contract) string {
	return l.T("alerts.mail.footer", map[string]any{"ID": c.ID, "Vendor": c.Vendor, "Version": c.Version,
		"State": l.T("contract.state." + string(c.State)), "Link": fmt.Sprintf("/contracts/%d", c.ID)})
}

// noticeMail is a notice or renewal alert in the reader's language.
func noticeMail(l *i18n.Localizer, c Contract, a contract.Alert, today contract.Date) (string, string) {
	data := map[string]any{"Vendor": c.Vendor, "Date": mailDate(l, a.Target), "Days": today.DaysUntil(a.Target), "Offset": a.Offset}
	kind := string(a.Kind)
	return l.T("alerts.mail."+kind+"_subject", data), l.T("alerts.mail."+kind+"_body", data) + "\n\n" + mailFooter(l, c) + "\n"
}

// attestationMail is an attestation alert in the reader's language.
func attestationMail(l *i18n.Localizer, c Contract, a AttestationAlert) (string, string) {
	data := map[string]any{"Vendor": c.Vendor, "Attestation": attestationLabel(l, a.Requirement), "Date": mailDate(l, a.Ends)}
	key := "alerts.mail.attestation_ends"
	if a.Ended {
		key = "alerts.mail.attestation_ended"
	}
	return l.T(key+"_subject", data), l.T(key+"_body", data) + "\n\n" + mailFooter(l, c) + "\n"
}

// claimMail is an SLA credit claim's window alert in the reader's
// language.
func claimMail(l *i18n.Localizer, c Contract, cl contract.CreditClaim, today contract.Date) (string, string) {
	data := map[string]any{"Vendor": c.Vendor, "Month": mailDate(l, cl.Month),
		"Deadline": mailDate(l, cl.Deadline), "Days": today.DaysUntil(cl.Deadline), "Amount": l.Money(cl.Amount.Decimal(), cl.Amount.Currency),
		"Availability": l.Decimal(cl.Availability.String())}
	return l.T("alerts.mail.claim_subject", data), l.T("alerts.mail.claim_body", data) + "\n\n" + mailFooter(l, c) + "\n"
}

// attestationLabel names an attestation as the compliance pages do.
func attestationLabel(l *i18n.Localizer, r sourcing.Requirement) string {
	if r.Kind == sourcing.PenTest {
		return l.T("sourcing.pentest_within", map[string]any{"Months": r.WithinMonths})
	}
	return l.T("sourcing.attestation." + string(r.Kind))
}
