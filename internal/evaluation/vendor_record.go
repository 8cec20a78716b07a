package evaluation

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/gpuquote/gpuquote/internal/contract"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/scoring"
	"github.com/gpuquote/gpuquote/internal/sourcing"
	"github.com/gpuquote/gpuquote/internal/store"
)

// VendorRecord is a vendor's record across every evaluation and contract:
// per contract, price adherence (billed against contracted), availability
// delivered and SLA credits claimed and credited; per quote, the
// acceptance suite's passes and re-runs; per invitation to a round, the
// time to answer and how complete the answer was. Summary condenses them,
// each figure with the records it reads; PreGrade is the past-performance
// criterion's grade by scoring.PastBands.
type VendorRecord struct {
	VendorID    int64              `json:"vendor_id"`
	Vendor      string             `json:"vendor"`
	Summary     RecordSummary      `json:"summary"`
	PreGrade    PreGrade           `json:"past_performance"`
	Contracts   []ContractRecord   `json:"contracts"`
	Tests       []QuoteTests       `json:"acceptance"`
	Invitations []InvitationRecord `json:"rfq_invitations"`
}

// Evidence is a record a figure was computed from: its page and API.
type Evidence struct {
	Kind string `json:"kind"` // contract, quote, rfq
	ID   int64  `json:"id"`
	Href string `json:"href"`
	API  string `json:"api"`
}

func contractEvidence(id int64, anchor string) Evidence {
	return Evidence{Kind: "contract", ID: id, Href: fmt.Sprintf("/contracts/%d%s", id, anchor), API: fmt.Sprintf("/api/v1/contracts/%d", id)}
}

func quoteEvidence(id int64) Evidence {
	return Evidence{Kind: "quote", ID: id, Href: fmt.Sprintf("/quotes/%d/benchmarks#acceptance", id), API: fmt.Sprintf("/api/v1/quotes/%d/benchmarks", id)}
}

func rfqEvidence(id int64) Evidence {
	return Evidence{Kind: "rfq", ID: id, Href: fmt.Sprintf("/rfqs/%d", id), API: fmt.Sprintf("/api/v1/rfqs/%d", id)}
}

// Figure is one percentage of the summary (Known false: no record holds
// it) and the records it reads.
type Figure struct {
	Known    bool         `json:"known"`
	Pct      contract.Pct `json:"pct"`
	Evidence []Evidence   `json:"evidence"`
}

// RecordSummary is the record in a few figures. Price adherence and
// availability are the lowest of the contracts' (a ratio per contract, as
// contracts bill in their own currencies); the pass rate and completeness
// pool every test and answer.
type RecordSummary struct {
	PriceAdherence Figure `json:"price_adherence"`
	Availability   Figure `json:"availability"`
	PassRate       Figure `json:"acceptance_pass_rate"`
	Reruns         int    `json:"acceptance_reruns"` // decisions of a test after its first
	// AnswerMinutes is the mean time from invitation to first submission,
	// in whole minutes, over the answered invitations.
	AnswerMinutes int64      `json:"answer_minutes"`
	Answered      int        `json:"answered"`
	Unanswered    int        `json:"unanswered"`
	AnswerTime    []Evidence `json:"answer_time_evidence"`
	Completeness  Figure     `json:"completeness"`
}

// PreGrade is the past-performance criterion's suggested grade, from the
// summary by scoring.PastBands: a band (Low..High, the unknown figures at
// their worst and best) and its point. An evaluator's override replaces
// it on the scoring sheet.
type PreGrade struct {
	Low   float64 `json:"low"`
	High  float64 `json:"high"`
	Value float64 `json:"value"`
	Rule  string  `json:"rule"` // i18n key of the rule's text
}

