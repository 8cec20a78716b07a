package web

import (
	"errors"
	"net/http"

	"github.com/gpuquote/gpuquote/internal/account"
	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/web/form"
	"github.com/gpuquote/gpuquote/web/views"
)

func (s *Server) profile(w http.ResponseWriter, r *http.Request) error {
	return s.renderProfile(w, r, http.StatusOK, views.Profile{})
}

// renderProfile fills m (which carries the forms' input and errors) with
// the user's details and tokens and renders the profile page.
func (s *Server) renderProfile(w http.ResponseWriter, r *http.Request, status int, m views.Profile) error {
	ctx := r.Context()
	z := i18n.From(ctx)
	pr, err := s.accounts.Profile(ctx, currentUser(r).ID)
	if err != nil {
		return err
	}
	u := pr.User
	m.Email, m.Name, m.Role, m.Language = u.Email, u.Name, u.Role, u.Language
	m.Tokens = tokenRows(z, s.eval.Now(), pr.Tokens, []account.User{u})
	m.TokenForm.DefaultDays, m.TokenForm.MaxDays = pr.DefaultDays, pr.MaxDays
	m.TokenForm.NeedsPassword = s.needsFreshLogin(principalFrom(ctx))
	p := s.page(r, z.T("profile.title"), "profile")
	if key := takeFlash(w, r); key != "" {
		p.Flash = z.T(key)
	}
	s.render(w, r, status, views.ProfilePage(p, m))
	return nil
}

// needsFreshLogin is true for a session whose login is older than the
// re-authentication window (a token is never fresh: it cannot act for a
// password typed just now).
func (s *Server) needsFreshLogin(p *principal) bool { return p.Session == nil || s.needsReauth(p) }

// changePassword sets the user's own password: the current one first
// (under the sign-in rate limits), then the new one twice. Every other
// session of the user ends; this one stays signed in.
func (s *Server) changePassword(w http.ResponseWriter, r *http.Request) error {
	p := principalFrom(r.Context())
	if p.Session == nil {
		return errForbidden
	}
	if err := parseForm(w, r); err != nil {
		return err
	}
	z := i18n.From(r.Context())
	var in form.PasswordChange
	errs := form.Decode(r.PostForm, &in)
	back := func(status int, errs form.Errors) error {
		return s.renderProfile(w, r, status, views.Profile{Password: views.PasswordForm{Errors: translate(z, errs)}})
	}
	if errs != nil {
		return back(http.StatusUnprocessableEntity, errs)
	}
	newPassword := auth.NormalizePassword(in.New)
	switch err := auth.CheckPolicy(newPassword); {
	case err != nil:
		return back(http.StatusUnprocessableEntity, form.Errors{"new_password": err.Error()})
	case newPassword != auth.NormalizePassword(in.Confirm):
		return back(http.StatusUnprocessableEntity, form.Errors{"confirm_password": "profile.error.confirm"})
	}
	if err := s.reauthenticate(w, r, p, in.Current); errors.Is(err, errRateLimited) {
		return back(http.StatusTooManyRequests, form.Errors{"current_password": "auth.rate_limited"})
	} else if err != nil {
		return back(http.StatusUnauthorized, form.Errors{"current_password": "profile.error.current"})
	}
	if err := s.accounts.ChangePassword(r.Context(), p.User, newPassword, p.SessionToken); err != nil {
		return err
	}
	return redirect(w, r, "/profile", "flash.password_changed")
}

func (s *Server) saveProfileLanguage(w http.ResponseWriter, r *http.Request) error {
	if err := parseForm(w, r); err != nil {
		return err
	}
	lang := r.PostForm.Get("lang")
	if lang != "" && !i18n.Supported(lang) {
		return errBadRequest
	}
	if err := s.accounts.SetLanguage(r.Context(), currentUser(r), lang); err != nil {
		return err
	}
	return redirect(w, r, "/profile", "flash.profile_saved")
}
