// Package sourcing holds the rules of a sourcing round (a request for
// quotes): what a vendor may see of the buyer's brief and flags, how its
// attachments are taken in, and the compliance evidence the round asks
// for. It knows no HTTP and no store (the store imports it); the round's
// use cases, which read and write through the store, are in
// internal/evaluation (round*.go, vendor*.go).
package sourcing
