package web

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/gpuquote/gpuquote/internal/spool"
)

// Receiving slots: an upload's body holds one while it arrives. Besides
// the overall bound, each user and each client address holds only a few,
// so one user's slow uploads (or one address's) can never take every slot
// and keep another user's upload waiting.
const (
	receivingSlots        = 32
	receivingSlotsPerUser = 4
	receivingSlotsPerAddr = 8 // several people behind one NAT
)

// uploadSlots counts the receiving slots held overall, per user and per
// address.
type uploadSlots struct {
	overall        chan struct{}
	perUser, perIP int
	mu             sync.Mutex
	byUser         map[int64]int
	byIP           map[string]int
}

func newUploadSlots(overall, perUser, perIP int) *uploadSlots {
	return &uploadSlots{overall: make(chan struct{}, overall), perUser: perUser, perIP: perIP,
		byUser: map[int64]int{}, byIP: map[string]int{}}
}

// slotResult is why a slot was or was not taken.
type slotResult int

const (
	slotTaken    slotResult = iota
	slotOwnLimit            // the user or the address holds its share: refused at once
	slotBusy                // every slot stayed taken for wait
)

// acquire takes a slot for user at ip: at once refused when either holds
// its share already, else waiting at most wait for one of the overall.
func (u *uploadSlots) acquire(ctx context.Context, user int64, ip string, wait time.Duration) slotResult {
	u.mu.Lock()
	if u.byUser[user] >= u.perUser || u.byIP[ip] >= u.perIP {
		u.mu.Unlock()
		return slotOwnLimit
	}
	u.byUser[user]++
	u.byIP[ip]++
	u.mu.Unlock()
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case u.overall <- struct{}{}:
		return slotTaken
	case <-ctx.Done():
	case <-t.C:
	}
	u.forget(user, ip)
	return slotBusy
}

// release gives back a slot acquire took.
func (u *uploadSlots) release(user int64, ip string) {
	<-u.overall
	u.forget(user, ip)
}

func (u *uploadSlots) forget(user int64, ip string) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.byUser[user]--; u.byUser[user] <= 0 {
		delete(u.byUser, user)
	}
	if u.byIP[ip]--; u.byIP[ip] <= 0 {
		delete(u.byIP, ip)
	}
}

// ownSpool opens a folder of temporary files for a server its caller gave
// none (tests, the load script); the server keeps the Dir, whose open lock
// file marks the folder as in use for as long as the server lives. Without
// one, the system's temporary folder.
func ownSpool(log *slog.Logger) *spool.Dir {
	d, _, err := spool.Open(spool.DefaultRoot())
	if err != nil {
		log.Warn("no folder of temporary files of the app's own; using the system's", "err", err)
		return nil
	}
	return d
}
