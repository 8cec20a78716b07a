package contract

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

func TestContractValidate(t *testing.T) {
	for _, c := range []struct {
		name string
		edit func(*Contract)
		want string
	}{
		{"valid", func(*Contract) {}, ""},
		{"currency", func(c *Contract) { c.Currency = "usd" }, "currency:"},
		{"zone", func(c *Contract) { c.Zone = nil }, "zone:"},
		{"nodes", func(c *Contract) { c.Capacity.GPUs = 60 }, "capacity:"},
		{"kind", func(c *Contract) { c.Charges[0].Kind = "gpu" }, "charges[0].kind:"},
		{"twice", func(c *Contract) { c.Charges = append(c.Charges, Charge{"h100  gpu-hour", KindFee, "GPU-HOUR", 1}) }, "charges[5]: "},
		{"commitment", func(c *Contract) { c.Commitment.Period = "year" }, "commitment.period:"},
		{"sla", func(c *Contract) { c.SLA.ClaimDays = 0 }, "sla.claim_days:"},
		{"dates", func(c *Contract) { c.Dates.TermMonths = 0 }, "term_months:"},
	} {
		ct := testContract()
		ct.Charges = append([]Charge(nil), ct.Charges...)
		c.edit(&ct)
		err := ct.Validate()
		if (c.want == "") != (err == nil) || (err != nil && !strings.HasPrefix(err.Error(), c.want)) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}

// A bill for all of January on a contract that starts on 16 January:
// only the 16 days in force were delivered.
func TestDeliveredOnlyWhileInForce(t *testing.T) {
	c := testContract()
	c.Dates.Start = d("2026-01-16")
	text := invoiceHeader + "2026-01,H100 GPU-hour,25000,GPU-hour,2.95,73750.00,USD\n"
	b, err := ReadBill(strings.NewReader(text), "USD", time.UTC)
	if err != nil {
		t.Fatal(err)
	}
	ex := Match(MatchInput{Contract: c, Bill: b}).Exceptions()
	// 64 GPUs × 16 days × 24 h = 24576 delivered; 424 over at 2.95 = 1250.80.
	if len(ex) != 1 || ex[0].Reason != QuantityAboveDelivered || ex[0].Amount != usd(125080) {
		t.Fatalf("%+v", ex)
	}
}

func TestJSONIsExact(t *testing.T) {
	out, err := json.Marshal(CommitmentRow{Month: d("2026-01-01"), Committed: 1_500_000, UtilisationPct: 8850, Cost: usd(-5)})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{`"month":"2026-01-01"`, `"committed":"1.5"`, `"utilisation_pct":"88.50"`, `"cost":{"amount":"-0.05","currency":"USD"}`} {
		if !strings.Contains(string(out), w) {
			t.Errorf("%s lacks %s", out, w)
		}
	}
	var p Pct
	if err := p.UnmarshalText([]byte("99.9")); err != nil || p != 9990 {
		t.Errorf("99.9 → %d, %v", p, err)
	}
}
