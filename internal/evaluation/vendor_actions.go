package evaluation

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/rfq"
	"github.com/gpuquote/gpuquote/internal/sourcing"
	"github.com/gpuquote/gpuquote/internal/store"
)

// What an invited vendor does through its link: every use case acts for
// the one invitation the link's token names, and the store refuses what
// the round's rules refuse (rfq.ErrPastDeadline, rfq.ErrRevoked, ...).

// CountVendorRequest counts a vendor request against each limit (per
// address, per link), shared by every instance; limited says one is
// spent, with how long until it frees.
func (s *Service) CountVendorRequest(ctx context.Context, limits ...store.VendorLimit) (limited bool, retry time.Duration, err error) {
	return s.store.CountVendorRequest(ctx, limits...)
}

// VendorLink finds the invitation whose token hashes to hash, with its
// round: store.ErrNotFound for an unknown token and for a link no longer
// valid (revoked, or past its round's expiry).
func (s *Service) VendorLink(ctx context.Context, hash []byte) (store.Invitation, store.RFQ, error) {
	inv, rd, err := s.store.InvitationByToken(ctx, hash)
	if err != nil {
		return inv, rd, err
	}
	if !rd.Rules().LinkValid(s.store.Now(), inv.Status) {
		return store.Invitation{}, store.RFQ{}, store.ErrNotFound
	}
	return inv, rd, nil
}

// VendorOpened notes that the vendor opened its invitation (the first
// time only).
func (s *Service) VendorOpened(ctx context.Context, invitationID int64) error {
	return s.store.MarkOpened(ctx, invitationID)
}

// SaveVendorDraft keeps the vendor's working copy; nothing is submitted.
func (s *Service) SaveVendorDraft(ctx context.Context, invitationID int64, q quote.Quote) error {
	return s.store.SaveDraft(ctx, invitationID, q)
}

// SubmitVendorDraft submits the saved draft as the vendor's next
// revision; rfq.ErrNoDraft without one.
func (s *Service) SubmitVendorDraft(ctx context.Context, invitationID int64) (revision int, at time.Time, err error) {
	return s.store.Submit(ctx, invitationID)
}

// Ask records a vendor's question: at most rfq.MaxQuestions per vendor,
// each at most rfq.MaxQuestion characters. Refusals are FieldErrors.
func (s *Service) Ask(ctx context.Context, invitationID int64, text string) (int64, error) {
	text = strings.TrimSpace(text)
	if text == "" || len([]rune(text)) > rfq.MaxQuestion {
		return 0, FieldErrors{"text": "rfq.error.question"}
	}
	id, err := s.store.Ask(ctx, invitationID, text)
	if errors.Is(err, store.ErrConflict) {
		return 0, FieldErrors{"text": "rfq.error.too_many_questions"}
	}
	return id, err
}

// ErrUploadBroken is an attachment whose body could not be read to its
// end (the connection broke off).
var ErrUploadBroken = errors.New("evaluation: the upload broke off")

// maxDocumentName is how many characters of a file's name are kept.
const maxDocumentName = 200

// AddDocument takes in a vendor's attachment from body: its name
// cleaned, checked by its bytes and size while it is spooled to a
// temporary file in spoolDir (never whole in memory), then stored a chunk
// at a time. Refusals are FieldErrors at "file"; a body that broke off
// is ErrUploadBroken, wrapping the read's error.
func (s *Service) AddDocument(ctx context.Context, invitationID int64, fileName string, body io.Reader, spoolDir string) (int64, error) {
	name := CleanFileName(fileName)
	if n := []rune(name); len(n) > maxDocumentName {
		name = string(n[len(n)-maxDocumentName:]) // keep the extension, which says the type
	}
	sp, err := sourcing.Spool(body, name, rfq.MaxDocument, spoolDir)
	switch {
	case errors.Is(err, sourcing.ErrEmptyOrTooLarge):
		return 0, FieldErrors{"file": "rfq.error.document_size"}
	case errors.Is(err, sourcing.ErrFileType):
		return 0, FieldErrors{"file": "rfq.error.document_type"}
	case err != nil:
		return 0, fmt.Errorf("%w: %w", ErrUploadBroken, err)
	}
	defer sp.Close()
	id, err := s.store.AddDocument(ctx, invitationID, name, sp.ContentType, sp.Size, sp.File)
	if errors.Is(err, store.ErrConflict) {
		return 0, FieldErrors{"file": "rfq.error.too_many_documents"}
	}
	return id, err
}

// SaveAttestations records a vendor's compliance answers: only to the
// round's requirements, each checked; a document that is not the
// vendor's own is refused. Refusals are FieldErrors at "attestations".
// It returns the vendor's answers as they now stand.
func (s *Service) SaveAttestations(ctx context.Context, inv store.Invitation, rd store.RFQ, as []sourcing.Attestation) (map[sourcing.Kind]sourcing.Attestation, error) {
	for i := range as {
		if err := sourcing.CheckAttestation(&as[i]); err != nil || !requires(rd.Compliance, as[i].Kind) {
			return nil, FieldErrors{"attestations": "sourcing.error.attestation"}
		}
	}
	err := s.store.SaveAttestations(ctx, inv.ID, as)
	if errors.Is(err, store.ErrConflict) {
		return nil, FieldErrors{"attestations": "sourcing.error.attestation_document"}
	}
	if err != nil {
		return nil, err
	}
	own, err := s.store.Attestations(ctx, 0, inv.ID)
	return own[inv.ID], err
}

func requires(c sourcing.Compliance, k sourcing.Kind) bool {
	return slices.ContainsFunc(c.Requirements, func(r sourcing.Requirement) bool { return r.Kind == k })
}
