package web

import (
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/web/views"
)

// recommendationJSON is the rent / reserve / buy / model-API advice with
// the decision story, or {"error": ...} when the inputs could not be
// decided on.
func recommendationJSON(a *evaluation.Analysis) any {
	return views.RecommendationJSON(a.Rec, a.RecErr, a.Story.Story, a.Story.Facts)
}
