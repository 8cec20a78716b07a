package sheet

import (
	"bytes"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/tco"
	"github.com/xuri/excelize/v2"
)

// testQuotes cover every rental model, terms stated, not stated and
// refused, billing by second, minute, hour and month, and prices in four
// currencies.
func testQuotes() []tco.Quote {
	q := func(id string, m tco.RentalModel, gpu string, perNode, nodes int, cur string) tco.Quote {
		return tco.Quote{ID: id, Label: "Quote " + id, RentalModel: m, GPUModel: gpu, GPUsPerNode: perNode, Nodes: nodes, Currency: cur}
	}
	res := q("res", tco.Reserved, "H200", 8, 8, "USD")
	res.RatePerGPUHour, res.BillingUnit, res.MinTermMonths = tco.Stated(2.95), tco.Stated(tco.PerHour), tco.Stated(6)
	res.StoragePerTBMonth, res.EgressPerGB, res.SupportPerMonth = tco.Stated(22.0), tco.Refused[float64](), tco.Stated(1500.0)
	// A minimum spend far above usage, and an upfront payment: the
	// workbook must owe the same contract value as tco.
	res.MinSpend, res.Upfront = tco.Stated(1_000_000.0), tco.Stated(25_000.0)

	od := q("od", tco.OnDemand, "H100 SXM", 8, 2, "EUR")
	od.RatePerGPUHour, od.BillingUnit, od.MinTermMonths = tco.Stated(3.49), tco.Stated(tco.PerMinute), tco.Stated(0)
	od.StoragePerTBMonth, od.EgressPerGB, od.SupportPerMonth = tco.NotStated[float64](), tco.Stated(0.08), tco.Refused[float64]()
	// No term, but an upfront payment in EUR: spread over the horizon.
	od.Upfront = tco.Stated(1234.56)

	mkt := q("mkt", tco.Marketplace, "RTX 4090", 8, 4, "USD")
	mkt.RatePerGPUHour, mkt.BillingUnit, mkt.MinTermMonths = tco.Stated(0.35), tco.Stated(tco.PerSecond), tco.Stated(0)
	mkt.StoragePerTBMonth, mkt.EgressPerGB, mkt.SupportPerMonth = tco.Stated(15.0), tco.Stated(0.0), tco.NotStated[float64]()

	single := q("single", tco.SingleNode, "H100", 8, 1, "JPY")
	single.RatePerGPUHour, single.BillingUnit, single.MinTermMonths = tco.Stated(520.0), tco.NotStated[tco.BillingUnit](), tco.Refused[int]()
	single.StoragePerTBMonth, single.EgressPerGB, single.SupportPerMonth = tco.Stated(3300.0), tco.Stated(12.0), tco.Stated(0.0)

	managed := q("managed", tco.ManagedCluster, "H100 SXM", 8, 16, "EUR")
	managed.RatePerGPUHour, managed.BillingUnit, managed.MinTermMonths = tco.NotStated[float64](), tco.Stated(tco.PerHour), tco.Stated(0)
	managed.StoragePerTBMonth, managed.EgressPerGB, managed.SupportPerMonth = tco.Stated(25.0), tco.Stated(0.05), tco.Stated(2000.0)

	api := q("api", tco.ModelAPI, "B200", 8, 1, "USD")
	api.RatePerGPUHour, api.BillingUnit, api.MinTermMonths = tco.Stated(6.0), tco.NotStated[tco.BillingUnit](), tco.Stated(0)
	api.StoragePerTBMonth, api.EgressPerGB, api.SupportPerMonth = tco.NotStated[float64](), tco.Stated(0.09), tco.Refused[float64]()

	buy := q("buy", tco.Buy, "H100", 8, 4, "EUR")
	buy.RatePerGPUHour, buy.BillingUnit, buy.MinTermMonths = tco.Stated(1.9), tco.Stated(tco.PerMonth), tco.Stated(36)
	buy.StoragePerTBMonth, buy.EgressPerGB, buy.SupportPerMonth = tco.Stated(10.0), tco.Stated(0.0), tco.Stated(800.0)

	monthly := q("monthly", tco.OnDemand, "A100 80GB", 8, 2, "GBP")
	monthly.RatePerGPUHour, monthly.BillingUnit, monthly.MinTermMonths = tco.Stated(1.6), tco.Stated(tco.PerMonth), tco.NotStated[int]()
	monthly.StoragePerTBMonth, monthly.EgressPerGB, monthly.SupportPerMonth = tco.Stated(18.0), tco.Stated(0.07), tco.NotStated[float64]()

	term3 := q("term3", tco.SingleNode, "L40S", 4, 1, "USD")
	term3.RatePerGPUHour, term3.BillingUnit, term3.MinTermMonths = tco.Refused[float64](), tco.Stated(tco.PerSecond), tco.Stated(3)
	term3.StoragePerTBMonth, term3.EgressPerGB, term3.SupportPerMonth = tco.Stated(20.0), tco.Stated(0.1), tco.Stated(300.0)

	open := q("open", tco.ManagedCluster, "H200 SXM", 8, 4, "EUR")
	open.RatePerGPUHour, open.BillingUnit, open.MinTermMonths = tco.Stated(3.8), tco.Stated(tco.PerMinute), tco.Term[int]{}
	open.StoragePerTBMonth, open.EgressPerGB, open.SupportPerMonth = tco.Stated(21.0), tco.Refused[float64](), tco.Stated(0.0)

	// Slower capacity: its units, and so its cost per unit, follow the
	// relative throughput.
	mkt.Speed = tco.Speed{Factor: 0.8, Source: tco.SpeedMeasured}
	// An unknown fabric (issue 25): full speed down to 0.23 at the
	// quoted link rate; the high end of the cost per unit counts it.
	single.Speed = tco.Speed{Factor: 1, Low: 0.23, Source: tco.SpeedReference}
	return []tco.Quote{res, od, mkt, single, managed, api, buy, monthly, term3, open}
}

