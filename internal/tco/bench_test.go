package tco

import (
	"fmt"
	"testing"
)

// benchQuotes is a realistic mix: every rental model, foreign currencies
// and missing terms, so ranges and conversions are on the measured path.
func benchQuotes(n int) []Quote {
	models := RentalModels()
	qs := make([]Quote, n)
	for i := range qs {
		q := fullQuote(fmt.Sprintf("q%02d", i), models[i%len(models)], 1.5+float64(i)*0.13)
		switch i % 4 {
		case 1:
			q.Currency = "EUR"
		case 2:
			q.EgressPerGB = Refused[float64]()
			q.StoragePerTBMonth = NotStated[float64]()
		case 3:
			q.BillingUnit = NotStated[BillingUnit]()
			q.MinTermMonths = NotStated[int]()
			q.SupportPerMonth = NotStated[float64]()
		}
		qs[i] = q
	}
	return qs
}

// BenchmarkWorksheet30 is one worksheet page: 30 quotes with their ranges
// and the full 4 × 3 sensitivity grid.
func BenchmarkWorksheet30(b *testing.B) {
	qs := benchQuotes(30)
	a := DefaultAssumptions("USD")
	a.FX["EUR"] = FXRate{Rate: 1.08}
	b.ReportAllocs()
	for b.Loop() {
		ws, err := Compute(qs, a)
		if err != nil {
			b.Fatal(err)
		}
		if len(ws.Sensitivity.Points) != 12 {
			b.Fatal("short grid")
		}
	}
}
