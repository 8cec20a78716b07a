package main

import (
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestRepeatRowsNamesEachProvider(t *testing.T) {
	path := filepath.Join(t.TempDir(), "q.csv")
	if err := os.WriteFile(path, []byte("provider,currency\nAcme,USD\nBeta,EUR\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	got, err := repeatRows(path, 3)
	if err != nil {
		t.Fatal(err)
	}
	if want := "provider,currency\nAcme 0,USD\nBeta 1,EUR\nAcme 2,USD\n"; got != want {
		t.Errorf("rows = %q, want %q", got, want)
	}
	if err := os.WriteFile(path, []byte("provider\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := repeatRows(path, 3); err == nil || !strings.Contains(err.Error(), "no quote rows") {
		t.Errorf("a header alone: %v", err)
	}
}

func TestPercentile(t *testing.T) {
	var ls []time.Duration
	for i := 100; i >= 1; i-- {
		ls = append(ls, time.Duration(i)*time.Millisecond)
	}
	if p50, p99 := percentile(ls, 0.5), percentile(ls, 0.99); p50 != 51*time.Millisecond || p99 != 100*time.Millisecond {
		t.Errorf("p50 %s, p99 %s", p50, p99)
	}
	if percentile(nil, 0.5) != 0 {
		t.Error("no requests must give 0")
	}
}

// -report writes the printed table as CSV: a header and one row a page,
// the ratio to the stylesheet's req/s included.
func TestReportIsTheTableAsCSV(t *testing.T) {
	results := []*result{
		{page: page{name: "stylesheet"}, requests: 1000, elapsed: time.Second, latencies: []time.Duration{time.Millisecond}},
		{page: page{name: "worksheet, 3 q"}, requests: 300, errors: 1, bytes: 300 << 10, elapsed: time.Second,
			latencies: []time.Duration{2 * time.Millisecond, 4 * time.Millisecond}},
	}
	path := filepath.Join(t.TempDir(), "run.csv")
	if err := writeReport(path, reportRows(results)); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"page", "requests", "req/s", "p50_ms", "p99_ms", "errors", "KB/req", "css req/s", "÷ css"},
		{"stylesheet", "1000", "1000.0", "1.00", "1.00", "0", "0.0", "1000.0", "1.000"},
		{"worksheet, 3 q", "300", "300.0", "4.00", "4.00", "1", "1.0", "1000.0", "0.300"},
	}
	if fmt.Sprint(rows) != fmt.Sprint(want) {
		t.Errorf("report:\n%q\nwant\n%q", rows, want)
	}
}

// The table's columns line up when a name is longer than the pages' (the
// exports' "worksheet API, page (once)"): each line's requests column ends
// at the same place.
func TestReportColumnsLineUpWithLongNames(t *testing.T) {
	var b strings.Builder
	long := "worksheet API, page (once)"
	rows := [][]string{
		{"stylesheet", "1000", "1000.0", "1.00", "1.00", "0", "19.1", "1000.0", "1.000"},
		{long, "1", "81.8", "12.22", "12.22", "0", "786.3", "", ""},
	}
	printReport(&b, rows)
	lines := strings.Split(b.String(), "\n")
	end := len(long) + 1 + 9 // the name column, a space, the requests column
	for i, want := range []string{"requests", "1000", "1"} {
		if len(lines[i]) < end || !strings.HasSuffix(lines[i][:end], " "+want) {
			t.Errorf("line %d does not end its requests column at %d:\n%s", i, end, b.String())
		}
	}
}
