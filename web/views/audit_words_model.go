package views

import (
	"encoding/json"
	"slices"
	"strings"
)

// words shows a nested snapshot value (award shares, approval tiers,
// criteria weights) in words: a list item by item, an object field by
// field with each field named as auditField names it. k is the field the
// value sits under, so a list of roles reads as role names.
func (w auditWords) words(k string, v any) string {
	switch v := v.(type) {
	case []any:
		parts := make([]string, 0, len(v))
		for _, item := range v {
			if s := w.value(k, item); s != "" {
				parts = append(parts, s)
			}
		}
		sep := ", "
		if len(v) > 0 {
			if _, isObject := v[0].(map[string]any); isObject {
				sep = "; "
			}
		}
		return strings.Join(parts, sep)
	case map[string]any:
		keys := make([]string, 0, len(v))
		for f := range v {
			keys = append(keys, f)
		}
		slices.Sort(keys)
		parts := make([]string, 0, len(keys))
		for _, f := range keys {
			s := w.value(f, v[f])
			if s == "" {
				continue
			}
			if list, ok := v[f].([]any); ok && len(list) > 0 {
				if _, objects := list[0].(map[string]any); objects {
					s = "(" + s + ")" // a list of objects inside an object
				}
			}
			parts = append(parts, auditField(w.ctx, f)+": "+s)
		}
		return strings.Join(parts, ", ")
	}
	return ""
}

// auditSettingJSON reads a string that holds a JSON object or list (a setting's
// stored value); plain text is left alone.
func auditSettingJSON(s string) (any, bool) {
	t := strings.TrimSpace(s)
	if !strings.HasPrefix(t, "{") && !strings.HasPrefix(t, "[") {
		return nil, false
	}
	var v any
	if json.Unmarshal([]byte(t), &v) != nil {
		return nil, false
	}
	return v, true
}
