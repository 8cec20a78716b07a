package evaluation

import (
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/redflag"
	"github.com/gpuquote/gpuquote/internal/scoring"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/tco"
)

// shareQuotes makes Quotes a view of All when every quote is priced, the
// usual case: one copy of 10,000 stored quotes (1 KB each) rather than
// two.
func (a *Analysis) shareQuotes() {
	if len(a.Quotes) != len(a.All) {
		return
	}
	for i := range a.Quotes {
		if a.Quotes[i].ID != a.All[i].ID {
			return
		}
	}
	a.Quotes = slices.Clip(a.All)
}

// interner hands out one canonical copy of each value it has seen, for
// the analysis's compute: the red flags, the grades' facts and the
// worksheet lines' workings are built a quote at a time, so an evaluation
// of 10,000 quotes held 10,000 copies of the same rule names, message
// keys, term lists and, wherever the facts coincide, the same messages
// and maps: about half of its 21 KB a quote, the heap profile of the load
// at 10,000 quotes showed. A quote's terms flags (TermFlags) and its
// analysis flags (Flags) are one list whenever the exchange rates and
// the retry waste added none.
//
// Only what is equal is shared, and an analysis is read, never changed,
// once computed (see analysisKeeper): every figure and word stays the
// same. Shared slices are clipped, so a reader's append copies instead
// of writing into another quote's.
type interner struct {
	strs     map[string]string
	lists    map[string][]string
	maps     map[string]map[string]string
	missing  map[string][]tco.Missing
	flagSets map[string][]redflag.Flag
	key      strings.Builder // scratch for the keys above
}

func newInterner() *interner {
	return &interner{strs: map[string]string{}, lists: map[string][]string{}, maps: map[string]map[string]string{},
		missing: map[string][]tco.Missing{}, flagSets: map[string][]redflag.Flag{}}
}

// str is s's canonical copy: a copy of its own, so that it does not keep
// alive a larger string it was cut from (a stored quote's terms are cut
// from their JSON, 2 KB a quote).
func (in *interner) str(s string) string {
	if s == "" {
		return ""
	}
	if c, ok := in.strs[s]; ok {
		return c
	}
	c := strings.Clone(s)
	in.strs[c] = c
	return c
}

// quotes shares the text of every stored quote's terms and names.
func (in *interner) quotes(sqs []store.StoredQuote) {
	for i := range sqs {
		sq := &sqs[i]
		sq.ProviderName, sq.ProviderCategory, sq.AuthorName = in.str(sq.ProviderName), in.str(sq.ProviderCategory), in.str(sq.AuthorName)
		in.terms(reflect.ValueOf(&sq.Quote).Elem())
	}
}

// terms replaces the text of each of q's terms (a quote.Term whose Value
// is a string or a kind of one) by its canonical copy.
func (in *interner) terms(q reflect.Value) {
	for i := range q.NumField() {
		f := q.Field(i)
		if f.Kind() != reflect.Struct {
			continue
		}
		if v := f.FieldByName("Value"); v.IsValid() && v.Kind() == reflect.String && v.CanSet() {
			v.SetString(in.str(v.String()))
		}
	}
}

// part adds s to the scratch key, length first, so no two different
// sequences make one key.
func (in *interner) part(s string) {
	in.key.WriteString(strconv.Itoa(len(s)))
	in.key.WriteByte(':')
	in.key.WriteString(s)
}

func (in *interner) list(l []string) []string {
	if len(l) == 0 {
		return l
	}
	in.key.Reset()
	for _, s := range l {
		in.part(s)
	}
	if c, ok := in.lists[in.key.String()]; ok {
		return c
	}
	c := slices.Clip(l)
	for i := range c {
		c[i] = in.str(c[i])
	}
	in.lists[in.str(in.key.String())] = c
	return c
}

