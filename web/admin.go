package web

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/gpuquote/gpuquote/internal/account"
	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/web/form"
	"github.com/gpuquote/gpuquote/web/views"
)

func (s *Server) adminUsers(w http.ResponseWriter, r *http.Request) error {
	return s.renderAdminUsers(w, r, http.StatusOK, views.NewUserForm{Role: string(auth.Procurement)})
}

// renderAdminUsers renders the users page with the add-user form f and,
// when given, the token lifetime form as the admin submitted it.
func (s *Server) renderAdminUsers(w http.ResponseWriter, r *http.Request, status int, f views.NewUserForm, lifetime ...views.TokenLifetime) error {
	ctx := r.Context()
	z := i18n.From(ctx)
	d, err := s.accounts.Directory(ctx)
	if err != nil {
		return err
	}
	users, me := d.Users, currentUser(r)
	m := views.AdminUsers{Form: f, Tokens: tokenRows(z, s.eval.Now(), d.Tokens, users),
		Lifetime: views.TokenLifetime{DefaultDays: strconv.Itoa(d.DefaultDays), MaxDays: strconv.Itoa(d.MaxDays)}}
	if len(lifetime) > 0 {
		m.Lifetime = lifetime[0]
	}
	for _, u := range users {
		m.Users = append(m.Users, views.AdminUserRow{ID: u.ID, Email: u.Email, Name: u.Name, Role: u.Role,
			Active: u.Active, Created: z.Date(u.CreatedAt), Self: u.ID == me.ID})
	}
	p := s.page(r, z.T("admin.users"), "admin")
	p.Errors = fieldSummary(z, f.Errors, "in-", [2]string{"email", "admin.email"}, [2]string{"name", "admin.name"},
		[2]string{"password", "admin.initial_password"})
	if msg := f.Errors["role"]; msg != "" {
		p.Errors = append(p.Errors, views.FormError{Target: "new-role", Label: z.T("admin.role"), Message: msg})
	}
	for _, u := range users {
		if msg := f.RoleErrors[u.ID]; msg != "" {
			p.Errors = append(p.Errors, views.FormError{Target: "role-" + strconv.FormatInt(u.ID, 10), Label: z.T("admin.role") + " · " + u.Email, Message: msg})
		}
	}
	if key := takeFlash(w, r); key != "" {
		p.Flash = z.T(key)
	}
	s.render(w, r, status, views.AdminUsersPage(p, m))
	return nil
}

func tokenRows(z *i18n.Localizer, now time.Time, tokens []account.APIToken, users []account.User) []views.TokenRow {
	names := map[int64]string{}
	for _, u := range users {
		names[u.ID] = u.Email
	}
	var rows []views.TokenRow
	for _, t := range tokens {
		row := views.TokenRow{ID: t.ID, Owner: names[t.UserID], Name: t.Name, Created: z.DateTime(t.CreatedAt), Revoked: t.RevokedAt != nil,
			Scope: string(t.Scope), Expires: z.Date(t.ExpiresAt), Expired: !t.ExpiresAt.After(now)}
		if t.LastUsedAt != nil {
			row.LastUsed = z.DateTime(*t.LastUsedAt)
		}
		rows = append(rows, row)
	}
	return rows
}

func (s *Server) addUser(w http.ResponseWriter, r *http.Request) error {
	if err := parseForm(w, r); err != nil {
		return err
	}
	var in form.NewUser
	errs := form.Decode(r.PostForm, &in)
	if errs == nil {
		errs = form.Errors{}
	}
	in.Password = auth.NormalizePassword(in.Password)
	if err := auth.CheckPolicy(in.Password); err != nil && errs["password"] == "" {
		errs["password"] = err.Error()
	}
	z := i18n.From(r.Context())
	back := views.NewUserForm{Email: in.Email, Name: in.Name, Role: in.Role}
	if len(errs) > 0 {
		back.Errors = translate(z, errs)
		return s.renderAdminUsers(w, r, http.StatusUnprocessableEntity, back)
	}
	_, err := s.accounts.AddUser(r.Context(), currentUser(r),
		account.NewUser{Email: in.Email, Name: in.Name, Role: auth.Role(in.Role), Password: in.Password})
	if errors.Is(err, account.ErrEmailTaken) {
		back.Errors = map[string]string{"email": z.T("admin.email_taken")}
		return s.renderAdminUsers(w, r, http.StatusUnprocessableEntity, back)
	}
	if err != nil {
		return err
	}
	return redirect(w, r, "/admin/users", "flash.user_added")
}

func (s *Server) changeRole(w http.ResponseWriter, r *http.Request) error {
	id, err := s.otherUserID(r)
	if err != nil {
		return err
	}
	if err := parseForm(w, r); err != nil {
		return err
	}
	var in form.Role
	if errs := form.Decode(r.PostForm, &in); errs != nil {
		z := i18n.From(r.Context())
		f := views.NewUserForm{Role: string(auth.Procurement), RoleErrors: map[int64]string{id: z.T(errs["role"])}}
		return s.renderAdminUsers(w, r, http.StatusUnprocessableEntity, f)
	}
	if err := s.accounts.SetRole(r.Context(), currentUser(r), id, auth.Role(in.Role)); err != nil {
		return err
	}
	return redirect(w, r, "/admin/users", "flash.user_updated")
}

func (s *Server) setActive(w http.ResponseWriter, r *http.Request) error {
	id, err := s.otherUserID(r)
	if err != nil {
		return err
	}
	if err := parseForm(w, r); err != nil {
		return err
	}
	active := r.PostForm.Get("active") == "yes"
	if err := s.accounts.SetActive(r.Context(), currentUser(r), id, active); err != nil {
		return err
	}
	return redirect(w, r, "/admin/users", "flash.user_updated")
}

// otherUserID is the {id} of a user other than the admin, refused before
// the form is read (the use case refuses it too: account.ErrOwnAccount).
func (s *Server) otherUserID(r *http.Request) (int64, error) {
	id, err := idParam(r, "id")
	if err != nil {
		return 0, err
	}
	if id == currentUser(r).ID {
		return 0, account.ErrOwnAccount
	}
	return id, nil
}
