package quote

// MaxPerEvaluation is how many quotes one evaluation may hold. It bounds
// the work of every page and export that shows all of an evaluation's
// quotes; an import or a new quote past it is refused, naming the limit.
const MaxPerEvaluation = 10000
