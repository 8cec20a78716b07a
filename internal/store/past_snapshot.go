package store

import (
	"github.com/jackc/pgx/v5"
)

// PastInputs are what the past-performance criterion reads of the
// evaluation's vendors in the other evaluations: their contracts with
// bills, bill lines and outages, and their quotes' acceptance tests. Read
// in the snapshot's batch, so the analysis stays one round trip.
type PastInputs struct {
	Contracts []Contract
	Bills     map[int64][]Bill     // by contract, oldest first
	Lines     map[int64][]BillLine // by bill
	Outages   map[int64][]Outage   // by contract
	Tests     []VendorTest         // by provider, quote and test
}

// pastContracts names the contracts of the evaluation's vendors made in
// other evaluations (at most 500, the newest).
const pastContracts = `SELECT c.id FROM contracts c WHERE c.evaluation_id <> $1
	AND c.provider_id IN (SELECT q.provider_id FROM quotes q WHERE q.evaluation_id = $1) ORDER BY c.id DESC LIMIT 500`

// queuePast adds the past-performance reads to the snapshot's batch.
func queuePast(b *pgx.Batch, id int64, out *PastInputs) {
	pastContractsRead(id).queue(b, &out.Contracts)
	pastBillsRead(id).queue(b, &out.Bills)
	pastLinesRead(id).queue(b, &out.Lines)
	pastOutagesRead(id).queue(b, &out.Outages)
	pastTestsRead(id).queue(b, &out.Tests)
}

func pastContractsRead(id int64) read[[]Contract] {
	return read[[]Contract]{sql: `SELECT ` + contractColumns + contractFrom + ` WHERE c.id IN (` + pastContracts + `) ORDER BY c.id DESC`,
		args: []any{id}, collect: func(rows pgx.Rows) ([]Contract, error) { return pgx.CollectRows(rows, scanContract) }}
}

func pastBillsRead(id int64) read[map[int64][]Bill] {
	return read[map[int64][]Bill]{sql: `SELECT b.id, b.contract_id, b.format, b.filename, b.currency, b.total_minor, b.disputed_minor,
		b.should_be_paid, b.result, '', b.created_at FROM contract_bills b WHERE b.contract_id IN (` + pastContracts + `) ORDER BY b.contract_id, b.id`,
		args: []any{id}, collect: func(rows pgx.Rows) (map[int64][]Bill, error) {
			list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Bill, error) {
				var b Bill
				err := r.Scan(&b.ID, &b.ContractID, &b.Format, &b.Filename, &b.Currency, &b.TotalMinor, &b.Disputed, &b.ShouldBePaid,
					&b.Result, &b.UploadedBy, &b.CreatedAt)
				return b, err
			})
			out := map[int64][]Bill{}
			for _, b := range list {
				out[b.ContractID] = append(out[b.ContractID], b)
			}
			return out, err
		}}
}

func pastLinesRead(id int64) read[map[int64][]BillLine] {
	return read[map[int64][]BillLine]{sql: billLinesSQL + `b.contract_id IN (` + pastContracts + `) ORDER BY l.bill_id, l.line`,
		args: []any{id}, collect: collectBillLines}
}

func pastOutagesRead(id int64) read[map[int64][]Outage] {
	return read[map[int64][]Outage]{sql: `SELECT o.id, o.contract_id, o.start_at, o.end_at, o.nodes, o.source, o.note, COALESCE(o.upload_id, 0), o.created_at
		FROM contract_outages o WHERE o.contract_id IN (` + pastContracts + `) ORDER BY o.contract_id, o.start_at, o.id`,
		args: []any{id}, collect: func(rows pgx.Rows) (map[int64][]Outage, error) {
			list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Outage, error) {
				var o Outage
				err := r.Scan(&o.ID, &o.ContractID, &o.Start, &o.End, &o.Nodes, &o.Source, &o.Note, &o.UploadID, &o.CreatedAt)
				return o, err
			})
			out := map[int64][]Outage{}
			for _, o := range list {
				out[o.ContractID] = append(out[o.ContractID], o)
			}
			return out, err
		}}
}

func pastTestsRead(id int64) read[[]VendorTest] {
	return read[[]VendorTest]{sql: `SELECT q.provider_id, a.quote_id, q.evaluation_id, a.test, (array_agg(a.status ORDER BY a.id DESC))[1], max(a.id),
		count(*) FILTER (WHERE a.status IN ('passed', 'failed'))
		FROM acceptance_results a JOIN quotes q ON q.id = a.quote_id
		WHERE q.evaluation_id <> $1 AND q.provider_id IN (SELECT p.provider_id FROM quotes p WHERE p.evaluation_id = $1)
		GROUP BY q.provider_id, a.quote_id, q.evaluation_id, a.test ORDER BY q.provider_id, a.quote_id, a.test LIMIT 5000`,
		args: []any{id}, collect: func(rows pgx.Rows) ([]VendorTest, error) {
			return pgx.CollectRows(rows, func(row pgx.CollectableRow) (VendorTest, error) {
				var t VendorTest
				err := row.Scan(&t.ProviderID, &t.QuoteID, &t.EvaluationID, &t.Test, &t.Status, &t.ResultID, &t.Decided)
				return t, err
			})
		}}
}
