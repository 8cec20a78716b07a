package redflag

import (
	"strconv"

	"github.com/gpuquote/gpuquote/internal/quote"
)

// missing reports whether the vendor did not state t (refusals excepted:
// they have their own rules).
func missing[T any](t quote.Term[T]) bool { return t.State == quote.NotStated }

// refused reports whether the vendor declined to state t.
func refused[T any](t quote.Term[T]) bool { return t.State == quote.Refused }

// absent reports whether t has no value, whether not stated or refused,
// for rules that are blockers either way.
func absent[T any](t quote.Term[T]) bool { return t.State != quote.Stated }

// hardware reports whether the quote rents GPUs. A model API sells
// outputs, not hardware, so the topology, fabric and driver rules would
// only flag terms that do not exist for it.
func hardware(q quote.Quote) bool {
	rm, ok := q.RentalModel.Get()
	return !ok || rm != quote.RentalModelAPI
}

// nodeCount returns how many nodes the deal is about, and whether that is
// known. A single-node rental is one node whatever the nodes cell says.
// When the quote does not state its nodes, the brief's node_count stands
// in: the vendor was asked to quote that shape, so the multi-node questions
// still need answers.
func nodeCount(in Input) (int64, bool) {
	if rm, ok := in.Quote.RentalModel.Get(); ok && rm == quote.RentalSingleNode {
		return 1, true
	}
	if n, ok := in.Quote.Nodes.Get(); ok {
		return n, true
	}
	return in.Brief.Int("node_count")
}

// multiNode reports whether the deal is known to span more than one node,
// which is when fabric, failed-node handling and NCCL matter.
func multiNode(in Input) bool {
	n, ok := nodeCount(in)
	return ok && n > 1
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
