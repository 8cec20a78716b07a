package decision

import (
	"fmt"
	"math"
)

// BuyInputs are the owned-hardware figures, per GPU unless said otherwise,
// all in Currency.
type BuyInputs struct {
	Currency string `json:"currency"`
	// PurchasePerGPU is capex per GPU including its share of server,
	// network and installation.
	PurchasePerGPU Sourced `json:"purchase_per_gpu"`
	// GPUModel is the model PurchasePerGPU prices; a zero PurchasePerGPU
	// means the capital cost table has no row for it, and buying is not
	// priced.
	GPUModel string `json:"gpu_model,omitempty"`
	// InfraPerGPUYear is colocation, power, cooling and hardware support
	// per GPU-year, without staff.
	InfraPerGPUYear Sourced `json:"infra_per_gpu_year"`
	// OpsStaffPerYear is the whole fleet's operations staff cost per year.
	OpsStaffPerYear Sourced `json:"ops_staff_per_year"`
	// FleetGPUs is how many GPUs share the staff cost. Zero means not known
	// yet; [Recommend] then takes the brief's GPU count.
	FleetGPUs int `json:"fleet_gpus"`
	// DepreciationYears is the accounting life of the hardware.
	DepreciationYears Sourced `json:"depreciation_years"`
}

// StaffSharePerGPUYear is the ops staff cost carried by one GPU per year,
// or zero while the fleet size is unknown. [Recommend] computes no
// break-even in that case rather than silently drop the staff cost.
func (b BuyInputs) StaffSharePerGPUYear() float64 {
	if b.FleetGPUs <= 0 {
		return 0
	}
	return b.OpsStaffPerYear.Value / float64(b.FleetGPUs)
}

// OpexPerGPUMonth is owned opex per GPU per month: (infrastructure per
// GPU-year + ops staff share per GPU-year) / 12. It is unrounded because it
// feeds further arithmetic; outputs that show it round it.
func (b BuyInputs) OpexPerGPUMonth() float64 {
	return (b.InfraPerGPUYear.Value + b.StaffSharePerGPUYear()) / 12
}

// RentKind names the rental alternative a purchase is measured against:
// a rental model, reserved or on-demand.
type RentKind = RentalModel

// The rental alternatives of a break-even.
const (
	RentReserved = RentalReserved
	RentOnDemand = RentalOnDemand
)

// BreakEven is how many months of avoided rent pay back the purchase of one
// GPU. Money fields are rounded to cents and Months to one decimal. When
// the monthly rent avoided does not exceed the owned opex, buying never
// pays back: Never is true and Months is zero.
type BreakEven struct {
	Against  RentKind `json:"against"`
	Currency string   `json:"currency"`
	// RatePerGPUHour is the rental rate compared with.
	RatePerGPUHour float64 `json:"rate_per_gpu_hour"`
	// Utilization is the share of hours rented on demand; it is 1 against
	// a reservation, which is paid whether used or not.
	Utilization     float64 `json:"utilization"`
	CapexPerGPU     float64 `json:"capex_per_gpu"`
	OpexPerGPUMonth float64 `json:"opex_per_gpu_month"`
	// RentPerGPUMonth is the rent buying avoids: rate × 730 × utilisation.
	RentPerGPUMonth float64 `json:"rent_per_gpu_month"`
	// SavingPerGPUMonth is RentPerGPUMonth − OpexPerGPUMonth, the
	// denominator of the break-even.
	SavingPerGPUMonth float64 `json:"saving_per_gpu_month"`
	Months            float64 `json:"months"`
	Never             bool    `json:"never"`
}

// BreakEvenVsReserved returns capex / (reserved rate × 730 − opex per
// month). Utilisation cancels: a reservation and owned hardware are both
// paid whether the GPU is busy or not.
func BreakEvenVsReserved(currency string, capexPerGPU, opexPerGPUMonth, reservedRate float64) BreakEven {
	return breakEven(RentReserved, currency, capexPerGPU, opexPerGPUMonth, reservedRate, 1)
}

// BreakEvenVsOnDemand returns capex / (on-demand rate × 730 × utilisation −
// opex per month): on demand, idle hours are released and not paid, so only
// the utilised share of the rent is avoided by buying.
func BreakEvenVsOnDemand(currency string, capexPerGPU, opexPerGPUMonth, onDemandRate, utilization float64) BreakEven {
	return breakEven(RentOnDemand, currency, capexPerGPU, opexPerGPUMonth, onDemandRate, utilization)
}

func breakEven(kind RentKind, currency string, capex, opexMonth, rate, u float64) BreakEven {
	rent := rate * HoursPerMonth * u
	saving := rent - opexMonth
	b := BreakEven{
		Against:           kind,
		Currency:          currency,
		RatePerGPUHour:    rate,
		Utilization:       u,
		CapexPerGPU:       cents(capex),
		OpexPerGPUMonth:   cents(opexMonth),
		RentPerGPUMonth:   cents(rent),
		SavingPerGPUMonth: cents(saving),
	}
	if saving <= 0 {
		b.Never = true
		return b
	}
	b.Months = tenth(capex / saving)
	return b
}

// Years is Months in years, for display beside the months.
func (b BreakEven) Years() float64 { return math.Round(b.Months/12*10) / 10 }

// Formula shows the arithmetic with this evaluation's numbers, because the
// product shows users the formula, not a claim.
func (b BreakEven) Formula() string {
	rent := rate(b.Currency, b.RatePerGPUHour) + " × 730 h"
	if b.Against == RentOnDemand {
		rent += " × " + pct(b.Utilization)
	}
	lhs := fmt.Sprintf("%s / (%s − %s)", money(b.Currency, b.CapexPerGPU), rent, money(b.Currency, b.OpexPerGPUMonth))
	if b.Never {
		return lhs + ": the rent avoided does not cover owned opex, so buying never breaks even"
	}
	return lhs + " = " + months(b.Months)
}

// rateForBreakEven is the rental rate at which buying breaks even after the
// given months; it turns a break-even limit into a price a buyer can watch.
func rateForBreakEven(capex, opexMonth, monthsLimit, u float64) float64 {
	if monthsLimit <= 0 || u <= 0 {
		return 0
	}
	return (capex/monthsLimit + opexMonth) / (HoursPerMonth * u)
}
