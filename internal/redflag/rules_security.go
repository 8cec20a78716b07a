package redflag

import "strings"

// securityRules cover red flags 5 ("dedicated" without isolation,
// placement and noisy-neighbour terms) and 10 (compliance in the sales
// deck, but no data handling and deletion in the contract).
func securityRules() []Rule {
	return []Rule{
		newRule("dedicated_unbacked", Warning, []string{"dedicated_claim", "tenant_isolation", "placement_guarantee", "nodes"}, dedicatedUnbacked),
		newRule("dedicated_refused", Blocker, []string{"dedicated_claim", "tenant_isolation", "placement_guarantee"}, dedicatedRefused),
		newRule("compliance_without_deletion", Warning, []string{"compliance_claims", "data_deletion_terms"}, complianceWithoutDeletion),
		newRule("data_deletion_refused", Blocker, []string{"data_deletion_terms"}, deletionRefused),
	}
}

// dedicatedClaimed reports whether the quote calls the capacity dedicated.
func dedicatedClaimed(in Input) bool {
	d, ok := in.Quote.DedicatedClaim.Get()
	return ok && d
}

// dedicatedUnbacked: "dedicated" means something only with tenant
// isolation in writing and, across nodes, one placement domain; otherwise
// a noisy neighbour can share the fabric. A stated "no" placement on a
// multi-node deal contradicts the claim.
func dedicatedUnbacked(in Input) (map[string]string, bool) {
	q := in.Quote
	if !dedicatedClaimed(in) || refused(q.TenantIsolation) || refused(q.PlacementGuarantee) {
		return nil, false
	}
	placed, stated := q.PlacementGuarantee.Get()
	placementGap := multiNode(in) && (missing(q.PlacementGuarantee) || stated && !placed)
	return nil, missing(q.TenantIsolation) || placementGap
}

func dedicatedRefused(in Input) (map[string]string, bool) {
	q := in.Quote
	return nil, dedicatedClaimed(in) && (refused(q.TenantIsolation) || refused(q.PlacementGuarantee))
}

// complianceWithoutDeletion: a certificate in the deck does not say what
// happens to training data, checkpoints and logs when the rental ends.
func complianceWithoutDeletion(in Input) (map[string]string, bool) {
	claims, ok := in.Quote.ComplianceClaims.Get()
	if !ok || strings.TrimSpace(claims) == "" || !missing(in.Quote.DataDeletionTerms) {
		return nil, false
	}
	return map[string]string{"Claims": claims}, true
}

// deletionRefused blocks with or without compliance claims: every buyer
// needs deletion terms, and a vendor that will not state them in writing
// is not one to hand data to.
func deletionRefused(in Input) (map[string]string, bool) {
	return nil, refused(in.Quote.DataDeletionTerms)
}
