package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/mail"
	"github.com/gpuquote/gpuquote/internal/mail/mailtest"
	"github.com/gpuquote/gpuquote/internal/rfq"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/store/storetest"
)

// TestInvitationGoesOutThroughTheOutbox runs the store's outbox, the
// worker and a real SMTP server: a mail queued while the server refuses is
// retried and delivered, its status recorded, its link erased once sent.
func TestInvitationGoesOutThroughTheOutbox(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	st, pool := storetest.New(t, func() time.Time { return now })
	ctx := context.Background()
	u, err := st.CreateUser(ctx, audit.Actor{Email: "test"}, store.User{Email: "p@example.com", Name: "P", Role: auth.Procurement, PasswordHash: "x"})
	if err != nil {
		t.Fatal(err)
	}
	e, err := st.CreateEvaluation(ctx, u.Actor(), "Mail")
	if err != nil {
		t.Fatal(err)
	}
	r, err := st.CreateRFQ(ctx, u.Actor(), store.NewRFQ{EvaluationID: e.ID, Deadline: now.Add(48 * time.Hour), TimeZone: "UTC",
		Invitations: []store.NewInvitation{{Vendor: rfq.Vendor{Company: "Alpha", Email: "ann@alpha.example", Language: "en"},
			TokenHash: auth.HashToken("tok"), Mail: &store.Mail{Kind: "invitation", To: "ann@alpha.example", Subject: "Request for quotes", Body: "https://gq.example/v/tok"}}}})
	if err != nil {
		t.Fatal(err)
	}
	srv := mailtest.Start(t, mailtest.Options{})
	srv.Reject(true)
	w := &mail.Worker{Outbox: outbox{st}, Transport: mail.NewSender(srv.Config(t, "smtp")), Now: st.Now}
	w.Drain(ctx)
	invs, _ := st.Invitations(ctx, r.ID)
	if invs[0].MailStatus != "pending" || !strings.Contains(invs[0].MailError, "451") {
		t.Fatalf("after a refusal: %q %q", invs[0].MailStatus, invs[0].MailError)
	}
	srv.Reject(false)
	now = now.Add(mail.Backoff(1))
	w.Drain(ctx)
	got := srv.Got()
	if len(got) != 1 || !strings.Contains(string(got[0].Data), "https://gq.example/v/tok") {
		t.Fatalf("delivered: %d", len(got))
	}
	invs, _ = st.Invitations(ctx, r.ID)
	if invs[0].MailStatus != "sent" {
		t.Errorf("status: %q", invs[0].MailStatus)
	}
	var left int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM mail_outbox WHERE body LIKE '%/v/tok%'`).Scan(&left); err != nil || left != 0 {
		t.Errorf("the link stays in the outbox after sending: %d %v", left, err)
	}
}
