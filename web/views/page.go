// Package views holds the templ components and the view models the
// handlers fill. Views never touch the database; all text comes from the
// message catalog (internal/i18n).
package views

import (
	"context"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/static"
)

// Page is what the layout needs on every page.
type Page struct {
	Title string // already translated
	User  *PageUser
	Nav   string // the active navigation entry
	Flash string // already translated
	// FlashTone marks a message that is not a plain success: "warn" or
	// "blocker" (the badge classes); "" is the green confirmation.
	FlashTone string
	// Errors are the refused fields of the form the page shows again: the
	// layout lists them at the top, each linked to its field, and the
	// script moves the focus there.
	Errors []FormError
}

// FormError is one refused field or action as the error summary lists it.
type FormError struct {
	Target  string // the id of the field (or of the message) the link goes to
	Label   string // the field's label, already translated; "" for a page-level refusal
	Message string // already translated
}

// PageUser is the signed-in user as the header shows them.
type PageUser struct {
	Name string
	Role auth.Role
}

// Can reports whether the signed-in user holds permission p.
func (p Page) Can(perm auth.Permission) bool { return p.User != nil && p.User.Role.Can(perm) }

// IsAdmin reports whether the signed-in user is an administrator: the one
// reader a server setting's name means something to.
func (p Page) IsAdmin() bool { return p.User != nil && p.User.Role == auth.Admin }

func t(ctx context.Context, key string, data ...any) string { return i18n.T(ctx, key, data...) }

func lang(ctx context.Context) string { return i18n.From(ctx).Lang }

func asset(name string) string { return static.Path(name) }

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func nt(ctx context.Context, key string, n int) string { return i18n.N(ctx, key, n) }

func joinComma(list []string) string { return strings.Join(list, ", ") }

// invalid marks a refused field for assistive technology: aria-invalid
// must read "true" (a bare attribute does not), and nothing when valid.
func invalid(errText string) templ.Attributes {
	if errText == "" {
		return nil
	}
	return templ.Attributes{"aria-invalid": "true"}
}
