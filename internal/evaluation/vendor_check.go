package evaluation

import (
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/rfq"
	"github.com/gpuquote/gpuquote/internal/sourcing"
	"github.com/gpuquote/gpuquote/internal/store"
)

// CheckVendorDraft checks draft q of the vendor invited by inv to round
// rd as it stands, saving nothing: its completeness now and the flags
// worded for the vendor (none that reads the brief's internal fields).
func (s *Service) CheckVendorDraft(inv store.Invitation, rd store.RFQ, q quote.Quote) (rfq.Check, []sourcing.VendorFlag) {
	rfq.AsVendor(&q, inv.Company)
	c := rfq.CheckDraft(q, rd.Brief, s.store.Now())
	return c, sourcing.ForVendor(c.Flags, rd.Brief, rd.InternalFields)
}
