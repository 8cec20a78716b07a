package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// Bill is one bill uploaded against a contract, with its match. Amounts
// are in minor units of Currency.
type Bill struct {
	ID           int64
	ContractID   int64
	Format       string
	Filename     string
	Currency     string
	TotalMinor   int64
	Disputed     int64
	ShouldBePaid string
	Result       []byte // the match of the bill as a whole (JSON)
	UploadedBy   string
	CreatedAt    time.Time
}

// BillLine is one line of a stored bill and its match. Quantities and
// amounts are micros (millionths) of their unit or currency.
type BillLine struct {
	Line        int
	PeriodStart time.Time
	PeriodEnd   time.Time
	Description string
	Category    string
	Quantity    int64
	Unit        string
	UnitPrice   int64
	Amount      int64
	Charge      string
	Match       string
	Exceptions  []byte // JSON array
}

// InsertBill stores a matched bill and its lines in one statement batch.
func (s *Store) InsertBill(ctx context.Context, b Bill, uploaderID int64, lines []BillLine) (int64, error) {
	var id int64
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx, `INSERT INTO contract_bills (contract_id, format, filename, currency, total_minor, disputed_minor,
			should_be_paid, result, uploaded_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, NULLIF($9, 0)) RETURNING id`,
			b.ContractID, b.Format, b.Filename, b.Currency, b.TotalMinor, b.Disputed, b.ShouldBePaid, b.Result, uploaderID).Scan(&id)
		if err != nil {
			return err
		}
		_, err = tx.CopyFrom(ctx, pgx.Identifier{"contract_bill_lines"},
			[]string{"bill_id", "line", "period_start", "period_end", "description", "category", "quantity", "unit", "unit_price",
				"amount", "charge", "match", "exceptions"},
			pgx.CopyFromSlice(len(lines), func(i int) ([]any, error) {
				l := lines[i]
				return []any{id, l.Line, l.PeriodStart, l.PeriodEnd, l.Description, l.Category, l.Quantity, l.Unit, l.UnitPrice,
					l.Amount, l.Charge, l.Match, string(l.Exceptions)}, nil
			}))
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("store: bill for contract %d: %w", b.ContractID, err)
	}
	return id, nil
}

// Bills lists a contract's bills, oldest first.
func (s *Store) Bills(ctx context.Context, contractID int64) ([]Bill, error) {
	rows, _ := s.pool.Query(ctx, `SELECT b.id, b.contract_id, b.format, b.filename, b.currency, b.total_minor, b.disputed_minor,
		b.should_be_paid, b.result, COALESCE(u.name, ''), b.created_at FROM contract_bills b LEFT JOIN users u ON u.id = b.uploaded_by
		WHERE b.contract_id = $1 ORDER BY b.id`, contractID)
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Bill, error) {
		var b Bill
		err := r.Scan(&b.ID, &b.ContractID, &b.Format, &b.Filename, &b.Currency, &b.TotalMinor, &b.Disputed, &b.ShouldBePaid,
			&b.Result, &b.UploadedBy, &b.CreatedAt)
		return b, err
	})
	if err != nil {
		return nil, fmt.Errorf("store: bills of contract %d: %w", contractID, err)
	}
	return list, nil
}

// billLinesSQL selects bill lines, by bill and in file order, of the
// contracts the condition names: for collectBillLines.
const billLinesSQL = `SELECT l.bill_id, l.line, l.period_start, l.period_end, l.description, l.category, l.quantity,
		l.unit, l.unit_price, l.amount, l.charge, l.match, l.exceptions FROM contract_bill_lines l
		JOIN contract_bills b ON b.id = l.bill_id WHERE `

// BillLines lists the lines of a contract's bills by bill, in file order.
func (s *Store) BillLines(ctx context.Context, contractID int64) (map[int64][]BillLine, error) {
	rows, _ := s.pool.Query(ctx, billLinesSQL+`b.contract_id = $1 ORDER BY l.bill_id, l.line`, contractID)
	out, err := collectBillLines(rows)
	if err != nil {
		return nil, fmt.Errorf("store: bill lines of contract %d: %w", contractID, err)
	}
	return out, nil
}

// collectBillLines reads billLinesSQL's rows into lines by bill.
func collectBillLines(rows pgx.Rows) (map[int64][]BillLine, error) {
	out := map[int64][]BillLine{}
	var billID int64
	var l BillLine
	_, err := pgx.ForEachRow(rows, []any{&billID, &l.Line, &l.PeriodStart, &l.PeriodEnd, &l.Description, &l.Category, &l.Quantity,
		&l.Unit, &l.UnitPrice, &l.Amount, &l.Charge, &l.Match, &l.Exceptions}, func() error {
		l.Exceptions = append([]byte(nil), l.Exceptions...)
		out[billID] = append(out[billID], l)
		return nil
	})
	return out, err
}

// Outage is a recorded outage of a contract's nodes.
type Outage struct {
	ID         int64
	ContractID int64
	Start, End time.Time
	Nodes      int
	Source     string // entered, health_gate, xid
	Note       string
	UploadID   int64 // the health evidence it was read from; 0: none
	CreatedAt  time.Time
}

// InsertOutage records an outage.
func (s *Store) InsertOutage(ctx context.Context, o Outage, byID int64) (int64, error) {
	var id int64
	err := s.pool.QueryRow(ctx, `INSERT INTO contract_outages (contract_id, start_at, end_at, nodes, source, note, upload_id, created_by)
		VALUES ($1, $2, $3, $4, $5, $6, NULLIF($7, 0), NULLIF($8, 0)) RETURNING id`,
		o.ContractID, o.Start, o.End, o.Nodes, o.Source, o.Note, o.UploadID, byID).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("store: outage for contract %d: %w", o.ContractID, err)
	}
	return id, nil
}

// Outages lists a contract's outages by start.
func (s *Store) Outages(ctx context.Context, contractID int64) ([]Outage, error) {
	rows, _ := s.pool.Query(ctx, `SELECT id, contract_id, start_at, end_at, nodes, source, note, COALESCE(upload_id, 0), created_at
		FROM contract_outages WHERE contract_id = $1 ORDER BY start_at, id`, contractID)
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Outage, error) {
		var o Outage
		err := r.Scan(&o.ID, &o.ContractID, &o.Start, &o.End, &o.Nodes, &o.Source, &o.Note, &o.UploadID, &o.CreatedAt)
		return o, err
	})
	if err != nil {
		return nil, fmt.Errorf("store: outages of contract %d: %w", contractID, err)
	}
	return list, nil
}
