package audit

// Choice is one value the audit log can be filtered by, with its name.
type Choice struct {
	ID   int64
	Name string
}

// Choices are the audit log's filter values, by name: the users and the
// evaluations (the actions are the fixed list Actions).
type Choices struct {
	Users       []Choice
	Evaluations []Choice
}

// Filter narrows a read of the log; zero fields match everything.
type Filter struct {
	ObjectType   string
	ObjectID     string
	EvaluationID int64
	ActorID      int64
	Action       string
	BeforeID     int64 // a page: only entries older than this id
	Limit        int
}

// Actions are the actions the log records, in the order the log's filter
// lists them; each has a name in the catalog (audit.action.<action>).
var Actions = []string{
	"evaluation.create", "evaluation.rename", "evaluation.archive", "evaluation.unarchive",
	"brief.update", "quote.create", "quote.import", "quote.update", "quote.delete",
	"quote.shortlist", "quote.unshortlist", "flag.waive", "quote.approve", "quote.reject",
	"quote.revoke", "quote.reapprove",
	"assumptions.update", "decision_inputs.update", "criteria.update", "score.override",
	"benchmark.upload", "benchmark.withdraw", "benchmark.reclassify",
	"acceptance.record", "acceptance.waive", "acceptance.auto",
	"award.record", "award.approve",
	"contract.draft", "contract.revise", "contract.carry", "contract.rebid", "contract.bill", "contract.outage", "contract.useful_units",
	"rfq.create", "rfq.brief", "rfq.remind", "rfq.reissue_link", "rfq.revoke", "rfq.answer",
	"rfq.open_early", "rfq.open_deadline", "quote.rfq", "quote.rfq_revision",
	"rfq.vendor_open", "rfq.vendor_draft", "rfq.vendor_document", "rfq.vendor_question", "rfq.vendor_submit",
	"rfq.vendor_attestations",
	"fx.set", "fx.rollback", "reference.upload", "reference.rollback", "setting.update",
	"user.create", "user.update", "user.language", "user.password", "user.rehash", "token.create", "token.revoke",
	"auth.login", "auth.login_failed", "auth.login_rate_limited", "auth.logout", "auth.reauthenticate", "auth.denied",
}
