package store_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/store/storetest"
)

// A setting change is audited with the value it replaced, so the log can
// show before → after, not only the new value.
func TestSettingChangeKeepsTheValueBefore(t *testing.T) {
	t.Parallel()
	st, _ := storetest.New(t, nil)
	ctx := context.Background()
	admin := newUser(t, st, "admin@example.com", auth.Admin)
	for _, v := range []string{"no", "yes"} {
		if err := st.SetSetting(ctx, admin.Actor(), store.SettingAllowSelfApproval, v); err != nil {
			t.Fatal(err)
		}
	}
	entries, err := st.ListAudit(ctx, store.AuditFilter{Action: "setting.update", Limit: 1})
	if err != nil || len(entries) != 1 {
		t.Fatalf("entries %v, %v", entries, err)
	}
	var before map[string]string
	raw, _ := entries[0].Before.(json.RawMessage)
	if err := json.Unmarshal(raw, &before); err != nil || before["value"] != "no" {
		t.Errorf("before = %s (%v)", raw, err)
	}
}
