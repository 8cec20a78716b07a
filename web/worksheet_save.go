package web

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
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
	base := tco.DefaultAssumptions("USD")
	tco.ApplyBrief(&base, d.Brief.Data)
	input := map[string]string{}
	for k, v := range r.PostForm {
		input[k] = v[0]
	}
	errs := map[string]string{}
	next := store.Assumptions{EvaluationID: id, Overrides: map[string]string{}, RunHours: map[string]store.RunHours{}}
	next.Version, _ = strconv.Atoi(r.PostForm.Get("version"))
	for _, key := range tco.Editable {
		raw, aerr := z.ParseDecimal(r.PostForm.Get("a_" + key))
		if aerr != nil {
			errs[key] = z.T("form.error.ambiguous_number")
			continue
		}
		dec, perr := quote.ParseDecimal(raw)
		if perr != nil {
			errs[key] = z.T("form.error.numeric")
			continue
		}
		if key == "utilisation" && (dec.IsZero() || dec.Cmp(quote.DecimalFromInt(100)) > 0) {
			errs[key] = z.T("worksheet.error.utilisation")
			continue
		}
		if f, _ := base.Field(key); dec.String() != assumptionText(key, f.Value) {
			next.Overrides[key] = dec.String()
		}
	}
	for _, sq := range d.Quotes {
		qid := strconv.FormatInt(sq.ID, 10)
		_, onForm := r.PostForm["run_effective_"+qid]
		if _, real := r.PostForm["run_real_"+qid]; !onForm && !real {
			// Not on the page that was saved (the worksheet pages its
			// quotes): what is stored stays.
			if rh, ok := d.Stored.RunHours[qid]; ok {
				next.RunHours[qid] = rh
			}
			continue
		}
		eff, errE := z.ParseDecimal(r.PostForm.Get("run_effective_" + qid))
		real, errR := z.ParseDecimal(r.PostForm.Get("run_real_" + qid))
		if errE != nil || errR != nil {
			errs["run_"+qid] = z.T("form.error.ambiguous_number")
			continue
		}
		if eff == "" && real == "" {
			continue
		}
		e, err1 := quote.ParseDecimal(eff)
		rl, err2 := quote.ParseDecimal(real)
		if err1 != nil || err2 != nil || e.IsZero() || rl.Cmp(e) < 0 {
			errs["run_"+qid] = z.T("worksheet.error.run_hours")
			continue
		}
		next.RunHours[qid] = store.RunHours{Effective: e.String(), Real: rl.String()}
	}
	if len(errs) == 0 {
		err = s.store.SaveAssumptions(ctx, currentUser(r).Actor(), next)
		if errors.Is(err, store.ErrConflict) {
			errs["_"] = z.T("worksheet.conflict")
		} else if err != nil {
			return err
		} else {
			return redirect(w, r, "/evaluations/"+strconv.FormatInt(id, 10)+"/worksheet", "flash.worksheet_saved")
		}
	}
	m := s.worksheetView(r, d, input, errs)
	m.Empty = len(d.WS.Results) == 0
	p := s.page(r, z.T("worksheet.title"), "evaluations")
	status := http.StatusUnprocessableEntity
	if errs["_"] != "" {
		p.Flash, status = errs["_"], http.StatusConflict
	}
	s.render(w, r, status, views.WorksheetView(p, m))
	return nil
}
