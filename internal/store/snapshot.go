package store

import (
	"context"
	"fmt"

	"github.com/gpuquote/gpuquote/internal/approval"
	"github.com/gpuquote/gpuquote/internal/scoring"
	"github.com/gpuquote/gpuquote/internal/sourcing"
	"github.com/jackc/pgx/v5"
)

// Snapshot is everything the analysis of an evaluation reads, from one
// state of the database.
type Snapshot struct {
	Revision         AnalysisRevision // of the state read
	Evaluation       Evaluation
	Brief            StoredBrief
	Assumptions      Assumptions
	Quotes           []StoredQuote
	SuiteCounts      map[int64]SuiteCounts
	Suites           map[int64]map[string]AcceptanceResult
	FXRates          []FXRate
	CapitalCosts     []CapitalCost
	Facts            DecisionFacts
	Shortlist        map[int64]ShortlistEntry
	Waivers          map[int64]map[string]Waiver
	Decisions        []DecisionRecord
	Criteria         []scoring.Weight
	ScoreOverrides   map[int64][]ScoreOverride
	CriteriaTemplate string // SettingCriteriaTemplate
	AllowSelf        string // SettingAllowSelfApproval
	ApprovalRules    string // SettingApprovalRules, as stored
	// AwardRequiresAcceptance is SettingAwardRequiresAcceptance ("yes": on).
	AwardRequiresAcceptance string
	PriceReferenceID        int64 // see LatestPriceReferenceID
	AllReduce               []AllReduceRun
	// Rounds are, by quote, the round each quote that came through one
	// last came through, with its vendor's answers to the round's
	// attestation requirements (Attestations filled in).
	Rounds map[int64]QuoteRound
	// Past is the evaluation's vendors' record elsewhere (issue 31).
	Past PastInputs
	// Awards are the evaluation's recent awards, newest first, with their
	// signatures (signatures joined in).
	Awards       []Award
	signatures   map[int64][]approval.Signature
	attestations map[int64]map[sourcing.Kind]sourcing.Attestation // by invitation, joined into Rounds
}

// EvaluationSnapshot reads an evaluation's Snapshot in one round trip:
// the reads are independent, so they go as one pgx.Batch. Run it inside
// ReadOnly for one consistent snapshot; a missing evaluation is
// ErrNotFound.
func (s *Store) EvaluationSnapshot(ctx context.Context, id int64) (Snapshot, error) {
	var out Snapshot
	if err := s.pool.SendBatch(ctx, s.snapshotBatch(id, &out)).Close(); err != nil {
		return Snapshot{}, fmt.Errorf("store: snapshot of evaluation %d: %w", id, err)
	}
	for qid, q := range out.Rounds {
		q.Attestations = out.attestations[q.Invitation.ID]
		out.Rounds[qid] = q
	}
	out.attestations = nil
	out.Awards, out.signatures = withSignatures(out.Awards, out.signatures), nil
	return out, nil
}

// snapshotBatch queues the snapshot's reads, each landing in its field of
// out. Every table these reads name must move the analysis revision
// (migration 000017; TestEveryTableTheAnalysisReadsMovesItsRevision).
func (s *Store) snapshotBatch(id int64, out *Snapshot) *pgx.Batch {
	b := &pgx.Batch{}
	analysisRevisionRead(id).queue(b, &out.Revision)
	evaluationRead(id).queue(b, &out.Evaluation)
	briefRead(id, "").queue(b, &out.Brief)
	assumptionsRead(id, "").queue(b, &out.Assumptions)
	quotesRead(id, s.terms).queue(b, &out.Quotes)
	suiteSummariesRead(id).queue(b, &out.SuiteCounts)
	currentSuitesRead(id).queue(b, &out.Suites)
	fxRatesRead.queue(b, &out.FXRates)
	capitalCostsRead.queue(b, &out.CapitalCosts)
	decisionInputsRead(id).queue(b, &out.Facts)
	shortlistRead(id).queue(b, &out.Shortlist)
	waiversRead(id).queue(b, &out.Waivers)
	decisionsRead(id).queue(b, &out.Decisions)
	criteriaRead(id).queue(b, &out.Criteria)
	scoreOverridesRead(id).queue(b, &out.ScoreOverrides)
	settingRead(SettingCriteriaTemplate).queue(b, &out.CriteriaTemplate)
	settingRead(SettingAllowSelfApproval).queue(b, &out.AllowSelf)
	settingRead(SettingApprovalRules).queue(b, &out.ApprovalRules)
	settingRead(SettingAwardRequiresAcceptance).queue(b, &out.AwardRequiresAcceptance)
	priceReferenceIDRead.queue(b, &out.PriceReferenceID)
	allReduceRunsRead(id).queue(b, &out.AllReduce)
	quoteRoundsRead(id).queue(b, &out.Rounds)
	quoteAttestationsRead(id).queue(b, &out.attestations)
	queuePast(b, id, &out.Past)
	awardsRead(id).queue(b, &out.Awards)
	awardSignaturesRead(id).queue(b, &out.signatures)
	return b
}
