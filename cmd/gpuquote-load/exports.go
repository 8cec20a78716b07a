package main

import (
	"fmt"
	"io"
	"net/http"
	"strconv"
	"syscall"
	"time"
)

// exports are the reads of the large evaluation too heavy to drive with
// many connections: each is fetched once, after the load.
func exports(fx fixture) []page {
	api := fmt.Sprintf("/api/v1/evaluations/%d", fx.evaluationID)
	ev := fmt.Sprintf("/evaluations/%d", fx.evaluationID)
	return []page{
		{"analysis API, page", api + "/analysis?page=2"},
		{"worksheet API, page", api + "/worksheet?page=2"},
		{"quotes CSV", ev + "/quotes.csv"},
		{"worksheet CSV", ev + "/worksheet.csv"},
		{"worksheet XLSX", ev + "/worksheet.xlsx"},
	}
}

// exportRows fetches each export once and reports it as a row of one
// request: its time is both the p50 and the p99.
// The second result is the highest peak RSS of the exports.
func exportRows(fx fixture) (rows [][]string, most int64) {
	client := &http.Client{Jar: fx.cookies, Timeout: 5 * time.Minute}
	for _, p := range exports(fx) {
		start, cpu := time.Now(), processCPU()
		res, err := client.Get(fx.base + p.path)
		var n int64
		errors := 1
		if err == nil {
			n, _ = io.Copy(io.Discard, res.Body)
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				errors = 0
			}
		}
		took := time.Since(start)
		at := phasePeak()
		fmt.Printf("%s: %s, %s CPU (app and driver), peak RSS %d MB\n", p.name, took.Round(time.Millisecond),
			(processCPU() - cpu).Round(time.Millisecond), at>>20)
		most = max(most, at)
		rows = append(rows, []string{p.name + " (once)", "1", fmt.Sprintf("%.1f", 1/took.Seconds()), ms(took), ms(took),
			strconv.Itoa(errors), fmt.Sprintf("%.1f", float64(n)/1024), "", ""})
	}
	return rows, most
}

// peakRSS is the most memory the process has held, app and driver
// together (getrusage's maximum resident set size, in KB on Linux).
func peakRSS() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return int64(ru.Maxrss) << 10
}

// processCPU is the CPU time the process has used, user and system: on a
// busy machine an export's CPU time says more than its wall time.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
