package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// In English "2,50" as a price was saved as 250 USD/GPU-hour and an FX
// rate "1,08" as 108. Ambiguous numbers are refused at their field.
func TestAmbiguousNumbersAreRefusedAtTheField(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	c, u := a.login("buyer@example.com", auth.Procurement)
	ev := newEvaluation(t, a, u, "Numbers")
	form := url.Values{"version": {"0"},
		"state_provider": {"stated"}, "v_provider": {"Acme GPU"},
		"state_rental_model": {"stated"}, "v_rental_model": {"on_demand"},
		"state_currency": {"stated"}, "v_currency": {"USD"},
		"state_price_per_gpu_hour": {"stated"}, "v_price_per_gpu_hour": {"2,50"},
	}
	res := c.post(ev+"/quotes", form)
	wantStatus(t, res, http.StatusUnprocessableEntity)
	if msg := doc(t, res).Find("[data-testid=error-price_per_gpu_hour]").Text(); !strings.Contains(msg, "two ways") {
		t.Errorf("price error %q", msg)
	}
	form.Set("v_price_per_gpu_hour", "2.50")
	wantStatus(t, c.post(ev+"/quotes", form), http.StatusSeeOther)

	admin, _ := a.login("admin@example.com", auth.Admin)
	res = admin.post("/admin/reference/fx", url.Values{"currency": {"EUR"}, "usd_per_unit": {"1,08"}, "as_of": {"2026-11-27"}})
	wantStatus(t, res, http.StatusUnprocessableEntity)
	if !strings.Contains(body(t, res), "two ways") {
		t.Error("the FX form does not say why 1,08 was refused")
	}

	// Russian writes a decimal comma: the same text is a clear 2.5 there.
	ru := url.Values{"version": {"0"}}
	for k, v := range form {
		ru[k] = v
	}
	ru.Set("v_price_per_gpu_hour", "2,50")
	req, _ := http.NewRequest("POST", a.srv.URL+ev+"/quotes", strings.NewReader(ru.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept-Language", "ru")
	if res := c.do(req); res.StatusCode != http.StatusSeeOther {
		t.Errorf("ru 2,50: status %d", res.StatusCode)
	}
}
