package evaluation

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/contract"
	"github.com/gpuquote/gpuquote/internal/store"
)

// Bill is a bill matched against its contract: the API's answer to an
// upload and one entry of the contract page's bills.
type Bill struct {
	ID       int64           `json:"id"`
	Format   string          `json:"format"`
	Filename string          `json:"filename"`
	Lines    []BillLine      `json:"lines"`
	Match    contract.Result `json:"match"`
	Uploaded string          `json:"uploaded_by"`
}

// BillLine is one bill line with its match: "ok", or "exception" with the
// reasons and amounts.
type BillLine struct {
	Line        int                  `json:"line"`
	Description string               `json:"description"`
	Category    string               `json:"category"`
	Quantity    contract.Micros      `json:"quantity"`
	Unit        string               `json:"unit"`
	UnitPrice   contract.Micros      `json:"unit_price"`
	Amount      contract.Micros      `json:"amount"`
	PeriodStart string               `json:"period_start"`
	Match       string               `json:"match"`
	Charge      string               `json:"charge,omitempty"`
	Exceptions  []contract.Exception `json:"exceptions,omitempty"`
}

// UploadBill reads a bill (FOCUS or plain invoice CSV) in the contract's
// currency and zone, matches it three ways (the contract's rates, the
// capacity delivered less the recorded outages, the open credit claims and
// the invoice total) and keeps it with its audit row. A file that does not
// read is a *contract.ImportError naming each line and column, and nothing
// is kept.
func (s *Service) UploadBill(ctx context.Context, by store.User, id int64, filename string, r io.Reader) (Bill, error) {
	var out Bill
	err := s.store.Tx(ctx, func(tx *store.Store) error {
		sc, err := tx.LockContract(ctx, id)
		if err != nil {
			return err
		}
		h, err := loadHistory(ctx, tx, sc)
		if err != nil {
			return err
		}
		b, err := contract.ReadBill(r, sc.Currency, h.c.Zone)
		if err != nil {
			return err
		}
		res := contract.Match(contract.MatchInput{Contract: h.c, Bill: b, Outages: h.outages, OpenClaims: h.openClaims(),
			UsedBefore: h.usedBefore()})
		bid, err := keepBill(ctx, tx, by, sc, filename, b, res)
		if err != nil {
			return err
		}
		out = billOf(store.Bill{ID: bid, Format: string(b.Format), Filename: filename, UploadedBy: by.Name}, storeLines(b, res), res)
		return tx.RecordAudit(ctx, audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: "contract.bill", ObjectType: "contract",
			ObjectID: fmt.Sprint(id), EvaluationID: sc.EvaluationID,
			After: map[string]any{"bill_id": bid, "format": b.Format, "lines": len(b.Lines), "total": res.Total.String(),
				"disputed": res.Disputed.String(), "should_be_paid": res.ShouldBePaid}})
	})
	return out, err
}

// keepBill stores a matched bill and its lines.
func keepBill(ctx context.Context, tx *store.Store, by store.User, sc store.Contract, filename string, b contract.Bill, res contract.Result) (int64, error) {
	whole, err := json.Marshal(contract.Result{BillExceptions: res.BillExceptions, ClaimsCredited: res.ClaimsCredited,
		Total: res.Total, Disputed: res.Disputed, ShouldBePaid: res.ShouldBePaid})
	if err != nil {
		return 0, err
	}
	return tx.InsertBill(ctx, store.Bill{ContractID: sc.ID, Format: string(b.Format), Filename: filename, Currency: sc.Currency,
		TotalMinor: res.Total.Minor, Disputed: res.Disputed.Minor, ShouldBePaid: string(res.ShouldBePaid), Result: whole},
		by.ID, storeLines(b, res))
}

// storeLines pairs each bill line with its match, as the store keeps them.
func storeLines(b contract.Bill, res contract.Result) []store.BillLine {
	out := make([]store.BillLine, len(b.Lines))
	for i, l := range b.Lines {
		m := res.Lines[i]
		exc, _ := json.Marshal(append([]contract.Exception{}, m.Exceptions...))
		out[i] = store.BillLine{Line: l.Line, PeriodStart: l.PeriodStart, PeriodEnd: l.PeriodEnd, Description: l.Description,
			Category: string(l.Category), Quantity: int64(l.Quantity), Unit: l.Unit, UnitPrice: int64(l.UnitPrice),
			Amount: int64(l.Amount), Charge: m.Charge, Match: m.Match, Exceptions: exc}
	}
	return out
}

// billOf is a stored bill as the API and the page show it.
func billOf(sb store.Bill, lines []store.BillLine, res contract.Result) Bill {
	b := Bill{ID: sb.ID, Format: sb.Format, Filename: sb.Filename, Uploaded: sb.UploadedBy, Match: res}
	b.Match.Lines = nil
	for _, l := range lines {
		bl := BillLine{Line: l.Line, Description: l.Description, Category: l.Category, Quantity: contract.Micros(l.Quantity),
			Unit: l.Unit, UnitPrice: contract.Micros(l.UnitPrice), Amount: contract.Micros(l.Amount),
			PeriodStart: l.PeriodStart.UTC().Format("2006-01-02"), Match: l.Match, Charge: l.Charge}
		_ = json.Unmarshal(l.Exceptions, &bl.Exceptions)
		b.Lines = append(b.Lines, bl)
		b.Match.Lines = append(b.Match.Lines, contract.LineMatch{Line: l.Line, Charge: l.Charge, Match: l.Match, Exceptions: bl.Exceptions})
	}
	return b
}

// Bills lists a contract's bills with their lines and matches, oldest
// first.
func (s *Service) Bills(ctx context.Context, id int64) ([]Bill, error) {
	var out []Bill
	err := s.store.ReadOnly(ctx, func(tx *store.Store) error {
		if _, err := tx.Contract(ctx, id); err != nil {
			return err
		}
		kept, err := readBills(ctx, tx, id)
		for _, kb := range kept {
			out = append(out, billOf(kb.bill, kb.lines, kb.res))
		}
		return err
	})
	return out, err
}
