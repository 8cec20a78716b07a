package contract

import (
	"errors"
	"fmt"
)

// MaxRenewals bounds an auto-renew chain, so that the periods of a contract
// are always a short, finite list.
const MaxRenewals = 120

// AutoRenew renews the contract for Months more at each end date, at most
// MaxRenewals times, unless notice is given by the cancel-by date.
type AutoRenew struct {
	Months      int `json:"months"`
	MaxRenewals int `json:"max_renewals"`
}

// Dates are the contract's calendar terms. The initial term runs from Start
// to End = Start + TermMonths; End is the expiry date, the first day no
// longer covered. Notice must be given by CancelBy = End − NoticeDays.
type Dates struct {
	Start       Date
	TermMonths  int
	NoticeDays  int
	AutoRenew   *AutoRenew // nil: the contract ends at the end of its term
	Activated   bool       // procurement completed and activated it
	NoticeGiven *Date      // the day notice to end was given, if it was
}

// Validate names the first term that cannot make a contract.
func (d Dates) Validate() error {
	switch {
	case d.Start.IsZero():
		return errors.New("start_date: required")
	case d.TermMonths < 1 || d.TermMonths > 240:
		return errors.New("term_months: must be 1 to 240")
	case d.NoticeDays < 0 || d.NoticeDays > 3650:
		return errors.New("notice_days: must be 0 to 3650")
	case d.AutoRenew != nil && (d.AutoRenew.Months < 1 || d.AutoRenew.Months > 120):
		return errors.New("auto_renew.months: must be 1 to 120")
	case d.AutoRenew != nil && (d.AutoRenew.MaxRenewals < 1 || d.AutoRenew.MaxRenewals > MaxRenewals):
		return fmt.Errorf("auto_renew.max_renewals: must be 1 to %d", MaxRenewals)
	}
	return nil
}

// Period is one term of the chain: 0 is the initial term, k the k-th
// renewal.
type Period struct {
	Index    int
	Start    Date
	End      Date // expiry: the first day not covered
	CancelBy Date // End − notice days: the last day to give notice
}

// End is the initial term's expiry date.
func (d Dates) End() Date { return d.period(0).End }

// CancelBy is the initial term's cancel-by date: End − NoticeDays.
func (d Dates) CancelBy() Date { return d.period(0).CancelBy }

// period k is computed from Start, never from the previous period's end, so
// that clamping one month end (Jan 31 → Feb 28) does not drift the rest of
// the chain (the next end is Mar 31, not Mar 28).
func (d Dates) period(k int) Period {
	months := func(k int) int {
		if k == 0 {
			return d.TermMonths
		}
		return d.TermMonths + k*d.AutoRenew.Months
	}
	p := Period{Index: k, Start: d.Start, End: d.Start.AddMonths(months(k))}
	if k > 0 {
		p.Start = d.Start.AddMonths(months(k - 1))
	}
	p.CancelBy = p.End.AddDays(-d.NoticeDays)
	return p
}

// renewals is how many renewals the chain can have: none without
// auto-renew.
func (d Dates) renewals() int {
	if d.AutoRenew == nil {
		return 0
	}
	return d.AutoRenew.MaxRenewals
}

// Periods lists the initial term and every renewal the chain allows, in
// order. Notice given ends the chain with the period it was given in (or
// the next one, when given after that period's cancel-by date).
func (d Dates) Periods() []Period {
	var ps []Period
	for k := 0; k <= d.renewals(); k++ {
		p := d.period(k)
		ps = append(ps, p)
		if d.NoticeGiven != nil && !d.NoticeGiven.After(p.CancelBy) {
			break
		}
	}
	return ps
}

// FinalEnd is the day the contract ends if nothing changes: the end of the
// last period Periods allows.
func (d Dates) FinalEnd() Date {
	ps := d.Periods()
	return ps[len(ps)-1].End
}

// State is where a contract stands on a given day.
type State string

const (
	Draft    State = "draft"     // not yet activated by procurement
	Active   State = "active"    // in its initial term, before its last cancel-by date
	InNotice State = "in_notice" // in its final period, past cancel-by or notice given
	Renewed  State = "renewed"   // in a renewal period, still able to renew again or be cancelled
	Ended    State = "ended"     // past its final end date
)

// StateOn is the contract's state on today, read from the dates alone, so
// any process that knows the date agrees without a scheduled job.
func (d Dates) StateOn(today Date) State {
	if !d.Activated {
		return Draft
	}
	ps := d.Periods()
	last := ps[len(ps)-1]
	if !today.Before(last.End) {
		return Ended
	}
	cur := d.Current(today)
	final := cur.Index == last.Index
	if final && (!today.Before(cur.CancelBy) || (d.NoticeGiven != nil && !today.Before(*d.NoticeGiven))) {
		return InNotice
	}
	if cur.Index > 0 {
		return Renewed
	}
	return Active
}

// Current is the period that contains today, or the last one once the
// contract has ended (the first before it starts).
func (d Dates) Current(today Date) Period {
	ps := d.Periods()
	cur := ps[0]
	for _, p := range ps {
		if !today.Before(p.Start) {
			cur = p
		}
	}
	return cur
}
