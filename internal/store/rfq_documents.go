package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/gpuquote/gpuquote/internal/rfq"
)

// Document is a file a vendor attached to its answer.
type Document struct {
	ID           int64
	InvitationID int64
	Company      string
	Name         string
	ContentType  string
	Size         int
	UploadedAt   time.Time
	Data         []byte // only from Document
}

// AddDocument stores a vendor's file byte for byte; at most
// rfq.MaxDocuments per invitation.
func (s *Store) AddDocument(ctx context.Context, invitationID int64, name, contentType string, data []byte) (int64, error) {
	var id int64
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		r, i, err := lockRound(ctx, tx, invitationID, "SHARE")
		if err != nil {
			return err
		}
		if err := r.Rules().CanSubmit(s.Now(), i.Status); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM rfq_documents WHERE invitation_id = $1`, i.ID).Scan(&n); err != nil {
			return err
		}
		if n >= rfq.MaxDocuments {
			return ErrConflict
		}
		if err := tx.QueryRow(ctx, `INSERT INTO rfq_documents (invitation_id, name, content_type, size, data, uploaded_at)
			VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`, i.ID, name, contentType, len(data), data, s.Now()).Scan(&id); err != nil {
			return err
		}
		return vendorAudit(ctx, tx, i, r.EvaluationID, "rfq.vendor_document", map[string]any{"name": name, "size": len(data)})
	})
	if err != nil {
		return 0, fmt.Errorf("store: add document: %w", err)
	}
	return id, nil
}

const documentSelect = `SELECT d.id, d.invitation_id, i.company, d.name, d.content_type, d.size, d.uploaded_at
	FROM rfq_documents d JOIN rfq_invitations i ON i.id = d.invitation_id`

func scanDocument(row pgx.CollectableRow) (Document, error) {
	var d Document
	err := row.Scan(&d.ID, &d.InvitationID, &d.Company, &d.Name, &d.ContentType, &d.Size, &d.UploadedAt)
	return d, err
}

// Documents lists the files attached to a round (rfqID) or to one
// invitation (invitationID), without their bytes.
func (s *Store) Documents(ctx context.Context, rfqID, invitationID int64) ([]Document, error) {
	rows, _ := s.pool.Query(ctx, documentSelect+` WHERE ($1 = 0 OR i.rfq_id = $1) AND ($2 = 0 OR d.invitation_id = $2)
		AND ($1 <> 0 OR $2 <> 0) ORDER BY d.id`, rfqID, invitationID)
	ds, err := pgx.CollectRows(rows, scanDocument)
	if err != nil {
		return nil, fmt.Errorf("store: documents: %w", err)
	}
	return ds, nil
}

// ErrSealed refuses to show what a vendor sent before its round is opened.
var ErrSealed = errors.New("store: sealed until the deadline")

// Document returns one file with its bytes and the evaluation it belongs
// to. A price sheet is part of the sealed answer: before the round is
// opened it returns ErrSealed.
func (s *Store) Document(ctx context.Context, id int64) (Document, int64, error) {
	var d Document
	var evalID int64
	var opened bool
	err := s.pool.QueryRow(ctx, `SELECT d.id, d.invitation_id, i.company, d.name, d.content_type, d.size, d.uploaded_at,
		r.evaluation_id, r.opened_at IS NOT NULL
		FROM rfq_documents d JOIN rfq_invitations i ON i.id = d.invitation_id JOIN rfqs r ON r.id = i.rfq_id WHERE d.id = $1`, id).
		Scan(&d.ID, &d.InvitationID, &d.Company, &d.Name, &d.ContentType, &d.Size, &d.UploadedAt, &evalID, &opened)
	if err != nil {
		return d, 0, notFound(fmt.Sprintf("store: document %d", id), err)
	}
	if !opened {
		return d, evalID, ErrSealed
	}
	err = s.pool.QueryRow(ctx, `SELECT data FROM rfq_documents WHERE id = $1`, id).Scan(&d.Data)
	return d, evalID, err
}
