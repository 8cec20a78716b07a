package evaluation

import (
	"context"
	"encoding/hex"
	"errors"
	"strings"
	"time"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/store"
)

// Vendor request limits per minute, shared by every instance through
// PostgreSQL: per client address and per link.
const (
	VendorPerIP   = 300
	VendorPerLink = 120
)

// ErrLinkInvalid is a vendor request without a token, with an unknown
// one, or with a link no longer valid: all the same refusal, so a
// guesser learns nothing about which links exist.
var ErrLinkInvalid = errors.New("evaluation: the vendor link is not valid")

// VendorLimited is a vendor request over a limit; Retry is how long until
// the limit frees.
type VendorLimited struct{ Retry time.Duration }

func (*VendorLimited) Error() string { return "evaluation: vendor request limit reached" }

// VendorAccess checks a vendor request from address ip with the link's
// token: it counts the request against the limits per address and per
// link (a refused link counts too), then finds the link's invitation and
// round. Refusals are *VendorLimited and ErrLinkInvalid; any other error
// means the link could not be checked.
func (s *Service) VendorAccess(ctx context.Context, ip, token string) (store.Invitation, store.RFQ, error) {
	token = strings.TrimSpace(token)
	limits := []store.VendorLimit{{Key: "vendor-ip:" + ip, Limit: VendorPerIP}}
	var hash []byte
	if token != "" && len(token) <= 200 {
		hash = auth.HashToken(token)
		limits = append(limits, store.VendorLimit{Key: "vendor-link:" + hex.EncodeToString(hash), Limit: VendorPerLink})
	}
	limited, retry, err := s.store.CountVendorRequest(ctx, limits...)
	switch {
	case err != nil:
		return store.Invitation{}, store.RFQ{}, err
	case limited:
		return store.Invitation{}, store.RFQ{}, &VendorLimited{Retry: retry}
	case hash == nil:
		return store.Invitation{}, store.RFQ{}, ErrLinkInvalid
	}
	inv, rd, err := s.VendorLink(ctx, hash)
	if errors.Is(err, store.ErrNotFound) {
		return inv, rd, ErrLinkInvalid
	}
	return inv, rd, err
}
