package web_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/web"
)

// clientFrom is an HTTP client whose connections leave from a loopback
// address of its own (127.0.0.0/8 is all loopback on Linux), so the server
// sees distinct client addresses.
func clientFrom(ip string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	return &http.Client{Transport: &http.Transport{DialContext: d.DialContext}}
}

// steadyUpload posts a log whose body arrives at rate bytes a second in
// tenths, until stop is closed; its status goes to done (0 without one).
func steadyUpload(c *http.Client, url, tok string, rate int, stop <-chan struct{}, done chan<- int) {
	pr, pw := io.Pipe()
	go func() {
		defer pw.Close()
		pw.Write([]byte("--x\r\nContent-Disposition: form-data; name=\"file\"; filename=\"slow.log\"\r\n\r\n"))
		chunk := bytes.Repeat([]byte("a"), rate/10)
		t := time.NewTicker(100 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				if _, err := pw.Write(chunk); err != nil {
					return
				}
			}
		}
	}()
	req, _ := http.NewRequest(http.MethodPost, url, pr)
	req.Header.Set("Authorization", "Bearer "+tok)
	req.Header.Set("Content-Type", "multipart/form-data; boundary=x")
	res, err := c.Do(req)
	if err != nil {
		done <- 0
		return
	}
	res.Body.Close()
	done <- res.StatusCode
}

// TestSlowUploadsOfOneUserDoNotStarveAnother is issue 27: 32 uploads of
// one user trickling at 40 KB/s (above the minimum rate, from 32
// addresses) held every receiving slot, and another user's upload got no
// reply. Now a user holds only its share of the slots, and the other
// user's 10 MB upload completes in under 10 s.
func TestSlowUploadsOfOneUserDoNotStarveAnother(t *testing.T) {
	t.Parallel()
	a := newApp(t, func(c *web.Config) { c.RequestTimeout = 15 * time.Second })
	q := benchQuote(t, a)
	slow := a.token("slow@example.com", auth.Engineer)
	other := a.token("other@example.com", auth.Engineer)
	url := a.srv.URL + "/api/v1/quotes/" + itoa(q.ID) + "/benchmarks"
	stop, done := make(chan struct{}), make(chan int, 32)
	var once sync.Once
	halt := func() { once.Do(func() { close(stop) }) }
	defer halt()
	for i := range 32 {
		go steadyUpload(clientFrom(fmt.Sprintf("127.0.0.%d", 2+i)), url, slow, 40_000, stop, done)
	}
	time.Sleep(time.Second) // every one has asked for a slot

	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("file", "big.log")
	fw.Write(debugLog(t, 10<<20))
	mw.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, &body)
	req.Header.Set("Authorization", "Bearer "+other)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	start := time.Now()
	res, err := clientFrom("127.0.0.100").Do(req)
	took := time.Since(start)
	if err != nil {
		t.Fatalf("the other user's upload after %v: %v", took, err)
	}
	res.Body.Close()
	t.Logf("the other user's 10 MB upload beside 32 slow ones: %d in %v", res.StatusCode, took)
	if res.StatusCode != http.StatusCreated || took > 10*time.Second {
		t.Errorf("the other user's 10 MB upload beside 32 slow ones: %d after %v", res.StatusCode, took)
	}
	// All but the user's share were refused at once (429, or the
	// connection closed on a body still being sent); its 4 still receive.
	answered := map[int]int{}
	for range 28 {
		select {
		case code := <-done:
			answered[code]++
		case <-time.After(5 * time.Second):
		}
	}
	if answered[http.StatusTooManyRequests]+answered[0] != 28 {
		t.Errorf("the slow user's uploads answered %v, want 28 refused while its 4 slots receive", answered)
	}
}

// TestUploadStallingAfterABurstIsCut is issue 27: the minimum rate held
// only on average, so a sender that pushed a burst could then trickle
// for minutes. Now every window must bring the rate: 256 KB at once, then
// a byte every 100 ms, is cut about one window (1 s here) after the burst.
func TestUploadStallingAfterABurstIsCut(t *testing.T) {
	t.Parallel()
	a := newApp(t, func(c *web.Config) { c.UploadWindow = time.Second; c.UploadMinBytesPerSecond = 4 << 10 })
	q := benchQuote(t, a)
	tok := a.token("burst@example.com", auth.Engineer)
	pr, pw := io.Pipe()
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		defer pw.Close()
		pw.Write([]byte("--x\r\nContent-Disposition: form-data; name=\"file\"; filename=\"burst.log\"\r\n\r\n"))
		pw.Write(bytes.Repeat([]byte("a"), 256<<10))
		for {
			select {
			case <-stop:
				return
			case <-time.After(100 * time.Millisecond):
				if _, err := pw.Write([]byte("a")); err != nil {
					return
				}
			}
		}
	}()
	req, _ := http.NewRequest(http.MethodPost, a.srv.URL+"/api/v1/quotes/"+itoa(q.ID)+"/benchmarks", pr)
	req.Header.Set("Authorization", "Bearer "+tok)
	req.Header.Set("Content-Type", "multipart/form-data; boundary=x")
	start := time.Now()
	got := make(chan int, 1)
	go func() {
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			got <- 0
			return
		}
		res.Body.Close()
		got <- res.StatusCode
	}()
	select {
	case code := <-got:
		if code != http.StatusRequestTimeout {
			t.Errorf("a stalled body: %d, want 408", code)
		}
	case <-time.After(5 * time.Second):
		t.Fatalf("a body stalled after a 256 KB burst still receiving after %v", time.Since(start))
	}
}
