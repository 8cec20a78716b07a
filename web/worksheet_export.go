package web

import (
	"bufio"
	"fmt"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"net/http"
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/sheet"
)

// exportWorksheet writes the worksheet as CSV or XLSX; the XLSX's cost
// cells are formulas over its assumptions sheet, checked against the page's
// figures before anything is written. Both stream to the client: memory
// is bounded by a row of the CSV and a band of quotes of the XLSX, not by
// the evaluation.
func (s *Server) exportWorksheet(format string) handlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		d, err := s.analysisParam(r)
		if err != nil {
			return err
		}
		name := fmt.Sprintf("worksheet-evaluation-%d.%s", d.Evaluation.ID, format)
		if format == "csv" {
			w.Header().Set("Content-Type", "text/csv; charset=utf-8")
			w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
			bw := bufio.NewWriterSize(w, 64<<10)
			if err := sheet.WorksheetCSV(bw, d.WS); err != nil {
				return err
			}
			return bw.Flush()
		}
		return s.exportXLSX(w, r, d, name)
	}
}

// maxXLSXPerPage is the most quotes one workbook holds: every quote an
// evaluation may hold. The workbook is evaluated a band of quotes at a
// time and written a row at a time (internal/sheet), so its memory does
// not grow with its cells; ?page= and ?per_page= still cut it into
// several, for a client that asks.
const maxXLSXPerPage = quote.MaxPerEvaluation

// exportXLSX writes the worksheet's quotes (a page of them when asked) as
// a workbook, checked against the analysis before the first byte goes
// out; excelize's temporary files go to the app's folder of them.
func (s *Server) exportXLSX(w http.ResponseWriter, r *http.Request, d *evaluation.Analysis, name string) error {
	win, err := s.readPageOf(r, maxXLSXPerPage, maxXLSXPerPage)
	if err != nil {
		return err
	}
	from, to := win.span(len(d.WS.Results))
	ws := d.WS
	ws.Results = d.WS.Results[from:to]
	if win.page > 1 {
		name = strings.TrimSuffix(name, ".xlsx") + fmt.Sprintf("-page-%d.xlsx", win.page)
	}
	if pages := win.describe(len(d.WS.Results), 0, 0, false).Pages; pages > 1 {
		w.Header().Set("X-Total-Pages", strconv.Itoa(pages))
	}
	out := &lateHeaders{w: w, set: func(h http.Header) {
		h.Set("Content-Type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
		h.Set("Content-Disposition", `attachment; filename="`+name+`"`)
	}}
	bw := bufio.NewWriterSize(out, 64<<10)
	if err := sheet.WriteWorkbook(r.Context(), bw, sheet.Workbook{
		Quotes: d.Inputs[from:to], A: d.A, WS: ws,
		Scores: scoreTableOf(i18n.From(r.Context()), d, from, to), TmpDir: s.spool,
	}); err != nil {
		return err
	}
	return bw.Flush()
}

// lateHeaders sets the download's headers on the first byte written, so a
// workbook refused before it (a mismatch, a client gone) answers as an
// error, not as a file.
type lateHeaders struct {
	w       http.ResponseWriter
	set     func(http.Header)
	started bool
}

func (l *lateHeaders) Write(p []byte) (int, error) {
	if !l.started {
		l.started = true
		l.set(l.w.Header())
	}
	return l.w.Write(p)
}
