package store

import (
	"encoding/json"
	"hash/maphash"
	"sync"

	"github.com/gpuquote/gpuquote/internal/benchlog"
)

// resultCache keeps benchmark results decoded, by the stored JSON they
// were decoded from: the benchmarks page, its chart and the verdict read
// every upload's result on every view, and decoding a 45 MB log's result
// was a third of the page's time. A result re-parsed in place has other
// bytes, so it is decoded again; no write needs to invalidate anything.
// The results handed out are shared: callers treat them as read-only
// (verdict copies before it changes one).
type resultCache struct {
	mu    sync.Mutex
	seeds [2]maphash.Seed
	m     map[resultKey]*benchlog.Result
	order []resultKey // oldest first, for eviction
	bytes int         // stored JSON of the results kept
}

// resultKey names stored JSON by its length and two independent 64-bit
// hashes: two different results sharing a key is not a practical risk.
type resultKey struct {
	n    int
	a, b uint64
}

// maxCachedResultBytes bounds the stored JSON of the results kept (their
// decoded form is about as large); a result larger than that is decoded
// on every read.
const maxCachedResultBytes = 32 << 20

func newResultCache() *resultCache {
	return &resultCache{seeds: [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}, m: map[resultKey]*benchlog.Result{}}
}

// decode is json.Unmarshal of raw into a Result, through the cache; a nil
// cache decodes every time.
func (c *resultCache) decode(raw []byte) (*benchlog.Result, error) {
	if c == nil || len(raw) > maxCachedResultBytes {
		return decodeResult(raw)
	}
	k := resultKey{n: len(raw), a: maphash.Bytes(c.seeds[0], raw), b: maphash.Bytes(c.seeds[1], raw)}
	c.mu.Lock()
	r, ok := c.m[k]
	c.mu.Unlock()
	if ok {
		return r, nil
	}
	r, err := decodeResult(raw)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.m[k]; ok {
		return c.m[k], nil
	}
	for c.bytes+k.n > maxCachedResultBytes && len(c.order) > 0 {
		old := c.order[0]
		c.order = c.order[1:]
		delete(c.m, old)
		c.bytes -= old.n
	}
	c.m[k] = r
	c.order = append(c.order, k)
	c.bytes += k.n
	return r, nil
}

func decodeResult(raw []byte) (*benchlog.Result, error) {
	r := &benchlog.Result{}
	if err := json.Unmarshal(raw, r); err != nil {
		return nil, err
	}
	return r, nil
}
