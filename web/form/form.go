// Package form decodes and validates the web forms: one struct per action
// (so no field a user should not set can be set), validated by one
// go-playground validator whose field names are the form names.
package form

import (
	"errors"
	"net/url"
	"reflect"
	"strings"

	"github.com/go-playground/validator/v10"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// Errors maps a form field name to a message key of the catalog.
type Errors map[string]string

var validate = func() *validator.Validate {
	v := validator.New(validator.WithRequiredStructEnabled())
	v.RegisterTagNameFunc(func(f reflect.StructField) string {
		name, _, _ := strings.Cut(f.Tag.Get("form"), ",")
		if name == "" || name == "-" {
			return f.Name
		}
		return name
	})
	// One list of roles: the selects offer auth.Roles, so the forms accept
	// exactly those (a hand-written oneof once forgot "finance").
	_ = v.RegisterValidation("role", func(fl validator.FieldLevel) bool {
		return auth.Role(fl.Field().String()).Valid()
	})
	return v
}()

// Decode copies the values of string fields tagged `form:"name"` from vals
// into dst (a pointer to a struct), trimming spaces, then validates it.
func Decode(vals url.Values, dst any) Errors {
	rv := reflect.ValueOf(dst).Elem()
	rt := rv.Type()
	for i := range rt.NumField() {
		name, _, _ := strings.Cut(rt.Field(i).Tag.Get("form"), ",")
		if name == "" || rt.Field(i).Type.Kind() != reflect.String {
			continue
		}
		rv.Field(i).SetString(strings.TrimSpace(vals.Get(name)))
	}
	return Validate(dst)
}

// Validate runs the struct's `validate` tags and returns message keys.
func Validate(s any) Errors {
	err := validate.Struct(s)
	if err == nil {
		return nil
	}
	var verrs validator.ValidationErrors
	if !errors.As(err, &verrs) {
		return Errors{"_": "form.error.invalid"}
	}
	out := Errors{}
	for _, fe := range verrs {
		out[fe.Field()] = messageKey(fe.Tag())
	}
	return out
}

// Var validates one value against a validator tag, for the table-driven
// brief fields; it returns "" or a message key.
func Var(value, tag string) string {
	if tag == "" {
		return ""
	}
	var verrs validator.ValidationErrors
	if err := validate.Var(value, tag); errors.As(err, &verrs) && len(verrs) > 0 {
		return messageKey(verrs[0].Tag())
	}
	return ""
}

func messageKey(tag string) string {
	switch tag {
	case "required", "email", "max", "min", "oneof", "number", "numeric":
		return "form.error." + tag
	case "role":
		return "form.error.oneof"
	}
	return "form.error.invalid"
}

// Login is the login form.
type Login struct {
	Email    string `form:"email" validate:"required,email,max=254"`
	Password string `form:"password" validate:"required,max=256"`
	Next     string `form:"next"`
}

// Evaluation names a new evaluation or renames one.
type Evaluation struct {
	Name string `form:"name" json:"name" validate:"required,max=200"`
}

// NewUser is the admin's add-user form; the password is checked against
// the password policy separately.
type NewUser struct {
	Email    string `form:"email" validate:"required,email,max=254"`
	Name     string `form:"name" validate:"required,max=100"`
	Role     string `form:"role" validate:"required,role"`
	Password string `form:"password" validate:"required"`
}

// Role changes a user's role.
type Role struct {
	Role string `form:"role" validate:"required,role"`
}

// Token is a new API token: a name, a scope, a lifetime in days ("" for
// the default) and, after the fresh-login window, the password again.
type Token struct {
	Name     string `form:"name" validate:"max=100"`
	Scope    string `form:"scope" validate:"omitempty,oneof=read write approve"`
	Days     string `form:"days" validate:"omitempty,numeric,max=5"`
	Password string `form:"password" validate:"max=256"`
}
