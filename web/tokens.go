package web

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/gpuquote/gpuquote/internal/account"
	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/web/form"
	"github.com/gpuquote/gpuquote/web/views"
)

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
	req := account.TokenRequest{Name: in.Name, Scope: auth.Scope(in.Scope)}
	if in.Days != "" {
		days, _ := strconv.Atoi(in.Days) // numeric, at most 5 digits
		req.Days = &days
	}
	token, err := s.accounts.IssueToken(r.Context(), currentUser(r), req)
	if errors.Is(err, account.ErrTokenDays) {
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
	if err := s.accounts.RevokeToken(r.Context(), currentUser(r), id); err != nil {
		return err
	}
	return redirect(w, r, back(r, "/profile"), "flash.token_revoked")
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
	err := account.ErrLifetime
	if errs == nil && errD == nil && errM == nil {
		err = s.accounts.SetLifetimes(r.Context(), currentUser(r), account.Lifetimes{DefaultDays: def, MaxDays: maxDays})
	}
	if errors.Is(err, account.ErrLifetime) {
		return s.renderAdminUsers(w, r, http.StatusUnprocessableEntity, views.NewUserForm{Role: string(auth.Procurement)}, views.TokenLifetime{DefaultDays: in.DefaultDays, MaxDays: in.MaxDays,
			Error: i18n.T(r.Context(), "tokens.error.lifetime", map[string]any{"Ceiling": auth.TokenDaysCeiling})})
	}
	if err != nil {
		return err
	}
	return redirect(w, r, "/admin/users", "flash.setting_saved")
}
