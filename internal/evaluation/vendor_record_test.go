package evaluation_test

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/approval"
	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/rfq"
	"github.com/gpuquote/gpuquote/internal/scoring"
	"github.com/gpuquote/gpuquote/internal/sourcing"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/store/storetest"
	"github.com/jackc/pgx/v5/pgxpool"
)

type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *testClock) set(t time.Time) { c.mu.Lock(); c.t = t; c.mu.Unlock() }

type recordFixture struct {
	st    *store.Store
	pool  *pgxpool.Pool
	svc   *evaluation.Service
	p     store.User
	clock *testClock
	c     evaluation.Contract
	quote int64 // the awarded quote, in the contract's evaluation
}

// newRecordFixture is approvedContract with a clock the test moves.
func newRecordFixture(t *testing.T) recordFixture {
	t.Helper()
	clock := &testClock{t: time.Date(2026, 3, 10, 9, 0, 0, 0, time.UTC)}
	st, pool := storetest.New(t, clock.now)
	f := recordFixture{st: st, pool: pool, svc: evaluation.New(st), clock: clock}
	ctx := context.Background()
	f.p = newUser(t, st, "p@example.com", auth.Procurement)
	m := newUser(t, st, "m@example.com", auth.Manager)
	e, err := st.CreateEvaluation(ctx, f.p.Actor(), "Contracts")
	if err != nil {
		t.Fatal(err)
	}
	qs, err := quote.ReadCSV(strings.NewReader(contractQuote))
	if err != nil {
		t.Fatal(err)
	}
	ids, err := st.ImportQuotes(ctx, f.p.Actor(), e.ID, qs)
	if err != nil {
		t.Fatal(err)
	}
	f.quote = ids[0]
	an, err := f.svc.Analyze(ctx, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range an.OpenBlockers(ids[0]) {
		if err := st.WaiveFlag(ctx, f.p.Actor(), ids[0], b.ID, "not in scope of this test"); err != nil {
			t.Fatal(err)
		}
	}
	aw, err := st.RecordAward(ctx, f.p.Actor(), store.NewAward{EvaluationID: e.ID, Shares: []store.AwardShare{{QuoteID: ids[0], SharePct: 100}},
		Reason: "cheapest per unit", Currency: "USD", ContractValue: "30000.00", CostPerUnit: "1.00",
		RequiredApprovers: 1, ApprovalOrder: approval.InParallel, ApproverRoles: []string{"manager"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.ApproveAward(ctx, m, aw.ID, "best value"); err != nil {
		t.Fatal(err)
	}
	list, err := f.svc.Contracts(ctx, store.ContractFilter{AwardID: aw.ID})
	if err != nil || len(list) != 1 {
		t.Fatalf("contracts: %+v %v", list, err)
	}
	f.c = list[0]
	return f
}

// billAndOutage gives the contract March's bill (3,105.00 USD, 100.00 of
// it above the contracted rate) and both nodes down for one day.
func (f recordFixture) billAndOutage(t *testing.T) {
	t.Helper()
	ctx := context.Background()
	if _, err := f.svc.ReviseContract(ctx, f.p, f.c.ID, evaluation.ContractChange{Reason: "SLA agreed",
		Fields: fields(t, `{"sla": {"uptime_pct": "99.5", "credits": [{"below_pct": "99.5", "credit_pct": "10"}], "claim_days": 30}}`)}); err != nil {
		t.Fatal(err)
	}
	csv := "period,description,quantity,unit,unit_price,amount,currency\n" +
		"2026-03,GPU-hours,1000,GPU-hour,2.10,2100.00,USD\n" +
		"2026-03,Egress,100,GB,0.05,5.00,USD\n" +
		"2026-03,Support,1,month,1000,1000.00,USD\n"
	if _, err := f.svc.UploadBill(ctx, f.p, f.c.ID, "march.csv", strings.NewReader(csv)); err != nil {
		t.Fatal(err)
	}
	f.outage(t, time.Date(2026, 3, 5, 0, 0, 0, 0, time.UTC))
}

func (f recordFixture) outage(t *testing.T, start time.Time) {
	t.Helper()
	if _, err := f.svc.RecordOutage(context.Background(), f.p, f.c.ID, store.Outage{Start: start, End: start.Add(24 * time.Hour), Nodes: 2}); err != nil {
		t.Fatal(err)
	}
}

// tests records the awarded quote's acceptance suite: container start
// passed; GPU health failed, then passed on a re-run; all-reduce failed;
// storage staging waived.
func (f recordFixture) tests(t *testing.T) {
	t.Helper()
	for _, a := range []store.NewAcceptance{
		{Test: "container_start", Status: store.AcceptancePassed},
		{Test: "gpu_health", Status: store.AcceptanceFailed},
		{Test: "gpu_health", Status: store.AcceptancePassed},
		{Test: "nccl_allreduce", Status: store.AcceptanceFailed},
		{Test: "storage_staging", Status: store.AcceptanceWaived, WaiverReason: "no staging in this trial"},
	} {
		if _, err := f.st.RecordAcceptance(context.Background(), f.p.Actor(), f.quote, a); err != nil {
			t.Fatal(err)
		}
	}
}

// rounds invites "ACME" to two rounds of another evaluation, both
// opened: it answers the first 27 h 30 min after the invitation, with 7
// terms stated, 1 refused and 1 of the 2 attestations asked stated, and
// never answers the second. A third round, still sealed, stays out.
func (f recordFixture) rounds(t *testing.T) (evaluationID, answered, unanswered int64) {
	t.Helper()
	ctx := context.Background()
	e, err := f.st.CreateEvaluation(ctx, f.p.Actor(), "Next round")
	if err != nil {
		t.Fatal(err)
	}
	round := func(token string) (store.RFQ, int64) {
		r, err := f.st.CreateRFQ(ctx, f.p.Actor(), store.NewRFQ{EvaluationID: e.ID, Deadline: f.clock.now().Add(72 * time.Hour), TimeZone: "UTC",
			GraceHours: 24, Compliance: sourcing.Compliance{Requirements: []sourcing.Requirement{{Kind: sourcing.SOC2Type2}, {Kind: sourcing.ISO27001}}},
			Invitations: []store.NewInvitation{{Vendor: rfq.Vendor{Company: "ACME", Email: token + "@acme.example", Language: "en"}, TokenHash: auth.HashToken(token)}}})
		if err != nil {
			t.Fatal(err)
		}
		invs, err := f.st.Invitations(ctx, r.ID)
		if err != nil || len(invs) != 1 {
			t.Fatalf("invitations %v %v", invs, err)
		}
		return r, invs[0].ID
	}
	r1, inv1 := round("tok-1")
	r2, inv2 := round("tok-2")
	_, inv3 := round("tok-3")
	f.clock.set(time.Date(2026, 3, 11, 12, 30, 0, 0, time.UTC))
	q, errs := quote.ParseCells(map[string]string{"provider": "Acme", "rental_model": "reserved", "gpu_model": "H100",
		"currency": "USD", "price_per_gpu_hour": "2.00", "gpus_per_node": "8", "nodes": "2", "egress_price_per_gb": "refused"})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	for _, inv := range []int64{inv1, inv3} {
		if err := f.st.SaveDraft(ctx, inv, q); err != nil {
			t.Fatal(err)
		}
		if err := f.st.SaveAttestations(ctx, inv, []sourcing.Attestation{{Kind: sourcing.SOC2Type2, State: sourcing.Stated, Issuer: "Audit Co"},
			{Kind: sourcing.ISO27001, State: sourcing.NotStated}}); err != nil {
			t.Fatal(err)
		}
		if _, _, err := f.st.Submit(ctx, inv); err != nil {
			t.Fatal(err)
		}
	}
	for _, r := range []store.RFQ{r1, r2} {
		if err := f.st.RecordOpening(ctx, f.p.Actor(), r, "test opens early", true); err != nil {
			t.Fatal(err)
		}
	}
	return e.ID, inv1, inv2
}

// The record's figures against a hand computation:
//   - price adherence: (3,105.00 − 100.00) / 3,105.00 = 96.779… → 96.78 %;
//   - availability: 2 nodes down 1 day of March's 31 → 30/31 = 96.77 %;
//   - acceptance: passed 2 (container start, GPU health), failed 1, waived
//     1; pass rate 2 / 3 = 66.67 %; 1 re-run (GPU health decided twice);
//   - time to answer: 2026-03-10 09:00 → 2026-03-11 12:30 = 1,650 min;
//   - completeness: 8 of the 52 quote terms (7 stated, 1 refused) and 1
//     of the 2 attestations asked: 9 / 54 = 16.67 %; the unanswered
//     round counts as not answered, the sealed one not at all;
//   - pre-grade: 96.77 ≥ 95.00, 96.78 ≥ 90.00 and 66.67 ≥ 40.00 meet the
//     band of 2, and 96.77 < 98.00 misses the band of 4: 2.
func TestVendorRecordFiguresAndEvidence(t *testing.T) {
	t.Parallel()
	f := newRecordFixture(t)
	ctx := context.Background()
	f.billAndOutage(t)
	f.tests(t)
	_, inv1, inv2 := f.rounds(t)
	rec, err := f.svc.VendorRecord(ctx, f.c.VendorID)
	if err != nil {
		t.Fatal(err)
	}
	sm := rec.Summary
	if !sm.PriceAdherence.Known || sm.PriceAdherence.Pct.String() != "96.78" || len(sm.PriceAdherence.Evidence) != 1 ||
		sm.PriceAdherence.Evidence[0].Href != "/contracts/"+itoa(f.c.ID)+"#bills" {
		t.Errorf("price adherence %+v", sm.PriceAdherence)
	}
	if !sm.Availability.Known || sm.Availability.Pct.String() != "96.77" || sm.Availability.Evidence[0].Href != "/contracts/"+itoa(f.c.ID)+"#credits" {
		t.Errorf("availability %+v", sm.Availability)
	}
	if !sm.PassRate.Known || sm.PassRate.Pct.String() != "66.67" || sm.Reruns != 1 || len(sm.PassRate.Evidence) != 1 ||
		sm.PassRate.Evidence[0].ID != f.quote || sm.PassRate.Evidence[0].API != "/api/v1/quotes/"+itoa(f.quote)+"/benchmarks" {
		t.Errorf("pass rate %+v, re-runs %d", sm.PassRate, sm.Reruns)
	}
	if len(rec.Tests) != 1 || rec.Tests[0].Passed != 2 || rec.Tests[0].Failed != 1 || rec.Tests[0].Waived != 1 || len(rec.Tests[0].ResultIDs) != 4 {
		t.Errorf("tests %+v", rec.Tests)
	}
	if sm.AnswerMinutes != 1650 || sm.Answered != 1 || sm.Unanswered != 1 || len(sm.AnswerTime) != 1 {
		t.Errorf("answer time %+v", sm)
	}
	if !sm.Completeness.Known || sm.Completeness.Pct.String() != "16.67" {
		t.Errorf("completeness %+v", sm.Completeness)
	}
	if len(rec.Invitations) != 2 || rec.Invitations[0].InvitationID != inv1 || rec.Invitations[0].Answered != 9 || rec.Invitations[0].Asked != 54 ||
		rec.Invitations[1].InvitationID != inv2 || rec.Invitations[1].SubmittedAt != nil {
		t.Errorf("invitations %+v", rec.Invitations)
	}
	if rec.PreGrade.Low != 2 || rec.PreGrade.High != 2 || rec.PreGrade.Value != 2 || rec.PreGrade.Rule != "scoring.rule.past_performance" {
		t.Errorf("pre-grade %+v", rec.PreGrade)
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// The past-performance criterion is pre-graded from the vendor's record
// in the other evaluations, moves when the record does (a kept analysis
// is not reused), and an evaluator's override replaces it while the audit
// keeps the suggestion it replaced.
func TestPastPerformancePreGradeAndOverride(t *testing.T) {
	t.Parallel()
	f := newRecordFixture(t)
	ctx := context.Background()
	f.billAndOutage(t)
	f.tests(t)
	next, err := f.st.CreateEvaluation(ctx, f.p.Actor(), "Renewal")
	if err != nil {
		t.Fatal(err)
	}
	qs, err := quote.ReadCSV(strings.NewReader(contractQuote))
	if err != nil {
		t.Fatal(err)
	}
	ids, err := f.st.ImportQuotes(ctx, f.p.Actor(), next.ID, qs)
	if err != nil {
		t.Fatal(err)
	}
	grade := func(evaluationID, quoteID int64) scoring.Grade {
		t.Helper()
		an, err := f.svc.Analyze(ctx, evaluationID)
		if err != nil {
			t.Fatal(err)
		}
		sc, ok := an.Scoring.Score(quoteID)
		if !ok {
			t.Fatalf("quote %d not scored", quoteID)
		}
		for _, g := range sc.Grades {
			if g.Key == scoring.PastPerformance {
				return g
			}
		}
		t.Fatal("no past-performance grade")
		return scoring.Grade{}
	}
	if g := grade(next.ID, ids[0]); g.Low != 2 || g.High != 2 || g.Rule != "scoring.rule.past_performance" || g.Facts["Availability"] != "96.77" {
		t.Errorf("pre-grade in the next evaluation: %+v", g)
	}
	// The awarded evaluation's own contract and tests are not its past.
	if g := grade(f.c.EvaluationID, f.quote); g.Low != 0 || g.High != 10 || g.Rule != "scoring.rule.past_unknown" {
		t.Errorf("pre-grade in the awarded evaluation: %+v", g)
	}
	// A second day down: 29/31 = 93.548… → 93.54 % (the SLA truncates) < 95.00: the band of 0.
	f.outage(t, time.Date(2026, 3, 20, 0, 0, 0, 0, time.UTC))
	if g := grade(next.ID, ids[0]); g.Value != 0 || g.Facts["Availability"] != "93.54" {
		t.Errorf("after the second outage: %+v", g)
	}
	an, err := f.svc.Analyze(ctx, next.ID)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.svc.OverrideGrade(ctx, f.p.Actor(), an, ids[0], scoring.PastPerformance, "7", "outages were the region's, fixed since"); err != nil {
		t.Fatal(err)
	}
	if g := grade(next.ID, ids[0]); !g.Overridden || g.Value != 7 || g.Suggested != 0 {
		t.Errorf("overridden: %+v", g)
	}
	var suggested, given string
	if err := f.pool.QueryRow(ctx, `SELECT after->>'suggested', after->>'grade' FROM audit_events WHERE action = 'score.override' AND evaluation_id = $1`,
		next.ID).Scan(&suggested, &given); err != nil || suggested != "0.0" || given != "7" {
		t.Errorf("audit: suggested %q grade %q %v", suggested, given, err)
	}
}

// A vendor whose record is below the admin's threshold is warned about
// when invited; the round opens once the buyer confirms. A vendor with no
// record is not warned about, and a threshold of 0 warns about no one.
func TestInviteWarnsBelowTheRecordThreshold(t *testing.T) {
	t.Parallel()
	f := newRecordFixture(t)
	ctx := context.Background()
	f.billAndOutage(t)
	f.tests(t) // pre-grade 2
	e, err := f.st.CreateEvaluation(ctx, f.p.Actor(), "Next round")
	if err != nil {
		t.Fatal(err)
	}
	in := evaluation.RoundRequest{Deadline: "2026-04-01T12:00", TimeZone: "UTC", Vendors: []rfq.Vendor{
		{Company: "Newco", Email: "a@newco.example", Language: "en"}, {Company: "acme", Email: "b@acme.example", Language: "en"}}}
	create := func(in evaluation.RoundRequest) error {
		_, _, err := f.svc.CreateRound(ctx, f.p.Actor(), e.ID, in, []string{"en"}, evaluation.Links{Base: "http://x"})
		return err
	}
	if err := create(in); err != nil {
		t.Fatalf("no threshold: %v", err)
	}
	var fe evaluation.FieldErrors
	for _, bad := range []string{"11", "-1", "2.55", "x"} {
		if err := f.svc.SaveRecordThreshold(ctx, f.p.Actor(), bad); !errors.As(err, &fe) {
			t.Errorf("threshold %q: %v", bad, err)
		}
	}
	if err := f.svc.SaveRecordThreshold(ctx, f.p.Actor(), "4"); err != nil {
		t.Fatal(err)
	}
	in.Vendors[0].Email, in.Vendors[1].Email = "c@newco.example", "d@acme.example"
	err = create(in)
	var ws evaluation.RecordWarnings
	if !errors.As(err, &ws) || len(ws) != 1 || ws[0].Index != 1 || ws[0].VendorID != f.c.VendorID || ws[0].Grade.High != 2 || ws[0].Threshold != 4 ||
		ws[0].Record != "/vendors/"+itoa(f.c.VendorID)+"/record" {
		t.Fatalf("warnings %+v (%v)", ws, err)
	}
	if list, _ := f.st.RFQsOf(ctx, e.ID); len(list) != 1 {
		t.Errorf("a warned round was opened: %d rounds", len(list))
	}
	in.ConfirmWarnings = true
	if err := create(in); err != nil {
		t.Errorf("confirmed: %v", err)
	}
	if err := f.svc.SaveRecordThreshold(ctx, f.p.Actor(), "2"); err != nil {
		t.Fatal(err)
	}
	in.ConfirmWarnings = false
	in.Vendors[0].Email, in.Vendors[1].Email = "e@newco.example", "f@acme.example"
	if err := create(in); err != nil {
		t.Errorf("a grade of 2 is not under 2: %v", err)
	}
}