// testCase is an evaluation currency with its FX rates and a few
// non-default assumptions, so that burst, job rounding and 0- and
// 3-decimal currencies are all exercised.
type testCase struct {
	name string
	a    tco.Assumptions
}

func testCases() []testCase {
	date := time.Date(2026, 4, 1, 0, 0, 0, 0, time.UTC)
	mk := func(cur string, fx map[string]float64, edit func(*tco.Assumptions)) tco.Assumptions {
		a := tco.DefaultAssumptions(cur)
		for c, r := range fx {
			a.FX[c] = tco.FXRate{Rate: r, Date: date, Source: "ECB reference rate"}
		}
		if edit != nil {
			edit(&a)
		}
		return a
	}
	return []testCase{
		{"EUR", mk("EUR", map[string]float64{"USD": 0.9214, "JPY": 0.006123, "GBP": 1.1687}, func(a *tco.Assumptions) {
			a.Utilisation = tco.Assumption{Value: 0.85, Low: 0.5, High: 0.95, Unit: "share", Source: "brief"}
			a.BurstGPUHoursPerMonth = tco.Assumption{Value: 500, Unit: "GPU-h/month"}
			a.MeanJobHours = tco.Assumption{Value: 0.25, Unit: "h"}
			a.JobsPerMonth = tco.Assumption{Value: 120}
		})},
		{"USD", mk("USD", map[string]float64{"EUR": 1.0853, "JPY": 0.006645, "GBP": 1.2684}, nil)},
		{"JPY", mk("JPY", map[string]float64{"USD": 151.37, "EUR": 164.29, "GBP": 191.99}, func(a *tco.Assumptions) {
			a.MeanJobHours = tco.Assumption{Value: 2.2, Unit: "h"}
			a.StoredTB = tco.Assumption{Value: 0}
			a.SnapshotTB = tco.Assumption{Value: 0}
		})},
		{"KWD", mk("KWD", map[string]float64{"USD": 0.3072, "EUR": 0.3334, "JPY": 0.00203, "GBP": 0.3896}, func(a *tco.Assumptions) {
			a.Utilisation = tco.Assumption{Value: 0.55, Low: 0.5, High: 0.95, Unit: "share"}
			a.BurstGPUHoursPerMonth = tco.Assumption{Value: 1234.5}
		})},
	}
}

// computeWS runs tco.Compute and fails the test on error.
func computeWS(t *testing.T, qs []tco.Quote, a tco.Assumptions) tco.Worksheet {
	t.Helper()
	ws, err := tco.Compute(qs, a)
	if err != nil {
		t.Fatalf("tco.Compute: %v", err)
	}
	return ws
}

// buildXLSX writes the workbook and opens it again, as a buyer would.
func buildXLSX(t *testing.T, qs []tco.Quote, a tco.Assumptions, ws tco.Worksheet) (*excelize.File, []byte) {
	t.Helper()
	var buf bytes.Buffer
	if err := WorksheetXLSX(&buf, qs, a, ws); err != nil {
		t.Fatalf("WorksheetXLSX: %v", err)
	}
	raw := bytes.Clone(buf.Bytes())
	f, err := excelize.OpenReader(&buf)
	if err != nil {
		t.Fatalf("opening the workbook: %v", err)
	}
	t.Cleanup(func() { _ = f.Close() })
	return f, raw
}
