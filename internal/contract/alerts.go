package contract

import (
	"fmt"
	"slices"
)

// DefaultOffsets are the days before a cancel-by or end date at which an
// alert goes out, unless the admin sets others.
var DefaultOffsets = []int{120, 30, 7}

// AlertKind says which date an alert is about.
type AlertKind string

const (
	AlertCancelBy AlertKind = "cancel_by"
	AlertEnd      AlertKind = "end"
)

// Alert is one notice or renewal reminder.
type Alert struct {
	Contract int64
	Kind     AlertKind
	Offset   int  // days before Target
	Target   Date // the cancel-by or end date
	Due      Date // Target − Offset: the first day it may go out
	Period   int  // the period of the chain the date belongs to
}

// Key names the alert for the outbox's unique key: one contract, one
// offset, one date. Two instances computing the same alert get the same
// key, so only one mail is queued; a date moved by a new version gives new
// keys, which is what re-arms its offsets.
func (a Alert) Key() string {
	return fmt.Sprintf("contract:%d:%s:%d:%s", a.Contract, a.Kind, a.Offset, a.Target)
}

// DueAlerts returns the alerts to queue on today for a contract whose
// current dates took effect on since (its activation, or the day a new
// version changed them).
//
// An offset is armed only when its due day is on or after since: a version
// that moves a date re-arms the offsets still ahead of it and does not
// replay those already behind. Of the armed offsets due by today for one
// date, only the nearest to the date goes out: a worker that was down for
// weeks sends the 7-day reminder, not the 120-, 30- and 7-day ones at once.
// No alert is due for a date already past, nor for a cancel-by date once
// notice has been given.
func DueAlerts(id int64, d Dates, offsets []int, since, today Date) []Alert {
	return DueAlertsArmed(id, d, Armed(offsets), since, today)
}

// DueAlertsArmed is DueAlerts with offsets the admin set, each armed from
// its own day: an offset added to the list is armed only for due days on
// or after the day it was added, so adding one never replays a reminder
// whose day has passed. Removing one stops it; putting it back arms it
// again from that day, and the outbox key (contract, offset, date) keeps
// any alert already sent from going out twice.
func DueAlertsArmed(id int64, d Dates, offsets []Offset, since, today Date) []Alert {
	if !d.Activated {
		return nil
	}
	offs := slices.Clone(offsets)
	slices.SortFunc(offs, func(a, b Offset) int { return a.Days - b.Days }) // nearest first
	var out []Alert
	for _, p := range d.Periods() {
		for _, kind := range []AlertKind{AlertCancelBy, AlertEnd} {
			target := p.End
			if kind == AlertCancelBy {
				if d.NoticeGiven != nil {
					continue
				}
				target = p.CancelBy
			}
			if a, ok := nearestDue(id, kind, p.Index, target, offs, since, today); ok {
				out = append(out, a)
			}
		}
	}
	return out
}

// nearestDue is the armed alert for target with the smallest offset whose
// due day has come.
func nearestDue(id int64, kind AlertKind, period int, target Date, offs []Offset, since, today Date) (Alert, bool) {
	if today.After(target) {
		return Alert{}, false
	}
	for _, o := range offs {
		due := target.AddDays(-o.Days)
		if due.Before(since) || due.Before(o.Since) || due.After(today) {
			continue
		}
		return Alert{Contract: id, Kind: kind, Offset: o.Days, Target: target, Due: due, Period: period}, true
	}
	return Alert{}, false
}

// Upcoming lists the contract's cancel-by and end dates from today up to
// horizon days ahead, for the renewals page (sorted by the caller across
// contracts).
func Upcoming(d Dates, today Date, horizon int) []Period {
	var out []Period
	limit := today.AddDays(horizon)
	for _, p := range d.Periods() {
		if !p.End.Before(today) && !p.CancelBy.After(limit) {
			out = append(out, p)
		}
	}
	return out
}
