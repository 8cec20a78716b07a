package store

import (
	"sync"

	"github.com/gpuquote/gpuquote/internal/quote"
)

// termsCache keeps parsed quote terms by their stored JSON text. Decoding
// and checking 30 quotes' terms was a fifth of an evaluation's analysis,
// on every page view, for terms that change only with a new revision.
// Keyed by the text itself, a hit can never be stale. quote.Quote is a
// plain value (terms of strings, numbers and times; no maps, slices or
// pointers), so each hit hands out a copy no caller can change for another.
type termsCache struct {
	mu sync.Mutex
	m  map[string]quote.Quote
}

// maxCachedTerms bounds the cache (about 2 KB of key and value each); when
// full it starts over, which costs one parse per quote.
const maxCachedTerms = 4096

// parse is parseTerms through the cache; a nil cache parses every time.
// Terms that do not parse are not kept.
func (c *termsCache) parse(raw []byte) (quote.Quote, error) {
	if c == nil {
		return parseTerms(raw)
	}
	c.mu.Lock()
	q, ok := c.m[string(raw)]
	c.mu.Unlock()
	if ok {
		return q, nil
	}
	q, err := parseTerms(raw)
	if err != nil {
		return q, err
	}
	c.mu.Lock()
	if c.m == nil || len(c.m) >= maxCachedTerms {
		c.m = make(map[string]quote.Quote)
	}
	c.m[string(raw)] = q
	c.mu.Unlock()
	return q, nil
}
