package main

import (
	"context"
	"log/slog"
	"time"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/mail"
	"github.com/gpuquote/gpuquote/internal/store"
)

// startSourcing runs what sourcing rounds need in the background: the
// outbox worker when SMTP_URL is set (with SMTP_FROM), and a tick that
// opens rounds whose deadline has passed even when nobody reads them. It
// reports whether mail is on.
func startSourcing(ctx context.Context, st *store.Store, getenv func(string) string, log *slog.Logger) (bool, error) {
	go openDueRounds(ctx, st, log)
	raw := getenv("SMTP_URL")
	if raw == "" {
		log.Info("mail off: SMTP_URL is not set; invitation links are shown once to copy")
		return false, nil
	}
	c, err := mail.Parse(raw, getenv("SMTP_FROM"))
	if err != nil {
		return false, err
	}
	w := &mail.Worker{Outbox: outbox{st}, Transport: mail.NewSender(c), Now: st.Now, Log: log}
	go w.Run(ctx)
	log.Info("mail on", "host", c.Host, "port", c.Port, "implicit_tls", c.ImplicitTLS, "from", c.From)
	return true, nil
}

func openDueRounds(ctx context.Context, st *store.Store, log *slog.Logger) {
	t := time.NewTicker(30 * time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if _, err := evaluation.New(st).OpenDue(ctx, 0); err != nil {
				log.Warn("open due rounds", "err", err)
			}
			// Contract notice alerts (issue 31): each instance checks; the
			// outbox's unique key sends each alert once.
			if _, err := evaluation.New(st).QueueNoticeAlerts(ctx); err != nil {
				log.Warn("contract notice alerts", "err", err)
			}
		}
	}
}

// outbox adapts the store's mail queue to the worker.
type outbox struct{ st *store.Store }

func (o outbox) Claim(ctx context.Context, limit int, lease time.Duration) ([]mail.Queued, error) {
	ms, err := o.st.ClaimMail(ctx, limit, lease)
	out := make([]mail.Queued, 0, len(ms))
	for _, m := range ms {
		out = append(out, mail.Queued{ID: m.ID, Attempts: m.Attempts, Message: mail.Message{To: m.To, Subject: m.Subject, Body: m.Body}})
	}
	return out, err
}

func (o outbox) Sent(ctx context.Context, id int64) error { return o.st.MailSent(ctx, id) }

func (o outbox) Failed(ctx context.Context, id int64, reason string, next time.Time) error {
	return o.st.MailFailed(ctx, id, reason, next)
}
