package evaluation_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/rfq"
	"github.com/gpuquote/gpuquote/internal/sourcing"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/store/storetest"
)

// notices records which vendor each notice was worded for.
type notices struct{ sent []string }

func (n *notices) links() evaluation.Links {
	return evaluation.Links{Base: "https://q.example", Notice: func(rd store.RFQ, inv store.Invitation, kind string) store.Mail {
		n.sent = append(n.sent, kind+":"+inv.Company)
		return store.Mail{Kind: kind, To: inv.Email, Subject: "s", Body: "b\n"}
	}}
}

func (n *notices) take() []string {
	out := n.sent
	n.sent = nil
	return out
}

// twoVendorRound opens a round of the fixture's brief with two vendors.
func twoVendorRound(t *testing.T, f benchFixture, c *sourcing.Compliance) (store.RFQ, []evaluation.NewInvitation) {
	t.Helper()
	in := evaluation.RoundRequest{Deadline: deadline(f), Compliance: c,
		Vendors: []rfq.Vendor{{Company: "Alpha GPU", Email: "a@alpha.example"}, {Company: "Beta Cloud", Email: "b@beta.example", Language: "ru"}}}
	rd, invs, err := f.svc.CreateRound(context.Background(), f.u.Actor(), f.q.EvaluationID, in, languages, evaluation.Links{Base: "https://q.example"})
	if err != nil {
		t.Fatal(err)
	}
	return rd, invs
}

// Reminders go to the vendors that have not answered, the brief and an
// answer to every vendor still in the round; a revoked vendor hears
// nothing more. Once the round is open, neither a reminder nor the brief
// goes out.
func TestNoticesGoToTheVendorsStillInTheRound(t *testing.T) {
	t.Parallel()
	f := roundFixture(t)
	ctx := context.Background()
	rd, invs := twoVendorRound(t, f, nil)
	var n notices
	by := f.u.Actor()
	if err := f.svc.Remind(ctx, by, rd, n.links()); err != nil {
		t.Fatal(err)
	}
	if got := n.take(); !slices.Equal(got, []string{"reminder:Alpha GPU", "reminder:Beta Cloud"}) {
		t.Errorf("first reminders: %v", got)
	}
	submitAt(t, f.svc, invs[0].Invitation, "2.10")
	if err := f.svc.Remind(ctx, by, rd, n.links()); err != nil {
		t.Fatal(err)
	}
	if got := n.take(); !slices.Equal(got, []string{"reminder:Beta Cloud"}) {
		t.Errorf("reminders after Alpha answered: %v", got)
	}
	rfqID, err := f.svc.Revoke(ctx, by, invs[1].ID)
	if err != nil || rfqID != rd.ID {
		t.Fatalf("revoke: %d %v", rfqID, err)
	}
	if err := f.svc.ResendBrief(ctx, by, rd, n.links()); err != nil {
		t.Fatal(err)
	}
	if got := n.take(); !slices.Equal(got, []string{"brief:Alpha GPU"}) {
		t.Errorf("brief sent again: %v", got)
	}
	if err := f.svc.Remind(ctx, by, rd, evaluation.Links{}); err != nil || len(n.sent) != 0 {
		t.Errorf("mail off: %v %v", n.sent, err)
	}
	m := roundUser(t, f.st, "m@example.com", auth.Manager)
	if _, err := f.svc.OpenEarly(ctx, m.Actor(), rd.ID, "board"); err != nil {
		t.Fatal(err)
	}
	if err := f.svc.Remind(ctx, by, rd, n.links()); !errors.Is(err, rfq.ErrClosed) {
		t.Errorf("reminder once open: %v", err)
	}
	if err := f.svc.ResendBrief(ctx, by, rd, n.links()); !errors.Is(err, rfq.ErrClosed) {
		t.Errorf("brief once open: %v", err)
	}
}

