package views

// TokenForm is the profile's new-token form with the user's input.
type TokenForm struct {
	Name  string
	Scope string // read, write or approve
	Days  string // "" means the default lifetime
	// NeedsPassword is true when the login is older than the fresh-login
	// window: a token can only be created right after typing the password.
	NeedsPassword bool
	DefaultDays   int
	MaxDays       int
	Errors        map[string]string // translated, by field name
}

// PasswordForm is the profile's password change with its errors.
type PasswordForm struct {
	Errors map[string]string // translated, by field name
}

// TokenLifetime is the admin's setting of token lifetimes, in days.
type TokenLifetime struct {
	DefaultDays string
	MaxDays     string
	Error       string
}
