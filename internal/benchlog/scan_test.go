package benchlog

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The hand scanners replace regular expressions that cost most of their
// parser's time; each must find exactly what the expression found.

var perftestKVRegexp = regexp.MustCompile(`([A-Za-z][\w .*/()-]*?)\s+:\s+(\S+)`)

func perftestKVAll(t string) [][2]string {
	var out [][2]string
	for i, pos := 0, 0; i < 4; i++ {
		k, v, next, ok := perftestKV(t, pos)
		if !ok {
			break
		}
		out = append(out, [2]string{k, v})
		pos = next
	}
	return out
}

func checkPerftestKV(t *testing.T, line string) {
	want := perftestKVRegexp.FindAllStringSubmatch(line, 4)
	got := perftestKVAll(line)
	if len(got) != len(want) {
		t.Fatalf("%q: %d settings %q, the expression finds %d %q", line, len(got), got, len(want), want)
	}
	for i := range want {
		if got[i][0] != want[i][1] || got[i][1] != want[i][2] {
			t.Fatalf("%q: setting %d is %q, the expression finds %q", line, i, got[i], want[i][1:])
		}
	}
}

func TestPerftestKVMatchesExpression(t *testing.T) {
	for _, line := range []string{
		"Dual-port       : OFF\t\tDevice         : mlx5_5", "rdma_cm QPs\t : ON",
		"Data ex. method : rdma_cm \tTOS    : 41", "Mtu             : 4096[B]", "a : b : c : d : e : f",
		"x: 1", "abc :1", " : x", "9 : x", "key  :  ", "a b c\t:\tv w : z", "Key (a/b) * - : v\vw",
		"local address: LID 0000 QPN 0x0093 PSN 0xbf9bfe", "é : x", "A\t \t:\t x",
	} {
		checkPerftestKV(t, line)
	}
}

func FuzzPerftestKV(f *testing.F) {
	f.Add("Number of qps   : 4\t\tTransport type : IB")
	f.Add("Data ex. method : rdma_cm \tTOS    : 41")
	f.Fuzz(func(t *testing.T, line string) { checkPerftestKV(t, line) })
}

// fields, slashFields and splitByte stand in for the strings functions on
// hot paths and must split exactly as they do.
func checkSplitters(t *testing.T, s string) {
	if got, want := fields(s, nil), strings.Fields(s); !slices.Equal(got, want) {
		t.Fatalf("fields(%q) = %q, strings.Fields %q", s, got, want)
	}
	if got, want := slashFields(s, nil), strings.Fields(strings.ReplaceAll(s, "/", " / ")); !slices.Equal(got, want) {
		t.Fatalf("slashFields(%q) = %q, want %q", s, got, want)
	}
	if got, want := splitByte(s, '|', nil), strings.Split(s, "|"); !slices.Equal(got, want) {
		t.Fatalf("splitByte(%q) = %q, strings.Split %q", s, got, want)
	}
	if got, want := splitString(s, ", ", nil), strings.Split(s, ", "); !slices.Equal(got, want) {
		t.Fatalf("splitString(%q) = %q, strings.Split %q", s, got, want)
	}
	if isUpperWord(s) != (s == strings.ToUpper(s)) || isLowerWord(s) != (s == strings.ToLower(s)) {
		t.Fatalf("isUpperWord/isLowerWord(%q) disagree with strings", s)
	}
	if len(s) <= 8 {
		exp, ok := fioUnitExp(s)
		want, wantOK := map[string]int{"": 0, "K": 1, "M": 2, "G": 3, "T": 4, "P": 5}[strings.ToUpper(strings.ReplaceAll(strings.TrimSuffix(s, "B"), "i", ""))]
		if exp != want || ok != wantOK {
			t.Fatalf("fioUnitExp(%q) = %d %v, want %d %v", s, exp, ok, want, wantOK)
		}
	}
}

func TestSplittersMatchStrings(t *testing.T) {
	for _, s := range []string{"", " ", "| N/A  25C  P0  92W / 700W |", "a\u00a0b c", "x||y|", "\t\v\f\r\n", "/", "//a/ /", "KiB", "kB", "MiB", "iB", "ıB", "İ", "a, b,, c, ", "READ", "Read"} {
		checkSplitters(t, s)
	}
}

func FuzzSplitters(f *testing.F) {
	f.Add("| N/A   32C    P0    70W / 700W |  1MiB / 81559MiB |")
	f.Fuzz(checkSplitters)
}
