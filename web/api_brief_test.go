package web_test

import (
	"net/http"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// TestPatchBriefKeepsTheOtherFields is issue 15 item 15: a PUT replaces
// the whole brief (the demo's 34 fields became 3); PATCH changes only the
// fields it names.
func TestPatchBriefKeepsTheOtherFields(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	tok := a.token("buyer@example.com", auth.Procurement)
	_, ev := a.api(tok, "POST", "/api/v1/evaluations", `{"name":"Patch"}`)
	path := "/api/v1/evaluations/" + itoa(int64(ev["id"].(float64))) + "/brief"
	res, out := a.api(tok, "PUT", path, `{"version":1,"fields":{"workload_type":"fine_tuning","node_count":8,"region":"EU"}}`)
	if res.StatusCode != 200 {
		t.Fatalf("PUT: %d %v", res.StatusCode, out)
	}
	res, out = a.api(tok, "PATCH", path, `{"fields":{"node_count":16,"region":null,"retention_days":30}}`)
	if res.StatusCode != 200 {
		t.Fatalf("PATCH: %d %v", res.StatusCode, out)
	}
	fields, _ := out["fields"].(map[string]any)
	if fields["workload_type"] != "fine_tuning" || fields["node_count"] != "16" || fields["retention_days"] != "30" || fields["region"] != nil {
		t.Errorf("after PATCH: %v", fields)
	}
	if res, out := a.api(tok, "PATCH", path, `{"version":1,"fields":{"node_count":4}}`); res.StatusCode != http.StatusConflict {
		t.Errorf("PATCH at an old version: %d %v", res.StatusCode, out)
	}
	if res, out := a.api(tok, "PATCH", path, `{"fields":{"node_cnt":4}}`); res.StatusCode != http.StatusUnprocessableEntity {
		t.Errorf("PATCH of an unknown field: %d %v", res.StatusCode, out)
	}
}
