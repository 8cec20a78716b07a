package benchlog

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// colSpec maps the tokens of a row, learnt from the column-names line, so
// that layouts with and without root, legacy error columns, -C, -I and -S
// all parse without hard-coding "the last 8 tokens".
type colSpec struct {
	n, nOOP                       int // full row, and a row ending after the out-of-place group
	tsExtra                       int // a -S timestamp may print as one or two tokens
	size, count, typ, redop, root int
	place                         [2]placeCols
	timeScale                     float64 // v1.0.0 printed ms
}

type placeCols struct {
	ok                    bool
	time, alg, bus, check int
	checkKind             int // 0 none, 1 #wrong count, 2 legacy max error
}

// row stores one table row; f are its tokens.
func (p *ncclParser) row(f []string, n int) error {
	st := p.cur
	if st.phase >= phFooter && !st.independent {
		return errorf(KindNCCL, n, "data row after the run's footer without a new column header")
	}
	if st.badRowLine != 0 {
		// A malformed row followed by more rows is corruption, not a
		// truncated tail: refuse rather than guess.
		return errorf(KindNCCL, st.badRowLine, "%s", st.badRowReason)
	}
	r, reason := st.spec.parseRow(f, st, &p.pool)
	if reason != "" {
		st.badRowLine, st.badRowReason = n, reason
		st.run.EndLine = n
		return nil
	}
	r.Line = n
	st.run.Rows = append(st.run.Rows, r)
	st.phase = phRows
	st.run.EndLine = n
	return nil
}

func newColSpec(names []string) (*colSpec, bool) {
	sp := &colSpec{size: -1, count: -1, typ: -1, redop: -1, root: -1, timeScale: 1}
	for g := range sp.place {
		sp.place[g] = placeCols{time: -1, alg: -1, bus: -1, check: -1}
	}
	group := -1
	pos := 0
	for _, nm := range names {
		l := nm
		if hasUpper(nm) {
			l = strings.ToLower(nm)
		}
		switch {
		case group < 0 && (l == "size" || l == "bytes"):
			sp.size = pos
		case group < 0 && (l == "count" || l == "n"):
			sp.count = pos
		case group < 0 && l == "type":
			sp.typ = pos
		case group < 0 && (l == "redop" || l == "op"):
			sp.redop = pos
		case group < 0 && l == "root":
			sp.root = pos
		case l == "time" || l == "cputime":
			group++
			if group < 2 {
				sp.place[group].time = pos
			}
		case group >= 0 && group < 2 && l == "algbw":
			sp.place[group].alg = pos
		case group >= 0 && group < 2 && l == "busbw":
			sp.place[group].bus = pos
		case group >= 0 && group < 2 && (l == "#wrong" || l == "wrong"):
			sp.place[group].check, sp.place[group].checkKind = pos, 1
		case group >= 0 && group < 2 && (l == "error" || l == "res"):
			sp.place[group].check, sp.place[group].checkKind = pos, 2
		case l == "timestamp":
			pos++ // "%Y-%m-%d %H:%M:%S" prints as two tokens
			sp.tsExtra = 1
		}
		if l == "bytes" || l == "res" {
			sp.timeScale = 1000 // v1.0.0: time column in milliseconds
		}
		pos++
	}
	sp.n = pos
	for g := range sp.place {
		pc := &sp.place[g]
		pc.ok = pc.time >= 0 && pc.alg >= 0 && pc.bus >= 0
	}
	if sp.size != 0 || sp.count < 0 || !sp.place[0].ok {
		return nil, false
	}
	sp.nOOP = sp.n
	if sp.place[1].ok {
		sp.nOOP = sp.place[1].time
	}
	return sp, true
}

// parseRow maps tokens to a row; reason is non-empty when they do not fit.
func (sp *colSpec) parseRow(f []string, st *ncclRunState, pool *stringPool) (NCCLRow, string) {
	var r NCCLRow
	nf := len(f)
	oopOnly := false
	switch {
	case nf == sp.n || (sp.tsExtra > 0 && nf == sp.n-sp.tsExtra):
	case sp.place[1].ok && nf == sp.nOOP:
		oopOnly = true // v1.0.0 broadcast/reduce print one placement
	default:
		return r, fmt.Sprintf("row has %d fields, the column header has %d", nf, sp.n)
	}
	var ok bool
	if r.Size, ok = fastInt(f[sp.size]); !ok {
		return r, fmt.Sprintf("size %q is not a byte count", f[sp.size])
	}
	if r.Count, ok = fastInt(f[sp.count]); !ok {
		return r, fmt.Sprintf("count %q is not an element count", f[sp.count])
	}
	if sp.typ >= 0 {
		if f[sp.typ] != st.lastType {
			st.lastType = pool.get(f[sp.typ])
		}
		r.Type = st.lastType
	}
	if sp.redop >= 0 {
		if f[sp.redop] != st.lastRedop {
			st.lastRedop = pool.get(f[sp.redop])
		}
		r.Redop = st.lastRedop
	}
	if sp.root >= 0 {
		v, err := strconv.Atoi(f[sp.root])
		if err != nil {
			return r, fmt.Sprintf("root %q is not a rank", f[sp.root])
		}
		r.HasRoot, r.Root = true, v
	}
	var reason string
	if r.OutOfPlace, reason = sp.place[0].parse(f, sp.timeScale); reason != "" {
		return r, "out-of-place " + reason
	}
	if sp.place[1].ok && !oopOnly {
		if r.InPlace, reason = sp.place[1].parse(f, sp.timeScale); reason != "" {
			return r, "in-place " + reason
		}
	}
	return r, ""
}

func (pc *placeCols) parse(f []string, scale float64) (NCCLResult, string) {
	var res NCCLResult
	tv, ta, tb := f[pc.time], f[pc.alg], f[pc.bus]
	if isNA(tv) || isNA(ta) || isNA(tb) {
		res.Present = false
	} else {
		var ok1, ok2, ok3 bool
		res.TimeUS, ok1 = parseFinite(tv)
		res.AlgBW, ok2 = parseFinite(ta)
		res.BusBW, ok3 = parseFinite(tb)
		switch {
		case !ok1 || res.TimeUS < 0:
			return res, fmt.Sprintf("time %q is not a number", tv)
		case !ok2 || res.AlgBW < 0:
			return res, fmt.Sprintf("algbw %q is not a number", ta)
		case !ok3 || res.BusBW < 0:
			return res, fmt.Sprintf("busbw %q is not a number", tb)
		}
		res.TimeUS *= scale
		res.Present = true
	}
	if pc.check < 0 {
		return res, ""
	}
	cv := f[pc.check]
	if isNA(cv) {
		return res, ""
	}
	v, ok := parseFinite(cv)
	if !ok || v < 0 {
		return res, fmt.Sprintf("check column %q is not a number", cv)
	}
	if pc.checkKind == 1 {
		// %g prints large counts as 1.04858e+06.
		if v > math.MaxInt64/2 {
			v = math.MaxInt64 / 2
		}
		res.Checked, res.Wrong = true, int64(math.Round(v))
	} else {
		res.HasMaxError, res.MaxError = true, v
	}
	return res, ""
}

func hasUpper(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 'A' && s[i] <= 'Z' {
			return true
		}
	}
	return false
}
