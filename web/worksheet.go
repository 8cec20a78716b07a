package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/tco"
)

// worksheetData is everything the worksheet page, its exports and its API
// are computed from.
type worksheetData struct {
	Evaluation store.Evaluation
	Brief      store.StoredBrief
	All        []store.StoredQuote // every quote of the evaluation, in entry order
	Quotes     []store.StoredQuote // those in the worksheet, in entry order
	Skipped    []store.StoredQuote // quotes without an exchange rate
	Unpriced   []store.StoredQuote // quotes the cost model cannot price (no GPU count, no rate and no market rate)
	Stored     store.Assumptions
	Inputs     []tco.Quote
	A          tco.Assumptions
	WS         tco.Worksheet
	Suites     map[int64]store.SuiteCounts // acceptance suite progress by quote
}

// errNoQuotes means the evaluation has nothing to compare yet.
var errNoQuotes = errors.New("no quotes to compare")

// buildWorksheet computes the evaluation's worksheet: defaults, then the
// brief, then the values edited on the page; FX from the admin's dated
// rates. Quotes in a currency without a rate are left out and named.
func (s *Server) buildWorksheet(ctx context.Context, evaluationID int64) (worksheetData, error) {
	var d worksheetData
	var err error
	if d.Evaluation, err = s.store.Evaluation(ctx, evaluationID); err != nil {
		return d, err
	}
	if d.Brief, err = s.store.Brief(ctx, evaluationID); err != nil {
		return d, err
	}
	if d.Stored, err = s.store.Assumptions(ctx, evaluationID); err != nil {
		return d, err
	}
	if d.All, err = s.store.ListQuotes(ctx, evaluationID); err != nil {
		return d, err
	}
	if d.Suites, err = s.store.SuiteSummaries(ctx, evaluationID); err != nil {
		return d, err
	}
	fx, err := s.worksheetFX(ctx)
	if err != nil {
		return d, err
	}
	if d.A, err = worksheetAssumptions(d.Brief.Data, d.Stored.Overrides, fx); err != nil {
		return d, err
	}
	for _, sq := range d.All {
		switch in, place := worksheetInput(sq, fx, d.A); place {
		case leftNoRate:
			d.Skipped = append(d.Skipped, sq)
		case leftUnpriced:
			d.Unpriced = append(d.Unpriced, sq)
		default:
			d.Quotes = append(d.Quotes, sq)
			d.Inputs = append(d.Inputs, in)
		}
	}
	if len(d.Inputs) == 0 {
		d.WS = tco.Worksheet{Currency: d.A.Currency, UnitName: d.A.UnitName}
		return d, errNoQuotes
	}
	d.WS, err = tco.Compute(d.Inputs, d.A)
	if err != nil {
		return d, fmt.Errorf("worksheet %d: %w", evaluationID, err)
	}
	return d, nil
}

// fxRates are the admin's dated rates, in USD per unit of each currency.
type fxRates struct {
	usdPer map[string]quote.Decimal
	dates  map[string]time.Time
}

// worksheetFX reads the admin's rates; USD is always known.
func (s *Server) worksheetFX(ctx context.Context) (fxRates, error) {
	usdPer, dates, err := s.fxTable(ctx)
	if err != nil {
		return fxRates{}, err
	}
	usdPer["USD"] = quote.DecimalFromInt(1)
	return fxRates{usdPer: usdPer, dates: dates}, nil
}

// worksheetAssumptions are an evaluation's assumptions: defaults, then the
// brief, then the values edited on the page; FX from the admin's rates.
func worksheetAssumptions(b brief.Brief, overrides map[string]string, fx fxRates) (tco.Assumptions, error) {
	a := tco.DefaultAssumptions("USD")
	tco.ApplyBrief(&a, b)
	if err := tco.ApplyOverrides(&a, overrides); err != nil {
		return a, err
	}
	target, ok := fx.usdPer[a.Currency]
	if !ok {
		// Without a rate for the evaluation currency, work in USD.
		a.Currency, target = "USD", fx.usdPer["USD"]
	}
	for cur, rate := range fx.usdPer {
		if cur != a.Currency {
			a.FX[cur] = tco.FXRate{Rate: rate.Float64() / target.Float64(), Date: fx.dates[cur], Source: "admin FX table (USD per unit)"}
		}
	}
	return a, nil
}

// worksheetPlace is whether the worksheet compares a quote or why it
// leaves it out.
type worksheetPlace int

const (
	compared     worksheetPlace = iota
	leftNoRate                  // no exchange rate for its currency
	leftUnpriced                // the cost model cannot price it
)

// worksheetInput is sq's input to the cost model and its place.
func worksheetInput(sq store.StoredQuote, fx fxRates, a tco.Assumptions) (tco.Quote, worksheetPlace) {
	cur, _ := sq.Quote.Currency.Get()
	if _, ok := fx.usdPer[cur]; !ok {
		return tco.Quote{}, leftNoRate
	}
	in := tco.FromQuote(strconv.FormatInt(sq.ID, 10), sq.ProviderName, sq.Quote)
	// One quote the model cannot price must not take the worksheet
	// down for the others: it is left out and named.
	if _, err := tco.Compute([]tco.Quote{in}, a); errors.Is(err, tco.ErrInvalid) {
		return in, leftUnpriced
	}
	return in, compared
}

// worksheetParam builds the worksheet of the {id} evaluation; one without
// quotes yet is not an error, its worksheet is empty.
func (s *Server) worksheetParam(r *http.Request) (worksheetData, error) {
	id, err := idParam(r, "id")
	if err != nil {
		return worksheetData{}, err
	}
	d, err := s.buildWorksheet(r.Context(), id)
	if errors.Is(err, errNoQuotes) {
		err = nil
	}
	return d, err
}

// minorDecimal is an exact amount from minor units, in the locale's format.
func minorDecimal(m tco.Money) string {
	digits := 2
	switch m.Currency {
	case "VND", "JPY", "KRW":
		digits = 0
	case "KWD", "BHD":
		digits = 3
	}
	neg := m.Minor < 0
	n := m.Minor
	if neg {
		n = -n
	}
	s := strconv.FormatInt(n, 10)
	if digits > 0 {
		for len(s) <= digits {
			s = "0" + s
		}
		s = s[:len(s)-digits] + "." + s[len(s)-digits:]
	}
	if neg {
		s = "-" + s
	}
	return s
}
