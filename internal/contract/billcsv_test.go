package contract

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
)

const invoiceHeader = "period,description,quantity,unit,unit_price,amount,currency\n"

func TestReadInvoice(t *testing.T) {
	berlin, _ := time.LoadLocation("Europe/Berlin")
	text := "\uFEFF" + invoiceHeader +
		"2026-01,H100 GPU-hour,1000,GPU-hour,2.95,2950.00,EUR\n" +
		",,,,,,\n" + // a blank row a spreadsheet appends
		"2026-01-01/2026-01-16,Internet egress,1234.5,GB,0.000125,0.15,EUR\n" +
		"2026-01,SLA credit,1,credit,-120.5,-120.50,EUR\n"
	b, err := ReadBill(strings.NewReader(text), "EUR", berlin)
	if err != nil {
		t.Fatal(err)
	}
	if b.Format != FormatInvoice || len(b.Lines) != 3 {
		t.Fatalf("%+v", b)
	}
	l := b.Lines[0]
	if l.Line != 2 || l.Quantity != MicrosFromInt(1000) || l.UnitPrice != 2_950_000 || l.Amount != MicrosFromInt(2950) {
		t.Errorf("line 2: %+v", l)
	}
	if want := time.Date(2026, 1, 1, 0, 0, 0, 0, berlin); !l.PeriodStart.Equal(want) || !l.PeriodEnd.Equal(want.AddDate(0, 1, 0)) {
		t.Errorf("period %s – %s: a month in the contract's zone", l.PeriodStart, l.PeriodEnd)
	}
	if b.Lines[1].Line != 4 || b.Lines[2].Category != CategoryCredit {
		t.Errorf("%+v", b.Lines[1:])
	}
	if got := (Money{Minor: 282950, Currency: "EUR"}); b.Total() != 2829_650_000 {
		t.Errorf("total %s, want %s", b.Total(), got)
	}
}

func TestReadBillErrorsNameLineAndColumn(t *testing.T) {
	for _, c := range []struct {
		name, text string
		want       []string
	}{
		{"missing column", "period,description,quantity,unit,amount,currency\n2026-01,x,1,h,1,USD\n",
			[]string{"line 1, column unit_price: required column missing"}},
		{"unknown column", invoiceHeader[:len(invoiceHeader)-1] + ",vat\n", []string{"line 1, column vat: unknown column"}},
		{"twice", "period,period,description,quantity,unit,unit_price,amount,currency\n", []string{"line 1, column period: column given twice"}},
		{"comma decimal", invoiceHeader + "2026-01,x,1,h,\"2,95\",2.95,USD\n", []string{"line 2, column unit_price: \"2,95\": not a plain number"}},
		{"too many cents", invoiceHeader + "2026-01,x,1,h,2.951,2.951,USD\n", []string{"line 2, column amount: \"2.951\": more than 2 decimal places"}},
		{"yen has no cents", invoiceHeader + "2026-01,x,1,h,300,300.5,JPY\n", []string{"line 2, column amount: \"300.5\": more than 0 decimal places"}},
		{"other currency", invoiceHeader + "2026-01,x,1,h,1,1.00,EUR\n", []string{"line 2, column currency: EUR, but the contract is in USD"}},
		{"sum wrong", invoiceHeader + "2026-01,x,3,h,2.95,8.80,USD\n", []string{"line 2, column amount: 8.8 is not quantity × unit price (8.85)"}},
		{"bad period", invoiceHeader + "\n\n2026-13,x,1,h,1,1,USD\n", []string{"line 4, column period: \"2026-13\""}},
		{"short row", invoiceHeader + "2026-01,x,1\n", []string{"line 2: has 3 cells, the header has 7"}},
		{"negative quantity", invoiceHeader + "2026-01,x,-1,h,1,-1,USD\n", []string{"line 2, column quantity: \"-1\": must be 0 or more"}},
		{"every problem", invoiceHeader + "2026-01,,1,h,1,1,USD\n2026-01,x,1,,1,1,US$\n",
			[]string{"line 2, column description: required", "line 3, column unit: required", "line 3, column currency: \"US$\" is not an ISO 4217"}},
		{"no lines", invoiceHeader, []string{"line 2: the bill has no lines"}},
		{"bad quote", invoiceHeader + "2026-01,\"x,1,h,1,1,USD\n", []string{"line 2:"}},
		{"focus category", focusHeader + "2026-01-01T00:00:00Z,2026-01-01T00:00:00Z,2026-01-02T00:00:00Z,Fee,x,1,USD,1,h\n",
			[]string{"line 2, column ChargeCategory: \"Fee\": must be Usage"}},
		{"focus period", focusHeader + "2026-01-01T00:00:00Z,2026-01-02T00:00:00Z,2026-01-01T00:00:00Z,Usage,x,1,USD,1,h\n",
			[]string{"line 2, column ChargePeriodEnd: must be after ChargePeriodStart"}},
		{"focus usage unit", focusHeader + "2026-01-01,2026-01-01,2026-01-02,Usage,x,1,USD,,\n",
			[]string{"line 2, column PricingQuantity: required", "line 2, column PricingUnit: required on a Usage line"}},
		{"focus time", focusHeader + "January,2026-01-01,2026-01-02,Tax,x,1,USD,,\n",
			[]string{"line 2, column BillingPeriodStart: \"January\": not a date-time"}},
	} {
		cur := "USD"
		if strings.HasPrefix(c.name, "yen") {
			cur = "JPY" // a JPY contract: amounts in whole yen
		}
		_, err := ReadBill(strings.NewReader(c.text), cur, time.UTC)
		var ie *ImportError
		if !errors.As(err, &ie) {
			t.Errorf("%s: err %v, want an ImportError", c.name, err)
			continue
		}
		if len(ie.Errors) != len(c.want) {
			t.Errorf("%s: %v, want %d problem(s)", c.name, ie, len(c.want))
			continue
		}
		for i, w := range c.want {
			if !strings.HasPrefix(ie.Errors[i].Error(), w) {
				t.Errorf("%s: %q, want it to start %q", c.name, ie.Errors[i].Error(), w)
			}
		}
	}
}