func (in *interner) dict(m map[string]string) map[string]string {
	if len(m) == 0 {
		return m
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	in.key.Reset()
	for _, k := range keys {
		in.part(k)
		in.part(m[k])
	}
	if c, ok := in.maps[in.key.String()]; ok {
		return c
	}
	c := make(map[string]string, len(m))
	for _, k := range keys {
		c[in.str(k)] = in.str(m[k])
	}
	in.maps[in.str(in.key.String())] = c
	return c
}

func (in *interner) missings(ms []tco.Missing) []tco.Missing {
	if len(ms) == 0 {
		return ms
	}
	in.key.Reset()
	for _, m := range ms {
		in.part(m.Term)
		in.part(string(m.Status))
		in.part(m.Assumption)
	}
	if c, ok := in.missing[in.key.String()]; ok {
		return c
	}
	c := slices.Clip(ms)
	for i := range c {
		c[i].Term, c[i].Status, c[i].Assumption = in.str(c[i].Term), tco.Status(in.str(string(c[i].Status))), in.str(c[i].Assumption)
	}
	in.missing[in.str(in.key.String())] = c
	return c
}

// flags is fs with every flag's strings, terms and facts shared, and the
// list itself shared with every equal list.
func (in *interner) flags(fs []redflag.Flag) []redflag.Flag {
	if len(fs) == 0 {
		return fs
	}
	for i := range fs {
		f := &fs[i]
		f.ID, f.MessageKey, f.QuestionKey = in.str(f.ID), in.str(f.MessageKey), in.str(f.QuestionKey)
		f.Message, f.Question = in.str(f.Message), in.str(f.Question)
		f.Terms, f.Data = in.list(f.Terms), in.dict(f.Data)
	}
	in.key.Reset()
	for _, f := range fs {
		in.part(f.ID)
		in.part(string(f.Severity))
		in.part(f.MessageKey)
		in.part(f.QuestionKey)
		in.part(f.Message)
		in.part(f.Question)
		in.part(strconv.Itoa(len(f.Terms)))
		for _, t := range f.Terms {
			in.part(t)
		}
		in.part(strconv.Itoa(len(f.Data)))
		for _, k := range sortedKeys(f.Data) {
			in.part(k)
			in.part(f.Data[k])
		}
	}
	if c, ok := in.flagSets[in.key.String()]; ok {
		return c
	}
	c := slices.Clip(fs)
	in.flagSets[in.str(in.key.String())] = c
	return c
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// worksheet shares the workings of every quote's lines.
func (in *interner) worksheet(ws *tco.Worksheet) {
	for i := range ws.Results {
		in.result(&ws.Results[i])
	}
}

// scores shares every grade's rule, facts and flags.
func (in *interner) scores(s *Scoring) {
	for i := range s.Scores.Scores {
		sc := &s.Scores.Scores[i]
		for j := range sc.Grades {
			in.grade(&sc.Grades[j])
		}
	}
}

func (in *interner) statement(s *tco.Statement) {
	s.Key, s.Args, s.Refs = in.str(s.Key), in.dict(s.Args), in.list(s.Refs)
}

// result shares the workings of a quote's lines.
func (in *interner) result(r *tco.Result) {
	r.Label = in.str(r.Label)
	r.Missing, r.Warnings = in.missings(r.Missing), in.list(r.Warnings)
	for i := range r.Speed.Basis {
		in.statement(&r.Speed.Basis[i])
	}
	for i := range r.Lines {
		l := &r.Lines[i]
		in.statement(&l.Basis)
		l.Assumed, l.Missing = in.list(l.Assumed), in.missings(l.Missing)
		l.FX.Source = in.str(l.FX.Source)
	}
}

// grade shares a grade's rule, facts and flags.
func (in *interner) grade(g *scoring.Grade) {
	g.Key, g.Rule = in.str(g.Key), in.str(g.Rule)
	g.Facts, g.Flags = in.dict(g.Facts), in.list(g.Flags)
}
