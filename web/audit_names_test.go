package web

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/approval"
	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/web/views"
)

// storeAuditWords reads, from the store's source, every audit action and
// object type it writes: the log showed "audit.type.award" and "Other
// change" for every vendor action because the names were a list kept by
// hand. Decisions write "quote." + their kind.
func storeAuditWords(t *testing.T) (actions, types []string) {
	t.Helper()
	files, err := filepath.Glob("../internal/store/*.go")
	if err != nil {
		t.Fatal(err)
	}
	prefixes := `(evaluation|brief|quote|flag|assumptions|decision_inputs|benchmark|acceptance|fx|reference|setting|user|token|auth|award|criteria|score|rfq)`
	actionRe := regexp.MustCompile(`"` + prefixes + `\.[a-z_]+"`)
	typeRe := regexp.MustCompile(`ObjectType: *"([a-z_]+)"`)
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range actionRe.FindAllString(string(b), -1) {
			actions = append(actions, strings.Trim(m, `"`))
		}
		for _, m := range typeRe.FindAllStringSubmatch(string(b), -1) {
			types = append(types, m[1])
		}
	}
	for _, kind := range []string{approval.Approve, approval.Reject, approval.Revoke, evaluation.Reapprove} {
		actions = append(actions, "quote."+kind)
	}
	slices.Sort(actions)
	slices.Sort(types)
	return slices.Compact(actions), slices.Compact(types)
}

func TestEveryAuditActionAndObjectHasANameAndAFilter(t *testing.T) {
	actions, types := storeAuditWords(t)
	for _, lang := range i18n.Languages {
		z := i18n.New(lang)
		for _, a := range actions {
			if !slices.Contains(audit.Actions, a) {
				t.Errorf("action %s is not in the filter", a)
			}
			if k := "audit.action." + a; z.T(k) == k {
				t.Errorf("%s: action %s has no name", lang, a)
			}
		}
		for _, key := range []string{store.SettingAllowSelfApproval, store.SettingCriteriaTemplate, store.SettingApprovalRules, "token_lifetime"} {
			if strings.Contains(views.AuditObject(z, "setting", key), "_") {
				t.Errorf("%s: setting %s has no name", lang, key)
			}
		}
		for _, typ := range types {
			if k := "audit.type." + typ; z.T(k) == k {
				t.Errorf("%s: object type %s has no name", lang, typ)
			}
		}
	}
}

// Shares, settings and rule lists were shown as raw JSON: nested values
// read as words, each field by its name.
func TestAuditNestedValuesReadAsWords(t *testing.T) {
	ctx := i18n.WithLocalizer(context.Background(), i18n.New("en"))
	before := json.RawMessage(`{"tiers":[{"above":"0","approvers":1}],"shares":[{"quote_id":12,"share_pct":60},{"quote_id":13,"share_pct":40}]}`)
	after := json.RawMessage(`{"tiers":[{"above":"0","approvers":2,"roles":["manager","finance"]}],"shares":[{"quote_id":12,"share_pct":100}]}`)
	for _, c := range views.AuditDiff(ctx, before, after, awardAuditValue) {
		for _, v := range []string{c.Field, c.Old, c.New} {
			if strings.ContainsAny(v, "{}[]\"") || strings.Contains(v, "_") || strings.Contains(v, "pct") {
				t.Errorf("%s: %q → %q is not in words", c.Field, c.Old, c.New)
			}
		}
	}
}
