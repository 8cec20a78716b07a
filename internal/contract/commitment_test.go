package contract

import (
	"testing"
	"time"
)

// A 12-month contract committing 120,000.00 USD over the term with a
// 6,000.00 upfront payment. By hand, for each month: committed =
// 120000 / 12 = 10000.00; upfront amortised = 6000 / 12 = 500.00.
//
//	January: 3000 GPU-hours at 2.95 = 8850.00 spent; used 8850 of 10000 →
//	unused 1150.00, utilisation 88.50 %; cost = 8850 + 500 = 9350.00;
//	effective rate 9350 / 3000 = 3.116667 per GPU-hour; 1000 useful units
//	→ 9.35 per unit, against 8.80 quoted.
//	February: 4000 GPU-hours = 11800.00, a 200.00 credit; used 11800 →
//	unused 0, utilisation 118.00 %; cost = 11800 + 500 − 200 = 12100.00;
//	rate 3.025; no useful units entered → 0. Burn-down: 9350 + 12100 =
//	21450.00 spent against 20000 committed.
func TestCommitmentReportByHand(t *testing.T) {
	c := testContract()
	c.Commitment = &Commitment{Kind: CommitSpend, Amount: MicrosFromInt(120_000), Unit: "USD", Period: "term"}
	c.Upfront = MicrosFromInt(6000)
	use := []MonthUse{
		{Month: d("2026-01-01"), GPUHours: MicrosFromInt(3000), Spend: MicrosFromInt(8850), UsefulUnits: MicrosFromInt(1000)},
		{Month: d("2026-02-01"), GPUHours: MicrosFromInt(4000), Spend: MicrosFromInt(11800), Credits: MicrosFromInt(200)},
	}
	rows := CommitmentReport(c, use, 8_800_000)
	want := []CommitmentRow{
		{Month: d("2026-01-01"), Committed: MicrosFromInt(10000), Used: MicrosFromInt(8850), Unused: MicrosFromInt(1150),
			UtilisationPct: 8850, Shortfall: usd(0), UpfrontAmortised: usd(50000), Cost: usd(935000),
			EffectiveRate: 3_116_667, CostPerUsefulUnit: 9_350_000, QuotedPerUseful: 8_800_000,
			CumulativeCost: usd(935000), CumulativeCommitted: MicrosFromInt(10000)},
		{Month: d("2026-02-01"), Committed: MicrosFromInt(10000), Used: MicrosFromInt(11800), Unused: 0,
			UtilisationPct: 11800, Shortfall: usd(0), UpfrontAmortised: usd(50000), Cost: usd(1210000),
			EffectiveRate: 3_025_000, QuotedPerUseful: 8_800_000,
			CumulativeCost: usd(2145000), CumulativeCommitted: MicrosFromInt(20000)},
	}
	for i := range want {
		if rows[i] != want[i] {
			t.Errorf("month %d:\n got %+v\nwant %+v", i+1, rows[i], want[i])
		}
	}
}

func usd(cents int64) Money { return Money{Minor: cents, Currency: "USD"} }

// A usage commitment of 40,000 GPU-hours a month: the bill used 30,000, so
// a shortfall of 10,000 hours at 2.95 = 29,500.00 may be charged; charging
// 30,000.00 is 500.00 too much.
func TestShortfallChargeAgainstUsageCommitment(t *testing.T) {
	c := testContract()
	c.Commitment = &Commitment{Kind: CommitUsage, Amount: MicrosFromInt(40_000), Unit: "GPU-hour", Period: "month"}
	for _, cc := range []struct {
		charged string
		want    int64
	}{{"29500.00", 0}, {"30000.00", 50000}, {"1000.00", 0}} {
		text := invoiceHeader + "2026-03,H100 GPU-hour,30000,GPU-hour,2.95,88500.00,USD\n" +
			"2026-03,Minimum commitment shortfall,1,month," + cc.charged + "," + cc.charged + ",USD\n"
		b, err := ReadBill(stringsReader(text), "USD", time.UTC)
		if err != nil {
			t.Fatal(err)
		}
		res := Match(MatchInput{Contract: c, Bill: b})
		var got int64
		for _, e := range res.Exceptions() {
			if e.Reason != ShortfallCharge {
				t.Errorf("%s: %+v", cc.charged, e)
			}
			got += e.Amount.Minor
		}
		if got != cc.want {
			t.Errorf("shortfall %s charged: exception %s, want %s", cc.charged, cents(got), cents(cc.want))
		}
		rows := CommitmentReport(c, UseFromBill(c, b), 0)
		if rows[0].Unused != MicrosFromInt(10_000) || rows[0].UtilisationPct != 7500 {
			t.Errorf("report %+v", rows[0])
		}
	}
}

func TestStatedTotalThatDiffersMeansDoNotPay(t *testing.T) {
	c := testContract()
	b, err := ReadBill(stringsReader(invoiceHeader+"2026-03,Support,1,month,1500,1500.00,USD\n"), "USD", time.UTC)
	if err != nil {
		t.Fatal(err)
	}
	for _, cc := range []struct {
		stated Micros
		want   Payable
	}{{MicrosFromInt(1500), PayYes}, {1_500_004_000, PayYes}, {MicrosFromInt(1600), PayNo}} {
		res := Match(MatchInput{Contract: c, Bill: b, StatedTotal: &cc.stated})
		if res.ShouldBePaid != cc.want {
			t.Errorf("stated %s: %s, want %s (%v)", cc.stated, res.ShouldBePaid, cc.want, res.BillExceptions)
		}
	}
}
