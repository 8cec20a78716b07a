package evaluation

import (
	"os"
	"reflect"
	"strconv"
	"testing"
	"time"
	"unsafe"

	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/redflag"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/tco"
)

// exampleQuotes are the example CSV's quotes, repeated n times over.
func exampleQuotes(t *testing.T, n int) []quote.Quote {
	t.Helper()
	f, err := os.Open("../quote/testdata/quotes-example.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	qs, err := quote.ReadCSV(f)
	if err != nil {
		t.Fatal(err)
	}
	var out []quote.Quote
	for range n {
		out = append(out, qs...)
	}
	return out
}

// Interned flags read exactly as computed; equal lists are one list, and
// appending to one does not write into another's.
func TestInternedFlagsAreTheFlags(t *testing.T) {
	t.Parallel()
	today := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	qs := exampleQuotes(t, 2)
	in := newInterner()
	var got, want [][]redflag.Flag
	for _, q := range qs {
		got = append(got, in.flags(Flags(q, nil, today)))
		want = append(want, Flags(q, nil, today))
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatal("interning changed the flags")
	}
	half := len(qs) / 2
	shared := 0
	for i := range half {
		if len(got[i]) == 0 {
			continue
		}
		if &got[i][0] != &got[half+i][0] {
			t.Errorf("quote %d: two equal lists of flags are held twice", i)
		}
		shared++
		if cap(got[i]) != len(got[i]) {
			t.Errorf("quote %d: a shared list has room to append into", i)
		}
	}
	if shared == 0 {
		t.Fatal("the example quotes raise no flags: the test shows nothing")
	}
}

// An interned worksheet has every figure and working of the computed one.
func TestInternedWorksheetIsTheWorksheet(t *testing.T) {
	t.Parallel()
	a := tco.DefaultAssumptions("USD")
	a.FX["EUR"] = tco.FXRate{Rate: 1.1, Source: "test"}
	a.FX["GBP"] = tco.FXRate{Rate: 1.3, Source: "test"}
	var inputs []tco.Quote
	for i, q := range exampleQuotes(t, 3) {
		in := tco.FromQuote(strconv.Itoa(i), "q", q)
		if tco.Check(in, a) == nil {
			inputs = append(inputs, in)
		}
	}
	if len(inputs) == 0 {
		t.Fatal("no example quote priced")
	}
	ws, err := tco.Compute(inputs, a)
	if err != nil {
		t.Fatal(err)
	}
	want, err := tco.Compute(inputs, a)
	if err != nil {
		t.Fatal(err)
	}
	newInterner().worksheet(&ws)
	if !reflect.DeepEqual(ws, want) {
		t.Fatal("interning changed the worksheet")
	}
}

// Interned stored quotes read exactly as stored, with their text copied
// out of the JSON it was cut from.
func TestInternedQuotesAreTheQuotes(t *testing.T) {
	t.Parallel()
	var got, want []store.StoredQuote
	for i, q := range exampleQuotes(t, 2) {
		sq := store.StoredQuote{ID: int64(i + 1), ProviderName: "Vendor", AuthorName: "Author", Quote: q}
		got, want = append(got, sq), append(want, sq)
	}
	newInterner().quotes(got)
	if !reflect.DeepEqual(got, want) {
		t.Fatal("interning changed the quotes")
	}
	p, _ := want[0].Quote.Provider.Get()
	g, _ := got[0].Quote.Provider.Get()
	if p == "" || unsafe.StringData(p) == unsafe.StringData(g) {
		t.Errorf("the provider's name %q was not copied", p)
	}
}
