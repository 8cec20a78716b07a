package store_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/store/storetest"
)

// importQuotes parses a small CSV of providers and categories.
func importRows(t *testing.T, rows ...string) []quote.Quote {
	t.Helper()
	csv := "provider,provider_category,rental_model,gpu_model,gpus_per_node,nodes,price_per_gpu_hour,currency\n"
	for _, r := range rows {
		csv += r + ",reserved,H100,8,1,2.50,USD\n"
	}
	qs, err := quote.ReadCSV(strings.NewReader(csv))
	if err != nil {
		t.Fatal(err)
	}
	return qs
}

// A batched import keeps what the row-by-row one did: ids in file order,
// a revision and an audit row per quote, one provider per name whatever
// its case, with the category of the first row naming it.
func TestImportKeepsOrderProvidersRevisionsAndAudit(t *testing.T) {
	t.Parallel()
	st, pool := storetest.New(t, nil)
	ctx := context.Background()
	u := newUser(t, st, "p@example.com", auth.Procurement)
	ev, err := st.CreateEvaluation(ctx, u.Actor(), "Import")
	if err != nil {
		t.Fatal(err)
	}
	qs := importRows(t, "Zeta Cloud,specialized", "Acme,hyperscaler", "ACME,specialized", "Beta,marketplace", "acme,colocation")
	ids, err := st.ImportQuotes(ctx, u.Actor(), ev.ID, qs)
	if err != nil {
		t.Fatal(err)
	}
	if len(ids) != len(qs) {
		t.Fatalf("ids = %v", ids)
	}
	want := []string{"Zeta Cloud", "Acme", "Acme", "Beta", "Acme"}
	for i, id := range ids {
		sq, err := st.Quote(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if name, _ := sq.Quote.Provider.Get(); name != []string{"Zeta Cloud", "Acme", "ACME", "Beta", "acme"}[i] {
			t.Errorf("id %d holds row %q, want row %d", id, name, i)
		}
		if sq.ProviderName != want[i] {
			t.Errorf("quote %d: provider %q, want %q", i, sq.ProviderName, want[i])
		}
		if i == 1 && sq.ProviderCategory != "hyperscaler" {
			t.Errorf("Acme's category = %q, want the first row's", sq.ProviderCategory)
		}
		if revs, err := st.Revisions(ctx, id); err != nil || len(revs) != 1 || revs[0].Revision != 1 {
			t.Errorf("revisions of %d = %+v, %v", id, revs, err)
		}
	}
	var providers, audits int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM providers`).Scan(&providers); err != nil || providers != 3 {
		t.Errorf("providers = %d, %v; want 3", providers, err)
	}
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM audit_events WHERE action = 'quote.import' AND evaluation_id = $1
		AND object_id = ANY($2::text[]) AND after->>'provider' IS NOT NULL`, ev.ID, []string{itoa(int(ids[0])), itoa(int(ids[1])),
		itoa(int(ids[2])), itoa(int(ids[3])), itoa(int(ids[4]))}).Scan(&audits); err != nil || audits != len(qs) {
		t.Errorf("audit rows = %d, %v; want %d", audits, err, len(qs))
	}
}

// Past the limit, nothing of the import is saved and the error names the
// limit; up to it, the import goes through.
func TestImportStopsAtTheQuoteLimit(t *testing.T) {
	t.Parallel()
	st, pool := storetest.New(t, nil)
	ctx := context.Background()
	u := newUser(t, st, "p@example.com", auth.Procurement)
	ev, err := st.CreateEvaluation(ctx, u.Actor(), "Full")
	if err != nil {
		t.Fatal(err)
	}
	seedQuotes(t, st, pool, u, ev.ID, quote.MaxPerEvaluation-1)
	_, err = st.ImportQuotes(ctx, u.Actor(), ev.ID, importRows(t, "One,specialized", "Two,specialized"))
	var le *store.QuoteLimitError
	if !errors.As(err, &le) || !errors.Is(err, store.ErrTooManyQuotes) || le.Limit != quote.MaxPerEvaluation ||
		le.Existing != quote.MaxPerEvaluation-1 || le.Adding != 2 {
		t.Fatalf("err = %v, want the quote limit", err)
	}
	if n, _ := st.QuoteCount(ctx, ev.ID); n != quote.MaxPerEvaluation-1 {
		t.Errorf("count after a refused import = %d", n)
	}
	if _, err := st.CreateQuote(ctx, u.Actor(), ev.ID, importRows(t, "Last,specialized")[0]); err != nil {
		t.Fatalf("the last quote below the limit: %v", err)
	}
	if _, err := st.CreateQuote(ctx, u.Actor(), ev.ID, importRows(t, "Over,specialized")[0]); !errors.Is(err, store.ErrTooManyQuotes) {
		t.Fatalf("a quote past the limit: %v", err)
	}
}
