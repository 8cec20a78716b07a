package views

import (
	"context"
	"slices"

	"github.com/gpuquote/gpuquote/internal/brief"
)

// BriefChangesModel lists the fields the other editor changed (theirs)
// since the form was opened (base), in form order, and whether the
// editor changed them too (clashes; yours, the editor's values).
func BriefChangesModel(ctx context.Context, base, theirs, yours brief.Brief, clashes []string) []BriefChange {
	var out []BriefChange
	for _, f := range brief.Fields {
		if theirs[f.Key] != base[f.Key] {
			out = append(out, BriefChange{Field: FieldLabel(ctx, f.Key),
				Stored: BriefValue(ctx, f.Key, theirs[f.Key]), Yours: BriefValue(ctx, f.Key, yours[f.Key]),
				Clash: slices.Contains(clashes, f.Key)})
		}
	}
	return out
}

// BriefVisibilityNote says which fields the brief keeps from vendors: as
// the newest round (round) marked them, or a new round's default (0).
func BriefVisibilityNote(ctx context.Context, internal []string, round int) (map[string]bool, string) {
	out := map[string]bool{}
	for _, k := range internal {
		out[k] = true
	}
	if round > 0 {
		return out, t(ctx, "sourcing.brief_visibility_round", map[string]any{"Round": round})
	}
	return out, t(ctx, "sourcing.brief_visibility_default")
}
