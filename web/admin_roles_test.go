package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// Every role the selects offer can be given to a new user and assigned to
// an existing one: "finance" was offered but refused by the form.
func TestAdminGivesEveryListedRole(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	admin, _ := a.login("admin@example.com", auth.Admin)
	for i, role := range auth.Roles {
		email := "user" + itoa(int64(i)) + "@example.com"
		res := admin.post("/admin/users", url.Values{"email": {email}, "name": {"N"}, "role": {string(role)}, "password": {testPassword}})
		wantStatus(t, res, http.StatusSeeOther)
		u, err := a.store.UserByEmail(context.Background(), email)
		if err != nil {
			t.Fatalf("%s: %v", role, err)
		}
		for _, to := range auth.Roles {
			wantStatus(t, admin.post("/admin/users/"+itoa(u.ID)+"/role", url.Values{"role": {string(to)}}), http.StatusSeeOther)
			if u, _ = a.store.UserByEmail(context.Background(), email); u.Role != to {
				t.Errorf("%s → %s: role is %s", role, to, u.Role)
			}
		}
	}
}

// A role the list does not hold is refused next to that user's select,
// with the page shown again, never a bare "request could not be read".
func TestAdminUnknownRoleIsRefusedAtTheField(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	admin, _ := a.login("admin@example.com", auth.Admin)
	_, bob := a.login("bob@example.com", auth.Engineer)
	res := admin.post("/admin/users/"+itoa(bob.ID)+"/role", url.Values{"role": {"owner"}})
	wantStatus(t, res, http.StatusUnprocessableEntity)
	d := doc(t, res)
	msg := d.Find("[data-testid=error-role-" + itoa(bob.ID) + "]").Text()
	if !strings.Contains(msg, "Choose one") {
		t.Errorf("error next to the role select = %q", msg)
	}
	if href, _ := d.Find("[data-testid=error-summary] a").Attr("href"); href != "#role-"+itoa(bob.ID) {
		t.Errorf("summary links to %q", href)
	}
}