// A vendor's question is answered to every vendor in the buyer's
// wording, never the asker's; an empty answer or wording is refused at
// its field.
func TestAnswerIsPublishedInTheBuyersWording(t *testing.T) {
	t.Parallel()
	f := roundFixture(t)
	ctx := context.Background()
	rd, invs := twoVendorRound(t, f, nil)
	alpha := invs[0].Invitation
	var fe evaluation.FieldErrors
	for _, text := range []string{"  ", strings.Repeat("x", rfq.MaxQuestion+1)} {
		if _, err := f.svc.Ask(ctx, alpha.ID, text); !errors.As(err, &fe) || fe["text"] != "rfq.error.question" {
			t.Errorf("question %.10q: %v", text, err)
		}
	}
	qid, err := f.svc.Ask(ctx, alpha.ID, "  Alpha offers 2.10: is that within budget?  ")
	if err != nil {
		t.Fatal(err)
	}
	var n notices
	by := f.u.Actor()
	empty, wording := "  ", "Is the price within budget?"
	if id, err := f.svc.Answer(ctx, by, qid, &wording, " ", n.links()); !errors.As(err, &fe) || fe["answer"] == "" || id != rd.ID {
		t.Errorf("empty answer: %d %v", id, err)
	}
	if id, err := f.svc.Answer(ctx, by, qid, &empty, "Yes", n.links()); !errors.As(err, &fe) || fe["published"] == "" || id != rd.ID {
		t.Errorf("empty wording: %d %v", id, err)
	}
	if len(n.sent) != 0 {
		t.Errorf("a refused answer was mailed: %v", n.sent)
	}
	if _, err := f.svc.Answer(ctx, by, qid+1000, nil, "Yes", n.links()); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("unknown question: %v", err)
	}
	if _, err := f.svc.Answer(ctx, by, qid, &wording, "  Yes.  ", n.links()); err != nil {
		t.Fatal(err)
	}
	if got := n.take(); !slices.Equal(got, []string{"answer:Alpha GPU", "answer:Beta Cloud"}) {
		t.Errorf("answer mailed to %v", got)
	}
	queued, err := f.st.ClaimMail(ctx, 10, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	var bodies []string
	for _, m := range queued {
		if m.Kind == "answer" {
			bodies = append(bodies, m.To+": "+m.Body)
		}
	}
	if want := "b@beta.example: b\n\nIs the price within budget?\n\nYes.\n"; len(bodies) != 2 || !slices.Contains(bodies, want) {
		t.Errorf("answer mails %q, want two with %q", bodies, want)
	}
	v, err := f.svc.VendorState(ctx, invs[1].Invitation, rd)
	if err != nil || len(v.Answers) != 1 || v.Answers[0].Text != wording || v.Answers[0].Company != "" || v.Answers[0].Answer != "Yes." {
		t.Errorf("Beta reads: %+v %v", v.Answers, err)
	}
}

// A link works for its own invitation only while valid: an unknown
// token, a revoked invitation and a link past its round's expiry are all
// not found.
func TestVendorLinkIsValidOnlyWhileTheRoundTakesAnswers(t *testing.T) {
	t.Parallel()
	dl := time.Date(2026, 12, 8, 17, 0, 0, 0, time.UTC)
	c := &clock{t: dl.Add(-time.Hour)}
	st, _ := storetest.New(t, c.now)
	svc := evaluation.New(st)
	ctx := context.Background()
	u, r, invs := roundWith(t, st, dl)
	inv, rd, err := svc.VendorLink(ctx, auth.HashToken("tok-a"))
	if err != nil || inv.ID != invs[0].ID || rd.ID != r.ID {
		t.Fatalf("link of Alpha: %+v %v", inv, err)
	}
	if _, _, err := svc.VendorLink(ctx, auth.HashToken("tok-x")); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("unknown token: %v", err)
	}
	if _, err := svc.Revoke(ctx, u.Actor(), invs[1].ID); err != nil {
		t.Fatal(err)
	}
	if _, _, err := svc.VendorLink(ctx, auth.HashToken("tok-b")); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("revoked: %v", err)
	}
	c.set(r.Rules().LinkExpiry().Add(time.Minute))
	if inv, _, err := svc.VendorLink(ctx, auth.HashToken("tok-a")); !errors.Is(err, store.ErrNotFound) || inv.ID != 0 {
		t.Errorf("past the link's expiry: %+v %v", inv, err)
	}
}

