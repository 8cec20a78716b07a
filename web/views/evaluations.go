package views

import (
	"context"
	"strings"

	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/i18n"
)

// EvaluationRow is one line of the evaluations list.
type EvaluationRow struct {
	ID        int64
	Name      string
	Owner     string
	Updated   string
	StatusKey string   // message key of the derived status
	Percent   int      // brief completeness
	Decision  []string // the shortlist, approval and waivers, translated
}

// EvaluationsPage is the evaluations list.
type EvaluationsPage struct {
	Rows         []EvaluationRow
	ShowArchived bool
	CanCreate    bool
	NewName      string
	NewError     string // already translated
	// Alerts are the contract alerts, for a user who receives them.
	Alerts *HomeAlerts
	Pager  Pager // the list a page at a time
}

// EvaluationHome is the evaluation's summary page.
type EvaluationHome struct {
	ID           int64
	Name         string
	Archived     bool
	Version      int
	Owner        string
	Created      string
	Updated      string
	Completeness brief.Completeness
	CanManage    bool
	CanEditBrief bool
	RenameValue  string
	RenameError  string // already translated
	Quotes       int
	Blockers     int
	Warnings     int
	Expiring     int
	Best         string // translated: the lowest cost per unit, if any
	Award        *AwardView
	Approval     *ApprovalGlance
}

// ApprovalGlance is where the approval stands, styled as a status, with
// the next step: approved, stale (with what changed since), awaiting more
// approvers, or none.
type ApprovalGlance struct {
	State    string // approved, stale, awaiting, none
	Label    string
	Class    string // the status colour: ok, warn, info
	Detail   string
	Changes  []string
	NextStep string
}

// BriefForm is the brief editor.
type BriefForm struct {
	EvaluationID   int64
	EvaluationName string
	Version        int
	Values         map[string]string // the user's input or the stored values
	Base           map[string]string // the stored values the form was opened with
	Errors         map[string]string // translated, per field key
	Completeness   brief.Completeness
	CanEdit        bool
	UpdatedBy      string
	UpdatedAt      string
	Conflict       *BriefConflict
	// Unsaved: the form shows input that was not saved (refused or in
	// conflict); the meter then says it counts the saved brief.
	Unsaved bool
	// Internal are the fields kept from vendors (as the newest round
	// marked them, or a new round's default); VisibilityNote says which.
	Internal       map[string]bool
	VisibilityNote string
}

// BriefConflict tells the second editor what the first one changed.
type BriefConflict struct {
	By      string
	At      string
	Changes []BriefChange
}

// BriefChange is one field that differs between the stored brief and the
// editor's input.
type BriefChange struct {
	Field  string // translated label
	Stored string
	Yours  string
	Clash  bool // both editors changed it; the form holds the editor's value
}

// BriefReadiness is what the "not ready to reserve" banner shows.
type BriefReadiness struct {
	Ready   bool
	Missing []string // field keys
}

// BriefPrint is the one page every vendor receives.
type BriefPrint struct {
	EvaluationID   int64
	EvaluationName string
	Head           Letterhead
	Brief          brief.Brief
	Completeness   brief.Completeness
	Open           []string // labels of the fields still to be confirmed
}

// Letterhead is what a paper sent to a vendor carries at its top.
type Letterhead struct {
	Buyer        string
	BuyerValue   string // as typed, for the form
	Contact      string
	Date         string
	Reference    string
	ReplyBy      string // formatted
	ReplyByValue string // YYYY-MM-DD, for the form
}

func sectionTitle(ctx context.Context, s brief.Section) string {
	return t(ctx, "brief.section."+string(s))
}

func fieldLabel(ctx context.Context, key string) string { return t(ctx, "brief.field."+key) }

func fieldHelp(ctx context.Context, key string) string { return t(ctx, "brief.help."+key) }

func optionLabel(ctx context.Context, o string) string { return t(ctx, "brief.option."+o) }

// FieldLabel is a brief field's translated label, for handlers.
func FieldLabel(ctx context.Context, key string) string { return fieldLabel(ctx, key) }

// BriefValue renders a stored value for reading: options by their label,
// numbers in the locale's format with their unit.
func BriefValue(ctx context.Context, key, v string) string {
	f, ok := brief.Lookup(key)
	if !ok || v == "" {
		return ""
	}
	z := i18n.From(ctx)
	switch f.Kind {
	case brief.Enum:
		return optionLabel(ctx, v)
	case brief.Multi:
		var labels []string
		for _, o := range strings.Split(v, ",") {
			labels = append(labels, optionLabel(ctx, o))
		}
		return strings.Join(labels, ", ")
	case brief.Bool:
		return t(ctx, "common."+v)
	case brief.Int, brief.Decimal, brief.Percent:
		if f.Unit != "" {
			return z.Decimal(v) + "\u00a0" + unitLabel(ctx, f.Unit)
		}
		return z.Decimal(v)
	}
	return v
}

// inputValue shows a stored number in the locale's format for editing;
// other kinds are shown as typed.
func inputValue(ctx context.Context, f brief.Field, v string) string {
	switch f.Kind {
	case brief.Int, brief.Decimal, brief.Percent:
		if strings.Trim(v, "0123456789.") == "" && v != "" {
			return i18n.From(ctx).Decimal(v)
		}
	}
	return v
}

func hasOption(list, o string) bool {
	for _, x := range strings.Split(list, ",") {
		if x == o {
			return true
		}
	}
	return false
}

func sectionScore(c brief.Completeness, s brief.Section) brief.SectionScore {
	for _, sc := range c.Sections {
		if sc.Section == s {
			return sc
		}
	}
	return brief.SectionScore{Section: s}
}

func fieldID(key string) string { return "f-" + key }

func errorID(key string) string { return "err-" + key }

// describedBy links a field to its error message, when it has one; the
// help text is always there.
func describedBy(key, errText string) string {
	if errText != "" {
		return "help-" + key + " " + errorID(key)
	}
	return "help-" + key
}

func isRequired(c brief.Completeness, key string) bool {
	for _, k := range c.Required {
		if k == key {
			return true
		}
	}
	return false
}

// unitLabel translates word-like units (hours, days, months); symbols such
// as GB, TB and % read the same in every language.
func unitLabel(ctx context.Context, unit string) string {
	switch unit {
	case "h", "d", "mo", "min", "B":
		return t(ctx, "unit."+unit)
	}
	return unit
}

// statusCSS styles an evaluation's status as a status: approved is done,
// a stale approval needs attention.
func statusCSS(key string) string {
	switch key {
	case "evaluation.status.approved":
		return "ok"
	case "evaluation.status.stale":
		return "warn"
	}
	return "info"
}

// sectionFilled reports whether any field of section s has a value.
func sectionFilled(b brief.Brief, s brief.Section) bool {
	for _, f := range brief.InSection(s) {
		if b.Filled(f.Key) {
			return true
		}
	}
	return false
}
