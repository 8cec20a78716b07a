package web

import (
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/verdict"
	"github.com/gpuquote/gpuquote/web/views"
)

// A benchmark's basis counts nodes and NICs as each language does: "1
// node", "2 nodes", "1 узел", "5 узлов", never "node(s)".
func TestBasisTextCountsInWords(t *testing.T) {
	for _, c := range []struct {
		lang  string
		b     verdict.Basis
		wants []string
	}{
		{"en", verdict.Basis{GPU: "H100", Nodes: 1, Fabric: "ib", NICs: 1, NICGbps: 400}, []string{"1 node,", "1 NIC ×"}},
		{"en", verdict.Basis{GPU: "H100", Nodes: 2, Fabric: "ib", NICs: 8, NICGbps: 400}, []string{"2 nodes,", "8 NICs ×"}},
		{"en", verdict.Basis{Nodes: 2}, []string{"2 nodes,", "? NICs"}},
		{"ru", verdict.Basis{Nodes: 1, NICs: 2, NICGbps: 400}, []string{"1 узел", "2 сетевые карты"}},
		{"ru", verdict.Basis{Nodes: 5, NICs: 8, NICGbps: 400}, []string{"5 узлов", "8 сетевых карт"}},
		{"vi", verdict.Basis{Nodes: 1, NICs: 8, NICGbps: 400}, []string{"1 nút", "8 NIC"}},
		{"zh", verdict.Basis{Nodes: 2, NICs: 8, NICGbps: 400}, []string{"2 个节点", "8 块网卡"}},
	} {
		got := strings.ReplaceAll(views.BenchBasisText(i18n.New(c.lang), c.b), "\u00a0", " ")
		for _, w := range c.wants {
			if !strings.Contains(got, w) {
				t.Errorf("%s %+v: %q lacks %q", c.lang, c.b, got, w)
			}
		}
		if strings.Contains(got, "(s)") || strings.Contains(got, "bench.") {
			t.Errorf("%s: %q", c.lang, got)
		}
	}
}
