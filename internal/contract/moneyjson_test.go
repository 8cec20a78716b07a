package contract

import (
	"encoding/json"
	"testing"
)

// A bill's match is stored as JSON and read back for the contract page:
// every amount must come back to the minor unit, in its currency.
func TestMoneyJSONRoundTrips(t *testing.T) {
	for _, m := range []Money{{Minor: 14160, Currency: "USD"}, {Minor: -5, Currency: "EUR"}, {Minor: 1234, Currency: "JPY"},
		{Minor: 1001, Currency: "KWD"}, {Minor: 0, Currency: "USD"}} {
		b, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		var got Money
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		if got != m {
			t.Errorf("%s read back as %+v, want %+v", b, got, m)
		}
	}
	for _, bad := range []string{`{"amount":"1.234","currency":"USD"}`, `{"amount":"1","currency":"XXX1"}`, `{"amount":"x","currency":"USD"}`} {
		var m Money
		if err := json.Unmarshal([]byte(bad), &m); err == nil {
			t.Errorf("%s read as %+v, want an error", bad, m)
		}
	}
}
