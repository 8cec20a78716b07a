package contract

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

func testContract() Contract {
	return Contract{
		ID: 1, Currency: "USD", Zone: time.UTC,
		Dates: Dates{Start: d("2026-01-01"), TermMonths: 12, NoticeDays: 90, Activated: true},
		Charges: []Charge{
			{Name: "H100 GPU-hour", Kind: KindGPUHours, Unit: "GPU-hour", Rate: 2_950_000},
			{Name: "Internet egress", Kind: KindEgress, Unit: "GB", Rate: 50_000},
			{Name: "Block storage", Kind: KindStorage, Unit: "GB-month", Rate: 20_000},
			{Name: "Support", Kind: KindFee, Unit: "month", Rate: MicrosFromInt(1500)},
			{Name: "Minimum commitment shortfall", Kind: KindShortfall, Unit: "month"},
		},
		Capacity:   Capacity{GPUs: 64, GPUsPerNode: 8},
		Commitment: &Commitment{Kind: CommitSpend, Amount: MicrosFromInt(100_000), Unit: "USD", Period: "month"},
		SLA:        &SLA{UptimePct: 9950, Credits: []CreditStep{{9950, 1000}, {9900, 2500}}, ClaimDays: 30},
	}
}

// want is one exception the generator seeded: its line, reason and cents.
type want struct {
	line  int
	why   Reason
	cents int64
}

// billGen writes a FOCUS bill for January to June 2026 line by line,
// recording the exceptions it seeds.
type billGen struct {
	b     strings.Builder
	line  int
	wants []want
}

func (g *billGen) row(from, to time.Time, cat, desc, cost, qty, unit string) int {
	g.line++
	fmt.Fprintf(&g.b, "2026-01-01T00:00:00Z,%s,%s,%s,%s,%s,USD,%s,%s,Usage-Based,Committed,us-east-1,INV-7,\n",
		from.Format(time.RFC3339), to.Format(time.RFC3339), cat, desc, cost, qty, unit)
	return g.line
}

func (g *billGen) seed(line int, why Reason, cents int64) {
	g.wants = append(g.wants, want{line, why, cents})
}

func outageDays() []Outage {
	var os []Outage
	for m := time.January; m <= time.June; m++ {
		start := time.Date(2026, m, 10, 6, 0, 0, 0, time.UTC)
		os = append(os, Outage{Start: start, End: start.Add(6 * time.Hour), Nodes: 1, Source: "health gate"})
	}
	start := time.Date(2026, 6, 20, 0, 0, 0, 0, time.UTC)
	return append(os, Outage{Start: start, End: start.Add(6 * time.Hour), Nodes: 1, Source: "Xid 79"})
}

// generate writes the bill; seeded adds the 40 discrepancies. It returns
// the CSV and the open credit claims.
func generate(seeded bool) (string, []CreditClaim, []want) {
	g := &billGen{line: 1}
	g.b.WriteString("BillingPeriodStart,ChargePeriodStart,ChargePeriodEnd,ChargeCategory,ChargeDescription,BilledCost,BillingCurrency,PricingQuantity,PricingUnit,ChargeFrequency,PricingCategory,RegionId,InvoiceId,CommitmentDiscountStatus\n")
	g.gpuDays(seeded)
	for m := time.January; m <= time.June; m++ {
		g.monthly(m, seeded)
	}
	claims := make([]CreditClaim, 9)
	var credit int64
	for i := range claims {
		cents := int64(100_000 + i*1001) // 1000.00, 1010.01, ...
		claims[i] = CreditClaim{Month: NewDate(2026, time.Month(1+i%6), 1), Amount: Money{cents, "USD"}}
		switch {
		case !seeded || i < 3:
			credit += cents
		case i == 3:
			credit += cents / 2
			g.seed(0, MissingCredit, cents-cents/2)
		default:
			g.seed(0, MissingCredit, cents)
		}
	}
	july := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	g.row(july, july.AddDate(0, 1, 0), "Credit", "SLA credit", fmt.Sprintf("-%d.%02d", credit/100, credit%100), "", "")
	return g.b.String(), claims, g.wants
}

// gpuDays bills each day's GPU-hours: clean lines bill what was delivered,
// seeded ones a higher rate (7 days) or the full capacity on a day with an
// outage (7 days).
func (g *billGen) gpuDays(seeded bool) {
	rateDays := []string{"2026-01-03", "2026-01-30", "2026-02-24", "2026-03-21", "2026-04-15", "2026-05-11", "2026-06-05"}
	for day := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC); day.Month() <= time.June && day.Year() == 2026; day = day.AddDate(0, 0, 1) {
		hours := int64(1536)
		down := day.Day() == 10 || (day.Month() == time.June && day.Day() == 20)
		if down {
			hours = 1536 - 48
		}
		rate := int64(295)
		switch {
		case seeded && down:
			l := g.row(day, day.AddDate(0, 0, 1), "Usage", "H100 GPU-hour", cents(1536*295), "1536", "GPU-hour")
			g.seed(l, QuantityAboveDelivered, 48*295)
			continue
		case seeded && slices.Contains(rateDays, day.Format(time.DateOnly)):
			rate = 310
			defer func(l int) { g.seed(l, RateAboveContract, hours*15) }(g.line + 1)
		}
		g.row(day, day.AddDate(0, 0, 1), "Usage", "H100 GPU-hour", cents(hours*rate), fmt.Sprint(hours), "GPU-hour")
	}
}