const focusHeader = "BillingPeriodStart,ChargePeriodStart,ChargePeriodEnd,ChargeCategory,ChargeDescription,BilledCost,BillingCurrency,PricingQuantity,PricingUnit\n"

func TestReadBillIsBounded(t *testing.T) {
	big := strings.NewReader(invoiceHeader + strings.Repeat("2026-01,x,1,h,1,1.00,USD\n", MaxBillBytes/25+1))
	if _, err := ReadBill(big, "USD", time.UTC); !errors.Is(err, ErrBillTooLarge) {
		t.Errorf("oversized: %v", err)
	}
	many := strings.NewReader(invoiceHeader + strings.Repeat("2026-01,x,1,h,1,1,USD\n", MaxBillLines+1))
	var ie *ImportError
	if _, err := ReadBill(many, "USD", time.UTC); !errors.As(err, &ie) || !strings.Contains(ie.Error(), "more than 50000 lines") {
		t.Errorf("too many lines: %v", err)
	}
}

// The examples in docs/examples read and match cleanly against the
// contract docs/bills.md describes.
func TestDocumentedExamplesRead(t *testing.T) {
	c := testContract()
	for _, p := range []string{"../../docs/examples/bill-focus.csv", "../../docs/examples/bill-invoice.csv"} {
		f, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		b, err := ReadBill(f, "USD", time.UTC)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		res := Match(MatchInput{Contract: c, Bill: b})
		out, _ := json.Marshal(res.Exceptions())
		if len(res.Exceptions()) != 1 || res.Exceptions()[0].Reason != RateAboveContract {
			t.Errorf("%s: exceptions %s, want the one rate above the contract", p, out)
		}
	}
}

func stringsReader(s string) *strings.Reader { return strings.NewReader(s) }

// BenchmarkReadBill reads a month of daily GPU-hour lines for 100 SKUs
// (3,100 lines) in the plain invoice format.
func BenchmarkReadBill(b *testing.B) {
	var sb strings.Builder
	sb.WriteString(invoiceHeader)
	for i := range 3100 {
		fmt.Fprintf(&sb, "2026-01-%02d/2026-01-%02d,SKU %d,1536,GPU-hour,2.95,4531.20,USD\n", 1+i%28, 2+i%28, i/31)
	}
	text := sb.String()
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if _, err := ReadBill(strings.NewReader(text), "USD", time.UTC); err != nil {
			b.Fatal(err)
		}
	}
}

// FuzzReadBill: any input is read or refused, never a panic, and a bill
// read holds only lines in the contract's currency.
func FuzzReadBill(f *testing.F) {
	f.Add(invoiceHeader + "2026-01,x,1,h,1,1.00,USD\n")
	f.Add(focusHeader + "2026-01-01T00:00:00Z,2026-01-01,2026-01-02,Usage,x,-1.5,USD,3,h\n")
	f.Fuzz(func(t *testing.T, text string) {
		b, err := ReadBill(strings.NewReader(text), "USD", time.UTC)
		if err != nil {
			return
		}
		for _, l := range b.Lines {
			if l.Currency != "USD" || l.Line < 2 {
				t.Fatalf("line %+v", l)
			}
		}
	})
}

// A refused bill counts its problems in words, never "problem(s)".
func TestBillImportErrorCountsInWords(t *testing.T) {
	one := (&ImportError{Errors: []RowError{{Line: 1, Reason: "a"}}}).Error()
	three := (&ImportError{Errors: make([]RowError, 3)}).Error()
	if !strings.HasPrefix(one, "bill not imported, 1 problem;") || !strings.HasPrefix(three, "bill not imported, 3 problems;") {
		t.Errorf("%q, %q", one, three)
	}
}
