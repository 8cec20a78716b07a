package form

// PasswordChange is the profile's change of the user's own password.
type PasswordChange struct {
	Current string `form:"current_password" validate:"required,max=256"`
	New     string `form:"new_password" validate:"required,max=256"`
	Confirm string `form:"confirm_password" validate:"required,max=256"`
}

// TokenLifetime is the admin's default and maximum token lifetime in days.
type TokenLifetime struct {
	DefaultDays string `form:"default_days" validate:"required,numeric,max=5"`
	MaxDays     string `form:"max_days" validate:"required,numeric,max=5"`
}
