package evaluation

import (
	"time"

	"github.com/gpuquote/gpuquote/internal/store"
)

// Service runs the evaluation use cases on one store.
type Service struct {
	store    *store.Store
	refs     referenceCache
	analyses analysisKeeper
	benches  benchKeeper
}

// New returns a Service on st.
func New(st *store.Store) *Service { return &Service{store: st} }

// Now is the service's clock (the store's).
func (s *Service) Now() time.Time { return s.store.Now() }
