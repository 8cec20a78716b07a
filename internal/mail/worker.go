package mail

import (
	"context"
	"errors"
	"log/slog"
	"net/textproto"
	"time"
)

// Queued is a message the outbox holds.
type Queued struct {
	ID       int64
	Attempts int // including the one now being made
	Message
}

// Outbox is the store's queue of mail, as the worker uses it.
type Outbox interface {
	Claim(ctx context.Context, limit int, lease time.Duration) ([]Queued, error)
	Sent(ctx context.Context, id int64) error
	// Failed records a failed attempt; a zero next gives the message up.
	Failed(ctx context.Context, id int64, reason string, next time.Time) error
}

// Transport sends one message; *Sender is the real one.
type Transport interface {
	Send(ctx context.Context, m Message) error
}

// Worker drains the outbox: each message is tried until the server takes
// it, with exponential backoff, and given up after MaxAttempts or at once
// on a permanent (5xx) refusal.
type Worker struct {
	Outbox    Outbox
	Transport Transport
	Now       func() time.Time
	Log       *slog.Logger
	// Every is how often the outbox is polled; zero means 10 seconds.
	Every       time.Duration
	MaxAttempts int // zero means 10
}

// Backoff is the wait before attempt n+1 after n failures: 1, 2, 4 ...
// minutes, at most an hour.
func Backoff(n int) time.Duration {
	d := time.Minute << min(max(n-1, 0), 6)
	return min(d, time.Hour)
}

// Run polls until ctx ends.
func (w *Worker) Run(ctx context.Context) {
	every := w.Every
	if every == 0 {
		every = 10 * time.Second
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		for w.Drain(ctx) == batch && ctx.Err() == nil {
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

const batch = 20

// Drain sends what is due now, at most one batch, and returns how many it
// claimed.
func (w *Worker) Drain(ctx context.Context) int {
	log := w.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	ms, err := w.Outbox.Claim(ctx, batch, 5*time.Minute)
	if err != nil {
		log.Warn("mail: claim", "err", err)
		return 0
	}
	maxAttempts := w.MaxAttempts
	if maxAttempts == 0 {
		maxAttempts = 10
	}
	for _, m := range ms {
		err := w.Transport.Send(ctx, m.Message)
		if err == nil {
			if err := w.Outbox.Sent(ctx, m.ID); err != nil {
				log.Warn("mail: mark sent", "id", m.ID, "err", err)
			}
			continue
		}
		next := w.Now().Add(Backoff(m.Attempts))
		var te *textproto.Error
		if m.Attempts >= maxAttempts || errors.As(err, &te) && te.Code >= 500 || errors.Is(err, ErrAddress) {
			next = time.Time{}
		}
		log.Warn("mail: send", "id", m.ID, "attempt", m.Attempts, "err", err, "gave_up", next.IsZero())
		if err := w.Outbox.Failed(ctx, m.ID, err.Error(), next); err != nil {
			log.Warn("mail: mark failed", "id", m.ID, "err", err)
		}
	}
	return len(ms)
}
