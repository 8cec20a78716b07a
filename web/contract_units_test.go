package web_test

import (
	"fmt"
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// The useful units a month delivered are entered on the contract page or
// through the API, and the commitment report divides the month's cost by
// them beside the award's quoted cost per unit (issue 31).
func TestUsefulUnitsOnThePageAndThroughTheAPI(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	c := approvedContractID(t, a)
	buyer, _ := a.login("buyer2@example.com", auth.Procurement)
	path := fmt.Sprintf("/contracts/%d", c.ID)
	month := time.Now().UTC().Format("2006-01")
	wantStatus(t, buyer.post(path+"/terms", url.Values{"start_date": {month + "-01"}, "term_months": {"12"}, "notice_days": {"30"},
		"activate": {"1"}, "reason": {"signed copy received"}}), http.StatusSeeOther)
	bill := "period,description,quantity,unit,unit_price,amount,currency\n" +
		month + ",GPU-hours,100,GPU-hour,2.00,200.00,USD\n" + month + ",Support,1,month,1000,1000.00,USD\n"
	wantStatus(t, buyer.postMultipart(path+"/bills", nil, "file", []byte(bill)), http.StatusSeeOther)
	if got := doc(t, buyer.get(path)).Find("[data-testid=per-useful-unit]").Text(); got != "—" {
		t.Errorf("before any units: %q", got)
	}

	res := buyer.post(path+"/useful-units", url.Values{"month": {"2099-01"}, "units": {"600"}})
	wantStatus(t, res, http.StatusUnprocessableEntity)
	if doc(t, res).Find("[data-testid=useful-units-error]").Length() != 1 {
		t.Errorf("a future month is refused without a word beside the form")
	}
	// 1,200.00 for 600 units: 2 a unit.
	wantStatus(t, buyer.post(path+"/useful-units", url.Values{"month": {month}, "units": {"600"}}), http.StatusSeeOther)
	if got := doc(t, buyer.get(path)).Find("[data-testid=per-useful-unit]").Text(); got != "2" {
		t.Errorf("1,200.00 over 600 units reads %q, want 2", got)
	}

	api := "/api/v1" + path + "/useful-units"
	eng := a.token("e@example.com", auth.Engineer)
	res, _ = a.api(eng, "PUT", api, `{"month":"`+month+`","units":"400"}`)
	wantStatus(t, res, http.StatusForbidden)
	tok := a.token("p3@example.com", auth.Procurement)
	res, got := a.api(tok, "PUT", api, `{"month":"`+month+`","units":"-1"}`)
	wantStatus(t, res, http.StatusUnprocessableEntity)
	if f, _ := got["fields"].(map[string]any); f["units"] == nil {
		t.Errorf("negative units: %v", got)
	}
	res, got = a.api(tok, "PUT", api, `{"month":"`+month+`","units":"400"}`)
	wantStatus(t, res, http.StatusOK)
	months, _ := got["months"].([]any)
	if len(months) != 1 {
		t.Fatalf("months %v", got)
	}
	if m := months[0].(map[string]any); m["cost_per_useful_unit"] != "3" || m["quoted_per_useful_unit"] != "1" {
		t.Errorf("1,200.00 over 400 units: %v", m)
	}
}
