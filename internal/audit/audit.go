// Package audit describes entries of the append-only audit log: who did
// what to which object, with the state before and after.
package audit

import "time"

// Entry is one audit row. Before and After are JSON-encodable snapshots of
// the object (nil when it did not exist before or no longer exists after).
type Entry struct {
	ID           int64
	At           time.Time
	ActorID      int64 // 0 for anonymous events such as a failed login
	ActorEmail   string
	Action       string // e.g. "evaluation.create", "brief.update", "auth.login_failed"
	ObjectType   string // e.g. "evaluation", "brief", "user", "session"
	ObjectID     string
	EvaluationID int64 // 0 when the object belongs to no evaluation
	Before       any
	After        any
}

// Actor is who makes a change; every change has one.
type Actor struct {
	ID    int64
	Email string
}
