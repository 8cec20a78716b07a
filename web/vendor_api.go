package web

import (
	"errors"
	"mime/multipart"
	"net/http"
	"strconv"
	"time"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/rfq"
	"github.com/gpuquote/gpuquote/internal/sourcing"
)

func (s *Server) apiVendorPutQuote(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	sess := vendorFrom(ctx)
	q, err := parseVendorQuote(w, r, sess.Invitation.Company)
	var de draftErrors
	if errors.As(err, &de) {
		writeJSON(w, http.StatusUnprocessableEntity, map[string]any{"error": i18n.T(ctx, "form.has_errors"), "fields": de})
		return nil
	}
	if err != nil {
		return err
	}
	if err := s.eval.SaveVendorDraft(ctx, sess.Invitation.ID, q); err != nil {
		return err
	}
	v, err := s.vendorRound(ctx)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, s.vendorDraftJSON(i18n.From(ctx), v))
	return nil
}

func (s *Server) apiVendorSubmit(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	rev, at, err := s.eval.SubmitVendorDraft(ctx, vendorFrom(ctx).Invitation.ID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, map[string]any{"revision": rev, "submitted_at": at})
	return nil
}

func (s *Server) apiVendorAsk(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Text string `json:"text"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	id, err := s.eval.Ask(r.Context(), vendorFrom(r.Context()).Invitation.ID, in.Text)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, map[string]any{"id": id})
	return nil
}

func (s *Server) apiVendorDocument(w http.ResponseWriter, r *http.Request) error {
	id, err := s.vendorDocument(w, r)
	if errors.Is(err, sourcing.ErrBusy) {
		s.refuseBusy(w, r)
		return nil
	}
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, map[string]any{"id": id})
	return nil
}

// refuseBusy answers an attachment over the caps in flight: 429 with the
// time to wait, never a 500 and never a queue.
func (s *Server) refuseBusy(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Retry-After", strconv.Itoa(int(sourcing.RetryAfter/time.Second)))
	s.renderError(w, r, http.StatusTooManyRequests, "sourcing.error.busy")
}

// vendorDocument streams the multipart "file" to the use case, which
// checks it on its way to a temporary file (never whole into memory) and
// stores it a chunk at a time; at most a few files per link and per
// instance are taken in at once.
func (s *Server) vendorDocument(w http.ResponseWriter, r *http.Request) (int64, error) {
	inv := vendorFrom(r.Context()).Invitation
	release, err := s.attachGate.Enter(inv.ID)
	if err != nil {
		return 0, err
	}
	defer release()
	r.Body = http.MaxBytesReader(w, r.Body, rfq.MaxDocument+64<<10)
	part, err := filePart(r)
	if err != nil {
		return 0, fieldErrors{"file": "rfq.error.document_missing"}
	}
	id, err := s.eval.AddDocument(r.Context(), inv.ID, part.FileName(), part, s.spool)
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &mbe):
		return 0, fieldErrors{"file": "rfq.error.document_size"}
	case errors.Is(err, evaluation.ErrUploadBroken):
		return 0, errBadRequest
	}
	return id, err
}

// filePart finds the multipart form's "file" part, reading no other part
// into memory; at most 20 parts are looked at.
func filePart(r *http.Request) (*multipart.Part, error) {
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, err
	}
	for range 20 {
		part, err := mr.NextPart()
		if err != nil {
			return nil, err
		}
		if part.FormName() == "file" {
			return part, nil
		}
	}
	return nil, errBadRequest
}
