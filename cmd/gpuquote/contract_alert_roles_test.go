package main

import (
	"context"
	"encoding/json"
	"io"
	"mime"
	"mime/quotedprintable"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/mail"
	"github.com/gpuquote/gpuquote/internal/mail/mailtest"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/store/storetest"
)

// gotMail is one message the SMTP server received: to whom, its subject
// (decoded) and its body.
type gotMail struct{ To, Subject, Body string }

func receivedMail(t *testing.T, srv *mailtest.Server) []gotMail {
	t.Helper()
	var out []gotMail
	dec := new(mime.WordDecoder)
	for _, m := range srv.Got() {
		head, body, _ := strings.Cut(strings.ReplaceAll(string(m.Data), "\r\n", "\n"), "\n\n")
		g := gotMail{To: m.To, Body: body}
		for _, line := range strings.Split(head, "\n") {
			if strings.EqualFold(strings.TrimSpace(line), "Content-Transfer-Encoding: quoted-printable") {
				b, err := io.ReadAll(quotedprintable.NewReader(strings.NewReader(body)))
				if err != nil {
					t.Fatal(err)
				}
				g.Body = string(b)
			}
			if v, ok := strings.CutPrefix(line, "Subject:"); ok {
				s, err := dec.DecodeHeader(strings.TrimSpace(v))
				if err != nil {
					t.Fatalf("subject %q: %v", v, err)
				}
				g.Subject = s
			}
		}
		out = append(out, g)
	}
	return out
}

