package evaluation

import "github.com/gpuquote/gpuquote/internal/tco"

// AssumptionValues are the editable assumptions the analysis used, each as
// typed on the worksheet page (AssumptionText), by key.
func (a *Analysis) AssumptionValues() map[string]string {
	out := map[string]string{}
	for _, key := range tco.Editable {
		if f, ok := a.A.Field(key); ok {
			out[key] = AssumptionText(key, f.Value)
		}
	}
	return out
}
