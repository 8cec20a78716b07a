package views

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"

	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/jsontext"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/redflag"
)

// QuoteTermJSON is one term of a quote as the API sends it.
type QuoteTermJSON struct {
	State string `json:"state"`
	Value string `json:"value,omitempty"`
}

// QuoteFlagJSON is one red flag as the API sends it.
type QuoteFlagJSON struct {
	ID       string   `json:"id"`
	Severity string   `json:"severity"`
	Message  string   `json:"message"`
	Question string   `json:"question"`
	Terms    []string `json:"terms"`
}

// QuoteJSON is a quote as the API sends it.
type QuoteJSON struct {
	ID int64 `json:"id,omitempty"`
	// What an import does with the row: new, revision or unchanged. It
	// follows the id, where ImportedJSON splices both in.
	ImportAction string            `json:"import_action,omitempty"`
	Provider     QuoteProviderJSON `json:"provider"`
	Author       string            `json:"author,omitempty"`
	Version      int               `json:"version,omitempty"`
	Terms        QuoteTermsJSON    `json:"terms"`
	Flags        []QuoteFlagJSON   `json:"flags"`
	Blockers     int               `json:"blockers"`
	Warnings     int               `json:"warnings"`
	// Source are the revisions that came through a sourcing round,
	// encoded; nil for none.
	Source json.RawMessage `json:"source,omitempty"`
	// For an import's rows, the terms a revision changes.
	Changes []QuoteChangeJSON `json:"changes,omitempty"`
}

// QuoteProviderJSON is a quote's provider as the API sends it.
type QuoteProviderJSON struct {
	ID       int64  `json:"id,omitempty"`
	Name     string `json:"name"`
	Category string `json:"category,omitempty"`
}

// QuoteChangeJSON is one term a revision changes.
type QuoteChangeJSON struct {
	Column string        `json:"column"`
	Old    QuoteTermJSON `json:"old"`
	New    QuoteTermJSON `json:"new"`
}

// QuoteJSONOf renders a quote with its flags; messages follow the
// reader's language, ids and severities stay English codes.
func QuoteJSONOf(z *i18n.Localizer, q quote.Quote, flags []redflag.Flag) QuoteJSON {
	out := QuoteJSON{Terms: make(QuoteTermsJSON, len(QuoteColumns)), Flags: []QuoteFlagJSON{}}
	out.Provider.Name, _ = q.Provider.Get()
	for _, c := range QuoteColumns {
		cell := c.Cell(&q)
		out.Terms[c.Name] = QuoteTermJSON{State: QuoteStateName(cell.State), Value: cell.Value}
	}
	fv := QuoteFlagViews(z, flags)
	for i, f := range flags {
		out.Flags = append(out.Flags, QuoteFlagJSON{ID: f.ID, Severity: string(f.Severity), Message: fv[i].Message, Question: fv[i].Question, Terms: f.Terms})
	}
	out.Blockers, out.Warnings = redflag.Counts(flags)
	return out
}

// QuoteChangesJSON are the terms a revision changes, as the API sends
// them.
func QuoteChangesJSON(cs []quote.Change) []QuoteChangeJSON {
	out := make([]QuoteChangeJSON, len(cs))
	for i, c := range cs {
		out[i] = QuoteChangeJSON{Column: c.Column,
			Old: QuoteTermJSON{State: QuoteStateName(c.Old.State), Value: c.Old.Value},
			New: QuoteTermJSON{State: QuoteStateName(c.New.State), Value: c.New.Value}}
	}
	return out
}

// ImportPreviewJSON is the rows of a previewed import with their flags,
// each with its action, its held quote's id and, for a revision, the
// terms it changes.
func ImportPreviewJSON(z *i18n.Localizer, plan quote.ImportPlan, rows []quote.Quote, flags [][]redflag.Flag) []QuoteJSON {
	out := make([]QuoteJSON, len(rows))
	for i, r := range plan.Rows {
		out[i] = QuoteJSONOf(z, rows[i], flags[i])
		out[i].ID, out[i].ImportAction, out[i].Changes = r.QuoteID, string(r.Action), QuoteChangesJSON(r.Changes)
	}
	return out
}

// QuotesJSONOf renders quotes, each with its flags.
func QuotesJSONOf(z *i18n.Localizer, qs []quote.Quote, flags [][]redflag.Flag) []QuoteJSON {
	out := make([]QuoteJSON, len(qs))
	for i, q := range qs {
		out[i] = QuoteJSONOf(z, q, flags[i])
	}
	return out
}

