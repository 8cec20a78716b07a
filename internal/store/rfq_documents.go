package store

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/jackc/pgx/v5"

	"github.com/gpuquote/gpuquote/internal/rfq"
	"github.com/gpuquote/gpuquote/internal/sourcing"
)

// Document is a file a vendor attached to its answer.
type Document = sourcing.Document

// documentChunk is how much of a file one row holds: a file is written
// and read a chunk at a time.
const documentChunk = 256 << 10

// AddDocument stores a vendor's file byte for byte from r (size bytes,
// already checked), a chunk at a time; at most rfq.MaxDocuments per
// invitation.
func (s *Store) AddDocument(ctx context.Context, invitationID int64, name, contentType string, size int64, r io.Reader) (int64, error) {
	var id int64
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		rd, i, err := lockRound(ctx, tx, invitationID, "SHARE")
		if err != nil {
			return err
		}
		if err := rd.Rules().CanSubmit(s.Now(), i.Status); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM rfq_documents WHERE invitation_id = $1`, i.ID).Scan(&n); err != nil {
			return err
		}
		if n >= rfq.MaxDocuments {
			return ErrConflict
		}
		if err := tx.QueryRow(ctx, `INSERT INTO rfq_documents (invitation_id, name, content_type, size, uploaded_at)
			VALUES ($1, $2, $3, $4, $5) RETURNING id`, i.ID, name, contentType, size, s.Now()).Scan(&id); err != nil {
			return err
		}
		if err := writeChunks(ctx, tx, id, size, r); err != nil {
			return err
		}
		return vendorAudit(ctx, tx, i, rd.EvaluationID, "rfq.vendor_document", map[string]any{"name": name, "size": size})
	})
	if err != nil {
		return 0, fmt.Errorf("store: add document: %w", err)
	}
	return id, nil
}

// writeChunks copies exactly size bytes of r into the document's chunks.
func writeChunks(ctx context.Context, tx pgx.Tx, id, size int64, r io.Reader) error {
	buf := make([]byte, documentChunk)
	var written int64
	for seq := 0; written < size; seq++ {
		n, err := io.ReadFull(r, buf[:min(int64(len(buf)), size-written)])
		if err != nil {
			return fmt.Errorf("document %d: read chunk %d: %w", id, seq, err)
		}
		if _, err := tx.Exec(ctx, `INSERT INTO rfq_document_chunks (document_id, seq, data) VALUES ($1, $2, $3)`, id, seq, buf[:n]); err != nil {
			return err
		}
		written += int64(n)
	}
	return nil
}

const documentSelect = `SELECT d.id, d.invitation_id, i.company, d.name, d.content_type, d.size, d.uploaded_at,
	r.opened_at IS NOT NULL AND i.status = 'submitted'
	FROM rfq_documents d JOIN rfq_invitations i ON i.id = d.invitation_id JOIN rfqs r ON r.id = i.rfq_id`

func scanDocument(row pgx.CollectableRow) (Document, error) {
	var d Document
	err := row.Scan(&d.ID, &d.InvitationID, &d.Company, &d.Name, &d.ContentType, &d.Size, &d.UploadedAt, &d.Readable)
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

// ErrSealed refuses to show what a vendor sent before its round is opened,
// or at all when its answer was never submitted or its link revoked.
var ErrSealed = errors.New("store: sealed")

// Document returns one file's description and the evaluation it belongs
// to. A file is part of the sealed answer: unless it is Readable it
// returns ErrSealed.
func (s *Store) Document(ctx context.Context, id int64) (Document, int64, error) {
	var d Document
	var evalID int64
	err := s.pool.QueryRow(ctx, `SELECT d.id, d.invitation_id, i.company, d.name, d.content_type, d.size, d.uploaded_at,
		r.opened_at IS NOT NULL AND i.status = 'submitted', r.evaluation_id
		FROM rfq_documents d JOIN rfq_invitations i ON i.id = d.invitation_id JOIN rfqs r ON r.id = i.rfq_id WHERE d.id = $1`, id).
		Scan(&d.ID, &d.InvitationID, &d.Company, &d.Name, &d.ContentType, &d.Size, &d.UploadedAt, &d.Readable, &evalID)
	if err != nil {
		return d, 0, notFound(fmt.Sprintf("store: document %d", id), err)
	}
	if !d.Readable {
		return d, evalID, ErrSealed
	}
	return d, evalID, nil
}

// CopyDocument writes a readable file's bytes to w a chunk at a time.
func (s *Store) CopyDocument(ctx context.Context, id int64, w io.Writer) error {
	if _, _, err := s.Document(ctx, id); err != nil {
		return err
	}
	for seq := 0; ; seq++ {
		var data []byte
		err := s.pool.QueryRow(ctx, `SELECT data FROM rfq_document_chunks WHERE document_id = $1 AND seq = $2`, id, seq).Scan(&data)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("store: document %d chunk %d: %w", id, seq, err)
		}
		if _, err := w.Write(data); err != nil {
			return err
		}
	}
}