// TestAlertsGoToTheRolesNamedInTheirLanguage: the admin sets the offsets
// (60 and 14 days) and names finance. The 60-day cancel-by alert goes to
// the owner, in Russian (her language), and to the active finance user in
// English, once each however often the check runs; the manager and the
// deactivated finance user get nothing. An SLA breach in March with a
// 10-day claim window (closing 2026-04-10) gives one claim alert to each,
// on 2026-04-03, 7 days before the window closes, and it shows on the
// contract page and the alert board. A changed offset list sends nothing
// already sent and arms the offsets ahead.
func TestAlertsGoToTheRolesNamedInTheirLanguage(t *testing.T) {
	var mu sync.Mutex
	now := time.Date(2026, 1, 5, 9, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	setNow := func(t time.Time) { mu.Lock(); now = t; mu.Unlock() }
	ctx := context.Background()
	pool, err := store.OpenPool(ctx, storetest.NewDB(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	st := store.New(pool, clock)
	svc := evaluation.New(st)
	admin := audit.Actor{Email: "test"}
	user := func(email string, role auth.Role, lang string) store.User {
		u, err := st.CreateUser(ctx, admin, store.User{Email: email, Name: email, Role: role, PasswordHash: "x", Language: lang})
		if err != nil {
			t.Fatal(err)
		}
		return u
	}
	admin = user("admin@example.com", auth.Admin, "en").Actor()
	owner := user("owner@example.com", auth.Procurement, "ru")
	fin := user("fin@example.com", auth.Finance, "en")
	mgr := user("mgr@example.com", auth.Manager, "vi")
	gone := user("gone@example.com", auth.Finance, "en")
	off := false
	if _, err := st.UpdateUser(ctx, admin, gone.ID, store.UserChange{Active: &off}); err != nil {
		t.Fatal(err)
	}
	id := draftedContract(t, st, owner) // cancel-by 2026-06-01, end 2026-07-01

	if _, err := svc.SaveAlertSettings(ctx, admin, []int{60, 0}, []string{"finance"}); err == nil {
		t.Fatal("a 0-day offset was saved")
	}
	if _, err := svc.SaveAlertSettings(ctx, admin, []int{60, 14}, []string{"finance", "chef"}); err == nil {
		t.Fatal("an unknown role was saved")
	}
	if _, err := svc.SaveAlertSettings(ctx, admin, []int{14, 60}, []string{"finance"}); err != nil {
		t.Fatal(err)
	}
	set, err := svc.AlertSettings(ctx)
	if err != nil || !slices.Equal(set.Days(), []int{60, 14}) || !slices.Equal(set.Roles, []auth.Role{auth.Finance}) {
		t.Fatalf("settings %+v %v", set, err)
	}
	if log, err := st.ListAudit(ctx, store.AuditFilter{ObjectType: "setting", ObjectID: store.SettingContractAlerts}); err != nil || len(log) != 1 {
		t.Fatalf("audit %+v %v", log, err)
	}

	srv := mailtest.Start(t, mailtest.Options{})
	check := func() {
		t.Helper()
		for range 2 {
			if _, err := svc.QueueNoticeAlerts(ctx); err != nil {
				t.Fatal(err)
			}
			w := &mail.Worker{Outbox: outbox{st}, Transport: mail.NewSender(srv.Config(t, "smtp")), Now: st.Now}
			w.Drain(ctx)
		}
	}
	check()
	if got := receivedMail(t, srv); len(got) != 0 {
		t.Fatalf("on 2026-01-05: %+v", got)
	}
	setNow(time.Date(2026, 4, 2, 9, 0, 0, 0, time.UTC)) // 2026-06-01 − 60 days
	check()
	got := receivedMail(t, srv)
	if len(got) != 2 {
		t.Fatalf("on 2026-04-02: %+v, want the 60-day cancel-by alert to the owner and finance", got)
	}
	byTo := map[string]gotMail{}
	for _, m := range got {
		byTo[m.To] = m
	}
	ru, en := byTo["owner@example.com"], byTo["fin@example.com"]
	if !strings.Contains(ru.Subject, "Договор с Acme: крайний срок уведомления через 60 дн.") || !strings.Contains(ru.Body, "Уведомление о прекращении") ||
		strings.Contains(ru.Body, "Notice to end") {
		t.Errorf("owner's mail is not Russian: %+v", ru)
	}
	if !strings.Contains(en.Subject, "Contract with Acme: cancel-by date in 60 days") || !strings.Contains(en.Body, "Notice to end or renegotiate") {
		t.Errorf("finance's mail: %+v", en)
	}
	for _, m := range got {
		if m.To == mgr.Email || m.To == gone.Email {
			t.Errorf("mail to %s", m.To)
		}
	}

	// March is billed and both days of an outage of its one node put it
	// below 99.5 %: a claim of 10 %, to be made by 2026-04-10.
	if _, err := svc.ReviseContract(ctx, owner, id, evaluation.ContractChange{Reason: "SLA agreed",
		Fields: map[string]json.RawMessage{"sla": json.RawMessage(`{"uptime_pct": "99.5", "credits": [{"below_pct": "99.5", "credit_pct": "10"}], "claim_days": 10}`)}}); err != nil {
		t.Fatal(err)
	}
	bill := "period,description,quantity,unit,unit_price,amount,currency\n2026-03,GPU-hours,100,GPU-hour,2.00,200.00,USD\n"
	if _, err := svc.UploadBill(ctx, owner, id, "march.csv", strings.NewReader(bill)); err != nil {
		t.Fatal(err)
	}
	start := time.Date(2026, 3, 5, 0, 0, 0, 0, time.UTC)
	if _, err := svc.RecordOutage(ctx, owner, id, store.Outage{Start: start, End: start.Add(48 * time.Hour), Nodes: 1}); err != nil {
		t.Fatal(err)
	}
	check()
	if got := receivedMail(t, srv); len(got) != 2 {
		t.Fatalf("claim alert before its day: %+v", got[2:])
	}
	setNow(time.Date(2026, 4, 3, 9, 0, 0, 0, time.UTC))
	check()
	check()
	got = receivedMail(t, srv)[2:]
	if len(got) != 2 {
		t.Fatalf("on 2026-04-03: %+v, want the claim alert to the owner and finance", got)
	}
	for _, m := range got {
		switch m.To {
		case "owner@example.com":
			if !strings.Contains(m.Subject, "компенсации по SLA до 10.04.2026") || !strings.Contains(m.Body, "20,00") {
				t.Errorf("owner's claim alert: %+v", m)
			}
		case "fin@example.com":
			if !strings.Contains(m.Subject, "claim the SLA credit by") || !strings.Contains(m.Body, "20.00") {
				t.Errorf("finance's claim alert: %+v", m)
			}
		default:
			t.Errorf("claim alert to %s", m.To)
		}
	}
	d, err := svc.ContractDetail(ctx, id)
	if err != nil || len(d.ClaimAlerts) != 1 || d.ClaimAlerts[0].Deadline.String() != "2026-04-10" {
		t.Fatalf("contract page's claim alerts %+v %v", d.ClaimAlerts, err)
	}
	b, shown, err := svc.HomeAlerts(ctx, fin)
	if err != nil || !shown || len(b.Claims) != 1 || !b.Claims[0].AlertDue || b.Claims[0].DaysLeft != 7 || len(b.Renewals) != 1 {
		t.Fatalf("finance's home: %+v %v %v", b, shown, err)
	}
	if b, shown, err := svc.HomeAlerts(ctx, mgr); err != nil || shown || !b.Empty() {
		t.Fatalf("manager's home: %+v %v %v", b, shown, err)
	}
	if b, shown, err := svc.HomeAlerts(ctx, owner); err != nil || !shown || len(b.Claims) != 1 {
		t.Fatalf("owner's home: %+v %v %v", b, shown, err)
	}

	// On 2026-04-03 the admin sets 90, 60 and 45 days. The 60-day alert
	// went out and does not again; the 90-day one (due 2026-03-03) is
	// behind and is not sent late; the 45-day one (due 2026-04-17) is
	// armed and goes out on its day, once to each.
	if _, err := svc.SaveAlertSettings(ctx, admin, []int{90, 60, 45}, []string{"finance"}); err != nil {
		t.Fatal(err)
	}
	check()
	if got := receivedMail(t, srv); len(got) != 4 {
		t.Fatalf("after the change on 2026-04-03: %+v", got[4:])
	}
	setNow(time.Date(2026, 4, 17, 9, 0, 0, 0, time.UTC))
	check()
	check()
	got = receivedMail(t, srv)[4:]
	if len(got) != 2 || !strings.Contains(got[0].Subject+got[1].Subject, "cancel-by date in 45 days") {
		t.Fatalf("on 2026-04-17: %+v, want the 45-day cancel-by alert to the owner and finance", got)
	}
}
