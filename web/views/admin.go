package views

import "github.com/gpuquote/gpuquote/internal/auth"

// AdminUsers is the admin's users page.
type AdminUsers struct {
	Users    []AdminUserRow
	Tokens   []TokenRow
	Form     NewUserForm
	Lifetime TokenLifetime
}

// AdminUserRow is one user in the admin list.
type AdminUserRow struct {
	ID      int64
	Email   string
	Name    string
	Role    auth.Role
	Active  bool
	Created string
	Self    bool
}

// NewUserForm is the add-user form with the admin's input and errors.
type NewUserForm struct {
	Email  string
	Name   string
	Role   string
	Errors map[string]string // translated, by form field name
	// RoleErrors are refused role changes, translated, by user id: shown
	// next to that user's role select.
	RoleErrors map[int64]string
}

// TokenRow is one API token.
type TokenRow struct {
	ID       int64
	Owner    string
	Name     string
	Created  string
	LastUsed string
	Scope    string
	Expires  string
	Expired  bool
	Revoked  bool
}

// Profile is the signed-in user's own page.
type Profile struct {
	Email     string
	Name      string
	Role      auth.Role
	Language  string // "" follows the browser
	Tokens    []TokenRow
	NewToken  string // shown once, right after creation
	TokenForm TokenForm
	Password  PasswordForm
}

// AuditPage is one page of the audit log with its filters.
type AuditPage struct {
	Rows        []AuditRow
	Users       []Option
	Evaluations []Option
	Actions     []Option
	User        int64 // the filters chosen; 0 or "" for any
	Evaluation  int64
	Action      string
	Paged       bool   // this is not the newest page
	Newest      string // the first page with the same filters
	Older       string // the next page's address, "" on the last page
}

// AuditRow is one audit entry as shown.
type AuditRow struct {
	At             string
	Actor          string
	Action         string // translated
	Object         string // translated kind and id
	Evaluation     string
	EvaluationHref string
	Changes        []AuditChange
}

// AuditChange is one field an entry changed.
type AuditChange struct {
	Field string
	Old   string
	New   string
}
