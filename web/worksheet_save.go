package web

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/tco"
	"github.com/gpuquote/gpuquote/web/views"
)

// saveAssumptions stores the values that differ from what the defaults and
// the brief give, so later brief edits still flow into the rest. Bad input
// re-renders with the user's values and saves nothing.
func (s *Server) saveAssumptions(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	if err := parseForm(w, r); err != nil {
		return err
	}
	ctx := r.Context()
	z := i18n.From(ctx)
	d, err := s.eval.Analyze(ctx, id)
	if err != nil {
		return err
	}
	input := map[string]string{}
	for k, v := range r.PostForm {
		input[k] = v[0]
	}
	in := evaluation.AssumptionsInput{Values: map[string]string{}, RunHours: map[int64][2]string{}}
	in.Version, _ = strconv.Atoi(r.PostForm.Get("version"))
	for _, key := range tco.Editable {
		in.Values[key] = r.PostForm.Get("a_" + key)
	}
	for _, sq := range d.Quotes {
		qid := strconv.FormatInt(sq.ID, 10)
		_, onForm := r.PostForm["run_effective_"+qid]
		if _, real := r.PostForm["run_real_"+qid]; onForm || real {
			in.RunHours[sq.ID] = [2]string{r.PostForm.Get("run_effective_" + qid), r.PostForm.Get("run_real_" + qid)}
		}
	}
	keys, err := s.eval.SaveAssumptions(ctx, currentUser(r).Actor(), d, in, z.ParseDecimal)
	switch {
	case errors.Is(err, evaluation.ErrConflict):
		keys = map[string]string{"_": "worksheet.conflict"}
	case err != nil:
		return err
	case len(keys) == 0:
		return redirect(w, r, "/evaluations/"+strconv.FormatInt(id, 10)+"/worksheet", "flash.worksheet_saved")
	}
	errs := map[string]string{}
	for k, key := range keys {
		errs[k] = z.T(key)
	}
	m := worksheetView(r, d, input, errs)
	p := s.page(r, z.T("worksheet.title"), "evaluations")
	status := http.StatusUnprocessableEntity
	if errs["_"] != "" {
		p.Flash, status = errs["_"], http.StatusConflict
	}
	s.render(w, r, status, views.WorksheetView(p, m))
	return nil
}
