package market

import (
	"slices"
	"testing"

	"github.com/gpuquote/gpuquote/internal/quote"
)

func TestSummarize(t *testing.T) {
	tests := []struct {
		name string
		in   []string
		want [5]string // min, p25, median, p75, max
	}{
		{"one", []string{"2.95"}, [5]string{"2.95", "2.95", "2.95", "2.95", "2.95"}},
		{"even count interpolates", []string{"4", "1", "3", "2"}, [5]string{"1", "1.75", "2.5", "3.25", "4"}},
		{"odd count", []string{"2", "3", "4", "5", "6"}, [5]string{"2", "3", "4", "5", "6"}},
		// Half a micro-dollar rounds away from zero; a quarter rounds down.
		{"rounding", []string{"0", "0.000001"}, [5]string{"0", "0", "0.000001", "0.000001", "0.000001"}},
		{"ties", []string{"3.5", "3.5", "3.5", "9"}, [5]string{"3.5", "3.5", "3.5", "4.875", "9"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var in []quote.Decimal
			for _, s := range tt.in {
				in = append(in, dec(t, s))
			}
			before := slices.Clone(in)
			s := Summarize(in)
			got := [5]string{s.Min.String(), s.P25.String(), s.Median.String(), s.P75.String(), s.Max.String()}
			if got != tt.want || s.Count != len(tt.in) {
				t.Errorf("Summarize(%v) = %d %v, want %d %v", tt.in, s.Count, got, len(tt.in), tt.want)
			}
			if !slices.Equal(in, before) {
				t.Error("Summarize changed its input")
			}
		})
	}
	if s := Summarize(nil); s != (Stats{}) {
		t.Errorf("Summarize(nil) = %+v", s)
	}
}