// RevisedRowsJSON encodes the revised rows of an import (plan) again, with
// their changes (and without id and action, which ImportedJSON writes),
// by row.
func RevisedRowsJSON(z *i18n.Localizer, plan quote.ImportPlan, rows []quote.Quote, flags [][]redflag.Flag) map[int][]byte {
	out := map[int][]byte{}
	for i, r := range plan.Rows {
		if r.Action == quote.RowRevision {
			q := QuoteJSONOf(z, rows[i], flags[i])
			q.Changes = QuoteChangesJSON(r.Changes)
			out[i] = MarshalQuoteJSON(q)
		}
	}
	return out
}

// EncodeQuotesJSON encodes each quote (MarshalQuoteJSON).
func EncodeQuotesJSON(qs []QuoteJSON) [][]byte {
	out := make([][]byte, len(qs))
	for i := range qs {
		out[i] = MarshalQuoteJSON(qs[i])
	}
	return out
}

// quoteTermsPlaceholder is what encoding/json writes for a quote without
// terms. It cannot occur inside a string, where every quote mark is
// escaped.
var quoteTermsPlaceholder = []byte(`"terms":null`)

// MarshalQuoteJSON is json.Marshal(q), byte for byte, with the terms
// spliced in after encoding/json is done: it validates and compacts
// whatever a MarshalJSON returns, which was a third of the preview of a
// 10,000-row import.
func MarshalQuoteJSON(q QuoteJSON) []byte {
	terms, _ := q.Terms.MarshalJSON() // plain data: cannot fail
	q.Terms = nil
	b, _ := json.Marshal(q)
	i := bytes.Index(b, quoteTermsPlaceholder)
	if i < 0 {
		panic("views: a QuoteJSON's encoding lost its terms field")
	}
	i += len(`"terms":`)
	out := make([]byte, 0, len(b)-len("null")+len(terms))
	out = append(out, b[:i]...)
	out = append(out, terms...)
	return append(out, b[i+len("null"):]...)
}

// ImportedJSON is what encoding/json writes for {"imported": added,
// "revised": n, "unchanged": n, "quotes": the preview with ids and
// actions} of an import (plan) that saved quotes ids: "id" is a
// QuoteJSON's first field, so each quote's encoding gains it and its
// import_action right after its opening brace. A revision's encoding is
// replaced by changed[i], which carries its changes.
func ImportedJSON(plan quote.ImportPlan, ids []int64, encoded [][]byte, changed map[int][]byte) []byte {
	size := 128
	for _, e := range encoded {
		size += len(e) + 64
	}
	b := make([]byte, 0, size)
	b = append(b, `{"imported":`...)
	b = strconv.AppendInt(b, int64(plan.New), 10)
	b = append(b, `,"quotes":[`...)
	for i, e := range encoded {
		if c, ok := changed[i]; ok {
			e = c
		}
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"id":`...)
		b = strconv.AppendInt(b, ids[i], 10)
		b = append(b, `,"import_action":"`...)
		b = append(b, plan.Rows[i].Action...)
		b = append(b, `",`...)
		b = append(b, e[1:]...)
	}
	b = append(b, `],"revised":`...)
	b = strconv.AppendInt(b, int64(plan.Revisions), 10)
	b = append(b, `,"unchanged":`...)
	b = strconv.AppendInt(b, int64(plan.Unchanged), 10)
	return append(b, "}\n"...)
}

// QuoteColumns is quote.Columns() once: it copies every column, which a
// page or an import of thousands of quotes did for each quote.
var QuoteColumns = quote.Columns()

// QuoteTermsJSON is a quote's terms by column name, as the API sends them.
type QuoteTermsJSON map[string]QuoteTermJSON

// quoteSortedTermNames are the column names in the order encoding/json
// writes a map's keys.
var quoteSortedTermNames = func() []string {
	names := make([]string, len(QuoteColumns))
	for i, c := range QuoteColumns {
		names[i] = c.Name
	}
	slices.Sort(names)
	return names
}()

// MarshalJSON writes what encoding/json writes for the map, byte for byte,
// without reflecting on it and sorting its keys for every quote: the
// preview of a 10,000-row import spent a sixth of its time there.
func (t QuoteTermsJSON) MarshalJSON() ([]byte, error) {
	if len(t) != len(quoteSortedTermNames) {
		return json.Marshal(map[string]QuoteTermJSON(t))
	}
	b := make([]byte, 0, 64*len(t))
	b = append(b, '{')
	for i, name := range quoteSortedTermNames {
		term, ok := t[name]
		if !ok {
			return json.Marshal(map[string]QuoteTermJSON(t))
		}
		if i > 0 {
			b = append(b, ',')
		}
		b = jsontext.AppendString(b, name)
		b = append(b, `:{"state":`...)
		b = jsontext.AppendString(b, term.State)
		if term.Value != "" {
			b = append(b, `,"value":`...)
			b = jsontext.AppendString(b, term.Value)
		}
		b = append(b, '}')
	}
	return append(b, '}'), nil
}
