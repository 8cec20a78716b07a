// Package sourcing is the application layer of a sourcing round (a
// request for quotes): what a vendor may see of the buyer's brief and
// flags, how its attachments are taken in, and the compliance evidence
// the round asks for. It knows no HTTP; the store does the SQL.
package sourcing
