package contract

import (
	"fmt"
	"strings"
	"time"
)

// focusFormat is a FOCUS 1.x cost and usage export. FOCUS has many more
// columns; those not listed here are ignored.
var focusFormat = format{
	name: FormatFOCUS,
	required: []string{"BillingPeriodStart", "ChargePeriodStart", "ChargePeriodEnd", "ChargeCategory",
		"ChargeDescription", "BilledCost", "BillingCurrency", "PricingQuantity", "PricingUnit"},
	optional: []string{"ChargeFrequency", "PricingCategory", "EffectiveCost", "ListCost", "ContractedCost",
		"ConsumedQuantity", "ConsumedUnit", "ContractedUnitPrice", "CommitmentDiscountStatus", "RegionId",
		"InvoiceId", "SkuPriceDetails"},
	parse: parseFOCUSRow,
}

var focusCategories = []Category{CategoryUsage, CategoryPurchase, CategoryTax, CategoryCredit, CategoryAdjustment}

func parseFOCUSRow(r *row) Line {
	l := Line{Description: r.text("ChargeDescription"), Currency: r.currencyCell("BillingCurrency")}
	r.timestamp("BillingPeriodStart")
	l.PeriodStart, l.PeriodEnd = r.timestamp("ChargePeriodStart"), r.timestamp("ChargePeriodEnd")
	if !l.PeriodStart.IsZero() && !l.PeriodEnd.After(l.PeriodStart) {
		r.fail("ChargePeriodEnd", "must be after ChargePeriodStart")
	}
	l.Category = r.category("ChargeCategory")
	usage := l.Category == CategoryUsage
	l.Amount, _ = r.number("BilledCost", 6, true, true)
	l.Quantity, _ = r.number("PricingQuantity", 6, true, usage)
	if l.Unit = r.get("PricingUnit"); usage && l.Unit == "" {
		r.fail("PricingUnit", "required on a Usage line")
	}
	if l.Quantity != 0 {
		l.UnitPrice = ratio(l.Amount, l.Quantity)
	}
	l.ChargeFrequency, l.PricingCategory = r.get("ChargeFrequency"), r.get("PricingCategory")
	l.RegionID, l.InvoiceID, l.SkuPriceDetails = r.get("RegionId"), r.get("InvoiceId"), r.get("SkuPriceDetails")
	l.ConsumedUnit = r.get("ConsumedUnit")
	l.CommitmentDiscountStatus = r.get("CommitmentDiscountStatus")
	if s := l.CommitmentDiscountStatus; s != "" && s != "Used" && s != "Unused" {
		r.fail("CommitmentDiscountStatus", fmt.Sprintf("%q: must be Used, Unused or empty", s))
	}
	l.ListCost, l.EffectiveCost = r.optional("ListCost", true), r.optional("EffectiveCost", true)
	l.ContractedCost = r.optional("ContractedCost", true)
	l.ContractedUnitPrice = r.optional("ContractedUnitPrice", false)
	l.ConsumedQuantity = r.optional("ConsumedQuantity", false)
	return l
}

func (r *row) optional(col string, signed bool) *Micros {
	if v, ok := r.number(col, 6, signed, false); ok {
		return &v
	}
	return nil
}

func (r *row) category(col string) Category {
	s := r.get(col)
	for _, c := range focusCategories {
		if strings.EqualFold(s, string(c)) {
			return c
		}
	}
	r.fail(col, fmt.Sprintf("%q: must be Usage, Purchase, Tax, Credit or Adjustment", s))
	return ""
}

// timestamp reads a FOCUS date-time: ISO 8601 in UTC ("2026-01-01T00:00:00Z"),
// with an offset, or with no zone (read as UTC, which FOCUS requires); a
// date alone is midnight in the contract's zone.
func (r *row) timestamp(col string) time.Time {
	s := r.get(col)
	if s == "" {
		r.fail(col, "required")
		return time.Time{}
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t
	}
	for _, layout := range []string{"2006-01-02T15:04:05", "2006-01-02 15:04:05"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t
		}
	}
	if d, err := ParseDate(s); err == nil {
		return d.Start(r.ctx.zone)
	}
	r.fail(col, fmt.Sprintf("%q: not a date-time such as 2026-01-01T00:00:00Z", s))
	return time.Time{}
}
