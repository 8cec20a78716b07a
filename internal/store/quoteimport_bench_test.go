package store_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/store/storetest"
)

// BenchmarkImportQuotes10000 saves 10,000 parsed quotes with distinct
// providers into a new evaluation each time: the store's share of a CSV
// import (one transaction, statements independent of the row count).
//
//	go test -run '^$' -bench ImportQuotes10000 -benchtime 3x ./internal/store/
func BenchmarkImportQuotes10000(b *testing.B) {
	st, _ := storetest.New(b, nil)
	ctx := context.Background()
	u, err := st.CreateUser(ctx, audit.Actor{Email: "test"}, store.User{Email: "b@example.com", Name: "B", Role: "procurement", PasswordHash: "x"})
	if err != nil {
		b.Fatal(err)
	}
	example, err := os.ReadFile("../quote/testdata/quotes-example.csv")
	if err != nil {
		b.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(example)), "\n")
	var csv strings.Builder
	csv.WriteString(lines[0] + "\n")
	for i := range 10000 {
		csv.WriteString(strings.Replace(lines[1+i%(len(lines)-1)], "Example", fmt.Sprintf("Vendor %d", i), 1) + "\n")
	}
	qs, err := quote.ReadCSV(strings.NewReader(csv.String()))
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		b.StopTimer()
		ev, err := st.CreateEvaluation(ctx, u.Actor(), "bench")
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if _, err := st.ImportQuotes(ctx, u.Actor(), ev.ID, qs); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkListEvaluationSummariesApproved10000 is the evaluations list's
// query when one approved evaluation holds 10,000 quotes, without the
// HTTP, authentication and rendering around it.
//
//	go test -run '^$' -bench ListEvaluationSummariesApproved10000 -benchtime 100x ./internal/store/
func BenchmarkListEvaluationSummariesApproved10000(b *testing.B) {
	st, pool := storetest.New(b, nil)
	ctx := context.Background()
	u, err := st.CreateUser(ctx, audit.Actor{Email: "test"}, store.User{Email: "b@example.com", Name: "B", Role: "manager", PasswordHash: "x"})
	if err != nil {
		b.Fatal(err)
	}
	ev, err := st.CreateEvaluation(ctx, u.Actor(), "bench")
	if err != nil {
		b.Fatal(err)
	}
	qs, err := quote.ReadCSV(strings.NewReader("provider,provider_category,rental_model,gpu_model,gpus_per_node,nodes,price_per_gpu_hour,currency\nSeed,specialized,reserved,H100,8,1,2.50,USD\n"))
	if err != nil {
		b.Fatal(err)
	}
	ids, err := st.ImportQuotes(ctx, u.Actor(), ev.ID, qs)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `INSERT INTO quotes (evaluation_id, provider_id, author_id, terms, updated_by)
		SELECT evaluation_id, provider_id, author_id, terms, updated_by FROM quotes, generate_series(2, 10000) WHERE id = $1`, ids[0]); err != nil {
		b.Fatal(err)
	}
	if err := st.SetShortlisted(ctx, u.Actor(), ids[0], true); err != nil {
		b.Fatal(err)
	}
	if _, err := st.Decide(ctx, u.Actor(), store.DecisionRecord{EvaluationID: ev.ID, QuoteID: ids[0], Kind: "approve",
		Reason: "bench", QuoteVersion: 1, InputsHash: "bench"}); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		list, _, err := st.ListEvaluationSummaries(ctx, false, 50, 0)
		if err != nil || len(list) != 1 || list[0].Approval == nil || !list[0].HasQuotes {
			b.Fatalf("list = %+v, %v", list, err)
		}
	}
}
