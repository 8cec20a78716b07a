package evaluation_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/gpuquote/gpuquote/internal/approval"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
)

// Random sequences of what happens to an evaluation — record an award,
// revise a quote, change an exchange rate, change an assumption, waive,
// sign — never leave an award "approved" unless every rule holds on the
// figures current now: no open blocker on its quotes, the plan today's
// contract value needs signed step by step in the right roles, and no
// signer who recorded it or entered or revised one of its quotes. Home's
// approval state says the same status as the award.
func TestAnAwardIsApprovedOnlyWhenEveryRuleHoldsNow(t *testing.T) {
	t.Parallel()
	for seed := range uint64(8) {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			t.Parallel()
			runDecisionSequence(t, rand.New(rand.NewPCG(seed, 23)), 40)
		})
	}
}

type sequence struct {
	*decisionFixture
	t        *testing.T
	rng      *rand.Rand
	quotes   []int64
	revisers map[int64]map[int64]bool // quote → who revised it
	awards   []int64
	signers  []store.User
	approved int // signatures that completed an award
}

func runDecisionSequence(t *testing.T, rng *rand.Rand, steps int) {
	f := newDecisionFixture(t)
	s := &sequence{decisionFixture: f, t: t, rng: rng, quotes: f.priced(t)[:2], revisers: map[int64]map[int64]bool{},
		signers: []store.User{f.p, f.m, f.m2, f.f}}
	ctx := context.Background()
	if err := f.st.SetFXRate(ctx, f.p.Actor(), "EUR", "1.08", f.st.Now()); err != nil {
		t.Fatal(err)
	}
	s.setCurrency(s.quotes[1], "EUR")
	fig, _ := f.analyze(t).AwardFigures([]store.AwardShare{{QuoteID: s.quotes[0], SharePct: 100}})
	f.setRules(t, fig.Value.Decimal(), "manager", "finance") // the first quote alone sits at the threshold
	actions := []func(){s.record, s.revise, s.revise, s.changeFX, s.changeAssumption, s.waive, s.sign, s.sign, s.sign}
	s.record()
	s.waive()
	for range steps {
		actions[rng.IntN(len(actions))]()
		s.checkInvariant()
	}
	t.Logf("%d awards, %d approved", len(s.awards), s.approved)
}

func (s *sequence) record() {
	a := s.rng.IntN(99) + 1
	shares := []store.AwardShare{{QuoteID: s.quotes[0], SharePct: a}, {QuoteID: s.quotes[1], SharePct: 100 - a}}
	if s.rng.IntN(2) == 0 {
		shares = shares[:1]
		shares[0].SharePct = 100
	}
	rec, err := s.svc.RecordAward(context.Background(), s.p, s.evID, shares, "sequence")
	if err != nil {
		s.t.Fatalf("record %v: %v", shares, err)
	}
	s.awards = append(s.awards, rec.ID)
}

func (s *sequence) revise() {
	ctx := context.Background()
	id := s.quotes[s.rng.IntN(len(s.quotes))]
	by := []store.User{s.p, s.p, s.p, s.m}[s.rng.IntN(4)]
	sq, err := s.st.Quote(ctx, id)
	if err != nil {
		s.t.Fatal(err)
	}
	price, _ := sq.Quote.PricePerGPUHour.Get()
	q := sq.Quote
	c, _ := quote.ColumnByName("price_per_gpu_hour")
	next := strconv.FormatFloat(price.Float64()*(0.7+s.rng.Float64()*1.3), 'f', 4, 64)
	if err := c.Parse(&q, next); err != nil {
		s.t.Fatal(err)
	}
	if _, err := s.svc.ReviseQuote(ctx, by, id, sq.Version, q); err != nil {
		s.t.Fatal(err)
	}
	if s.revisers[id] == nil {
		s.revisers[id] = map[int64]bool{}
	}
	s.revisers[id][by.ID] = true
}

func (s *sequence) setCurrency(id int64, cur string) {
	ctx := context.Background()
	sq, _ := s.st.Quote(ctx, id)
	q := sq.Quote
	c, _ := quote.ColumnByName("currency")
	if err := c.Parse(&q, cur); err != nil {
		s.t.Fatal(err)
	}
	if _, err := s.svc.ReviseQuote(ctx, s.p, id, sq.Version, q); err != nil {
		s.t.Fatal(err)
	}
}

