// Package catalogs lists the message catalogs that domain packages keep
// beside their code (the red-flag rules, the decision engine's and the
// cost worksheet's statements), so the program joins them to i18n with
// i18n.AddCatalogs and i18n itself imports no domain package.
package catalogs

import (
	"github.com/gpuquote/gpuquote/internal/decision"
	"github.com/gpuquote/gpuquote/internal/redflag"
	"github.com/gpuquote/gpuquote/internal/tco"
)

// All are the domain packages' catalogs, each by language, then key.
var All = []func() (map[string]map[string]string, error){redflag.Catalog, decision.Catalog, tco.Catalog}
