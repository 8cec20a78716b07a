package views

import (
	"context"
	"encoding/json"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/quote"
)

// AuditWords names the values of subjects the log itself does not know
// (an award's shares): ok is false for a value it leaves to the log.
type AuditWords func(z *i18n.Localizer, k string, v any) (s string, ok bool)

// auditWords words one entry's values in the reader's language.
type auditWords struct {
	ctx   context.Context
	extra AuditWords
}

// auditPlainNumber is a bare decimal number ("550000", "2.5").
var auditPlainNumber = regexp.MustCompile(`^-?[0-9]+(\.[0-9]+)?$`)

// AuditDiff turns an entry's before and after snapshots into the fields
// that changed, each named and valued in the reader's language: the log is
// read by auditors, not by the people who wrote the code.
func AuditDiff(ctx context.Context, before, after any, words AuditWords) []AuditChange {
	w := auditWords{ctx: ctx, extra: words}
	b, a := auditSnapshot(before), auditSnapshot(after)
	keys := make([]string, 0, len(a)+len(b))
	for k := range a {
		keys = append(keys, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			keys = append(keys, k)
		}
	}
	var out []AuditChange
	for _, k := range keys {
		old, cur := w.value(k, b[k]), w.value(k, a[k])
		if old == cur {
			continue
		}
		out = append(out, AuditChange{Field: auditField(ctx, k), Old: old, New: cur})
	}
	slices.SortFunc(out, func(x, y AuditChange) int { return strings.Compare(x.Field, y.Field) })
	return out
}

// auditSnapshot reads a stored snapshot as fields; a snapshot that is not an
// object is one unnamed field.
func auditSnapshot(v any) map[string]any {
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
		return FieldLabel(ctx, k)
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

// value shows a snapshot value as the pages show it: options by
// their label, numbers in the locale's format, yes/no for booleans.
func (w auditWords) value(k string, v any) string {
	ctx := w.ctx
	z := i18n.From(ctx)
	if w.extra != nil {
		if s, ok := w.extra(z, k, v); ok {
			return s
		}
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
			return BriefValue(ctx, k, v)
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
		if auditPlainNumber.MatchString(v) {
			return z.Decimal(v) // "400000" as the pages show it: "400,000"
		}
		if nested, ok := auditSettingJSON(v); ok {
			return w.value(k, nested) // a setting's value is JSON text
		}
		return v
	}
	return w.words(k, v)
}
