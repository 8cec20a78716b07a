package evaluation

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/tco"
)

// AwardInputs are everything an award's figures and rules rest on, by
// key: each awarded quote's terms and acceptance results (its evidence), the
// assumptions, the exchange rates of its currencies, the brief, and the
// resulting contract value. A signature is given on these; when any of
// them changes the award is stale.
func (a *Analysis) AwardInputs(shares []store.AwardShare) map[string]string {
	in := map[string]string{}
	currencies := map[string]bool{a.A.Currency: true}
	for _, sh := range shares {
		id := strconv.FormatInt(sh.QuoteID, 10)
		sq, ok := a.quoteByID(sh.QuoteID)
		if !ok {
			in["quote."+id] = "deleted"
			continue
		}
		for k, v := range quote.Cells(sq.Quote) {
			in["term."+id+"."+k] = v
		}
		if cur, ok := sq.Quote.Currency.Get(); ok {
			currencies[cur] = true
		}
		for test, r := range a.Suites[sh.QuoteID] {
			in["acceptance."+id+"."+test] = r.Status
		}
	}
	for _, key := range tco.Editable {
		if f, ok := a.A.Field(key); ok {
			in["assumption."+key] = AssumptionText(key, f.Value)
		}
	}
	for cur := range currencies {
		if r, ok := a.FX.USDPer[cur]; ok {
			in["fx."+cur] = r.String()
		}
	}
	for k, v := range a.Brief.Data {
		in["brief."+k] = v
	}
	if fig, fe := a.AwardFigures(shares); fe == nil {
		in["value"] = fig.Value.Decimal() + " " + fig.Value.Currency
	}
	return in
}

// inputsDigest is the SHA-256 of inputs in a canonical form.
func inputsDigest(in map[string]string) string {
	b, _ := json.Marshal(in) // map keys are sorted: canonical
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// quoteByID finds a quote of the evaluation, priced or not.
func (a *Analysis) quoteByID(id int64) (store.StoredQuote, bool) {
	for _, sq := range a.All {
		if sq.ID == id {
			return sq, true
		}
	}
	return store.StoredQuote{}, false
}

// awardChanges lists the inputs that differ, in key order.
func awardChanges(before, after map[string]string) []Change {
	keys := map[string]bool{}
	for k := range before {
		keys[k] = true
	}
	for k := range after {
		keys[k] = true
	}
	sorted := make([]string, 0, len(keys))
	for k := range keys {
		sorted = append(sorted, k)
	}
	slices.Sort(sorted)
	var out []Change
	for _, k := range sorted {
		if before[k] == after[k] {
			continue
		}
		c := Change{Before: before[k], After: after[k]}
		kind, rest, _ := strings.Cut(k, ".")
		c.Kind, c.Key = kind, rest
		switch kind {
		case "term", "acceptance":
			id, key, _ := strings.Cut(rest, ".")
			c.QuoteID, _ = strconv.ParseInt(id, 10, 64)
			c.Key = key
		}
		out = append(out, c)
	}
	return out
}