// ContractRecord is one contract's share of the record, in its currency.
type ContractRecord struct {
	ContractID     int64          `json:"contract_id"`
	EvaluationID   int64          `json:"evaluation_id"`
	Currency       string         `json:"currency"`
	State          contract.State `json:"state"`
	Bills          int            `json:"bills"`
	Billed         contract.Money `json:"billed"`
	AboveContract  contract.Money `json:"above_contract"` // what the bills charged beyond the contracted rates and terms
	PriceAdherence contract.Pct   `json:"price_adherence_pct"`
	LinesMatched   int            `json:"lines_matched"`
	LinesException int            `json:"lines_exception"`
	Availability   contract.Pct   `json:"availability_pct"` // over the billed months
	Claimed        contract.Money `json:"credits_claimed"`
	Credited       contract.Money `json:"credits_credited"`
	Evidence       Evidence       `json:"evidence"`
}

// QuoteTests is the acceptance suite of one of the vendor's quotes: the
// tests' current states and the re-runs (a test decided again).
type QuoteTests struct {
	QuoteID      int64    `json:"quote_id"`
	EvaluationID int64    `json:"evaluation_id"`
	Passed       int      `json:"passed"`
	Failed       int      `json:"failed"`
	Waived       int      `json:"waived"`
	Reruns       int      `json:"reruns"`
	ResultIDs    []int64  `json:"result_ids"` // each test's current result
	Evidence     Evidence `json:"evidence"`
}

// InvitationRecord is one invitation to an opened round: the time to the
// first submission and how much of the answer was given (quote terms
// stated or refused, and the round's required attestations stated or
// refused), against what was asked.
type InvitationRecord struct {
	InvitationID  int64        `json:"invitation_id"`
	RFQID         int64        `json:"rfq_id"`
	EvaluationID  int64        `json:"evaluation_id"`
	Round         int          `json:"round"`
	InvitedAt     time.Time    `json:"invited_at"`
	SubmittedAt   *time.Time   `json:"first_submitted_at"` // nil: never answered
	AnswerMinutes int64        `json:"answer_minutes"`
	Answered      int          `json:"answered"`
	Asked         int          `json:"asked"`
	Completeness  contract.Pct `json:"completeness_pct"`
	Evidence      Evidence     `json:"evidence"`
}

// Bounds on what one record reads.
const (
	maxRecordTests       = 5000
	maxRecordInvitations = 1000
)

// VendorRecord reads a vendor's record; store.ErrNotFound when no such
// vendor.
func (s *Service) VendorRecord(ctx context.Context, providerID int64) (VendorRecord, error) {
	var rec VendorRecord
	err := s.store.ReadOnly(ctx, func(tx *store.Store) error {
		var err error
		rec, err = s.vendorRecordIn(ctx, tx, providerID)
		return err
	})
	return rec, err
}

// vendorRecordIn reads the record from tx.
func (s *Service) vendorRecordIn(ctx context.Context, tx *store.Store, providerID int64) (VendorRecord, error) {
	rec := VendorRecord{VendorID: providerID, Contracts: []ContractRecord{}, Tests: []QuoteTests{}, Invitations: []InvitationRecord{}}
	var err error
	if rec.Vendor, err = tx.ProviderName(ctx, providerID); err != nil {
		return rec, err
	}
	list, err := tx.Contracts(ctx, store.ContractFilter{ProviderID: providerID}, maxContracts)
	if err != nil {
		return rec, err
	}
	for _, sc := range list {
		h, err := loadHistory(ctx, tx, sc)
		if err != nil {
			return rec, err
		}
		c, err := s.contractToday(sc)
		if err != nil {
			return rec, err
		}
		rec.Contracts = append(rec.Contracts, h.record(c))
	}
	tests, err := tx.VendorTests(ctx, providerID, maxRecordTests)
	if err != nil {
		return rec, err
	}
	rec.Tests = quoteTests(tests)
	invs, err := tx.VendorInvitations(ctx, rec.Vendor, maxRecordInvitations)
	if err != nil {
		return rec, err
	}
	for _, v := range invs {
		rec.Invitations = append(rec.Invitations, invitationRecord(v))
	}
	rec.summarize()
	return rec, nil
}

