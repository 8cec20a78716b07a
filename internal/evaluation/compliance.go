package evaluation

import (
	"context"
	"slices"
	"time"

	"github.com/gpuquote/gpuquote/internal/redflag"
	"github.com/gpuquote/gpuquote/internal/rfq"
	"github.com/gpuquote/gpuquote/internal/sourcing"
	"github.com/gpuquote/gpuquote/internal/store"
)

// TermEnd is when a round's contract would end: the deadline plus the
// brief's term (a year when it states none). An attestation ending before
// it is "expiring within the term".
func TermEnd(rd store.RFQ) time.Time { return rd.TermEnd() }

// answersReadable says whether a vendor's answers may be read: once the
// round is open and only if its answer was submitted, as its files are.
func answersReadable(rd store.RFQ, inv store.Invitation) bool {
	return rd.OpenedAt != nil && inv.Status == rfq.Submitted
}

// RoundMatrix is a round's compliance matrix for invs: a vendor's answers
// are read once the round is open and its answer was submitted, as its
// files are; until then its cells are sealed. It judges on the calendar
// day, as the analysis does, so the round's page and a quote's blockers
// agree.
func RoundMatrix(ctx context.Context, st *store.Store, rd store.RFQ, invs []store.Invitation) ([]sourcing.Row, error) {
	if len(rd.Compliance.Requirements) == 0 {
		return nil, nil
	}
	answers, err := st.Attestations(ctx, rd.ID, 0)
	if err != nil {
		return nil, err
	}
	rows := make([]sourcing.Row, 0, len(invs))
	readable := map[int64]bool{}
	for _, i := range invs {
		rows = append(rows, sourcing.Row{InvitationID: i.ID, Company: i.Company})
		readable[i.ID] = answersReadable(rd, i)
	}
	return sourcing.Matrix(rd.Compliance, rows, answers, func(id int64) bool { return readable[id] }, calendarDay(st.Now()), TermEnd(rd)), nil
}

// QuoteCompliance is a quote's vendor row of the matrix of the round it
// came through.
type QuoteCompliance struct {
	QuoteID    int64
	RFQID      int64
	Round      int
	Compliance sourcing.Compliance // what the round required
	Row        sourcing.Row
	TermEnd    time.Time // when the round's contract would end
}

// judgeRound is a quote's row of its round's matrix on today; false when
// the round asked for no attestation.
func judgeRound(q store.QuoteRound, today time.Time) (QuoteCompliance, bool) {
	rd := q.RFQ
	if len(rd.Compliance.Requirements) == 0 {
		return QuoteCompliance{}, false
	}
	readable := answersReadable(rd, q.Invitation)
	answers := map[int64]map[sourcing.Kind]sourcing.Attestation{q.Invitation.ID: q.Attestations}
	rows := sourcing.Matrix(rd.Compliance, []sourcing.Row{{InvitationID: q.Invitation.ID, Company: q.Invitation.Company}}, answers,
		func(int64) bool { return readable }, today, TermEnd(rd))
	return QuoteCompliance{QuoteID: q.QuoteID, RFQID: rd.ID, Round: rd.Round, Compliance: rd.Compliance, Row: rows[0], TermEnd: TermEnd(rd)}, true
}

// complianceFlags are the blockers a quote carries for the required
// attestations its vendor left missing or refused, each with the question
// to put to the vendor. Their ids name the attestation, so a waiver
// stays with it whichever way the vendor failed it.
func complianceFlags(qc QuoteCompliance) []redflag.Flag {
	var out []redflag.Flag
	for i, st := range qc.Row.Cells {
		if !st.Blocks() {
			continue
		}
		kind := string(qc.Compliance.Requirements[i].Kind)
		f := redflag.Flag{ID: ComplianceFlagPrefix + kind, Severity: redflag.Blocker,
			MessageKey: "sourcing.quote_flag." + string(st), QuestionKey: "sourcing.question." + string(st),
			Terms: []string{}, Data: map[string]string{"Attestation": kind}}
		switch st {
		case sourcing.Missing:
			f.Message = kind + " is required by the request for quotes and was not given."
			f.Question = "Please provide your " + kind + ": the document, its issuer, its period and its scope."
		default:
			f.Message = kind + " is required by the request for quotes and the vendor refused it."
			f.Question = "Why is the " + kind + " refused, and what would you give instead?"
		}
		out = append(out, f)
	}
	return out
}

// ComplianceFlagPrefix begins the id of a compliance blocker:
// "attestation_soc2_type2".
const ComplianceFlagPrefix = "attestation_"

// QuotesCompliance gives, for each of quoteIDs that came through a round
// asking for attestations, its vendor's row of that round's matrix (its
// latest round when it came through several), as the analysis judged it.
// Quotes entered by hand, or from a round that asked for none, are absent.
func (a *Analysis) QuotesCompliance(quoteIDs []int64) map[int64]QuoteCompliance {
	out := map[int64]QuoteCompliance{}
	for _, id := range quoteIDs {
		if qc, ok := a.Compliance[id]; ok {
			out[id] = qc
		}
	}
	return out
}

// withBlockers adds the blockers more to flags (blockers first), after
// flags' own blockers.
func withBlockers(flags, more []redflag.Flag) []redflag.Flag {
	if len(more) == 0 {
		return flags
	}
	at := slices.IndexFunc(flags, func(f redflag.Flag) bool { return f.Severity != redflag.Blocker })
	if at < 0 {
		at = len(flags)
	}
	return slices.Concat(flags[:at], more, flags[at:])
}
