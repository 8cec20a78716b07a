package decision

import (
	"slices"
	"strings"
	"testing"
)

// TestGuideRowByRow gives, for each row of the buyer's guide's decision
// table, the brief the row describes, and checks that the recommendation
// and the award card (the story of an award of that rental model) say what
// the guide says: the prefer-when brief is answered with the row's model
// and fits it without a warning; the avoid-when brief puts the guide's
// reason on the award card.
func TestGuideRowByRow(t *testing.T) {
	tests := []struct {
		name    string
		edit    func(*Input)
		awarded RentalModel
		option  Option   // the recommendation's answer ("" to skip)
		fits    []string // keys among the story's Fits
		warns   []string // keys among the story's warnings (none when empty)
		text    string   // a text among Fits
	}{{
		name:    "on demand, prefer: a new workload with an uncertain schedule",
		edit:    func(in *Input) { in.Brief.Stability = StabilityVariable; in.Benchmark = Benchmark{} },
		awarded: RentalOnDemand, option: OptionOnDemand,
		fits: []string{"decision.guide.fits.new_workload", "decision.guide.fits.uncertain_schedule"},
	}, {
		name:    "on demand, avoid: a stable baseline needed urgently",
		edit:    func(in *Input) { in.Brief.Urgency = "urgent" },
		awarded: RentalOnDemand, option: OptionReserve,
		warns: []string{"decision.guide.avoid.stable_and_urgent", "decision.story.disagrees.reserve"},
	}, {
		name:    "reserve, prefer: predictable utilisation, a launch date, months on one GPU class",
		edit:    func(in *Input) { in.Brief.Urgency = "planned"; in.Brief.HardwareChange = "no" },
		awarded: RentalReserved, option: OptionReserve,
		fits: []string{"decision.guide.fits.predictable_utilisation", "decision.guide.fits.launch_dates",
			"decision.guide.fits.same_class_for_months", "decision.reason.reserve_cheaper"},
		// 2.2 / 4.0 = 55 % is the reserve break-even.
		text: "utilisation of 75 % is at or above the 55 % break-even",
	}, {
		name:    "reserve, avoid: the model, engine or GPU will change",
		edit:    func(in *Input) { in.Brief.HardwareChange = "yes" },
		awarded: RentalReserved, option: OptionOnDemand,
		warns: []string{"decision.guide.avoid.hardware_change", "decision.story.disagrees.on_demand"},
	}, {
		name: "buy, prefer: very high utilisation, stable hardware, staff and capital",
		edit: func(in *Input) {
			buyable(in)
			in.Brief.HardwareChange = "no"
		},
		awarded: RentalBuy, option: OptionBuy,
		fits: []string{"decision.guide.fits.very_high_utilisation", "decision.guide.fits.stable_hardware",
			"decision.guide.fits.data_centre_skills", "decision.guide.fits.capital_approved", "decision.reason.buy_not_ruled_out"},
	}, {
		name:    "buy, avoid: fast scaling",
		edit:    func(in *Input) { buyable(in); in.Brief.Scaling = "fast" },
		awarded: RentalBuy, option: OptionReserve,
		warns: []string{"decision.guide.avoid.fast_scaling", "decision.story.disagrees.reserve"},
	}, {
		name:    "buy, avoid: GPU-family flexibility",
		edit:    func(in *Input) { buyable(in); in.Brief.GPUFamilyFlexibility = true },
		awarded: RentalBuy, option: OptionReserve,
		warns: []string{"decision.guide.avoid.gpu_flexibility", "decision.story.disagrees.reserve"},
	}, {
		name:    "buy, avoid: managed support",
		edit:    func(in *Input) { buyable(in); in.Brief.ManagedSupport = true },
		awarded: RentalBuy, option: OptionReserve,
		warns: []string{"decision.guide.avoid.managed_support", "decision.story.disagrees.reserve"},
	}, {
		name:    "buy, avoid: global regions",
		edit:    func(in *Input) { buyable(in); in.Brief.Regions = "global" },
		awarded: RentalBuy, option: OptionReserve,
		warns: []string{"decision.guide.avoid.global_regions", "decision.story.disagrees.reserve"},
	}, {
		name:    "model API, prefer: outputs, not control, and the API costs less",
		edit:    inference,
		awarded: RentalModelAPI, option: OptionModelAPI,
		fits: []string{"decision.guide.fits.outputs_not_control", "decision.guide.fits.ops_eat_savings"},
	}, {
		name:    "model API, avoid: custom weights",
		edit:    func(in *Input) { inference(in); in.Brief.NeedsCustomWeights = true },
		awarded: RentalModelAPI, option: OptionReserve,
		warns: []string{"decision.guide.avoid.custom_weights", "decision.story.disagrees.reserve"},
	}, {
		name:    "model API, avoid: kernel control",
		edit:    func(in *Input) { inference(in); in.Brief.NeedsKernelControl = true },
		awarded: RentalModelAPI, option: OptionReserve,
		warns: []string{"decision.guide.avoid.kernel_control", "decision.story.disagrees.reserve"},
	}, {
		name:    "model API, avoid: a private serving stack",
		edit:    func(in *Input) { inference(in); in.Brief.PrivateServingStack = true },
		awarded: RentalModelAPI, option: OptionReserve,
		warns: []string{"decision.guide.avoid.private_serving", "decision.story.disagrees.reserve"},
	}, {
		name:    "model API, avoid: fixed placement",
		edit:    func(in *Input) { inference(in); in.Brief.NeedsFixedPlacement = true },
		awarded: RentalModelAPI, option: OptionReserve,
		warns: []string{"decision.guide.avoid.fixed_placement", "decision.story.disagrees.reserve"},
	}, {
		name: "marketplace, prefer: the work tolerates eviction",
		edit: func(in *Input) {
			in.Brief.Stability = StabilityVariable
			in.Brief.EvictionTolerance = "high"
		},
		awarded: RentalMarketplace, option: OptionOnDemand,
		fits: []string{"decision.guide.fits.eviction_tolerated"},
	}, {
		name: "marketplace, avoid: no eviction tolerated",
		edit: func(in *Input) {
			in.Brief.Stability = StabilityVariable
			in.Brief.EvictionTolerance = "none"
		},
		awarded: RentalMarketplace, option: OptionOnDemand,
		warns: []string{"decision.guide.avoid.no_eviction"},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := readyInput()
			tc.edit(&in)
			rec, err := Recommend(in)
			if err != nil {
				t.Fatal(err)
			}
			if tc.option != "" && rec.Option != tc.option {
				t.Fatalf("recommendation = %s, want %s (reasons %v)", rec.Option, tc.option, keys(rec.Reasons))
			}
			s := Explain(tc.awarded, true, in, rec)
			for _, k := range tc.fits {
				if !slices.Contains(keys(s.Fits), k) {
					t.Errorf("fits %v lack %s", keys(s.Fits), k)
				}
			}
			var warns []string
			for _, w := range s.Warnings {
				warns = append(warns, w.Key)
			}
			if !slices.Equal(warns, tc.warns) {
				t.Errorf("warnings = %v, want %v", warns, tc.warns)
			}
			if len(tc.warns) == 0 && !s.Agrees {
				t.Errorf("the analysis disagrees with the award")
			}
			if tc.text != "" && !slices.ContainsFunc(s.Fits, func(st Statement) bool { return strings.Contains(st.Text, tc.text) }) {
				t.Errorf("no fit says %q: %v", tc.text, s.Fits)
			}
			for _, w := range s.Warnings {
				if strings.HasPrefix(w.Key, "decision.story.disagrees.") && (len(w.Because) == 0 || len(w.ChangeIf) == 0) {
					t.Errorf("the disagreement carries no reason or no flip figure: %+v", w)
				}
			}
		})
	}
}