func (s *sequence) changeFX() {
	rate := strconv.FormatFloat(0.8+s.rng.Float64(), 'f', 4, 64)
	if err := s.st.SetFXRate(context.Background(), s.p.Actor(), "EUR", rate, s.st.Now()); err != nil {
		s.t.Fatal(err)
	}
}

func (s *sequence) changeAssumption() {
	ctx := context.Background()
	cur, err := s.st.Assumptions(ctx, s.evID)
	if err != nil {
		s.t.Fatal(err)
	}
	cur.Overrides = map[string]string{"utilisation": strconv.FormatFloat(0.5+s.rng.Float64()*0.45, 'f', 2, 64)}
	if err := s.st.SaveAssumptions(ctx, s.p.Actor(), cur); err != nil {
		s.t.Fatal(err)
	}
}

func (s *sequence) waive() { s.waiveAll(s.t, s.quotes[s.rng.IntN(len(s.quotes))]) }

func (s *sequence) sign() {
	if len(s.awards) == 0 {
		return
	}
	id := s.awards[s.rng.IntN(len(s.awards))]
	by := s.signers[s.rng.IntN(len(s.signers))]
	res, err := s.svc.ApproveAward(context.Background(), by, id, "sequence")
	if err != nil && !evaluation.IsSigningRefusal(err) {
		s.t.Fatalf("sign: %v", err)
	}
	if err == nil && res.Status == evaluation.AwardApproved {
		s.approved++
	}
}

// checkInvariant recomputes every rule on the figures of now for each
// award the use case calls approved.
func (s *sequence) checkInvariant() {
	t := s.t
	ctx := context.Background()
	a := s.analyze(t)
	views, err := s.svc.Awards(ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	state, err := s.svc.ApprovalState(ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range views {
		if state.Award != nil && state.Award.ID == v.ID {
			want := map[string]string{evaluation.AwardApproved: evaluation.StateApproved, evaluation.AwardStale: evaluation.StateStale,
				evaluation.AwardAwaiting: evaluation.StateAwaiting}[v.Status]
			if state.State != want {
				t.Errorf("award %d is %s, home says %s", v.ID, v.Status, state.State)
			}
		}
		if v.Status != evaluation.AwardApproved {
			continue
		}
		for _, sh := range v.Shares {
			if open := a.OpenBlockers(sh.QuoteID); len(open) > 0 {
				t.Errorf("award %d approved with %d open blockers on quote %d", v.ID, len(open), sh.QuoteID)
			}
		}
		fig, fe := a.AwardFigures(v.Shares)
		if fe != nil {
			t.Errorf("award %d approved but not priced: %v", v.ID, fe)
			continue
		}
		need := s.planFor(a, fig.Value.Decimal())
		if !signedBy(need, v.Signatures) {
			t.Errorf("award %d approved at %s %s: plan %+v, signatures %+v", v.ID, fig.Value.Decimal(), fig.Value.Currency, need, v.Signatures)
		}
		for _, sg := range v.Signatures {
			if sg.ApproverID == v.RecordedByID || sg.ApproverID == s.p.ID {
				t.Errorf("award %d signed by its recorder or the quotes' author", v.ID)
			}
			for _, sh := range v.Shares {
				if s.revisers[sh.QuoteID][sg.ApproverID] {
					t.Errorf("award %d signed by a reviser of quote %d", v.ID, sh.QuoteID)
				}
			}
		}
	}
}

// planFor is the plan the rules give value (in USD, the rules' currency).
func (s *sequence) planFor(a *evaluation.Analysis, value string) approval.Plan {
	v, err := quote.ParseDecimal(value)
	if err != nil {
		s.t.Fatal(err)
	}
	if a.WS.Currency != "USD" {
		s.t.Fatalf("worksheet in %s", a.WS.Currency)
	}
	return a.ApprovalRules.Plan(v)
}

// signedBy reports whether every step of p is signed in its role.
func signedBy(p approval.Plan, sigs []approval.Signature) bool {
	if len(sigs) < p.Required {
		return false
	}
	byStep := map[int]approval.Signature{}
	for _, sg := range sigs {
		byStep[sg.Step] = sg
	}
	for step := 1; step <= p.Required; step++ {
		sg, ok := byStep[step]
		if !ok || (len(p.Roles) >= step && p.Roles[step-1] != "" && p.Roles[step-1] != sg.Role) {
			return false
		}
	}
	return true
}
