package web

import (
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/web/views"
)

// auditDiff turns an entry's before and after snapshots into the fields
// that changed, each named and valued in the reader's language: the log is
// read by auditors, not by the people who wrote the code.
func auditDiff(ctx context.Context, before, after any) []views.AuditChange {
	b, a := snapshot(before), snapshot(after)
	keys := make([]string, 0, len(a)+len(b))
	for k := range a {
		keys = append(keys, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			keys = append(keys, k)
		}
	}
	var out []views.AuditChange
	for _, k := range keys {
		old, cur := auditValue(ctx, k, b[k]), auditValue(ctx, k, a[k])
		if old == cur {
			continue
		}
		out = append(out, views.AuditChange{Field: auditField(ctx, k), Old: old, New: cur})
	}
	slices.SortFunc(out, func(x, y views.AuditChange) int { return strings.Compare(x.Field, y.Field) })
	return out
}

// snapshot reads a stored snapshot as fields; a snapshot that is not an
// object is one unnamed field.
func snapshot(v any) map[string]any {
	raw, ok := v.(json.RawMessage)
	if !ok || len(raw) == 0 {
		return nil
	}
	var m map[string]any
	if json.Unmarshal(raw, &m) == nil {
		return m
	}
	var one any
	if json.Unmarshal(raw, &one) == nil {
		return map[string]any{"": one}
	}
	return nil
}

// auditField names a snapshot field: a brief field or quote term by its
// label, a field of the log's own by its catalog name, else its words.
func auditField(ctx context.Context, k string) string {
	z := i18n.From(ctx)
	if _, ok := brief.Lookup(k); ok {
		return views.FieldLabel(ctx, k)
	}
	if c, ok := quote.ColumnByName(k); ok {
		return z.T(c.Label)
	}
	if k == "" {
		k = "value"
	}
	if s := z.T("audit.field." + k); s != "audit.field."+k {
		return s
	}
	return strings.ReplaceAll(k, "_", " ")
}

// auditValue shows a snapshot value as the pages show it: options by
// their label, numbers in the locale's format, yes/no for booleans.
func auditValue(ctx context.Context, k string, v any) string {
	z := i18n.From(ctx)
	if s, ok := awardAuditValue(z, k, v); ok {
		return s
	}
	switch v := v.(type) {
	case nil:
		return ""
	case bool:
		return z.T(map[bool]string{true: "common.yes", false: "common.no"}[v])
	case float64:
		return z.Decimal(strconv.FormatFloat(v, 'f', -1, 64))
	case string:
		if v == "" {
			return ""
		}
		if _, ok := brief.Lookup(k); ok {
			return views.BriefValue(ctx, k, v)
		}
		if c, ok := quote.ColumnByName(k); ok && c.Kind == quote.KindEnum {
			if s := z.T(c.ValueLabel(v)); s != c.ValueLabel(v) {
				return s
			}
		}
		switch k {
		case "role", "roles", "approver_roles":
			return z.T("role." + v)
		case "order", "approval_order":
			return z.T("settings.rules." + v)
		case "key", "criterion":
			if s := z.T("scoring.criterion." + v); s != "scoring.criterion."+v {
				return s
			}
		case "flag":
			// A flag's message names the quote's figures, which the log
			// does not keep; a message that needs them reads by its id.
			if s := z.T("redflag." + v + ".message"); !strings.Contains(s, "<no value>") && s != "redflag."+v+".message" {
				return s
			}
			return strings.ReplaceAll(v, "_", " ")
		}
		if plainNumber.MatchString(v) {
			return z.Decimal(v) // "400000" as the pages show it: "400,000"
		}
		if nested, ok := settingJSON(v); ok {
			return auditValue(ctx, k, nested) // a setting's value is JSON text
		}
		return v
	}
	return auditWords(ctx, k, v)
}
