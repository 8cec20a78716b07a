package views

import (
	"strings"

	"github.com/gpuquote/gpuquote/internal/i18n"
)

// BenchRefusal is why an upload was refused: a message key with its data,
// and field errors (message keys) for metadata.
type BenchRefusal struct {
	Key    string
	Data   map[string]any
	Fields map[string]string
}

// Message is the refusal in one sentence, each field's error after it.
func (p BenchRefusal) Message(z *i18n.Localizer) string {
	msg := z.T(p.Key, p.Data)
	for _, k := range []string{"kind", "run_date", "region", "gpu_model", "image_version", "framework_version", "node_ids", "run"} {
		if key, ok := p.Fields[k]; ok {
			msg += " " + z.T("bench.field."+k) + ": " + z.T(key)
		}
	}
	return msg
}

// API is the refusal as the API answers it: the message, its code, the
// fields' errors and, for a duplicate, the upload the quote already has.
func (p BenchRefusal) API(z *i18n.Localizer) map[string]any {
	body := map[string]any{"error": p.Message(z), "code": p.Key}
	if len(p.Fields) > 0 {
		fields := map[string]string{}
		for k, key := range p.Fields {
			fields[k] = z.T(key)
		}
		body["fields"] = fields
	}
	if id, ok := p.Data["ID"]; ok {
		body["existing_id"] = id
	}
	return body
}

// BenchFieldMessages joins field errors into one sentence per field, in
// the form's order.
func BenchFieldMessages(z *i18n.Localizer, errs map[string]string, order []string) string {
	var parts []string
	for _, k := range order {
		if key, ok := errs[k]; ok {
			parts = append(parts, z.T(key))
		}
	}
	return strings.Join(parts, " ")
}
