package redflag

// accessRules cover red flags 8 (the vendor refuses to share billing
// export fields or usage data) and 9 (driver, CUDA and framework versions
// cannot be verified before the first workload).
func accessRules() []Rule {
	return []Rule{
		newRule("billing_export_missing", Warning, []string{"billing_export"}, billingExportMissing),
		newRule("billing_export_refused", Blocker, []string{"billing_export"}, billingExportRefused),
		newRule("driver_cuda_unverifiable", Warning, []string{"rental_model", "driver_cuda_verifiable"}, driverUnverifiable),
		newRule("driver_cuda_refused", Blocker, []string{"rental_model", "driver_cuda_verifiable"}, driverRefused),
	}
}

// billingExportMissing: without usage by team, job and environment,
// finance cannot explain the bill. "No" is a missing feature to negotiate;
// a refusal is the red flag itself and has its own rule.
func billingExportMissing(in Input) (map[string]string, bool) {
	ok, stated := in.Quote.BillingExport.Get()
	return nil, missing(in.Quote.BillingExport) || stated && !ok
}

func billingExportRefused(in Input) (map[string]string, bool) {
	return nil, refused(in.Quote.BillingExport)
}

// driverUnverifiable: a version mismatch found on the first workload is
// found on paid time. A model API has no drivers to check.
func driverUnverifiable(in Input) (map[string]string, bool) {
	if !hardware(in.Quote) {
		return nil, false
	}
	ok, stated := in.Quote.DriverCUDAVerifiable.Get()
	return nil, missing(in.Quote.DriverCUDAVerifiable) || stated && !ok
}

func driverRefused(in Input) (map[string]string, bool) {
	return nil, hardware(in.Quote) && refused(in.Quote.DriverCUDAVerifiable)
}
