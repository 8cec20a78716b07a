package tco

// refDoc names the reference every market figure below comes from, so a
// reader can check the figure and its date (by its title: a reader has
// no repository path to follow).
const refDoc = "the cost reference"

// DefaultAssumptions returns a complete set of assumptions for an
// evaluation in currency, each labelled with where it came from. Market
// references are in USD (their sources' currency); for any other currency
// the caller adds FX rates, because a missing rate is an error. Figures
// marked "evaluation default" are placeholders the brief should replace.
func DefaultAssumptions(currency string) Assumptions {
	usd := func(v, lo, hi float64, unit, src string) Assumption {
		return Assumption{Value: v, Low: lo, High: hi, Unit: "USD/" + unit, Currency: "USD", Source: src}
	}
	rate := func(v, lo, hi float64, src string) Assumption {
		return usd(v, lo, hi, "GPU-h", "market reference: "+src+" ("+refDoc+" §1)")
	}
	def := func(v, lo, hi float64, unit, src string) Assumption {
		return Assumption{Value: v, Low: lo, High: hi, Unit: unit, Source: src}
	}
	const brief = "evaluation default; set it from the brief"
	eng := func(v float64, why string) Assumption {
		return def(v, v/2, v*2, "h/month", "evaluation default: "+why)
	}
	return Assumptions{
		Currency:      currency,
		HorizonMonths: 12,

		Utilisation:           def(0.70, 0.50, 0.95, "share", "evaluation default; set it from the brief's expected baseline utilisation"),
		BurstGPUHoursPerMonth: def(0, 0, 0, "GPU-h/month", brief),
		StoredTB:              def(30, 0, 0, "TB", brief+" (dataset, checkpoints, weight cache)"),
		SnapshotTB:            def(10, 0, 0, "TB", brief+" (snapshot policy and retention)"),
		EgressTBPerMonth:      def(10, 0, 0, "TB/month", "evaluation default: the practitioners' article's 10 TB example"),
		JobsPerMonth:          def(100, 0, 0, "jobs/month", brief),
		MeanJobHours:          def(1.5, 0, 0, "h", brief),

		PreemptionsPerNodeDay: def(2, 0.5, 6, "preemptions/node-day",
			"assumption: spot H100 lifetimes of 2–6 h (practitioners' article) and 1.4–3.1 h mean V100 spot uptime (skypilot spot-traces, 2023), softened for marketplace capacity that is not all interruptible ("+refDoc+" §5)"),
		NodeFailuresPerNodeDay: def(0.004, 0.002, 0.02, "failures/node-day",
			"Llama 3 training: 1.97e-5 failures per GPU-hour × 8 GPUs × 24 h (Meta, Jul 2024); high end 5× for smaller operators ("+refDoc+" §5)"),
		CheckpointIntervalHours: def(1, 0.5, 2, "h", brief+" (checkpoint frequency)"),
		CheckpointWriteHours:    def(2.0/60, 1.0/60, 10.0/60, "h", "assumption: 2 min synchronous write, the spot example of "+refDoc+" §5"),
		RestartHours:            def(10.0/60, 5.0/60, 30.0/60, "h", "assumption: 10 min to re-acquire, reload and warm up, the spot example of "+refDoc+" §5"),

		EngineeringHours: map[RentalModel]Assumption{
			SingleNode:     eng(8, "one server, little to operate"),
			OnDemand:       eng(16, "provisioning, quotas and clean-up"),
			Reserved:       eng(24, "cluster care, drivers, scheduler, vendor tickets"),
			Marketplace:    eng(40, "heterogeneous hosts, preemption handling, re-placement"),
			ManagedCluster: eng(8, "the provider runs Kubernetes or Slurm"),
			ModelAPI:       eng(2, "integration upkeep only"),
			Buy: def(400, 320, 480, "h/month",
				"practitioners' article: owning hardware needs 2–3 operations engineers (2.5 × 160 h)"),
		},
		EngineeringRate: usd(95, 83, 111, "h",
			"assumption: 150–200k USD per fully loaded engineer-year over ~1,800 h ("+refDoc+" §3a, low-confidence sources)"),

		GPUHoursPerUnit: def(3072, 0, 0, "GPU-h/unit",
			"the product's reference configuration A: 64 H100 × 48 effective hours per Llama-3-70B fine-tune; set it from the brief"),
		UnitName: "accepted training run",

		MarketRatePerGPUHour: map[string]Assumption{
			"H100":      rate(3.29, 2.90, 4.30, "neocloud on-demand H100 SXM, typical band (Nebius 2.95, RunPod 3.29, Lambda 3.99–4.29; 2025–26)"),
			"H100 PCIe": rate(3.09, 2.89, 3.29, "H100 PCIe on-demand (RunPod 2.89, Lambda 3.29; 2025–26)"),
			"H200":      rate(4.05, 3.50, 4.60, "neocloud on-demand H200, typical band (Nebius 3.50, RunPod 4.59; 2025–26)"),
			"B200":      rate(6.25, 5.50, 7.00, "neocloud on-demand B200, typical band (Nebius 5.50, Lambda 6.69–6.99; 2025–26)"),
			"A100":      rate(2.30, 1.39, 3.43, "A100 80GB on-demand (RunPod 1.39, Crusoe 2.30, AWS 3.43; 2025–26)"),
			"L40S":      rate(1.70, 0.88, 2.28, "L40S on-demand (Massed Compute 0.88, Scaleway 1.70, Nebius up to 2.28; 2025–26)"),
			"RTX 4090":  rate(0.38, 0.35, 0.40, "RTX 4090 marketplace (Vast.ai; 2025–26)"),
			"RTX 5090":  rate(0.52, 0.48, 0.57, "RTX 5090 marketplace (Vast.ai; 2025–26)"),
		},
		MarketStoragePerTBMonth: usd(23, 18, 145, "TB-month",
			"market reference: AWS S3 Standard 0.023 USD/GB-month (Apr 2026); range Azure Blob Hot 0.018 to FSx for Lustre 0.145 ("+refDoc+" §2b)"),
		MarketEgressPerGB: usd(0.09, 0.05, 0.12, "GB",
			"market reference: AWS 0.09 USD/GB for the first 10 TB (early 2026); range high-volume tiers 0.05 to GCP Premium 0.12 ("+refDoc+" §2a)"),
		MarketSupportShare: def(0.07, 0.03, 0.10, "share",
			"market reference: AWS Business support, tiered 10/7/5/3 % of monthly usage ("+refDoc+" §2c)"),
		MarketSupport: SupportPlan{Name: "AWS Business support", Currency: "USD", Minimum: 100, Tiers: []SupportTier{
			{UpTo: 10_000, Share: 0.10}, {UpTo: 80_000, Share: 0.07}, {UpTo: 250_000, Share: 0.05}, {Share: 0.03},
		}},

		FX: map[string]FXRate{},
	}
}