// record sums one contract's bills, outages and claims.
func (h history) record(c Contract) ContractRecord {
	cur := c.Currency
	r := ContractRecord{ContractID: c.ID, EvaluationID: c.EvaluationID, Currency: cur, State: c.State, Bills: len(h.bills),
		Billed: contract.Money{Currency: cur}, AboveContract: contract.Money{Currency: cur},
		Claimed: contract.Money{Currency: cur}, Credited: contract.Money{Currency: cur}, Availability: 10000, PriceAdherence: 10000,
		Evidence: contractEvidence(c.ID, "#bills")}
	r.LinesMatched, r.LinesException = h.matched["ok"], h.matched["exception"]
	for _, res := range h.results {
		r.Billed.Minor += res.Total.Minor
		r.AboveContract.Minor += res.Disputed.Minor
		for _, cc := range res.ClaimsCredited {
			r.Credited.Minor += cc.Credited.Minor
		}
	}
	if r.Billed.Minor > 0 {
		r.PriceAdherence = pctOf(max(0, r.Billed.Minor-r.AboveContract.Minor), r.Billed.Minor)
	}
	for _, cl := range h.claims() {
		r.Claimed.Minor += cl.Amount.Minor
	}
	use := h.use()
	if len(use) > 0 && c.Capacity.GPUsPerNode > 0 {
		from := use[0].Month.Start(h.c.Zone)
		to := use[len(use)-1].Month.AddMonths(1).Start(h.c.Zone)
		r.Availability = contract.AvailabilityIn(c.Capacity.GPUs/c.Capacity.GPUsPerNode, h.outages, from, to).Pct()
	}
	return r
}

// pctOf is a/b as a percentage in basis points, rounded half up; b > 0.
func pctOf(a, b int64) contract.Pct {
	return contract.Pct((a*20000 + b) / (2 * b))
}

// quoteTests groups the tests by quote: current states and re-runs.
func quoteTests(tests []store.VendorTest) []QuoteTests {
	out := []QuoteTests{}
	for _, t := range tests {
		if len(out) == 0 || out[len(out)-1].QuoteID != t.QuoteID {
			out = append(out, QuoteTests{QuoteID: t.QuoteID, EvaluationID: t.EvaluationID, ResultIDs: []int64{}, Evidence: quoteEvidence(t.QuoteID)})
		}
		q := &out[len(out)-1]
		switch t.Status {
		case store.AcceptancePassed:
			q.Passed++
		case store.AcceptanceFailed:
			q.Failed++
		case store.AcceptanceWaived:
			q.Waived++
		}
		q.Reruns += max(0, t.Decided-1)
		q.ResultIDs = append(q.ResultIDs, t.ResultID)
	}
	return out
}

// invitationRecord reads one invitation's answer: the time to the first
// submission, and the newest submission's quote terms stated or refused
// with the round's required attestations stated or refused, of all asked.
func invitationRecord(v store.VendorInvitation) InvitationRecord {
	r := InvitationRecord{InvitationID: v.InvitationID, RFQID: v.RFQID, EvaluationID: v.EvaluationID, Round: v.Round,
		InvitedAt: v.InvitedAt, Evidence: rfqEvidence(v.RFQID)}
	cols := quote.Columns()
	r.Asked = len(cols)
	var comp sourcing.Compliance
	if json.Unmarshal(v.Compliance, &comp) == nil {
		r.Asked += len(comp.Requirements)
	}
	if v.FirstSubmitted.IsZero() {
		return r
	}
	at := v.FirstSubmitted
	r.SubmittedAt = &at
	r.AnswerMinutes = int64(max(0, at.Sub(v.InvitedAt)) / time.Minute)
	for _, c := range cols {
		if v.Cells[c.Name] != "" {
			r.Answered++
		}
	}
	for _, req := range comp.Requirements {
		if st := v.Attestations[string(req.Kind)]; st == string(sourcing.Stated) || st == string(sourcing.Refused) {
			r.Answered++
		}
	}
	if r.Asked > 0 {
		r.Completeness = pctOf(int64(r.Answered), int64(r.Asked))
	}
	return r
}

