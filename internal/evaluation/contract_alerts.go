package evaluation

import (
	"context"
	"fmt"

	"github.com/gpuquote/gpuquote/internal/contract"
	"github.com/gpuquote/gpuquote/internal/store"
)

// QueueNoticeAlerts queues, for every active contract, the notice and
// renewal alerts due today (contract.DueAlerts, at the default offsets) as
// mail to its owner. Each alert's key (contract, kind, offset, date) is
// unique in the outbox, so every instance may run this on its own tick and
// each alert is sent exactly once; a date moved by a new version gives new
// keys, which re-arms the offsets still ahead of it. An attestation of
// the vendor that ends during the contract's term (AttestationAlert) is
// mailed once per contract, attestation and end date. It returns how many
// mails this call queued.
func (s *Service) QueueNoticeAlerts(ctx context.Context) (int, error) {
	list, err := s.store.Contracts(ctx, store.ContractFilter{}, maxContracts)
	if err != nil {
		return 0, err
	}
	queued := 0
	for _, sc := range list {
		if sc.OwnerEmail == "" {
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
		for _, a := range contract.DueAlerts(c.ID, c.dates(), contract.DefaultOffsets, c.since, today) {
			ok, err := s.store.QueueMailOnce(ctx, noticeMail(c, sc.OwnerEmail, a), a.Key())
			if err != nil {
				return queued, err
			}
			if ok {
				queued++
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
			ok, err := s.store.QueueMailOnce(ctx, attestationMail(c, sc.OwnerEmail, a), a.Key(c.ID))
			if err != nil {
				return queued, err
			}
			if ok {
				queued++
			}
		}
	}
	return queued, nil
}

// attestationMail is an attestation alert's message to the contract's
// owner.
func attestationMail(c Contract, to string, a AttestationAlert) store.Mail {
	verb := "ends"
	if a.Ended {
		verb = "ended"
	}
	return store.Mail{Kind: "contract_notice", To: to,
		Subject: fmt.Sprintf("Contract with %s: the vendor's %s %s on %s", c.Vendor, a.Kind, verb, a.Ends),
		Body: fmt.Sprintf("The vendor's %s attestation %s on %s, before the contract's term ends. Ask the vendor for its renewal.\n\nContract %d with %s, version %d, state %s.\nOpen it at /contracts/%d.\n",
			a.Kind, verb, a.Ends, c.ID, c.Vendor, c.Version, c.State, c.ID)}
}

// noticeMail is an alert's message to the contract's owner.
func noticeMail(c Contract, to string, a contract.Alert) store.Mail {
	what, date := fmt.Sprintf("Notice to end or renegotiate must be given by %s", a.Target), "cancel-by date"
	if a.Kind == contract.AlertEnd {
		what, date = fmt.Sprintf("The contract ends on %s", a.Target), "end date"
	}
	return store.Mail{Kind: "contract_notice", To: to,
		Subject: fmt.Sprintf("Contract with %s: %s in %d days", c.Vendor, date, a.Offset),
		Body: fmt.Sprintf("%s (%d-day reminder).\n\nContract %d with %s, version %d, state %s.\nOpen it at /contracts/%d.\n",
			what, a.Offset, c.ID, c.Vendor, c.Version, c.State, c.ID)}
}
