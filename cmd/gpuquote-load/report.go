package main

import (
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"strconv"
	"time"
	"unicode/utf8"
)

// reportHeader names the table's columns, on screen and in -report's CSV.
var reportHeader = []string{"page", "requests", "req/s", "p50", "p99", "errors", "KB/req", "css req/s", "÷ css"}

// reportRows is one row per page: "÷ css" is the page's req/s over the
// stylesheet's, the figure that survives a busy machine. Durations are
// in milliseconds.
func reportRows(results []*result) [][]string {
	css := float64(results[0].requests) / results[0].elapsed.Seconds()
	rows := make([][]string, 0, len(results))
	for _, r := range results {
		rps := float64(r.requests) / r.elapsed.Seconds()
		rows = append(rows, []string{r.name, strconv.Itoa(r.requests), fmt.Sprintf("%.1f", rps),
			ms(percentile(r.latencies, 0.50)), ms(percentile(r.latencies, 0.99)), strconv.Itoa(r.errors),
			fmt.Sprintf("%.1f", float64(r.bytes)/float64(max(r.requests, 1))/1024), fmt.Sprintf("%.1f", css), fmt.Sprintf("%.3f", rps/css)})
	}
	return rows
}

func ms(d time.Duration) string {
	return strconv.FormatFloat(float64(d)/float64(time.Millisecond), 'f', 2, 64)
}

// printReport writes the table for a reader, its first column as wide as
// its longest name (the exports' names are longer than the pages').
func printReport(w io.Writer, rows [][]string) {
	width := 22
	for _, r := range rows {
		width = max(width, utf8.RuneCountInString(r[0]))
	}
	line := func(r []string) {
		fmt.Fprintf(w, "%-*s %9s %9s %10s %10s %7s %8s %9s %8s\n", width, r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8])
	}
	h := append([]string(nil), reportHeader...)
	h[3], h[4] = "p50 ms", "p99 ms"
	line(h)
	for _, r := range rows {
		line(r)
	}
}

// writeReport writes the table as CSV to path, so that runs can be
// compared; the p50 and p99 columns are in milliseconds.
func writeReport(path string, rows [][]string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	cw := csv.NewWriter(f)
	h := append([]string(nil), reportHeader...)
	h[3], h[4] = "p50_ms", "p99_ms"
	_ = cw.Write(h)
	_ = cw.WriteAll(rows)
	if err := cw.Error(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
