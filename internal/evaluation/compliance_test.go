package evaluation

import (
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/redflag"
	"github.com/gpuquote/gpuquote/internal/rfq"
	"github.com/gpuquote/gpuquote/internal/sourcing"
	"github.com/gpuquote/gpuquote/internal/store"
)

// A quote's round is judged as the round's page judges it: sealed until
// the round is open and the answer submitted (no blocker then), after
// which a refused and a missing attestation are blocker flags named by
// the attestation, placed after the quote's own blockers and before its
// warnings.
func TestComplianceBlockersOfAQuote(t *testing.T) {
	opened := time.Date(2026, 12, 3, 0, 0, 0, 0, time.UTC)
	q := store.QuoteRound{QuoteID: 7,
		RFQ: store.RFQ{ID: 1, Round: 1, Deadline: opened, Compliance: sourcing.Compliance{Requirements: []sourcing.Requirement{
			{Kind: sourcing.SOC2Type2}, {Kind: sourcing.ISO27001}, {Kind: sourcing.GDPRDPA}}}},
		Invitation:   store.Invitation{ID: 9, Company: "Beta", Status: rfq.Submitted},
		Attestations: map[sourcing.Kind]sourcing.Attestation{sourcing.SOC2Type2: {State: sourcing.Refused}, sourcing.GDPRDPA: {State: sourcing.Stated}}}
	today := opened.AddDate(0, 0, 1)
	sealed, ok := judgeRound(q, today)
	if !ok || sealed.Row.Blockers != 0 || len(complianceFlags(sealed)) != 0 {
		t.Errorf("before the opening: %+v", sealed.Row)
	}
	q.RFQ.OpenedAt = &opened
	qc, _ := judgeRound(q, today)
	flags := complianceFlags(qc)
	if len(flags) != 2 || flags[0].ID != "attestation_soc2_type2" || flags[0].MessageKey != "sourcing.quote_flag.refused" ||
		flags[1].ID != "attestation_iso27001" || flags[1].QuestionKey != "sourcing.question.missing" || flags[1].Severity != redflag.Blocker {
		t.Errorf("flags: %+v", flags)
	}
	own := []redflag.Flag{{ID: "b", Severity: redflag.Blocker}, {ID: "w", Severity: redflag.Warning}}
	var ids []string
	for _, f := range withBlockers(own, flags) {
		ids = append(ids, f.ID)
	}
	if len(ids) != 4 || ids[0] != "b" || ids[1] != "attestation_soc2_type2" || ids[3] != "w" {
		t.Errorf("order: %v", ids)
	}
	q.RFQ.Compliance.Requirements = nil
	if _, ok := judgeRound(q, today); ok {
		t.Error("a round that asks for nothing judges the quote")
	}
}
