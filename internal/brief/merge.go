package brief

// Merge reconciles an editor's submission with a brief someone else saved
// in the meantime. base is the brief the editor started from, theirs the
// one now stored, yours the submission. A field only the other person
// changed takes their value, so saving again does not silently undo their
// change; a field only the editor changed keeps the editor's value; a
// field both changed differently keeps the editor's value and is listed in
// clashes, for the editor to decide.
func Merge(base, theirs, yours Brief) (merged Brief, clashes []string) {
	merged = Brief{}
	for _, f := range Fields {
		b, t, y := base[f.Key], theirs[f.Key], yours[f.Key]
		v := y
		switch {
		case y == b:
			v = t
		case t != b && t != y:
			clashes = append(clashes, f.Key)
		}
		if v != "" {
			merged[f.Key] = v
		}
	}
	return merged, clashes
}
