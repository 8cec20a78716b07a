package views

import "github.com/gpuquote/gpuquote/internal/chart"

// WorksheetPage is the side-by-side comparison of an evaluation's quotes.
type WorksheetPage struct {
	EvaluationID   int64
	EvaluationName string
	Currency       string
	UnitName       string
	Day            string // the analysis's date, printed with the name
	Columns        []WorksheetColumn
	Groups         []WorksheetGroup
	Assumptions    []AssumptionField
	RunHours       []RunHoursField
	Version        int
	CanEdit        bool
	Errors         map[string]string
	Notice         string // e.g. quotes left out for want of an FX rate
	Empty          bool
	Sort           string
	AllQuotes      []Option // every quote, for the show/hide form
	Hidden         map[string]bool
	Sensitivity    SensitivityTable
	BusbwChart     string               // URL of the bus bandwidth measured per quote
	CostChart      chart.DotRangeFigure // cost per useful unit with its range, per quote on the page
	CostChartText  ChartText
	PerRun         []PerRunRow
	Pager          Pager
}

// Pager is where a page of a long list stands, and the links around it.
type Pager struct {
	Page, Pages     int
	Total, From, To int
	Prev, Next      string // empty at either end
}

// WorksheetColumn is one quote's column header.
type WorksheetColumn struct {
	ID       string
	Provider string
	Rental   string
	Link     string
}

// WorksheetGroup is a group of rows.
type WorksheetGroup struct {
	Label string
	Rows  []WorksheetRow
}

// WorksheetRow is one row: a label and a cell per column.
type WorksheetRow struct {
	Label  string
	Key    string
	Strong bool
	Cells  []WorksheetCell
}

// WorksheetCell is one figure with its explanation.
type WorksheetCell struct {
	Text     string
	Range    string   // "(low – high)" of an incomplete quote's figure
	Original string   // the amount as quoted, beside one converted to the evaluation's currency
	Detail   string   // how it was computed: the basis
	Notes    []string // and what it rests on: assumptions, the conversion
	State    string   // "", "stated", "not_stated", "refused", "assumed"
	Best     bool
	Numeric  bool
}

// AssumptionField is one editable assumption.
type AssumptionField struct {
	Key    string
	Label  string
	Value  string
	Unit   string
	Source string
	Error  string
}

// RunHoursField is one quote's hours for the per-run view.
type RunHoursField struct {
	QuoteID   string
	Provider  string
	Effective string
	Real      string
}

// SensitivityTable is cost per unit at each utilisation and restart level.
type SensitivityTable struct {
	Headers []string
	Rows    []SensitivityRow
	Changes []string
	Chart   string // URL of the SVG chart
}

// SensitivityRow is one point of the grid.
type SensitivityRow struct {
	Label string
	Cells []WorksheetCell
}

// PerRunRow is the cost of one accepted run for one quote.
type PerRunRow struct {
	Provider  string
	Basis     string
	Overhead  string
	Cost      string
	Worksheet string // the worksheet's cost per useful unit of the same quote
}

// SummaryRow is one quote in the summary at the top of the worksheet: its
// cost per useful unit and monthly TCO, as the worksheet's rows say them.
type SummaryRow struct {
	Column      WorksheetColumn
	Card        string // the id of the quote's card
	CostPerUnit WorksheetCell
	TCO         WorksheetCell
}

// Summary lists each quote's cost per useful unit and monthly TCO, read
// from the worksheet's own rows, so the summary and the sheet cannot
// disagree.
func (m WorksheetPage) Summary() (label string, rows []SummaryRow) {
	var cpu, tco *WorksheetRow
	for gi := range m.Groups {
		for ri := range m.Groups[gi].Rows {
			switch r := &m.Groups[gi].Rows[ri]; r.Key {
			case "cost_per_unit":
				cpu, label = r, r.Label
			case "tco":
				tco = r
			}
		}
	}
	for i, c := range m.Columns {
		s := SummaryRow{Column: c, Card: cardID(c)}
		if cpu != nil && i < len(cpu.Cells) {
			s.CostPerUnit = cpu.Cells[i]
		}
		if tco != nil && i < len(tco.Cells) {
			s.TCO = tco.Cells[i]
		}
		rows = append(rows, s)
	}
	return label, rows
}

// cardID is the id of a quote's card on the worksheet.
func cardID(c WorksheetColumn) string { return "card-" + c.ID }
