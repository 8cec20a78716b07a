package evaluation

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/gpuquote/gpuquote/internal/rfq"
	"github.com/gpuquote/gpuquote/internal/sourcing"
	"github.com/gpuquote/gpuquote/internal/store"
)

// Reading a sourcing round as the buyer sees it. A round whose deadline
// has passed is opened before it is read, so any page or API answer
// after a deadline sees the answers as quotes.

// NotOpenedError is a due round that could not be opened: the read went
// on with what is stored, and Then is how it ended (nil when it
// succeeded). The caller logs Err and carries on with Then.
type NotOpenedError struct {
	EvaluationID int64
	Err          error
	Then         error
}

func (e *NotOpenedError) Error() string {
	return fmt.Sprintf("evaluation: open due rounds of evaluation %d: %v", e.EvaluationID, e.Err)
}

func (e *NotOpenedError) Unwrap() []error {
	if e.Then == nil {
		return []error{e.Err}
	}
	return []error{e.Err, e.Then}
}

// Round reads round id, opening it first if its deadline has passed. A
// failure to open is a *NotOpenedError with the round as stored.
func (s *Service) Round(ctx context.Context, id int64) (store.RFQ, error) {
	rd, err := s.store.RFQ(ctx, id)
	if err != nil || !rd.Rules().Due(s.store.Now()) {
		return rd, err
	}
	if _, err := s.OpenDue(ctx, rd.EvaluationID); err != nil {
		return rd, &NotOpenedError{EvaluationID: rd.EvaluationID, Err: err}
	}
	return s.store.RFQ(ctx, id)
}

// RoundCount is a round with its counts of invited and answered vendors.
type RoundCount = sourcing.RoundCount

// RoundCounts lists an evaluation's rounds with their counts.
func (s *Service) RoundCounts(ctx context.Context, evaluationID int64) ([]RoundCount, error) {
	rounds, err := s.store.RFQsOf(ctx, evaluationID)
	if err != nil {
		return nil, err
	}
	return s.countRounds(ctx, rounds)
}

func (s *Service) countRounds(ctx context.Context, rounds []store.RFQ) ([]RoundCount, error) {
	out := make([]RoundCount, 0, len(rounds))
	for _, rd := range rounds {
		invs, err := s.store.Invitations(ctx, rd.ID)
		if err != nil {
			return nil, err
		}
		x := RoundCount{RFQ: rd, Invited: len(invs)}
		for _, i := range invs {
			if i.Status == rfq.Submitted {
				x.Submitted++
			}
		}
		out = append(out, x)
	}
	return out, nil
}

// SealedRounds are the evaluation's rounds still sealed, for the quote
// list to say how many answers wait behind each.
func (s *Service) SealedRounds(ctx context.Context, evaluationID int64) ([]RoundCount, error) {
	all, err := s.RoundCounts(ctx, evaluationID)
	sealed := all[:0]
	for _, x := range all {
		if x.RFQ.OpenedAt == nil {
			sealed = append(sealed, x)
		}
	}
	return sealed, err
}

// RoundDetail is everything the buyer's round page and API show of a
// round: the same read for both.
type RoundDetail struct {
	sourcing.RoundDetail
	Evaluation store.Evaluation
}

// RoundDetail reads round id as Round does, with its invitations,
// questions, documents, the evaluation's rounds and the compliance
// matrix. A failure to open a due round is a *NotOpenedError with the
// detail read as stored.
func (s *Service) RoundDetail(ctx context.Context, id int64) (RoundDetail, error) {
	var d RoundDetail
	var opened *NotOpenedError
	rd, err := s.Round(ctx, id)
	if !errors.As(err, &opened) && err != nil {
		return d, err
	}
	if err := s.readDetail(ctx, rd, &d); err != nil {
		return d, err
	}
	if opened != nil {
		return d, opened
	}
	return d, nil
}

func (s *Service) readDetail(ctx context.Context, rd store.RFQ, d *RoundDetail) error {
	d.RFQ = rd
	var err error
	if d.Evaluation, err = s.store.Evaluation(ctx, rd.EvaluationID); err != nil {
		return err
	}
	if d.Invitations, err = s.store.Invitations(ctx, rd.ID); err != nil {
		return err
	}
	if d.Questions, err = s.store.Questions(ctx, rd.ID); err != nil {
		return err
	}
	if d.Documents, err = s.store.Documents(ctx, rd.ID, 0); err != nil {
		return err
	}
	if d.Rounds, err = s.RoundCounts(ctx, rd.EvaluationID); err != nil {
		return err
	}
	if d.Compliance, err = RoundMatrix(ctx, s.store, rd, d.Invitations); err != nil {
		return err
	}
	if rd.OpenedAt == nil {
		// A brief that cannot be read says nothing about staleness.
		if b, err := s.store.Brief(ctx, rd.EvaluationID); err == nil {
			sent, err := s.store.SentBriefVersion(ctx, rd.ID)
			if err != nil {
				return err
			}
			d.BriefStale = b.Version != sent
		}
		return nil
	}
	short, err := s.store.Shortlist(ctx, rd.EvaluationID)
	if err != nil {
		return err
	}
	for _, i := range d.Invitations {
		if en, ok := short[i.QuoteID]; ok && i.QuoteID != 0 && en.Status == "shortlisted" {
			d.Shortlisted = append(d.Shortlisted, i)
		}
	}
	return nil
}

// Document reads a vendor's attachment for the buyer: readable once its
// round is open and its answer submitted (store.ErrSealed before). A
// round whose deadline passed since anyone looked is opened first; a
// failure to open is a *NotOpenedError whose Then is the read's end.
func (s *Service) Document(ctx context.Context, id int64) (store.Document, error) {
	d, evalID, err := s.store.Document(ctx, id)
	if !errors.Is(err, store.ErrSealed) {
		return d, err
	}
	if _, oerr := s.OpenDue(ctx, evalID); oerr != nil {
		d, _, err = s.store.Document(ctx, id)
		return d, &NotOpenedError{EvaluationID: evalID, Err: oerr, Then: err}
	}
	d, _, err = s.store.Document(ctx, id)
	return d, err
}

// CopyDocument streams attachment id's content to w a chunk at a time.
func (s *Service) CopyDocument(ctx context.Context, id int64, w io.Writer) error {
	return s.store.CopyDocument(ctx, id, w)
}

// QuoteSource is where quote quoteID's latest revision came from, when
// it came through a round: ok is false for a quote the buyer entered.
func (s *Service) QuoteSource(ctx context.Context, evaluationID, quoteID int64) (src store.Source, ok bool, err error) {
	srcs, err := s.store.QuoteSources(ctx, evaluationID)
	if err != nil || len(srcs[quoteID]) == 0 {
		return store.Source{}, false, err
	}
	return srcs[quoteID][len(srcs[quoteID])-1], true, nil
}
