package evaluation

import (
	"context"
	"time"

	"github.com/gpuquote/gpuquote/internal/rfq"
	"github.com/gpuquote/gpuquote/internal/sourcing"
	"github.com/gpuquote/gpuquote/internal/store"
)

// TermEnd is when a round's contract would end: the deadline plus the
// brief's term (a year when it states none). An attestation ending before
// it is "expiring within the term".
func TermEnd(rd store.RFQ) time.Time {
	months, ok := rd.Brief.Int("term_months")
	if !ok || months <= 0 {
		months = 12
	}
	return rd.Deadline.AddDate(0, int(months), 0)
}

// RoundMatrix is a round's compliance matrix for invs: a vendor's answers
// are read once the round is open and its answer was submitted, as its
// files are; until then its cells are sealed.
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
		readable[i.ID] = rd.OpenedAt != nil && i.Status == rfq.Submitted
	}
	return sourcing.Matrix(rd.Compliance, rows, answers, func(id int64) bool { return readable[id] }, st.Now(), TermEnd(rd)), nil
}

// QuoteCompliance is an awarded quote's vendor row of the matrix of the
// round it came through.
type QuoteCompliance struct {
	QuoteID    int64
	Round      int
	Compliance sourcing.Compliance // what the round required
	Row        sourcing.Row
}

// QuotesCompliance gives, for each of quoteIDs that came through a round
// asking for attestations, its vendor's row of that round's matrix (its
// latest round when it came through several). Quotes entered by hand,
// or from a round that asked for none, are absent.
func (s *Service) QuotesCompliance(ctx context.Context, evaluationID int64, quoteIDs []int64) (map[int64]QuoteCompliance, error) {
	out := map[int64]QuoteCompliance{}
	if len(quoteIDs) == 0 {
		return out, nil
	}
	srcs, err := s.store.QuoteSources(ctx, evaluationID)
	if err != nil {
		return nil, err
	}
	for _, id := range quoteIDs {
		if _, done := out[id]; done || len(srcs[id]) == 0 {
			continue
		}
		src := srcs[id][len(srcs[id])-1]
		rd, err := s.store.RFQ(ctx, src.RFQID)
		if err != nil {
			return nil, err
		}
		inv, err := s.store.Invitation(ctx, src.InvitationID)
		if err != nil {
			return nil, err
		}
		rows, err := RoundMatrix(ctx, s.store, rd, []store.Invitation{inv})
		if err != nil {
			return nil, err
		}
		if len(rows) == 1 {
			out[id] = QuoteCompliance{QuoteID: id, Round: src.Round, Compliance: rd.Compliance, Row: rows[0]}
		}
	}
	return out, nil
}