// monthly bills egress, storage and support; seeded months add a charge the
// contract does not name, egress (or storage in January) above the quote,
// and a shortfall charge although the commitment was met.
func (g *billGen) monthly(m time.Month, seeded bool) {
	from := time.Date(2026, m, 1, 0, 0, 0, 0, time.UTC)
	to := from.AddDate(0, 1, 0)
	egress := int64(5)
	if seeded {
		egress = 7
	}
	l := g.row(from, to, "Usage", "Internet egress", cents(12000*egress), "12000", "GB")
	if seeded {
		g.seed(l, AboveQuotedPrice, 12000*2)
	}
	storage := "1000.00"
	if seeded && m == time.January {
		storage = "1250.00"
	}
	if l := g.row(from, to, "Usage", "Block storage", storage, "50000", "GB-month"); storage != "1000.00" {
		g.seed(l, AboveQuotedPrice, 25000)
	}
	g.row(from, to, "Purchase", "Support", "1500", "1", "month")
	if !seeded {
		return
	}
	g.seed(g.row(from, to, "Purchase", "Premium support", "400.00", "1", "month"), ChargeNotInContract, 40000)
	if m == time.June {
		g.seed(g.row(from, to, "Purchase", "Premium  SUPPORT", "400.00", "1", "month"), ChargeNotInContract, 40000)
	}
	g.seed(g.row(from, to, "Purchase", "Minimum commitment shortfall", "2500.00", "1", "month"), ShortfallCharge, 250000)
}

func cents(c int64) string { return fmt.Sprintf("%d.%02d", c/100, c%100) }

func matchGenerated(t *testing.T, seeded bool) (Result, []want) {
	t.Helper()
	text, claims, wants := generate(seeded)
	c := testContract()
	b, err := ReadBill(strings.NewReader(text), c.Currency, c.Zone)
	if err != nil {
		t.Fatal(err)
	}
	return Match(MatchInput{Contract: c, Bill: b, Outages: outageDays(), OpenClaims: claims}), wants
}

func TestSeededBillFlagsEveryDiscrepancy(t *testing.T) {
	res, wants := matchGenerated(t, true)
	var got []want
	var sum int64
	for _, e := range res.Exceptions() {
		got = append(got, want{e.Line, e.Reason, e.Amount.Minor})
		if e.Amount.Currency != "USD" {
			t.Errorf("exception in %s", e.Amount.Currency)
		}
	}
	cmp := func(a, b want) int { return a.line*1000 + int(a.cents%997) - b.line*1000 - int(b.cents%997) }
	slices.SortFunc(got, cmp)
	slices.SortFunc(wants, cmp)
	if len(wants) != 40 || !slices.Equal(got, wants) {
		t.Fatalf("%d exceptions:\n got %v\nwant %v", len(got), got, wants)
	}
	for _, w := range wants {
		sum += w.cents
	}
	kinds := map[Reason]int{}
	for _, w := range wants {
		kinds[w.why]++
	}
	if len(kinds) != 6 {
		t.Errorf("seeded kinds %v, want all six", kinds)
	}
	// The credits on the bill pay the first three claims and half the
	// fourth; the other five get nothing.
	if len(res.ClaimsCredited) != 9 {
		t.Errorf("%d claims credited, want 9", len(res.ClaimsCredited))
	}
	for i, cc := range res.ClaimsCredited {
		want := cc.Claimed.Minor
		switch {
		case i == 3:
			want /= 2
		case i > 3:
			want = 0
		}
		if cc.Credited.Minor != want {
			t.Errorf("claim %d credited %s, want %s", i, cc.Credited, cents(want))
		}
	}
	if res.Disputed.Minor != sum || res.ShouldBePaid != PayException {
		t.Errorf("disputed %s, should be paid %s; want %s, exception", res.Disputed, res.ShouldBePaid, cents(sum))
	}
}

func TestCleanBillFlagsNothing(t *testing.T) {
	res, _ := matchGenerated(t, false)
	if ex := res.Exceptions(); len(ex) != 0 {
		t.Fatalf("clean bill: %v", ex)
	}
	if res.ShouldBePaid != PayYes || res.Disputed.Minor != 0 {
		t.Errorf("should be paid %s, disputed %s", res.ShouldBePaid, res.Disputed)
	}
	// 181 days of 1536 GPU-hours less 7 × 48 at 2.95, 6 months of 600 + 1000
	// + 1500, less the credits of nine claims.
	gpu := (181*1536 - 7*48) * int64(295)
	var credits int64
	for i := range 9 {
		credits += int64(100_000 + i*1001)
	}
	if want := gpu + 6*(60000+100000+150000) - credits; res.Total.Minor != want {
		t.Errorf("total %s, want %s", res.Total, cents(want))
	}
}
