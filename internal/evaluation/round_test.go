package evaluation_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/rfq"
	"github.com/gpuquote/gpuquote/internal/store"
)

var languages = i18n.Languages

// mailer records the invitations a round asks to be worded.
type mailer struct{ kinds, sent []string }

func (m *mailer) links(base string) evaluation.Links {
	return evaluation.Links{Base: base, Mail: func(v rfq.Vendor, link string, n store.NewRFQ, kind string) store.Mail {
		m.kinds, m.sent = append(m.kinds, kind+":"+v.Language), append(m.sent, link)
		return store.Mail{Kind: kind, To: v.Email, Subject: "s", Body: "b\n"}
	}}
}

func roundFixture(t *testing.T) benchFixture {
	t.Helper()
	f := newBenchFixture(t, h100Quote)
	sb, err := f.st.Brief(context.Background(), f.q.EvaluationID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.SaveBrief(context.Background(), f.u.Actor(), f.q.EvaluationID, sb.Version,
		brief.Brief{"budget_currency": "EUR", "min_spend_limit": "50000", "gpu_model": "H100"}); err != nil {
		t.Fatal(err)
	}
	return f
}

func deadline(f benchFixture) string {
	return f.st.Now().Add(72 * time.Hour).Format(time.RFC3339)
}

func TestCreateRoundRefusesBadInputAsFieldErrors(t *testing.T) {
	t.Parallel()
	f := roundFixture(t)
	grace := 10_000
	in := evaluation.RoundRequest{Deadline: "soon", TimeZone: "Berlin", GraceHours: &grace,
		Vendors: []rfq.Vendor{{Company: "A", Email: "a@example.com"}, {Company: "B", Email: "A@example.com", Language: "xx"}}}
	_, _, err := f.svc.CreateRound(context.Background(), f.u.Actor(), f.q.EvaluationID, in, languages, evaluation.Links{Base: "https://q.example"})
	var fe evaluation.FieldErrors
	if !errors.As(err, &fe) {
		t.Fatalf("%v", err)
	}
	want := map[string]string{"time_zone": "sourcing.error.time_zone", "grace_hours": "rfq.error.grace",
		"vendors[1].email": "rfq.error.duplicate", "vendors[1].language": "rfq.error.language"}
	for k, v := range want {
		if fe[k] != v {
			t.Errorf("%s: %q, want %q (all: %v)", k, fe[k], v, fe)
		}
	}
	_, _, err = f.svc.CreateRound(context.Background(), f.u.Actor(), f.q.EvaluationID, evaluation.RoundRequest{Deadline: deadline(f)}, languages, evaluation.Links{})
	if !errors.As(err, &fe) || fe["vendors"] != "rfq.error.vendors" {
		t.Errorf("no vendor: %v", err)
	}
}

// A round gives each vendor a link of its own, worded in its language
// when mail is on; the default keeps the budget from vendors. A link
// issued again differs from the first.
func TestCreateRoundGivesEachVendorALinkAndReissues(t *testing.T) {
	t.Parallel()
	f := roundFixture(t)
	ctx := context.Background()
	var m mailer
	in := evaluation.RoundRequest{Deadline: deadline(f), TimeZone: "Europe/Berlin", Note: "  thanks  ",
		Vendors: []rfq.Vendor{{Company: "A", Email: "a@example.com", Language: "ru"}, {Company: "B", Email: "b@example.com"}}}
	rd, invs, err := f.svc.CreateRound(ctx, f.u.Actor(), f.q.EvaluationID, in, languages, m.links("https://q.example"))
	if err != nil {
		t.Fatal(err)
	}
	if rd.Note != "thanks" || rd.GraceHours != rfq.DefaultGrace || len(rd.InternalFields) == 0 {
		t.Errorf("round: %+v", rd)
	}
	if len(invs) != 2 || invs[0].Token == invs[1].Token || invs[0].Link != "https://q.example/v/"+invs[0].Token {
		t.Fatalf("links: %+v", invs)
	}
	if len(m.kinds) != 2 || m.kinds[0] != "invitation:ru" || m.kinds[1] != "invitation:en" || m.sent[0] != invs[0].Link {
		t.Errorf("mails: %v %v", m.kinds, m.sent)
	}
	_, _, err = f.svc.CreateRound(ctx, f.u.Actor(), f.q.EvaluationID, in, languages, evaluation.Links{Base: "https://q.example"})
	if err != nil {
		t.Fatalf("a second first round: %v", err)
	}
	if _, _, err := f.svc.StartRound(ctx, f.u.Actor(), rd, evaluation.RoundRequest{Deadline: deadline(f), QuoteIDs: []int64{f.q.ID}}, evaluation.Links{}); !errors.Is(err, rfq.ErrNotSealed) {
		t.Errorf("a best-and-final round on a sealed round: %v", err)
	}
	again, inv, err := f.svc.ReissueLink(ctx, f.u.Actor(), invs[1].ID, m.links("https://q.example"))
	if err != nil {
		t.Fatal(err)
	}
	if again.ID != rd.ID || inv.Token == "" || inv.Token == invs[1].Token || inv.ID != invs[1].ID || len(m.kinds) != 3 {
		t.Errorf("reissued: %+v %+v %v", again, inv, m.kinds)
	}
}

// A vendor's first view: its draft asks for the buyer's currency and
// names the vendor as the provider; it may submit while the round runs.
func TestVendorStateOfAFreshInvitation(t *testing.T) {
	t.Parallel()
	f := roundFixture(t)
	ctx := context.Background()
	in := evaluation.RoundRequest{Deadline: deadline(f), Vendors: []rfq.Vendor{{Company: "Acme GPU", Email: "a@example.com"}}}
	rd, invs, err := f.svc.CreateRound(ctx, f.u.Actor(), f.q.EvaluationID, in, languages, evaluation.Links{Base: "https://q.example"})
	if err != nil {
		t.Fatal(err)
	}
	v, err := f.svc.VendorState(ctx, invs[0].Invitation, rd)
	if err != nil {
		t.Fatal(err)
	}
	if cur, _ := v.Draft.Currency.Get(); cur != "EUR" || v.HasDraft {
		t.Errorf("draft: %+v", v.Draft)
	}
	if p, _ := v.Draft.Provider.Get(); p != "Acme GPU" {
		t.Errorf("provider %q", p)
	}
	if _, ok := v.Brief["min_spend_limit"]; ok {
		t.Errorf("vendors read the budget: %v", v.Brief)
	}
	if v.CanSubmit != nil || len(v.Own)+len(v.Answers)+len(v.Documents) != 0 {
		t.Errorf("%+v", v)
	}
}
