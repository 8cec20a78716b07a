package web

import (
	"context"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/redflag"
	"github.com/gpuquote/gpuquote/web/views"
)

// The quote's words are presentation, in web/views; these names are the
// ones the other pages call them by.
var (
	moneyColumns     = views.QuoteMoneyColumns
	stateName        = views.QuoteStateName
	termText         = views.QuoteTermText
	formGroups       = views.QuoteFormGroups
	reasonText       = views.QuoteReasonText
	flagViews        = views.QuoteFlagViews
	keepAmountsWhole = views.QuoteKeepAmountsWhole
	vendorCheck      = views.VendorCheck
)

// storedFlags are a stored quote's own red flags (its terms against the
// brief), from its evaluation's kept analysis rather than flagged again.
func (s *Server) storedFlags(ctx context.Context, sq evaluation.StoredQuote) (*evaluation.Analysis, []redflag.Flag, error) {
	d, err := s.eval.Analyze(ctx, sq.EvaluationID)
	if err != nil {
		return nil, nil, err
	}
	return d, d.TermFlags[sq.ID], nil
}
