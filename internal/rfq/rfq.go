// Package rfq holds the rules of a sourcing round: who may be invited, when
// a round is open for answers, when its sealed answers may be read, and
// how complete a vendor's draft is. It knows no HTTP and no SQL.
package rfq

import (
	"errors"
	"fmt"
	"net/mail"
	"strings"
	"time"
)

// Status is where an invitation stands.
type Status string

// The invitation statuses, in the order a vendor goes through them.
const (
	Invited   Status = "invited"
	Opened    Status = "opened"
	Draft     Status = "draft"
	Submitted Status = "submitted"
	Revoked   Status = "revoked"
)

// LabelKey is the i18n key of the status's label.
func (s Status) LabelKey() string { return "rfq.status." + string(s) }

// Limits on what a buyer or a vendor may send.
const (
	MaxVendors     = 50
	MaxNote        = 5000
	MaxQuestion    = 4000
	MaxAnswer      = 8000
	MaxReason      = 2000
	MaxDocument    = 10 << 20 // bytes per attached document
	MaxDocuments   = 20       // per invitation
	MaxQuestions   = 50       // per invitation
	DefaultGrace   = 72       // hours a link stays readable after the deadline
	MaxGraceHours  = 720
	MaxRoundLength = 365 * 24 * time.Hour // a deadline further away is a typo
)

// Errors a round's rules return. Each names the reason a vendor or a buyer
// is told.
var (
	ErrPastDeadline = errors.New("rfq: the deadline has passed")
	ErrClosed       = errors.New("rfq: the round has been opened; answers are closed")
	ErrRevoked      = errors.New("rfq: the invitation was revoked")
	ErrNoDraft      = errors.New("rfq: there is no draft to submit")
	ErrIncomplete   = errors.New("rfq: the draft does not parse")
	ErrNotSealed    = errors.New("rfq: the round is already open")
)

// Vendor is one company invited to answer.
type Vendor struct {
	Company  string `json:"company"`
	Contact  string `json:"contact"`
	Email    string `json:"email"`
	Language string `json:"language"`
}

// Problem is an invalid field: its name and the i18n key of the reason.
type Problem struct {
	Field string
	Key   string
}

// CheckVendor normalises v and lists what is wrong with it. languages are
// the languages the app speaks.
func CheckVendor(v *Vendor, languages []string) []Problem {
	var ps []Problem
	v.Company, v.Contact = strings.TrimSpace(v.Company), strings.TrimSpace(v.Contact)
	v.Email, v.Language = strings.TrimSpace(v.Email), strings.TrimSpace(strings.ToLower(v.Language))
	if v.Company == "" || len([]rune(v.Company)) > 200 {
		ps = append(ps, Problem{"company", "rfq.error.company"})
	}
	if len([]rune(v.Contact)) > 200 {
		ps = append(ps, Problem{"contact", "rfq.error.contact"})
	}
	// A bare address only: "Name <a@b>" or a list would be reinterpreted.
	if a, err := mail.ParseAddress(v.Email); err != nil || a.Address != v.Email || len(v.Email) > 254 {
		ps = append(ps, Problem{"email", "rfq.error.email"})
	}
	if v.Language == "" {
		v.Language = "en"
	}
	ok := false
	for _, l := range languages {
		ok = ok || l == v.Language
	}
	if !ok {
		ps = append(ps, Problem{"language", "rfq.error.language"})
	}
	return ps
}

// ParseDeadline reads the reply-by time. An RFC 3339 time carries its
// offset; a local "2006-01-02T15:04" needs the IANA time zone it is in.
// The result is in that zone, so it is shown to vendors as the buyer gave
// it. A deadline that is not after now, or more than a year away, is
// refused.
func ParseDeadline(s, zone string, now time.Time) (time.Time, string, error) {
	s, zone = strings.TrimSpace(s), strings.TrimSpace(zone)
	var loc *time.Location
	if zone != "" {
		l, err := time.LoadLocation(zone)
		if err != nil {
			return time.Time{}, "", fmt.Errorf("rfq: unknown time zone %q", zone)
		}
		loc = l
	}
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		if loc == nil {
			return time.Time{}, "", errors.New("rfq: a local time needs a time zone")
		}
		t, err = time.ParseInLocation("2006-01-02T15:04", s, loc)
		if err != nil {
			return time.Time{}, "", errors.New("rfq: the deadline is not a date and time")
		}
	}
	if loc != nil {
		t = t.In(loc)
	} else {
		zone = t.Format("-07:00")
		if _, off := t.Zone(); off == 0 {
			zone = "UTC"
		}
	}
	if !t.After(now) {
		return time.Time{}, "", errors.New("rfq: the deadline is in the past")
	}
	if t.Sub(now) > MaxRoundLength {
		return time.Time{}, "", errors.New("rfq: the deadline is more than a year away")
	}
	return t, zone, nil
}

// Location returns the zone a deadline was given in (UTC when it cannot
// be loaded), for showing it as the buyer gave it.
func Location(zone string) *time.Location {
	if l, err := time.LoadLocation(zone); err == nil {
		return l
	}
	if t, err := time.Parse("-07:00", zone); err == nil {
		_, off := t.Zone()
		return time.FixedZone(zone, off)
	}
	return time.UTC
}

// Round is what the rules need to know about a round.
type Round struct {
	Deadline   time.Time
	GraceHours int
	Opened     bool // the sealed answers were opened (at the deadline or early)
}

// LinkExpiry is when the invitation links stop working.
func (r Round) LinkExpiry() time.Time {
	return r.Deadline.Add(time.Duration(r.GraceHours) * time.Hour)
}

// CanSubmit says whether a vendor may submit at now: up to and including
// the deadline's second, while the round is sealed and the invitation not
// revoked.
func (r Round) CanSubmit(now time.Time, status Status) error {
	switch {
	case status == Revoked:
		return ErrRevoked
	case r.Opened:
		return ErrClosed
	case now.After(r.Deadline):
		return ErrPastDeadline
	}
	return nil
}

// Due says whether the sealed answers are to be opened at now.
func (r Round) Due(now time.Time) bool { return !r.Opened && now.After(r.Deadline) }

// LinkValid says whether an invitation link still opens the vendor pages.
func (r Round) LinkValid(now time.Time, status Status) bool {
	return status != Revoked && !now.After(r.LinkExpiry())
}
