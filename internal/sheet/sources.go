package sheet

import (
	"strings"

	"github.com/gpuquote/gpuquote/internal/tco"
)

// briefFieldWords names, in the workbook's language (English), the brief's
// fields an assumption may be taken from (see tco.ApplyBrief).
var briefFieldWords = strings.NewReplacer(
	"baseline_utilization_pct", "baseline utilisation (%)",
	"dataset_tb", "dataset (TB)",
	"checkpoint_gb", "checkpoint size (GB)",
	"weight_cache_gb", "weight cache (GB)",
	"checkpoint_interval_min", "checkpoint interval (minutes)",
	"units_per_month", "useful units per month",
)

// sourceWords is an assumption's source as a reader of the workbook says
// it: one taken from the brief ("brief: baseline_utilization_pct") names
// the brief's fields in words ("from the brief: baseline utilisation (%)").
func sourceWords(src string) string {
	field, ok := strings.CutPrefix(src, tco.SourceBrief+": ")
	if !ok {
		return src
	}
	return "from the brief: " + briefFieldWords.Replace(field)
}
