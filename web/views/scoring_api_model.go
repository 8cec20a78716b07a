package views

import (
	"slices"

	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/scoring"
)

// APIScore is one quote's weighted score: the band, the point value, its
// place, and each criterion's grade with its rule.
type APIScore struct {
	Low            float64        `json:"low"`
	High           float64        `json:"high"`
	Value          float64        `json:"value"`
	Scale          float64        `json:"scale"`
	Place          int            `json:"place"`
	OverlapsLeader bool           `json:"overlaps_leader"`
	Exact          float64        `json:"exact"`
	TiesLeader     bool           `json:"ties_leader"`
	Criteria       []APICriterion `json:"criteria"`
}

// APICriterion is one criterion of a score: its weight, grade and rule.
type APICriterion struct {
	Key      string            `json:"key"`
	Weight   int               `json:"weight"`
	Grade    APIGrade          `json:"grade"`
	Rule     APIRule           `json:"rule"`
	Capped   bool              `json:"capped"`
	Flags    []string          `json:"flags"`
	Override *APIScoreOverride `json:"override"`
}

// APIGrade is a grade band and its point value.
type APIGrade struct {
	Low   float64 `json:"low"`
	High  float64 `json:"high"`
	Value float64 `json:"value"`
}

// APIRule is the rule a grade was given by, with its facts.
type APIRule struct {
	Key   string            `json:"key"`
	Text  string            `json:"text"`
	Facts map[string]string `json:"facts"`
}

// APIScoreOverride is the graders' consensus over the rule's grade.
type APIScoreOverride struct {
	Consensus float64          `json:"consensus"`
	Grades    []APIGraderGrade `json:"grades"`
}

// APIGraderGrade is one grader's grade and reason.
type APIGraderGrade struct {
	Evaluator string  `json:"evaluator"`
	Grade     float64 `json:"grade"`
	Reason    string  `json:"reason"`
}

// APIScoreOf is the quote's weighted score by weights in scores (nil
// when it has none).
func APIScoreOf(z *i18n.Localizer, weights []scoring.Weight, scores scoring.Result, quoteID int64) *APIScore {
	i := slices.IndexFunc(scores.Scores, func(s scoring.Score) bool { return s.QuoteID == quoteID })
	if i < 0 {
		return nil
	}
	s := scores.Scores[i]
	out := APIScore{Low: s.Low, High: s.High, Value: s.Value, Scale: scoring.Scale, Place: s.Place, OverlapsLeader: s.OverlapsLeader,
		Exact: s.Exact, TiesLeader: s.TiesLeader, Criteria: []APICriterion{}}
	for k, g := range s.Grades {
		c := APICriterion{Key: g.Key, Weight: weights[k].Weight, Grade: APIGrade{g.Low, g.High, g.Value},
			Rule: APIRule{Key: g.Rule, Text: z.T(g.Rule, g.Facts), Facts: g.Facts}, Capped: g.Capped, Flags: g.Flags}
		if c.Flags == nil {
			c.Flags = []string{}
		}
		if g.Overridden {
			c.Override = &APIScoreOverride{Consensus: g.Consensus}
			for _, o := range g.Overrides {
				c.Override.Grades = append(c.Override.Grades, APIGraderGrade{o.Evaluator, o.Grade, o.Reason})
			}
		}
		out.Criteria = append(out.Criteria, c)
	}
	return &out
}

// APIScoring is the evaluation-wide part of the scores: the weights in
// force, the leader, whether bands overlap and the weight that flips it.
type APIScoring struct {
	Weights     []scoring.Weight `json:"weights"`
	WeightsFrom string           `json:"weights_from"`
	Leader      int64            `json:"leader"`
	Overlap     bool             `json:"overlap"`
	Tie         bool             `json:"tie"`
	Flip        *APIFlip         `json:"flip"`
}

// APIFlip is the weight at which another quote would lead.
type APIFlip struct {
	Criterion string  `json:"criterion"`
	From      float64 `json:"from"`
	To        float64 `json:"to"`
	NewLeader int64   `json:"new_leader"`
}

// APIScoringOf is the evaluation-wide part of the scores.
func APIScoringOf(weights []scoring.Weight, from string, sc scoring.Result) APIScoring {
	out := APIScoring{Weights: weights, WeightsFrom: from, Leader: sc.Leader, Overlap: sc.Overlap, Tie: sc.Tie}
	if f := sc.Flip; f != nil {
		out.Flip = &APIFlip{f.Criterion, f.From, f.To, f.NewLeader}
	}
	return out
}
