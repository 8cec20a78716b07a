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
