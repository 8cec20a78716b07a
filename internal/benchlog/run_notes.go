package benchlog

// RunNote is one parser note with the nccl-tests run it belongs to (0 for
// the formats that have no runs).
type RunNote struct {
	Run  int
	Note Note
}

// RunNotes are the parser's own observations (validation disabled, no
// footer, abridged lists, trimmed rows), shown with the upload; the ones
// that bear on a verdict are also checks. A nil result has none.
func (r *Result) RunNotes() []RunNote {
	if r == nil {
		return nil
	}
	var out []RunNote
	add := func(run int, notes []Note) {
		for _, n := range notes {
			out = append(out, RunNote{Run: run, Note: n})
		}
	}
	switch {
	case r.NCCL != nil:
		for i, run := range r.NCCL.Runs {
			add(i+1, run.Notes)
			if len(out) >= 32 {
				return out
			}
		}
	case r.Fio != nil:
		add(0, r.Fio.Notes)
	case r.NvidiaSMI != nil:
		add(0, r.NvidiaSMI.Notes)
	case r.Topo != nil:
		add(0, r.Topo.Notes)
	case r.IBStat != nil:
		add(0, r.IBStat.Notes)
	case r.Perftest != nil:
		add(0, r.Perftest.Notes)
	}
	return out
}
