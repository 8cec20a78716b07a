package web_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
)

func TestAuditLogPagesFiltersByNameAndShowsReadableChanges(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	admin, _ := a.login("auditor@example.com", auth.Admin)
	buyer, u := a.login("buyer@example.com", auth.Procurement)
	ev := newEvaluation(t, a, u, "Audited")
	for i := range 60 {
		wantStatus(t, buyer.post(ev+"/brief", url.Values{"version": {fmt.Sprint(i + 1)}, "gpus_per_node": {fmt.Sprint(i%8 + 1)}, "workload_type": {"fine_tuning"}}), http.StatusSeeOther)
	}
	d := doc(t, admin.get("/audit"))
	if n := d.Find("[data-testid=audit-row]").Length(); n != 50 {
		t.Errorf("first page has %d rows, want 50", n)
	}
	older, ok := d.Find("[data-testid=audit-older]").Attr("href")
	if !ok {
		t.Fatal("no link to older entries")
	}
	if n := doc(t, admin.get(older)).Find("[data-testid=audit-row]").Length(); n == 0 || n > 50 {
		t.Errorf("second page has %d rows", n)
	}
	// Filters are chosen by name: the select shows the user's name and
	// the evaluation's name, and the action's words.
	if !strings.Contains(d.Find("#audit-user").Text(), "buyer <buyer@example.com>") || !strings.Contains(d.Find("#audit-evaluation").Text(), "Audited") ||
		!strings.Contains(d.Find("#audit-action").Text(), "Brief saved") {
		t.Errorf("filters: %q / %q", d.Find("#audit-user").Text(), d.Find("#audit-evaluation").Text())
	}
	d = doc(t, admin.get("/audit?action=brief.update&user="+itoa(u.ID)))
	rows := d.Find("[data-testid=audit-row]")
	if rows.Length() != 50 || rows.Find("[data-testid=audit-action]").First().Text() != "Brief saved" {
		t.Fatalf("filtered rows %d: %q", rows.Length(), rows.First().Text())
	}
	diff := rows.First().Find("[data-testid=audit-diff]").Text()
	if !strings.Contains(diff, "GPUs per node") || strings.Contains(diff, "gpus_per_node") || strings.Contains(diff, "{") {
		t.Errorf("change is not a readable diff: %q", diff)
	}
	if strings.Contains(diff, "Workload type") {
		t.Errorf("an unchanged field is listed as changed: %q", diff)
	}
	if n := doc(t, admin.get("/audit?action=quote.delete")).Find("[data-testid=audit-row]").Length(); n != 0 {
		t.Errorf("action filter ignored: %d rows", n)
	}
}
