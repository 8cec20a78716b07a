package quote

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestParseDecimal(t *testing.T) {
	tests := []struct {
		in      string
		micros  int64
		canon   string
		wantErr string
	}{
		{in: "2.95", micros: 2_950_000, canon: "2.95"},
		{in: "0", micros: 0, canon: "0"},
		{in: "0.05", micros: 50_000, canon: "0.05"},
		{in: "3200", micros: 3_200_000_000, canon: "3200"},
		{in: "2.950", micros: 2_950_000, canon: "2.95"},
		{in: "007.5", micros: 7_500_000, canon: "7.5"},
		{in: "0.000001", micros: 1, canon: "0.000001"},
		{in: "1.000000", micros: 1_000_000, canon: "1"},
		{in: "9223372036854.775807", micros: 9223372036854775807, canon: "9223372036854.775807"},
		{in: "9223372036854.775808", wantErr: "too large"},
		{in: "9223372036855", wantErr: "too large"},
		{in: "99999999999999999999999", wantErr: "too large"},
		{in: "1.2345678", wantErr: "more than 6 decimal places"},
		{in: "-1", wantErr: "0 or more"},
		{in: "1,000", wantErr: "thousands separators"},
		{in: "2,95", wantErr: "dot as the decimal mark"},
		{in: "1 000", wantErr: "thousands separators"},
		{in: "1e3", wantErr: "exponent"},
		{in: "1E-2", wantErr: "exponent"},
		{in: "+1", wantErr: "not a number"},
		{in: ".5", wantErr: "not a number"},
		{in: "5.", wantErr: "not a number"},
		{in: "1.2.3", wantErr: "not a number"},
		{in: "$3", wantErr: "not a number"},
		{in: "NaN", wantErr: "not a number"},
		{in: "١٢", wantErr: "not a number"}, // non-ASCII digits
		{in: "", wantErr: "empty"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseDecimal(tt.in)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("ParseDecimal(%q) error = %v, want it to contain %q", tt.in, err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("ParseDecimal(%q): %v", tt.in, err)
			}
			if got.Micros() != tt.micros {
				t.Errorf("ParseDecimal(%q).Micros() = %d, want %d", tt.in, got.Micros(), tt.micros)
			}
			if got.String() != tt.canon {
				t.Errorf("ParseDecimal(%q).String() = %q, want %q", tt.in, got.String(), tt.canon)
			}
			back, err := ParseDecimal(got.String())
			if err != nil || back != got {
				t.Errorf("ParseDecimal(%q) = %v, %v; want %v (round trip)", got.String(), back, err, got)
			}
		})
	}
}

func TestDecimalString(t *testing.T) {
	tests := []struct {
		d    Decimal
		want string
	}{
		{DecimalFromMicros(0), "0"},
		{DecimalFromMicros(-1_500_000), "-1.5"},
		{DecimalFromMicros(-9223372036854775808), "-9223372036854.775808"},
		{DecimalFromInt(42), "42"},
		{DecimalFromMicros(120_000), "0.12"},
	}
	for _, tt := range tests {
		if got := tt.d.String(); got != tt.want {
			t.Errorf("Decimal(%d).String() = %q, want %q", tt.d.Micros(), got, tt.want)
		}
	}
}

func TestDecimalHelpers(t *testing.T) {
	a, b := DecimalFromMicros(2_950_000), DecimalFromMicros(3_000_000)
	if a.Cmp(b) != -1 || b.Cmp(a) != 1 || a.Cmp(a) != 0 {
		t.Errorf("Cmp(2.95, 3) is not ordered")
	}
	if got := a.Float64(); got != 2.95 {
		t.Errorf("Float64() = %v, want 2.95", got)
	}
	if !(Decimal{}).IsZero() || a.IsZero() {
		t.Errorf("IsZero wrong")
	}
	js, err := json.Marshal(struct{ P Decimal }{a})
	if err != nil || string(js) != `{"P":"2.95"}` {
		t.Errorf("json.Marshal = %s, %v; want {\"P\":\"2.95\"}", js, err)
	}
	var back struct{ P Decimal }
	if err := json.Unmarshal(js, &back); err != nil || back.P != a {
		t.Errorf("json.Unmarshal = %v, %v; want %v", back.P, err, a)
	}
	if err := json.Unmarshal([]byte(`{"P":"-1"}`), &back); err == nil {
		t.Errorf("json.Unmarshal of a negative amount succeeded")
	}
}

func TestDecimalFromIntOverflowPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Errorf("DecimalFromInt(1e15) did not panic")
		}
	}()
	DecimalFromInt(1_000_000_000_000_000)
}
