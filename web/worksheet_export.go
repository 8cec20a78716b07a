package web

import (
	"bytes"
	"fmt"
	"net/http"

	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/sheet"
)

// exportWorksheet writes the worksheet as CSV or XLSX; the XLSX's cost
// cells are formulas over its assumptions sheet, checked against the page's
// figures before anything is written.
func (s *Server) exportWorksheet(format string) handlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		d, err := s.analysisParam(r)
		if err != nil {
			return err
		}
		var buf bytes.Buffer
		name := fmt.Sprintf("worksheet-evaluation-%d.%s", d.Evaluation.ID, format)
		switch format {
		case "csv":
			err = sheet.WorksheetCSV(&buf, d.WS)
			w.Header().Set("Content-Type", "text/csv; charset=utf-8")
		default:
			err = sheet.WorksheetXLSXWithScores(r.Context(), &buf, d.Inputs, d.A, d.WS, scoreTable(i18n.From(r.Context()), d))
			w.Header().Set("Content-Type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
		}
		if err != nil {
			return err
		}
		w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
		_, err = w.Write(buf.Bytes())
		return err
	}
}
