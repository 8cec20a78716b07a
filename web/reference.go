package web

import (
	"bytes"
	"errors"
	"net/http"
	"strings"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/market"
	"github.com/gpuquote/gpuquote/web/views"
)

func (s *Server) referencePage(w http.ResponseWriter, r *http.Request) error {
	return s.renderReference(w, r, http.StatusOK, views.ReferencePage{})
}

func (s *Server) renderReference(w http.ResponseWriter, r *http.Request, status int, m views.ReferencePage) error {
	ctx := r.Context()
	z := i18n.From(ctx)
	b, err := s.eval.ReferenceBoard(ctx)
	if err != nil {
		return err
	}
	referenceRows(z, &m, b)
	if m.Settings == nil {
		if m.Settings, err = s.approvalSettings(ctx, z); err != nil {
			return err
		}
	}
	if m.ContractAlerts == nil {
		if m.ContractAlerts, err = s.contractAlertForm(ctx, z); err != nil {
			return err
		}
	}
	p := s.page(r, z.T("reference.title"), "reference")
	p.Errors = fieldSummary(z, m.Errors, "in-", [2]string{"currency", "reference.currency"},
		[2]string{"usd_per_unit", "reference.usd_per_unit"}, [2]string{"as_of", "reference.as_of"})
	p.Errors = append(p.Errors, settingsSummary(m.Settings)...)
	p.Errors = append(p.Errors, contractAlertsSummary(m.ContractAlerts)...)
	p.Errors = append(p.Errors, fieldSummary(z, m.CapitalErrors, "in-", [2]string{"capital_gpu", "reference.capital_gpu"},
		[2]string{"capital_usd", "reference.capital_usd"}, [2]string{"capital_source", "reference.capital_source"},
		[2]string{"capital_date", "reference.capital_date"})...)
	if m.UploadErr != "" {
		p.Errors = append(p.Errors, views.FormError{Target: "prices-file", Label: z.T("reference.upload"), Message: m.UploadErr})
	}
	if key := takeFlash(w, r); key != "" {
		p.Flash = z.T(key)
	}
	s.render(w, r, status, views.ReferenceDataPage(p, m))
	return nil
}

// saveFX sets one exchange rate: USD per unit, exact, with its date.
func (s *Server) saveFX(w http.ResponseWriter, r *http.Request) error {
	if err := parseForm(w, r); err != nil {
		return err
	}
	z := i18n.From(r.Context())
	in := evaluation.FXInput{Currency: strings.ToUpper(strings.TrimSpace(r.PostForm.Get("currency"))),
		AsOf: strings.TrimSpace(r.PostForm.Get("as_of"))}
	rate, ambiguous := z.ParseDecimal(r.PostForm.Get("usd_per_unit"))
	if in.USDPerUnit = rate; ambiguous != nil {
		in.USDPerUnit = "" // refused as a rate, and said to be ambiguous below
	}
	m := views.ReferencePage{Currency: in.Currency, Rate: r.PostForm.Get("usd_per_unit"), AsOf: in.AsOf, Errors: map[string]string{}}
	doubt, err := s.eval.SetFX(r.Context(), currentUser(r).Actor(), in, r.PostForm.Get("confirm") == "yes")
	var fe evaluation.FieldErrors
	switch {
	case errors.As(err, &fe):
		for field, key := range fe {
			m.Errors[field] = z.T(key)
		}
		if ambiguous != nil {
			m.Errors["usd_per_unit"] = z.T("form.error.ambiguous_number")
		}
	case err != nil:
		return err
	case doubt != nil:
		m.Errors["usd_per_unit"], m.ConfirmFX = views.ReferenceRateDoubt(z, doubt.Factor, doubt.Old, doubt.AsOf), true
	default:
		return redirect(w, r, "/admin/reference", "flash.fx_saved")
	}
	return s.renderReference(w, r, http.StatusUnprocessableEntity, m)
}

// uploadPrices replaces the market reference with a newer price CSV once
// it parses completely.
func (s *Server) uploadPrices(w http.ResponseWriter, r *http.Request) error {
	z := i18n.From(r.Context())
	r.Body = http.MaxBytesReader(w, r.Body, 20<<20)
	if err := r.ParseMultipartForm(1 << 20); err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return s.renderReference(w, r, http.StatusRequestEntityTooLarge, views.ReferencePage{UploadErr: z.T("import.too_large")})
		}
		return errBadRequest
	}
	defer r.MultipartForm.RemoveAll()
	f, _, err := r.FormFile("file")
	if err != nil {
		return s.renderReference(w, r, http.StatusUnprocessableEntity, views.ReferencePage{UploadErr: z.T("import.no_file")})
	}
	defer f.Close()
	var buf bytes.Buffer
	if _, err := buf.ReadFrom(f); err != nil {
		return errBadRequest
	}
	if _, err := market.Parse(bytes.NewReader(buf.Bytes())); err != nil {
		return s.renderReference(w, r, http.StatusUnprocessableEntity, views.ReferencePriceRefusal(z, err))
	}
	source := strings.TrimSpace(r.FormValue("source"))
	date := strings.TrimSpace(r.FormValue("source_date"))
	if source == "" || date == "" {
		return s.renderReference(w, r, http.StatusUnprocessableEntity, views.ReferencePage{UploadErr: z.T("form.error.required") + " " + z.T("reference.source") + ", " + z.T("reference.source_date")})
	}
	doubt, err := s.eval.SavePrices(r.Context(), currentUser(r).Actor(), source, date, buf.String(), r.FormValue("confirm") == "yes")
	if err != nil {
		return err
	}
	if doubt != nil {
		return s.renderReference(w, r, http.StatusUnprocessableEntity, views.ReferencePage{UploadErr: views.ReferencePriceDoubt(z, doubt.FewerRows(), doubt.NewRows, doubt.OldRows, doubt.Moved), ConfirmPrices: true})
	}
	return redirect(w, r, "/admin/reference", "flash.reference_saved")
}

// saveCapitalCost sets one GPU model's capital cost in USD with its source
// and date, as the buy analysis reads it; errors are shown by the field.
func (s *Server) saveCapitalCost(w http.ResponseWriter, r *http.Request) error {
	if err := parseForm(w, r); err != nil {
		return err
	}
	z := i18n.From(r.Context())
	f := views.CapitalRow{GPU: strings.TrimSpace(r.PostForm.Get("capital_gpu")), USD: r.PostForm.Get("capital_usd"),
		Source: strings.TrimSpace(r.PostForm.Get("capital_source")), Date: strings.TrimSpace(r.PostForm.Get("capital_date"))}
	usdText, ambiguous := z.ParseDecimal(f.USD)
	err := s.eval.SetCapitalCost(r.Context(), currentUser(r).Actor(), evaluation.CapitalInput{GPU: f.GPU, USD: usdText, Source: f.Source, Date: f.Date})
	var fe evaluation.FieldErrors
	if errors.As(err, &fe) {
		m := views.ReferencePage{CapitalForm: f, CapitalErrors: map[string]string{}}
		for field, key := range fe {
			m.CapitalErrors[field] = z.T(key)
		}
		if ambiguous != nil {
			m.CapitalErrors["capital_usd"] = z.T("form.error.ambiguous_number")
		}
		return s.renderReference(w, r, http.StatusUnprocessableEntity, m)
	}
	if err != nil {
		return err
	}
	return redirect(w, r, "/admin/reference", "flash.capital_saved")
}
