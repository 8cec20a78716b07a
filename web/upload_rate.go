package web

import "time"

// rateWindow tells whether a body keeps arriving at the minimum rate over
// every window of its length, not only on average: a sender that pushed
// a burst and then stalls is cut one window after the burst, not when its
// average finally sinks.
//
// It keeps the running total at moments at least a hundredth of a window
// apart (the newest moment moves with each read), so a sender of tiny
// chunks costs a hundred samples at most.
type rateWindow struct {
	window  time.Duration
	need    int64 // bytes every window must bring
	total   int64
	samples []rateSample // oldest first; the first is at or before now-window
}

type rateSample struct {
	at    time.Time
	total int64
}

func newRateWindow(start time.Time, minRate int64, window time.Duration) *rateWindow {
	return &rateWindow{window: window, need: max(1, minRate*int64(window)/int64(time.Second)),
		samples: []rateSample{{at: start}}}
}

// add counts n bytes received at now.
func (w *rateWindow) add(now time.Time, n int64) {
	w.total += n
	if last := &w.samples[len(w.samples)-1]; len(w.samples) > 1 && now.Sub(w.samples[len(w.samples)-2].at) < w.window/100 {
		last.at, last.total = now, w.total
	} else {
		w.samples = append(w.samples, rateSample{now, w.total})
	}
	for len(w.samples) > 1 && !w.samples[1].at.After(now.Add(-w.window)) {
		w.samples = w.samples[1:]
	}
}

// deadline is the moment the sender falls below the rate if nothing more
// arrives: one window after the first sample from which fewer than need
// bytes have come since.
func (w *rateWindow) deadline() time.Time {
	for _, s := range w.samples {
		if s.total > w.total-w.need {
			return s.at.Add(w.window)
		}
	}
	return w.samples[len(w.samples)-1].at.Add(w.window) // not reached: the newest sample holds the total
}
