package web

import (
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/i18n/catalogs"
)

// The red-flag rules and the decision and cost statements keep their
// texts beside their code; the program joins them to the interface's.
func init() { i18n.AddCatalogs(catalogs.All...) }
