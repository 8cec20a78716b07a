package views

import "github.com/gpuquote/gpuquote/internal/chart"

// ScoringSheet is the scoring page: each criterion × quote grade with its
// rule, the weighted totals, and the override form.
type ScoringSheet struct {
	EvaluationID int64
	Blind        bool // provider names hidden: quotes are lettered
	Empty        bool
	WeightsFrom  string
	Columns      []ScoreColumn
	Rows         []ScoreRow
	Legend       []ScoreLegend // each grading rule once, with the criteria it grades
	Overlap      string
	Flip         string
	CanGrade     bool
	CanWeigh     bool     // may change the weights
	Weights      []Option // criterion key and label, with the weight in Form["w_"+key]
	Criteria     []Option // for the override form
	Quotes       []Option
	Form         map[string]string
	Errors       map[string]string // message by field
	Chart        chart.StackFigure // the weighted scores, a bar per quote by criterion
	ChartText    ChartText
}

// ScoreColumn is one quote: its label, its weighted score and place.
type ScoreColumn struct {
	Label   string
	Total   string // the band, or one number when it has none
	Place   string
	Overlap bool
}

// ScoreRow is one criterion across the quotes.
type ScoreRow struct {
	Label  string
	Weight string
	Cells  []ScoreCell
}

// ScoreLegend is one grading rule, said once for the criteria it grades.
type ScoreLegend struct {
	Criteria []string
	Rule     string
}

// ScoreCell is one grade and what of its rule is the quote's own (the
// rest is in the legend).
type ScoreCell struct {
	Grade      string
	Rule       string
	Capped     bool
	Overridden bool
	Overrides  []string
}
