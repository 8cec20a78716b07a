package views

// TestPlanView is a quote's test plan as the page shows it: every text
// already translated, every command one line of shell.
type TestPlanView struct {
	QuoteID    int64
	Provider   string
	Shape      string
	Total      string
	Steps      []PlanStepView
	Omitted    []PlanOmission
	CanCollect bool // may create an evidence token
	// Token is set once, on the response that created it.
	Token     *EvidenceTokenView
	DaysError string
	Days      string
}

// PlanStepView is one step of the plan.
type PlanStepView struct {
	N             int
	ID            string
	Test          string
	Where         string
	Command       string
	Server        string // a pair step's listening side; "" for others
	Band          string
	Source        string
	Time          string
	BuildRepo     string
	BuildCommands []string
	BuildNote     string
}

// EvidenceTokenView is a new evidence token's command, shown once.
type EvidenceTokenView struct {
	Command string
	Expires string
}

// PlanOmission is a step left out of the plan and why.
type PlanOmission struct {
	Step   string
	Reason string
}