// A vendor answers only the attestations its round asks for, each
// checked, citing only its own documents.
func TestSaveAttestationsOnlyForTheRoundsRequirements(t *testing.T) {
	t.Parallel()
	f := roundFixture(t)
	ctx := context.Background()
	rd, invs := twoVendorRound(t, f, &sourcing.Compliance{Requirements: []sourcing.Requirement{{Kind: sourcing.SOC2Type2}}})
	alpha, beta := invs[0].Invitation, invs[1].Invitation
	if ids := vendorFlagIDs(t, f, alpha, rd); !slices.Contains(ids, "attestation_missing") {
		t.Errorf("a required attestation not stated is no blocker: %v", ids)
	}
	betaDoc, err := f.svc.AddDocument(ctx, beta.ID, "soc2.txt", strings.NewReader("report\n"), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	refused := map[string][]sourcing.Attestation{
		"sourcing.error.attestation":          {{Kind: sourcing.ISO27001, State: sourcing.Stated}},
		"sourcing.error.attestation_document": {{Kind: sourcing.SOC2Type2, State: sourcing.Stated, DocumentID: betaDoc}},
	}
	for key, as := range refused {
		var fe evaluation.FieldErrors
		if _, err := f.svc.SaveAttestations(ctx, alpha, rd, as); !errors.As(err, &fe) || fe["attestations"] != key {
			t.Errorf("%v: %v, want %s", as, err, key)
		}
	}
	if _, err := f.svc.SaveAttestations(ctx, alpha, rd, []sourcing.Attestation{{Kind: sourcing.SOC2Type2, State: "maybe"}}); err == nil {
		t.Error("an unknown state was kept")
	}
	own, err := f.svc.SaveAttestations(ctx, alpha, rd, []sourcing.Attestation{{Kind: sourcing.SOC2Type2, State: sourcing.Stated, Issuer: "  Audit Co  "}})
	if err != nil {
		t.Fatal(err)
	}
	if a, ok := own[sourcing.SOC2Type2]; !ok || a.Issuer != "Audit Co" || len(own) != 1 {
		t.Errorf("saved: %+v", own)
	}
	if ids := vendorFlagIDs(t, f, alpha, rd); slices.Contains(ids, "attestation_missing") {
		t.Errorf("a stated attestation still blocks: %v", ids)
	}
}

// vendorFlagIDs are the flags the vendor's page shows it, blockers counted.
func vendorFlagIDs(t *testing.T, f benchFixture, inv store.Invitation, rd store.RFQ) []string {
	t.Helper()
	v, err := f.svc.VendorState(context.Background(), inv, rd)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	blockers := 0
	for _, fl := range v.Flags {
		ids = append(ids, fl.ID)
		if fl.Blocker {
			blockers++
		}
	}
	if v.Check.Blockers < blockers {
		t.Errorf("%d blocking flags, %d blockers counted", blockers, v.Check.Blockers)
	}
	return ids
}

// Opening early needs a reason, of bounded length, before anything else.
func TestOpenEarlyNeedsAReason(t *testing.T) {
	t.Parallel()
	f := roundFixture(t)
	ctx := context.Background()
	rd, _ := twoVendorRound(t, f, nil)
	m := roundUser(t, f.st, "m@example.com", auth.Manager)
	for _, reason := range []string{"", "   ", strings.Repeat("x", rfq.MaxReason+1)} {
		var fe evaluation.FieldErrors
		if _, err := f.svc.OpenEarly(ctx, m.Actor(), rd.ID, reason); !errors.As(err, &fe) || fe["reason"] != "rfq.error.reason" {
			t.Errorf("reason %.10q: %v", reason, err)
		}
	}
	if d, err := f.svc.RoundDetail(ctx, rd.ID); err != nil || d.RFQ.OpenedAt != nil {
		t.Fatalf("opened without a reason: %v", err)
	}
	if _, err := f.svc.OpenEarly(ctx, m.Actor(), rd.ID, strings.Repeat("x", rfq.MaxReason)); err != nil {
		t.Errorf("a reason of the longest length: %v", err)
	}
}
