package web

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/store"
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
	u, err := s.store.UserByID(ctx, currentUser(r).ID)
	if err != nil {
		return err
	}
	tokens, err := s.store.ListTokens(ctx, u.ID)
	if err != nil {
		return err
	}
	def, maxDays, err := s.store.TokenLifetimes(ctx)
	if err != nil {
		return err
	}
	m.Email, m.Name, m.Role, m.Language = u.Email, u.Name, u.Role, u.Language
	m.Tokens = tokenRows(z, s.store.Now(), tokens, []store.User{u})
	m.TokenForm.DefaultDays, m.TokenForm.MaxDays = def, maxDays
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

// createToken issues an API token for the signed-in user; it is shown
// once, on this response, and never stored in clear. Only a browser
// session may create one, and only within the fresh-login window (the
// form asks for the password again after it): a stale or stolen session
// cannot mint a long-lived credential, and no token may mint another.
func (s *Server) createToken(w http.ResponseWriter, r *http.Request) error {
	p := principalFrom(r.Context())
	if p.Session == nil {
		return errForbidden
	}
	if err := parseForm(w, r); err != nil {
		return err
	}
	z := i18n.From(r.Context())
	var in form.Token
	errs := form.Decode(r.PostForm, &in)
	back := func(status int, errs map[string]string) error {
		return s.renderProfile(w, r, status, views.Profile{TokenForm: views.TokenForm{Name: in.Name, Scope: in.Scope, Days: in.Days,
			Errors: translate(z, errs)}})
	}
	if errs != nil {
		return back(http.StatusUnprocessableEntity, errs)
	}
	if s.needsReauth(p) {
		if err := s.reauthenticate(w, r, p, in.Password); errors.Is(err, errRateLimited) {
			return back(http.StatusTooManyRequests, form.Errors{"password": "auth.rate_limited"})
		} else if err != nil {
			return back(http.StatusUnauthorized, form.Errors{"password": "tokens.error.reauth"})
		}
	}
	spec := store.TokenSpec{Name: in.Name, Scope: auth.Scope(in.Scope)}
	if spec.Scope == "" {
		spec.Scope = auth.ScopeWrite
	}
	if in.Days != "" {
		spec.Days, _ = strconv.Atoi(in.Days) // numeric, at most 5 digits
		if spec.Days < 1 {
			return back(http.StatusUnprocessableEntity, form.Errors{"days": "tokens.error.days"})
		}
	}
	u := currentUser(r)
	token, _, err := s.store.IssueToken(r.Context(), u.Actor(), u, spec)
	if errors.Is(err, store.ErrTokenTooLong) {
		return back(http.StatusUnprocessableEntity, form.Errors{"days": "tokens.error.days"})
	}
	if err != nil {
		return err
	}
	return s.renderProfile(w, r, http.StatusCreated, views.Profile{NewToken: token})
}

// revokeToken lets the owner or an admin revoke a token.
func (s *Server) revokeToken(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	u := currentUser(r)
	owner, err := s.store.TokenOwner(r.Context(), id)
	if err != nil {
		return err
	}
	if owner != u.ID && !u.Role.Can(auth.ManageUsers) {
		return errForbidden
	}
	if err := s.store.RevokeToken(r.Context(), u.Actor(), id); err != nil {
		return err
	}
	return redirect(w, r, back(r, "/profile"), "flash.token_revoked")
}

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
	hash, err := auth.HashPassword(newPassword, auth.DefaultParams)
	if err != nil {
		return err
	}
	if err := s.store.ChangePassword(r.Context(), p.User.Actor(), p.User.ID, hash, p.SessionToken); err != nil {
		return err
	}
	return redirect(w, r, "/profile", "flash.password_changed")
}

// setTokenLifetime is the admin's default and maximum token lifetime.
func (s *Server) setTokenLifetime(w http.ResponseWriter, r *http.Request) error {
	if err := parseForm(w, r); err != nil {
		return err
	}
	var in form.TokenLifetime
	errs := form.Decode(r.PostForm, &in)
	def, errD := strconv.Atoi(in.DefaultDays)
	maxDays, errM := strconv.Atoi(in.MaxDays)
	if errs != nil {
		errD = errors.New("invalid")
	}
	if errD != nil || errM != nil || def < 1 || maxDays < def || maxDays > auth.TokenDaysCeiling {
		return s.renderAdminUsers(w, r, http.StatusUnprocessableEntity, views.NewUserForm{Role: string(auth.Procurement)}, views.TokenLifetime{DefaultDays: in.DefaultDays, MaxDays: in.MaxDays,
			Error: i18n.T(r.Context(), "tokens.error.lifetime", map[string]any{"Ceiling": auth.TokenDaysCeiling})})
	}
	if err := s.store.SetTokenLifetimes(r.Context(), currentUser(r).Actor(), def, maxDays); err != nil {
		return err
	}
	return redirect(w, r, "/admin/users", "flash.setting_saved")
}

func (s *Server) saveProfileLanguage(w http.ResponseWriter, r *http.Request) error {
	if err := parseForm(w, r); err != nil {
		return err
	}
	lang := r.PostForm.Get("lang")
	if lang != "" && !i18n.Supported(lang) {
		return errBadRequest
	}
	if err := s.store.SetLanguage(r.Context(), currentUser(r).Actor(), currentUser(r).ID, lang); err != nil {
		return err
	}
	return redirect(w, r, "/profile", "flash.profile_saved")
}
