package brief

// Patch is the brief current with the fields patch gives changed (""
// clears one) and the others kept.
func Patch(current, patch Brief) Brief {
	out := make(Brief, len(current)+len(patch))
	for k, v := range current {
		out[k] = v
	}
	for k, v := range patch {
		if v == "" {
			delete(out, k)
		} else {
			out[k] = v
		}
	}
	return out
}