// summarize condenses the record and pre-grades it.
func (rec *VendorRecord) summarize() {
	sm := RecordSummary{AnswerTime: []Evidence{}}
	none := func() Figure { return Figure{Evidence: []Evidence{}} }
	sm.PriceAdherence, sm.Availability, sm.PassRate, sm.Completeness = none(), none(), none(), none()
	lowest := func(f *Figure, v contract.Pct, e Evidence) {
		if !f.Known || v < f.Pct {
			f.Known, f.Pct, f.Evidence = true, v, []Evidence{e}
		}
	}
	for _, c := range rec.Contracts {
		if c.Bills == 0 {
			continue // nothing billed, nothing delivered against a bill
		}
		lowest(&sm.PriceAdherence, c.PriceAdherence, contractEvidence(c.ContractID, "#bills"))
		lowest(&sm.Availability, c.Availability, contractEvidence(c.ContractID, "#credits"))
	}
	var passed, decided int64
	for _, q := range rec.Tests {
		sm.Reruns += q.Reruns
		if q.Passed+q.Failed > 0 {
			passed, decided = passed+int64(q.Passed), decided+int64(q.Passed+q.Failed)
			sm.PassRate.Evidence = append(sm.PassRate.Evidence, q.Evidence)
		}
	}
	if decided > 0 {
		sm.PassRate.Known, sm.PassRate.Pct = true, pctOf(passed, decided)
	}
	var minutes, answered, asked int64
	for _, v := range rec.Invitations {
		if v.SubmittedAt == nil {
			sm.Unanswered++
			continue
		}
		sm.Answered++
		minutes += v.AnswerMinutes
		answered, asked = answered+int64(v.Answered), asked+int64(v.Asked)
		if !slices.Contains(sm.AnswerTime, v.Evidence) {
			sm.AnswerTime = append(sm.AnswerTime, v.Evidence)
		}
	}
	if sm.Answered > 0 {
		sm.AnswerMinutes = minutes / int64(sm.Answered)
		sm.Completeness.Evidence = slices.Clone(sm.AnswerTime)
	}
	if asked > 0 {
		sm.Completeness.Known, sm.Completeness.Pct = true, pctOf(answered, asked)
	}
	rec.Summary = sm
	g := scoring.PastGrade(sm.Past())
	rec.PreGrade = PreGrade{Low: g.Low, High: g.High, Value: g.Value, Rule: g.Rule}
}

// Past is the summary as the past-performance rule reads it.
func (sm RecordSummary) Past() scoring.Past {
	p := scoring.Past{}
	for k, f := range map[string]Figure{scoring.PastAvailability: sm.Availability, scoring.PastPriceAdherence: sm.PriceAdherence,
		scoring.PastPassRate: sm.PassRate} {
		if f.Known {
			p[k] = int64(f.Pct)
		}
	}
	return p
}

// pastRecords is, by provider, the part of each quoting vendor's record
// the past-performance rule reads (contracts and acceptance tests) from
// the other evaluations, as the snapshot read it: the evaluation's own
// acceptance suite is graded as verified performance.
func (s *Service) pastRecords(quotes []store.StoredQuote, in store.PastInputs) (map[int64]scoring.Past, error) {
	recs := map[int64]*VendorRecord{}
	for _, q := range quotes {
		if _, ok := recs[q.ProviderID]; !ok {
			recs[q.ProviderID] = &VendorRecord{VendorID: q.ProviderID}
		}
	}
	for _, sc := range in.Contracts {
		rec, ok := recs[sc.ProviderID]
		if !ok {
			continue
		}
		t, err := parseTerms(sc.Terms)
		if err != nil {
			return nil, err
		}
		core, err := t.core(sc.ID, sc.Currency)
		if err != nil {
			return nil, err
		}
		kept, err := keepBills(in.Bills[sc.ID], in.Lines)
		if err != nil {
			return nil, err
		}
		c, err := s.contractToday(sc)
		if err != nil {
			return nil, err
		}
		rec.Contracts = append(rec.Contracts, historyFrom(core, kept, in.Outages[sc.ID]).record(c))
	}
	by := map[int64][]store.VendorTest{}
	for _, t := range in.Tests {
		by[t.ProviderID] = append(by[t.ProviderID], t)
	}
	out := map[int64]scoring.Past{}
	for id, rec := range recs {
		rec.Tests = quoteTests(by[id])
		rec.summarize()
		out[id] = rec.Summary.Past()
	}
	return out, nil
}
