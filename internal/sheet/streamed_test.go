package sheet

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/xuri/excelize/v2"
)

// writeBook writes the workbook of in, its sheets other than the
// Worksheet cell by cell when cellByCell is set (as before they were
// streamed).
func writeBook(t *testing.T, in Workbook, cellByCell bool) []byte {
	t.Helper()
	quotes, a, ws := in.Quotes, in.A, in.WS
	if err := checkInput(quotes, &a, ws); err != nil {
		t.Fatal(err)
	}
	b, _ := layoutBook(quotes, &a, ws, in.Scores)
	b.cellByCell = cellByCell
	values, err := b.band(0, len(quotes)).evaluate()
	if err != nil {
		t.Fatal(err)
	}
	kept := newValues(len(quotes))
	kept.keep(b.layouts, values, 0, len(quotes))
	f, err := b.render(kept.get)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var buf bytes.Buffer
	if err := writeZip(f, &buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// cellsOf is every cell of every sheet of a workbook as a buyer's
// application reads it: its value as stored, its type (a string kept in
// the cell or in the table of shared strings alike), its formula and
// its style; and each sheet's column widths, row outline levels and
// panes, and the defined names.
func cellsOf(t *testing.T, raw []byte) map[string]string {
	t.Helper()
	f, err := excelize.OpenReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]string{}
	for _, sh := range f.GetSheetList() {
		rows, err := f.GetRows(sh, excelize.Options{RawCellValue: true})
		if err != nil {
			t.Fatal(err)
		}
		maxCol := 0
		for r, row := range rows {
			maxCol = max(maxCol, len(row))
			for c := range row {
				ref := cellName(c+1, r+1)
				v, _ := f.GetCellValue(sh, ref, excelize.Options{RawCellValue: true})
				typ, _ := f.GetCellType(sh, ref)
				kind := fmt.Sprint(typ)
				if typ == excelize.CellTypeInlineString || typ == excelize.CellTypeSharedString {
					// Where a string is kept (in the cell, or in the
					// workbook's table of strings) is no part of it.
					kind = "string"
				}
				form, _ := f.GetCellFormula(sh, ref)
				sid, _ := f.GetCellStyle(sh, ref)
				st, _ := f.GetStyle(sid)
				js, _ := json.Marshal(st)
				out[sh+"!"+ref] = fmt.Sprintf("%q type %s formula %q style %s", v, kind, form, js)
			}
			opts, _ := f.GetRowOutlineLevel(sh, r+1)
			out[fmt.Sprintf("%s!row %d", sh, r+1)] = fmt.Sprint("outline ", opts)
		}
		for c := 1; c <= maxCol+1; c++ {
			name, _ := excelize.ColumnNumberToName(c)
			w, _ := f.GetColWidth(sh, name)
			out[sh+"!col "+name] = fmt.Sprint("width ", w)
		}
		panes, _ := f.GetPanes(sh)
		js, _ := json.Marshal(panes)
		out[sh+"!panes"] = string(js)
	}
	for _, dn := range f.GetDefinedName() {
		out["name "+dn.Name+" "+dn.Scope] = dn.RefersTo
	}
	return out
}

// The Assumptions and Scores sheets, streamed, hold every value, type,
// formula, style, width and outline they held written cell by cell: in
// every test currency, with numbers beyond 15 significant digits (FX
// rates, a 2-minute checkpoint in hours) among them.
func TestStreamedSheetsHoldWhatCellByCellHeld(t *testing.T) {
	t.Parallel()
	for _, tc := range testCases() {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			qs := manyQuotes(7)
			scores := testScores(qs)
			in := Workbook{Quotes: qs, A: tc.a, WS: computeWS(t, qs, tc.a), Scores: &scores}
			want, got := cellsOf(t, writeBook(t, in, true)), cellsOf(t, writeBook(t, in, false))
			if len(want) == 0 {
				t.Fatal("no cells read")
			}
			for k, w := range want {
				if g, ok := got[k]; !ok || g != w {
					t.Errorf("%s: streamed %s, cell by cell %s", k, g, w)
				}
			}
			for k, g := range got {
				if _, ok := want[k]; !ok {
					t.Errorf("%s: streamed %s, not written cell by cell", k, g)
				}
			}
		})
	}
}

// A marked number becomes a number cell however the sheet's bytes are
// cut into writes; everything else passes through unchanged.
func TestExactNumbersAcrossWrites(t *testing.T) {
	t.Parallel()
	cell := func(ref, v string) string {
		return `<c r="` + ref + `" s="3" t="inlineStr"><is><t>` + v + `</t></is></c>`
	}
	in := `<row r="1">` + cell("A1", numberMark+"0.03333333333333333") + cell("B1", "label") +
		cell("C1", numberMark+"-1234.5678901234567") + `<c r="D1"><v>2</v></c></row>`
	want := `<row r="1"><c r="A1" s="3"><v>0.03333333333333333</v></c>` + cell("B1", "label") +
		`<c r="C1" s="3"><v>-1234.5678901234567</v></c><c r="D1"><v>2</v></c></row>`
	for size := 1; size <= len(in); size++ {
		var out bytes.Buffer
		e := &exactNumbers{w: &out}
		for p := []byte(in); len(p) > 0; {
			n := min(size, len(p))
			if _, err := e.Write(p[:n]); err != nil {
				t.Fatal(err)
			}
			p = p[n:]
		}
		if err := e.flush(true); err != nil {
			t.Fatal(err)
		}
		if out.String() != want {
			t.Fatalf("writes of %d bytes: %s", size, out.String())
		}
	}
	if v := streamValue(0.5); v != 0.5 {
		t.Errorf("0.5 streams as %v", v)
	}
	if v := streamValue(1.0 / 30); v != numberMark+"0.03333333333333333" {
		t.Errorf("1/30 streams as %v", v)
	}
}
