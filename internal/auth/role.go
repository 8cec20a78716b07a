// Package auth holds users' roles and permissions, password hashing and
// token generation. It knows no HTTP and no SQL.
package auth

import "slices"

// Role is what a user does in gpuquote; PRODUCT.md's "Who uses it" table.
type Role string

// The five roles.
const (
	Procurement Role = "procurement"
	Engineer    Role = "engineer"
	Manager     Role = "manager"
	Admin       Role = "admin"
	Finance     Role = "finance" // approves large awards alongside managers
)

// Roles lists every role in display order.
var Roles = []Role{Procurement, Engineer, Manager, Admin, Finance}

// Valid reports whether r is one of Roles.
func (r Role) Valid() bool { return slices.Contains(Roles, r) }

// Permission names one kind of change a route makes.
type Permission string

// Permissions checked by mutating routes.
const (
	ManageEvaluations Permission = "evaluations.manage" // create, rename, archive
	EditBrief         Permission = "brief.edit"
	EditQuotes        Permission = "quotes.edit" // add, import, revise, delete (own)
	ManageReference   Permission = "reference.manage"
	ManageUsers       Permission = "users.manage"
	ReadAudit         Permission = "audit.read"
	UseAPI            Permission = "api.use"
	Approve           Permission = "decision.approve"  // approve, reject, revoke; waive blocker flags
	UploadBenchmarks  Permission = "benchmarks.upload" // upload logs, record acceptance tests
	GradeQuotes       Permission = "scores.grade"      // override a pre-graded score, with a reason
	ApproveAward      Permission = "award.approve"     // approve a recorded award (one of its approvers)
	ManageContracts   Permission = "contracts.manage"  // complete and change contracts, import bills, record outages
)

// grants is deny-by-default: a permission missing here is held by nobody.
// Admin holds procurement's rights too, so a team of one can work, but
// approval rights (a later permission) stay with managers.
var grants = map[Permission][]Role{
	ManageEvaluations: {Procurement, Manager, Admin},
	EditBrief:         {Procurement, Manager, Admin},
	EditQuotes:        {Procurement, Manager, Admin},
	ManageReference:   {Admin},
	ManageUsers:       {Admin},
	ReadAudit:         {Manager, Admin},
	UseAPI:            {Procurement, Engineer, Manager, Admin, Finance},
	Approve:           {Manager},
	UploadBenchmarks:  {Engineer, Manager, Admin},
	GradeQuotes:       {Procurement, Manager},
	ApproveAward:      {Manager, Finance},
	ManageContracts:   {Procurement, Manager, Admin, Finance},
}

// Can reports whether role r holds permission p.
func (r Role) Can(p Permission) bool { return slices.Contains(grants[p], r) }

// RolesWith lists the roles that hold p.
func RolesWith(p Permission) []Role { return slices.Clone(grants[p]) }
