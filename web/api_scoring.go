package web

import (
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/scoring"
)

// apiScore is one quote's weighted score: the band, the point value, its
// place, and each criterion's grade with its rule.
type apiScore struct {
	Low            float64        `json:"low"`
	High           float64        `json:"high"`
	Value          float64        `json:"value"`
	Scale          float64        `json:"scale"`
	Place          int            `json:"place"`
	OverlapsLeader bool           `json:"overlaps_leader"`
	Exact          float64        `json:"exact"`
	TiesLeader     bool           `json:"ties_leader"`
	Criteria       []apiCriterion `json:"criteria"`
}

type apiCriterion struct {
	Key      string            `json:"key"`
	Weight   int               `json:"weight"`
	Grade    apiGrade          `json:"grade"`
	Rule     apiRule           `json:"rule"`
	Capped   bool              `json:"capped"`
	Flags    []string          `json:"flags"`
	Override *apiScoreOverride `json:"override"`
}

type apiGrade struct {
	Low   float64 `json:"low"`
	High  float64 `json:"high"`
	Value float64 `json:"value"`
}

type apiRule struct {
	Key   string            `json:"key"`
	Text  string            `json:"text"`
	Facts map[string]string `json:"facts"`
}

type apiScoreOverride struct {
	Consensus float64          `json:"consensus"`
	Grades    []apiGraderGrade `json:"grades"`
}

type apiGraderGrade struct {
	Evaluator string  `json:"evaluator"`
	Grade     float64 `json:"grade"`
	Reason    string  `json:"reason"`
}

func scoreJSON(z *i18n.Localizer, a *evaluation.Analysis, quoteID int64) *apiScore {
	s, ok := a.Scoring.Score(quoteID)
	if !ok {
		return nil
	}
	out := apiScore{Low: s.Low, High: s.High, Value: s.Value, Scale: scoring.Scale, Place: s.Place, OverlapsLeader: s.OverlapsLeader,
		Exact: s.Exact, TiesLeader: s.TiesLeader, Criteria: []apiCriterion{}}
	for k, g := range s.Grades {
		c := apiCriterion{Key: g.Key, Weight: a.Scoring.Weights[k].Weight, Grade: apiGrade{g.Low, g.High, g.Value},
			Rule: apiRule{Key: g.Rule, Text: z.T(g.Rule, g.Facts), Facts: g.Facts}, Capped: g.Capped, Flags: g.Flags}
		if c.Flags == nil {
			c.Flags = []string{}
		}
		if g.Overridden {
			c.Override = &apiScoreOverride{Consensus: g.Consensus}
			for _, o := range g.Overrides {
				c.Override.Grades = append(c.Override.Grades, apiGraderGrade{o.Evaluator, o.Grade, o.Reason})
			}
		}
		out.Criteria = append(out.Criteria, c)
	}
	return &out
}

// apiScoring is the evaluation-wide part of the scores: the weights in
// force, the leader, whether bands overlap and the weight that flips it.
type apiScoring struct {
	Weights     []scoring.Weight `json:"weights"`
	WeightsFrom string           `json:"weights_from"`
	Leader      int64            `json:"leader"`
	Overlap     bool             `json:"overlap"`
	Tie         bool             `json:"tie"`
	Flip        *apiFlip         `json:"flip"`
}

type apiFlip struct {
	Criterion string  `json:"criterion"`
	From      float64 `json:"from"`
	To        float64 `json:"to"`
	NewLeader int64   `json:"new_leader"`
}

func scoringJSON(a *evaluation.Analysis) apiScoring {
	sc := a.Scoring
	out := apiScoring{Weights: sc.Weights, WeightsFrom: sc.WeightsFrom, Leader: sc.Scores.Leader, Overlap: sc.Scores.Overlap, Tie: sc.Scores.Tie}
	if f := sc.Scores.Flip; f != nil {
		out.Flip = &apiFlip{f.Criterion, f.From, f.To, f.NewLeader}
	}
	return out
}

// apiPutCriteria replaces the evaluation's weights: 422 with the entry at
// fault unless every key is a criterion, once, with a whole weight 0–100,
// and they sum to 100. Omitted criteria weigh 0.
func (s *Server) apiPutCriteria(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	ws, err := readCriteria(w, r)
	if err != nil {
		return err
	}
	if _, err := s.eval.Evaluation(r.Context(), id); err != nil {
		return err
	}
	if ws, err = s.eval.SaveCriteria(r.Context(), currentUser(r).Actor(), id, ws); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"evaluation_id": id, "criteria": ws})
	return nil
}

// apiPutCriteriaTemplate sets the organisation's template: the weights of
// every evaluation that has none of its own. Checked as for an evaluation.
func (s *Server) apiPutCriteriaTemplate(w http.ResponseWriter, r *http.Request) error {
	ws, err := readCriteria(w, r)
	if err != nil {
		return err
	}
	if ws, err = s.eval.SaveCriteriaTemplate(r.Context(), currentUser(r).Actor(), ws); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"criteria": ws})
	return nil
}

// readCriteria reads {"criteria":[{"key","weight"}]} and checks it.
func readCriteria(w http.ResponseWriter, r *http.Request) ([]scoring.Weight, error) {
	var in struct {
		Criteria []struct {
			Key    string      `json:"key"`
			Weight json.Number `json:"weight"`
		} `json:"criteria"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		return nil, err
	}
	if len(in.Criteria) == 0 || len(in.Criteria) > 2*len(scoring.Keys) {
		return nil, fieldErrors{"criteria": "scoring.error.weight_sum"}
	}
	ws := make([]scoring.Weight, 0, len(in.Criteria))
	for i, c := range in.Criteria {
		n, err := c.Weight.Int64()
		if err != nil || n < 0 || n > 100 {
			return nil, fieldErrors{fmt.Sprintf("criteria[%d].weight", i): "scoring.error.weight_range"}
		}
		ws = append(ws, scoring.Weight{Key: c.Key, Weight: int(n)})
	}
	norm, errs := scoring.Normalize(ws)
	if errs != nil {
		fe := fieldErrors{}
		for _, e := range errs {
			fe[e.Field] = e.Key
		}
		return nil, fe
	}
	return norm, nil
}
