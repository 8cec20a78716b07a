package redflag

import (
	"slices"

	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/quote"
)

// regionalRules cover the buyer's guide's terms no other rule reads
// (issue 25): the upgrade path and observability of committed capacity,
// the regional checks (tax, invoicing entity, support hours in the buyer's
// time zone, import or export limits) and the quote's eviction risk
// against the brief's tolerance. Each term is stated, not stated (a
// warning) or refused (a blocker), like every other.
func regionalRules() []Rule {
	return []Rule{
		newRule("upgrade_path_missing", Warning, []string{"min_term_months", "upgrade_path"}, termMissing(upgradeApplies, upgradePath, false)),
		newRule("upgrade_path_refused", Blocker, []string{"min_term_months", "upgrade_path"}, termRefused(upgradeApplies, upgradePath, false)),
		newRule("observability_missing", Warning, []string{"min_term_months", "observability_terms"}, termMissing(committedHardware, observability, false)),
		newRule("observability_refused", Blocker, []string{"observability_terms"}, termRefused(anyHardware, observability, false)),
		newRule("tax_terms_missing", Warning, []string{"min_term_months", "tax_terms"}, termMissing(regionalApplies, taxTerms, true)),
		newRule("tax_terms_refused", Blocker, []string{"tax_terms"}, termRefused(regionalApplies, taxTerms, true)),
		newRule("invoicing_entity_missing", Warning, []string{"min_term_months", "invoicing_entity"}, termMissing(regionalApplies, invoicingEntity, false)),
		newRule("invoicing_entity_refused", Blocker, []string{"invoicing_entity"}, termRefused(regionalApplies, invoicingEntity, false)),
		newRule("support_hours_missing", Warning, []string{"min_term_months", "support_hours"}, termMissing(regionalApplies, supportHours, true)),
		newRule("support_hours_refused", Blocker, []string{"support_hours"}, termRefused(regionalApplies, supportHours, false)),
		newRule("import_export_limits_missing", Warning, []string{"min_term_months", "import_export_limits"}, termMissing(exportApplies, exportLimits, true)),
		newRule("import_export_limits_refused", Blocker, []string{"import_export_limits"}, termRefused(exportApplies, exportLimits, false)),
		newRule("eviction_above_tolerance", Warning, []string{"rental_model", "eviction_risk"}, evictionAboveTolerance),
		newRule("eviction_risk_missing", Warning, []string{"rental_model", "eviction_risk"}, evictionMissing),
		newRule("eviction_risk_refused", Blocker, []string{"rental_model", "eviction_risk"}, evictionRefused),
	}
}

func upgradePath(q quote.Quote) quote.Term[string]     { return q.UpgradePath }
func observability(q quote.Quote) quote.Term[string]   { return q.ObservabilityTerms }
func taxTerms(q quote.Quote) quote.Term[string]        { return q.TaxTerms }
func invoicingEntity(q quote.Quote) quote.Term[string] { return q.InvoicingEntity }
func supportHours(q quote.Quote) quote.Term[string]    { return q.SupportHours }
func exportLimits(q quote.Quote) quote.Term[string]    { return q.ImportExportLimits }

// termMissing and termRefused make the two rules of a text term that
// matters when applies holds; the facts name the brief's region, so the
// message can say whose time zone and tax rules are meant (withRegion:
// the texts that name it).
func termMissing(applies func(Input) bool, term func(quote.Quote) quote.Term[string], withRegion bool) check {
	return func(in Input) (map[string]string, bool) {
		return regionFacts(in.Brief, withRegion), applies(in) && missing(term(in.Quote))
	}
}

func termRefused(applies func(Input) bool, term func(quote.Quote) quote.Term[string], withRegion bool) check {
	return func(in Input) (map[string]string, bool) {
		return regionFacts(in.Brief, withRegion), applies(in) && refused(term(in.Quote))
	}
}

func regionFacts(b brief.Brief, with bool) map[string]string {
	if !with {
		return nil
	}
	r := b["region"]
	if r == "" {
		r = "—"
	}
	return map[string]string{"Region": r}
}

// committed: capacity paid for months (min_term_months ≥ 1), where a term
// left open is paid for until the term ends.
func committed(q quote.Quote) bool {
	m, ok := q.MinTermMonths.Get()
	return ok && m >= 1
}

func anyHardware(in Input) bool       { return hardware(in.Quote) }
func committedHardware(in Input) bool { return hardware(in.Quote) && committed(in.Quote) }

// upgradeApplies: a commitment, or a brief that asks for an upgrade path.
func upgradeApplies(in Input) bool {
	return hardware(in.Quote) && (committed(in.Quote) || in.Brief.Filled("upgrade_path"))
}

// regionalApplies: the guide's regional checks, once the brief names the
// buyer's region and the quote commits the buyer to a contract.
func regionalApplies(in Input) bool { return in.Brief.Filled("region") && committed(in.Quote) }

// exportApplies: import or export limits matter when the brief names
// export controls, or for a committed contract in the buyer's region.
func exportApplies(in Input) bool {
	return hardware(in.Quote) && (in.Brief.Filled("export_controls") || regionalApplies(in))
}

// EvictionToleranceFields are the brief fields that say how much eviction
// risk the workload tolerates, first one filled wins: the decision
// table's "eviction tolerance", else the brief's older eviction_risk
// field, which asks the same question.
var EvictionToleranceFields = []string{"eviction_tolerance", "eviction_risk"}

var evictionRank = map[string]int{"none": 0, "low": 1, "medium": 2, "high": 3}

// evictionTolerance is the brief's tolerance, if stated.
func evictionTolerance(b brief.Brief) (string, bool) {
	for _, f := range EvictionToleranceFields {
		if v := b[f]; v != "" {
			if _, ok := evictionRank[v]; ok {
				return v, true
			}
		}
	}
	return "", false
}

// evictionAboveTolerance: the vendor states a risk of losing the capacity
// above what the workload tolerates.
func evictionAboveTolerance(in Input) (map[string]string, bool) {
	tol, ok := evictionTolerance(in.Brief)
	risk, stated := in.Quote.EvictionRisk.Get()
	if !ok || !stated || !hardware(in.Quote) || evictionRank[string(risk)] <= evictionRank[tol] {
		return nil, false
	}
	return map[string]string{"Risk": string(risk), "Tolerance": tol}, true
}

// evictionMissing: a workload that tolerates little eviction needs the
// risk stated for capacity that can be taken back (on demand, marketplace,
// single servers); a reservation is not evicted by definition.
func evictionMissing(in Input) (map[string]string, bool) {
	tol, ok := evictionTolerance(in.Brief)
	rm, _ := in.Quote.RentalModel.Get()
	evictable := slices.Contains([]quote.RentalModel{quote.RentalOnDemand, quote.RentalMarketplace, quote.RentalSingleNode}, rm)
	if !ok || evictionRank[tol] > 1 || !evictable || !missing(in.Quote.EvictionRisk) {
		return nil, false
	}
	return map[string]string{"Tolerance": tol}, true
}

func evictionRefused(in Input) (map[string]string, bool) {
	tol, ok := evictionTolerance(in.Brief)
	if !ok || !hardware(in.Quote) || !refused(in.Quote.EvictionRisk) {
		return nil, false
	}
	return map[string]string{"Tolerance": tol}, true
}
