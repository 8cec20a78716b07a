package main

import (
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"
)

// page is one URL the load drives.
type page struct{ name, path string }

// result is what a page's requests gave over every round.
type result struct {
	page
	requests, errors int
	bytes            int64
	elapsed          time.Duration
	latencies        []time.Duration
}

// pages are the stylesheet first (the yardstick) and the main pages; the
// worksheet and the decision page are driven on an evaluation the size of
// the demo's and on the large one.
func pages(fx fixture, o options) []page {
	ev := fmt.Sprintf("/evaluations/%d", fx.evaluationID)
	small := fmt.Sprintf("/evaluations/%d", fx.smallID)
	return []page{
		{"stylesheet", "/static/app.css"},
		{"evaluations list", "/evaluations"},
		{"evaluation home", ev},
		{"quotes list", ev + "/quotes"},
		{fmt.Sprintf("worksheet, %d q", o.small), small + "/worksheet"},
		{fmt.Sprintf("decision, %d q", o.small), small + "/decision"},
		{fmt.Sprintf("worksheet, %d q", o.quotes), ev + "/worksheet"},
		{fmt.Sprintf("decision, %d q", o.quotes), ev + "/decision"},
		{"benchmarks", fmt.Sprintf("/quotes/%d/benchmarks", fx.quoteID)},
	}
}

// drive runs every page for o.duration with o.conns connections, page
// after page, o.rounds times, so that a slow spell of the machine falls on
// every page alike.
func drive(fx fixture, o options) []*result {
	ps := pages(fx, o)
	if o.only != "" {
		ps = slices.DeleteFunc(ps[1:], func(p page) bool { return !strings.Contains(p.name, o.only) })
		ps = append([]page{{"stylesheet", "/static/app.css"}}, ps...)
	}
	results := make([]*result, len(ps))
	for i, p := range ps {
		results[i] = &result{page: p}
	}
	tr := &http.Transport{MaxConnsPerHost: o.conns, MaxIdleConnsPerHost: o.conns}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr, Jar: fx.cookies, Timeout: 30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for range o.rounds {
		for _, r := range results {
			hammer(client, fx.base+r.path, o.conns, o.duration, r)
		}
	}
	return results
}

// hammer sends GET url from conns goroutines until d has passed.
func hammer(client *http.Client, url string, conns int, d time.Duration, r *result) {
	var mu sync.Mutex
	var wg sync.WaitGroup
	start := time.Now()
	deadline := start.Add(d)
	for range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for time.Now().Before(deadline) {
				t := time.Now()
				res, err := client.Get(url)
				ok := err == nil && res.StatusCode == http.StatusOK
				var n int64
				if err == nil {
					n, _ = io.Copy(io.Discard, res.Body)
					res.Body.Close()
				}
				lat := time.Since(t)
				mu.Lock()
				r.requests++
				r.bytes += n
				r.latencies = append(r.latencies, lat)
				if !ok {
					r.errors++
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	r.elapsed += time.Since(start)
}

func percentile(ls []time.Duration, p float64) time.Duration {
	if len(ls) == 0 {
		return 0
	}
	s := slices.Clone(ls)
	slices.Sort(s)
	return s[min(len(s)-1, int(float64(len(s))*p))]
}
