// Package decision is gpuquote's recommendation engine: given the facts of
// one evaluation (the workload brief, quote summaries, benchmark status and
// the buy and model-API inputs) it answers rent on demand, reserve, buy or
// use a model API, says why in plain words, and says what would change the
// answer. It also computes the figures behind that answer: break-even months
// for buying, the model-API comparison and the staged reserved / on-demand /
// spot blend.
//
// The package is pure: no HTTP, no SQL, standard library only. The web layer
// maps its own records into [Input] and renders [Recommendation].
//
// # Money
//
// Amounts here are estimates, not ledger entries, so they are float64 inside
// the package (the exact stored amounts live in the quote and tco packages).
// Every money field of an output struct is rounded to cents (half away from
// zero) by the function that fills it; comparisons that pick a winner use the
// unrounded values so that rounding never flips a decision. Break-even months
// are rounded to one decimal. Currencies are never converted here: inputs in
// another currency than [Input.Currency] are left out and said so.
//
// # Words
//
// Every summary, reason, condition and note is a [Statement]: a stable key
// (for example "decision.reason.incomplete_brief"), the English text with
// the values filled in, and the facts of this evaluation it rests on. The
// texts live in catalog.json in English, Russian, Chinese and Vietnamese,
// worded as the buyer's guides word them; [Catalog] hands them to the i18n
// bundle, and the English Text is rendered from the same file, so code and
// translations cannot drift. The option labels ([Option.LabelKey]) and the
// labels of the Missing* keys ([MissingKey]) are there too.
package decision
