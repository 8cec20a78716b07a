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

// AuditPage lists audit entries.
type AuditPage struct {
	Rows         []AuditRow
	ObjectType   string
	ObjectID     string
	EvaluationID string
	ObjectTypes  []string
}

// AuditRow is one audit entry as shown.
type AuditRow struct {
	At         string
	Actor      string
	Action     string
	ObjectType string
	ObjectID   string
	Evaluation int64
	Before     string
	After      string
}
