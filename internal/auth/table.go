package auth

import "strings"

// permissionDocs says, in the README's words, what each permission lets a
// role do. The README's role table is PermissionTable's output, and a test
// holds the two together, so the table cannot drift from grants again.
var permissionDocs = []struct {
	P    Permission
	Does string
}{
	{ManageEvaluations, "create, rename and archive evaluations"},
	{EditBrief, "write the brief, the scoring criteria and the worksheet assumptions"},
	{EditQuotes, "add, import and revise quotes, delete their own (a manager: any); shortlist; run RFQs; record an award"},
	{UploadBenchmarks, "upload benchmark logs; record and waive acceptance tests"},
	{GradeQuotes, "override a pre-graded score, with a reason"},
	{Approve, "approve, reject, revoke a quote (not their own); waive blocker flags; open RFQ bids"},
	{ApproveAward, "sign a recorded award as one of its approvers"},
	{ManageContracts, "complete and change contracts, import bills, record outages"},
	{ReadAudit, "read the audit log"},
	{ManageUsers, "manage users and API tokens"},
	{ManageReference, "exchange rates, market price references, criteria template, approval rules"},
	{UseAPI, "use the JSON API with a personal token"},
}

// PermissionTable renders grants as a Markdown table: one row per
// permission, one column per role, "yes" where the role holds it.
func PermissionTable() string {
	var b strings.Builder
	b.WriteString("| may | permission |")
	for _, r := range Roles {
		b.WriteString(" " + string(r) + " |")
	}
	b.WriteString("\n|---|---|" + strings.Repeat("---|", len(Roles)) + "\n")
	for _, d := range permissionDocs {
		b.WriteString("| " + d.Does + " | `" + string(d.P) + "` |")
		for _, r := range Roles {
			if r.Can(d.P) {
				b.WriteString(" yes |")
			} else {
				b.WriteString(" — |")
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}
