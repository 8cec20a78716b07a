package web

import (
	"net/http"
	"net/url"
	"strconv"
	"time"
)

// The analysis and worksheet APIs answer a page of quotes at a time: an
// evaluation may hold 10,000, whose whole analysis is some 100 MB of JSON.
// The totals, the award, the recommendation and the best quotes are
// always those of every quote.
const (
	defaultPerPage = 100
	maxPerPage     = 500
	// readBudget is how long building one API page may take before it
	// answers with the rows it has and a link to a narrower view.
	readBudget = 250 * time.Millisecond
)

// apiPage says which page of quotes an answer holds, how many there are
// in all, and where the next page is.
type apiPage struct {
	Page         int     `json:"page"`
	PerPage      int     `json:"per_page"`
	Pages        int     `json:"pages"`
	TotalQuotes  int     `json:"total_quotes"`   // priced quotes, in every page
	TotalLeftOut int     `json:"total_left_out"` // quotes the analysis could not price
	Next         *string `json:"next"`           // the next page's URL; null on the last
	// Partial is true when the page was cut short by the read budget;
	// NarrowView then asks for a smaller page from where this one stopped.
	Partial    bool    `json:"partial"`
	NarrowView *string `json:"narrow_view"`
}

// pageWindow is the page a request asks for, over priced and left-out
// quotes alike.
type pageWindow struct {
	page, per int
	started   time.Time
	budget    time.Duration
	u         *url.URL
}

// readPage reads ?page= (from 1) and ?per_page= (1 to 500, default 100).
func (s *Server) readPage(r *http.Request) (pageWindow, error) {
	return s.readPageOf(r, defaultPerPage, maxPerPage)
}

// readPageOf reads ?page= and ?per_page= (1 to most, default def).
func (s *Server) readPageOf(r *http.Request, def, most int) (pageWindow, error) {
	q := r.URL.Query()
	w := pageWindow{page: 1, per: def, started: time.Now(), budget: s.readBudget, u: r.URL}
	if v := q.Get("page"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return w, fieldErrors{"page": "api.error.page"}
		}
		w.page = n
	}
	if v := q.Get("per_page"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > most {
			return w, fieldErrors{"per_page": perPageError(most)}
		}
		w.per = n
	}
	return w, nil
}

// begin starts the budget's clock: after the analysis is at hand, whose
// first computation for new inputs is not the page's to bound.
func (w *pageWindow) begin() { w.started = time.Now() }

// span is the window's [from, to) over a list of n.
func (w pageWindow) span(n int) (from, to int) {
	from = min((w.page-1)*w.per, n)
	return from, min(from+w.per, n)
}

// over reports whether the budget is spent; the first row always fits.
func (w pageWindow) over(built int) bool {
	return built > 0 && time.Since(w.started) > w.budget
}

// describe is the page's apiPage once built rows of the priced list (of
// priced in all) were written.
func (w pageWindow) describe(priced, leftOut, built int, cut bool) apiPage {
	pages := max(1, (max(priced, leftOut)+w.per-1)/w.per)
	p := apiPage{Page: w.page, PerPage: w.per, Pages: pages, TotalQuotes: priced, TotalLeftOut: leftOut}
	if w.page < pages {
		p.Next = w.link(w.page+1, w.per)
	}
	if cut {
		// A page of the rows that fitted, holding the first row not sent.
		from, _ := w.span(priced)
		per := max(1, built)
		p.Partial, p.NarrowView = true, w.link((from+built)/per+1, per)
	}
	return p
}

func (w pageWindow) link(page, per int) *string {
	v := w.u.Query()
	v.Set("page", strconv.Itoa(page))
	v.Set("per_page", strconv.Itoa(per))
	s := w.u.Path + "?" + v.Encode()
	return &s
}

// perPageError names the per_page range of a read.
func perPageError(most int) string {
	if most == maxXLSXPerPage {
		return "api.error.per_page_xlsx"
	}
	return "api.error.per_page"
}
