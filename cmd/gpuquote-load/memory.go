package main

import (
	"bufio"
	"bytes"
	"os"
	"runtime/metrics"
	"runtime/pprof"
	"strconv"
	"strings"
	"sync"
	"time"
)

// phasePeak is the most memory the process held since the last call
// (Linux's VmHWM, which writing 5 to /proc/self/clear_refs resets), so
// that a phase's peak (seeding, the load, each export) is told apart from
// the whole run's; 0 where /proc cannot tell.
func phasePeak() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	var kb int64
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, _ = strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
		}
	}
	_ = os.WriteFile("/proc/self/clear_refs", []byte("5"), 0)
	return kb << 10
}

// peakHeapProfile writes the heap profile to path each time the live heap
// (as of the last collection) is the highest yet, until stop is called:
// what is left in path is the profile at the peak, the one to read for
// what the most memory was held by.
func peakHeapProfile(path string) (stop func() error) {
	done := make(chan struct{})
	var wg sync.WaitGroup
	var err error
	wg.Add(1)
	go func() {
		defer wg.Done()
		s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
		var best uint64
		t := time.NewTicker(10 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
			}
			metrics.Read(s)
			if v := s[0].Value.Uint64(); v > best {
				best = v
				f, e := os.Create(path)
				if e != nil {
					err = e
					return
				}
				e = pprof.Lookup("heap").WriteTo(f, 0)
				if e2 := f.Close(); e == nil {
					e = e2
				}
				if e != nil {
					err = e
					return
				}
			}
		}
	}()
	return func() error { close(done); wg.Wait(); return err }
}