// TestGuideRowsAreTheCatalogs: each row's sentences in the table are the
// catalog's English, so the table and its translations cannot drift.
func TestGuideRowsAreTheCatalogs(t *testing.T) {
	en := mustCatalog(t)["en"]
	seen := map[Option]bool{}
	for _, r := range Guide {
		seen[r.Option] = true
		if en[r.PreferKey] != r.Prefer || en[r.AvoidKey] != r.Avoid {
			t.Errorf("%s: the table's sentences are not the catalog's", r.Option)
		}
		if len(r.Fits) == 0 || len(r.Avoids) == 0 {
			t.Errorf("%s: a row needs prefer-when and avoid-when conditions", r.Option)
		}
	}
	for _, o := range []Option{OptionOnDemand, OptionReserve, OptionBuy, OptionModelAPI, OptionMarketplace} {
		if !seen[o] {
			t.Errorf("no row for %s", o)
		}
	}
}

// TestExplainWithoutAward: with nothing to award the story judges the
// analysis's own answer and never warns of a disagreement.
func TestExplainWithoutAward(t *testing.T) {
	in := readyInput()
	rec, err := Recommend(in)
	if err != nil {
		t.Fatal(err)
	}
	s := Explain("", false, in, rec)
	if s.Awarded != "" || !s.Agrees || len(s.Warnings) != 0 || len(s.Fits) == 0 || len(s.WouldChange) == 0 {
		t.Errorf("story = %+v", s)
	}
}
