package views

// ContractAlertSettings is the admin's contract alert form, as typed: the
// offsets ("120, 30, 7") and the roles that receive the alerts besides
// the owner, with errors by field id (alert-offsets, alert-roles).
type ContractAlertSettings struct {
	Offsets string
	Roles   []RoleCheck
	Errors  map[string]string
}

// RoleCheck is one role's box.
type RoleCheck struct {
	Value, Label string
	Checked      bool
}

// ClaimDeadlineRow is an open SLA credit claim whose window closes soon.
type ClaimDeadlineRow struct {
	ContractID                                              int64
	Vendor, Month, Deadline, DaysLeft, Amount, Availability string
	AlertDue                                                bool // its alert has gone out
}

// HomeAlerts are the contract alerts home shows to the user who receives
// them: the cancel-by dates and claim deadlines of the next 180 days.
type HomeAlerts struct {
	Renewals []RenewalRow
	Claims   []ClaimDeadlineRow
}
