// Package tco is gpuquote's cost model: it turns normalised vendor quotes and
// the evaluation's assumptions into the monthly TCO worksheet of PRODUCT.md
// ("Cost: the worksheet") and cost per useful unit.
//
// The package is pure: no HTTP, no SQL, no I/O, standard library only. The
// web layer maps its quote and brief records into [Quote] and [Assumptions]
// and renders the [Worksheet] that [Compute] returns.
//
// # The nine lines
//
// Every quote gets the same nine lines, in this order: committed compute,
// burst compute, persistent storage, snapshots, network egress, support,
// idle waste, retry waste and engineering overhead. The four compute lines
// (committed, burst, idle, retry) split one compute bill: committed and
// burst compute are the useful share of the busy hours, retry waste is the
// busy time lost to checkpoints and restarts, and idle waste is what was
// paid but not busy. Capacity that is paid whether used or not (reserved,
// buy, a minimum term, monthly or block billing) puts the unused hours into
// idle waste; pay-as-you-go capacity pays busy hours only, and its idle
// waste is the rounding of each job up to the billing unit.
//
// # Money
//
// Figures are computed in float64 but every line is rounded explicitly, half
// away from zero, to integer minor units ([Money]); totals are sums of the
// rounded lines, so a displayed total always equals the sum of the
// displayed lines. Amounts in another currency are converted with the
// evaluation's dated FX rates and keep their original amount; a missing FX
// rate is an error ([ErrNoFXRate]), never a silent 1.0.
//
// # Missing terms
//
// A term the vendor did not state, or refused to state, is never taken as
// zero. The line uses a labelled assumption (a market reference, or an
// evaluation default), the result is marked incomplete and names the
// missing terms, and the TCO becomes a range computed at the low and high
// ends of those assumptions.
package tco
