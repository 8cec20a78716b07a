package decision

// Story is the one account of the decision every surface tells: the award
// is the answer, and the rent / reserve / buy / model-API analysis explains
// it (Fits) or says where it disagrees (Warnings), never as a second
// headline.
type Story struct {
	// Awarded is the guide's row of the awarded rental model; empty when
	// nothing can be awarded. Recommended is the analysis's answer.
	Awarded     Option `json:"awarded,omitempty"`
	Recommended Option `json:"recommended"`
	// Agrees: the analysis answers the awarded rental model (or nothing is
	// awarded).
	Agrees bool `json:"agrees"`
	// Fits are why the awarded model fits: the guide's prefer-when
	// conditions the brief meets, then the analysis's reasons when it
	// agrees.
	Fits []Statement `json:"fits"`
	// Warnings are the guide's avoid-when conditions that hold for the
	// awarded model, and a disagreement of the analysis with its reasons
	// and the figure that would flip it.
	Warnings []Warning `json:"warnings"`
	// WouldChange are the conditions that would change the analysis's
	// answer.
	WouldChange []Statement `json:"would_change"`
}

// Warning is one thing the analysis or the guide holds against the award:
// what, because of what, and what would change it.
type Warning struct {
	Statement
	Because  []Statement `json:"because"`
	ChangeIf []Statement `json:"change_if"`
}

// Explain tells the story of an award of a quote with rental model awarded
// (hasAward false: nothing can be awarded yet) against the analysis rec
// made from in.
func Explain(awarded RentalModel, hasAward bool, in Input, rec Recommendation) Story {
	f := GuideFactsOf(in, rec)
	s := Story{Recommended: rec.Option, Fits: []Statement{}, Warnings: []Warning{},
		WouldChange: append([]Statement{}, rec.ChangeIf...)}
	judged := rec.Option
	if hasAward {
		s.Awarded = GuideOption(awarded)
		judged = s.Awarded
	}
	v := Judge(judged, f)
	s.Fits = append(s.Fits, v.Fits...)
	for _, a := range v.Avoid {
		s.Warnings = append(s.Warnings, Warning{Statement: a, Because: []Statement{}, ChangeIf: []Statement{}})
	}
	s.Agrees = !hasAward || agrees(s.Awarded, rec.Option)
	if s.Agrees {
		if !rec.NotReady {
			s.Fits = append(s.Fits, rec.Reasons...)
		}
		return s
	}
	s.Warnings = append(s.Warnings, Warning{
		Statement: st(disagreeKeys[rec.Option], wordFact("Awarded", string(s.Awarded)), wordFact("Recommended", string(rec.Option))),
		Because:   append([]Statement{}, rec.Reasons...),
		ChangeIf:  append([]Statement{}, rec.ChangeIf...),
	})
	return s
}

// agrees: the analysis's answer is the awarded model. A marketplace fleet
// is flexible capacity like on demand, which the analysis answers for it
// (the guide's staged path keeps bursts and experiments there).
func agrees(awarded, recommended Option) bool {
	if awarded == OptionMarketplace {
		return recommended == OptionOnDemand
	}
	return awarded == recommended
}

// disagreeKeys say, by the analysis's answer, that it is not the awarded
// rental model.
var disagreeKeys = map[Option]string{
	OptionOnDemand: "decision.story.disagrees.on_demand",
	OptionReserve:  "decision.story.disagrees.reserve",
	OptionBuy:      "decision.story.disagrees.buy",
	OptionModelAPI: "decision.story.disagrees.model_api",
}
