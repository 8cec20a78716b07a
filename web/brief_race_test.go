package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// TestConcurrentBriefSavesAnswerConflictNot404 is issue 27: two users
// saving the brief at the same moment. The second save waited on the
// first's row lock, and the row it then re-read no longer joined the
// first editor's name (the other user had become the brief's last
// editor), so it found no brief and answered 404. It must answer 409 with
// the other user's change.
func TestConcurrentBriefSavesAnswerConflictNot404(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	ctx := context.Background()
	alice := a.token("alice-race@example.com", auth.Procurement)
	bob := a.user("bob-race@example.com", auth.Procurement)
	_, out := a.api(alice, "POST", "/api/v1/evaluations", `{"name":"race"}`)
	id := int64(out["id"].(float64))

	// Bob's save is in flight: it holds the brief's row and has written
	// its change, not yet committed.
	tx, err := a.pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `UPDATE briefs SET data = '{"node_count":"4"}', version = version + 1, updated_by = $2
		WHERE evaluation_id = $1`, id, bob.ID); err != nil {
		t.Fatal(err)
	}
	type answer struct {
		status int
		body   map[string]any
	}
	got := make(chan answer, 1)
	go func() {
		req, _ := http.NewRequest("PUT", fmt.Sprintf("%s/api/v1/evaluations/%d/brief", a.srv.URL, id),
			strings.NewReader(`{"version":1,"fields":{"node_count":8}}`))
		req.Header.Set("Authorization", "Bearer "+alice)
		req.Header.Set("Content-Type", "application/json")
		res, raw := a.send(req)
		var body map[string]any
		_ = json.Unmarshal(raw, &body)
		got <- answer{res.StatusCode, body}
	}()
	time.Sleep(300 * time.Millisecond) // Alice's save now waits on Bob's lock
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	ans := <-got
	if ans.status != http.StatusConflict {
		t.Fatalf("Alice's save beside Bob's: %d %v, want 409", ans.status, ans.body)
	}
	cur, _ := ans.body["current"].(map[string]any)
	fields, _ := cur["fields"].(map[string]any)
	if fields["node_count"] != "4" || cur["updated_by"] != "bob-race" {
		t.Errorf("the 409 does not carry Bob's change: %v", cur)
	}
}
