package redflag

// storageRules cover the third red flag and the product card: storage and
// egress missing from the quote. Both are lines of the monthly TCO that a
// GPU rate hides (the practitioners' article: 10 TB of egress costs
// $800–1,200).
func storageRules() []Rule {
	return []Rule{
		newRule("storage_missing", Warning, []string{"storage_terms", "storage_price_per_tb_month"}, storageMissing),
		newRule("storage_refused", Blocker, []string{"storage_terms", "storage_price_per_tb_month"}, storageRefused),
		newRule("egress_missing", Warning, []string{"egress_price_per_gb"}, egressMissing),
		newRule("egress_refused", Blocker, []string{"egress_price_per_gb"}, egressRefused),
	}
}

// storageMissing fires on missing storage terms even when a price per TB
// is given: a price without saying what is included and what is extra
// cannot be put in the worksheet.
func storageMissing(in Input) (map[string]string, bool) {
	q := in.Quote
	return nil, missing(q.StorageTerms) && !refused(q.StoragePricePerTBMonth)
}

func storageRefused(in Input) (map[string]string, bool) {
	q := in.Quote
	return nil, refused(q.StorageTerms) || refused(q.StoragePricePerTBMonth)
}

// egressMissing: a stated 0 is free egress, not a gap.
func egressMissing(in Input) (map[string]string, bool) {
	return nil, missing(in.Quote.EgressPricePerGB)
}

func egressRefused(in Input) (map[string]string, bool) {
	return nil, refused(in.Quote.EgressPricePerGB)
}
