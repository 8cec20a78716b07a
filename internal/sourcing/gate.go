package sourcing

import (
	"errors"
	"sync"
	"time"
)

// ErrBusy refuses an attachment while too many are in flight: the caller
// answers 429 with RetryAfter, never holding the request open.
var ErrBusy = errors.New("sourcing: too many attachments in flight")

// RetryAfter is how long a refused vendor is told to wait.
const RetryAfter = 5 * time.Second

// Gate bounds the attachments being received at once, per link and for
// the whole instance, so one link sending many files cannot take the
// server's memory, disk or database locks. It refuses at once rather than
// queueing: a queued upload would still hold its connection.
type Gate struct {
	mu       sync.Mutex
	perLink  int
	total    int
	inFlight map[int64]int
	n        int
}

// NewGate allows perLink attachments per invitation and total per
// instance at once.
func NewGate(perLink, total int) *Gate {
	return &Gate{perLink: perLink, total: total, inFlight: map[int64]int{}}
}

// Enter takes a slot for the invitation's attachment; release gives it
// back. ErrBusy when either cap is reached.
func (g *Gate) Enter(invitationID int64) (release func(), err error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.n >= g.total || g.inFlight[invitationID] >= g.perLink {
		return nil, ErrBusy
	}
	g.n++
	g.inFlight[invitationID]++
	var once sync.Once
	return func() {
		once.Do(func() {
			g.mu.Lock()
			defer g.mu.Unlock()
			g.n--
			if g.inFlight[invitationID]--; g.inFlight[invitationID] == 0 {
				delete(g.inFlight, invitationID)
			}
		})
	}, nil
}
