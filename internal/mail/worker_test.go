package mail_test

import (
	"context"
	"mime"
	"sync"
	"testing"
	"time"

	gqmail "github.com/gpuquote/gpuquote/internal/mail"
	"github.com/gpuquote/gpuquote/internal/mail/mailtest"
)

type mimeDecoder struct{ mime.WordDecoder }

func (d *mimeDecoder) decode(s string) (string, error) { return d.DecodeHeader(s) }

// memOutbox is an outbox in memory with the store's semantics (lease,
// attempts, next try), so the worker runs against the real SMTP server.
type memOutbox struct {
	mu   sync.Mutex
	now  func() time.Time
	msgs []*row
}

type row struct {
	q       gqmail.Queued
	status  string
	next    time.Time
	lastErr string
}

func (o *memOutbox) Claim(_ context.Context, limit int, lease time.Duration) ([]gqmail.Queued, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	var out []gqmail.Queued
	for _, r := range o.msgs {
		if r.status == "pending" && !r.next.After(o.now()) && len(out) < limit {
			r.q.Attempts++
			r.next = o.now().Add(lease)
			out = append(out, r.q)
		}
	}
	return out, nil
}

func (o *memOutbox) find(id int64) *row {
	for _, r := range o.msgs {
		if r.q.ID == id {
			return r
		}
	}
	return nil
}

func (o *memOutbox) Sent(_ context.Context, id int64) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.find(id).status = "sent"
	return nil
}

func (o *memOutbox) Failed(_ context.Context, id int64, reason string, next time.Time) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	r := o.find(id)
	r.lastErr = reason
	if next.IsZero() {
		r.status = "failed"
	} else {
		r.next = next
	}
	return nil
}

func TestWorkerRetriesWithBackoffUntilTheServerTakesIt(t *testing.T) {
	t.Parallel()
	s := mailtest.Start(t, mailtest.Options{})
	s.Reject(true)
	now := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	ob := &memOutbox{now: clock, msgs: []*row{{q: gqmail.Queued{ID: 1, Message: gqmail.Message{To: "a@alpha.example", Subject: "s", Body: "b"}}, status: "pending", next: now}}}
	w := &gqmail.Worker{Outbox: ob, Transport: gqmail.NewSender(s.Config(t, "smtp")), Now: clock}
	if n := w.Drain(context.Background()); n != 1 {
		t.Fatalf("claimed %d", n)
	}
	r := ob.msgs[0]
	if r.status != "pending" || r.lastErr == "" || !r.next.Equal(now.Add(gqmail.Backoff(1))) {
		t.Fatalf("after a 451: %+v", r)
	}
	if n := w.Drain(context.Background()); n != 0 {
		t.Fatalf("retried before its time: %d", n)
	}
	s.Reject(false)
	now = now.Add(gqmail.Backoff(1))
	w.Drain(context.Background())
	if r.status != "sent" || len(s.Got()) != 1 || r.q.Attempts != 2 {
		t.Fatalf("after the retry: %+v, received %d", r, len(s.Got()))
	}
}

func TestWorkerGivesUpOnAPermanentRefusal(t *testing.T) {
	t.Parallel()
	s := mailtest.Start(t, mailtest.Options{})
	now := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	cfg := s.Config(t, "smtp")
	cfg.Password = "wrong" // 535: authentication failed is permanent
	ob := &memOutbox{now: clock, msgs: []*row{{q: gqmail.Queued{ID: 1, Message: gqmail.Message{To: "a@alpha.example", Subject: "s", Body: "b"}}, status: "pending", next: now}}}
	w := &gqmail.Worker{Outbox: ob, Transport: gqmail.NewSender(cfg), Now: clock}
	w.Drain(context.Background())
	if ob.msgs[0].status != "failed" {
		t.Fatalf("after a 535: %+v", ob.msgs[0])
	}
}

func TestBackoff(t *testing.T) {
	for n, want := range map[int]time.Duration{1: time.Minute, 2: 2 * time.Minute, 3: 4 * time.Minute, 7: time.Hour, 30: time.Hour} {
		if got := gqmail.Backoff(n); got != want {
			t.Errorf("Backoff(%d) = %v, want %v", n, got, want)
		}
	}
}
