package web

import (
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/web/views"
)

// apiSource is where a quote revision came from (views.SourceJSON).
type apiSource = views.SourceJSON

func sourcesJSON(srcs []evaluation.Source) []apiSource { return views.SourcesJSONModel(srcs) }
