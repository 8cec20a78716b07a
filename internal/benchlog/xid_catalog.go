package benchlog

// XidSeverity is what an Xid says about the node it happened on, after the
// immediate action NVIDIA's Xid catalogue gives for it.
type XidSeverity string

// Xid severities. Fatal: the GPU needs a reset or the node a reboot or
// service (catalogue actions RESET_GPU, RESTART_BM, CONTACT_SUPPORT); a node
// that logged one in the trial is not healthy. Attention: the hardware
// recorded a repair or a rising error rate that wants watching. App: the
// application is at fault or must restart; the node is fine.
const (
	XidFatal     XidSeverity = "fatal"
	XidAttention XidSeverity = "attention"
	XidApp       XidSeverity = "app"
)

// XidSource is where the meanings and severities come from.
const XidSource = "NVIDIA Xid catalogue (docs.nvidia.com/deploy/xid-errors, Analyzing Xid Errors with the Xid Catalog)"

// XidInfo is one catalogue entry: the code's meaning in a few words (the
// message catalogue words it per language under bench.xid.<code>) and
// its severity.
type XidInfo struct {
	Meaning  string
	Severity XidSeverity
}

// xidCatalog holds the Xids a trial meets most, in NVIDIA's words
// shortened. A code not listed is named by number only and counted as
// fatal when it is logged on the trial: the catalogue's default action for
// an unknown error is to contact support.
var xidCatalog = map[int]XidInfo{
	8:   {"GPU stopped processing (idle timeout)", XidApp},
	13:  {"graphics engine exception (usually an application error)", XidApp},
	31:  {"GPU memory page fault (usually an application's illegal address)", XidApp},
	32:  {"invalid or corrupted push buffer stream (PCIe)", XidFatal},
	43:  {"GPU stopped processing (the application hit a fault)", XidApp},
	45:  {"preemptive cleanup after earlier errors (a job was killed)", XidApp},
	48:  {"double-bit ECC error (uncorrectable memory error)", XidFatal},
	61:  {"internal micro-controller breakpoint/warning", XidFatal},
	62:  {"internal micro-controller halt", XidFatal},
	63:  {"ECC page retirement or row remapping recorded", XidAttention},
	64:  {"ECC page retirement or row remapping failed", XidFatal},
	69:  {"graphics engine class error", XidFatal},
	74:  {"NVLink error", XidFatal},
	79:  {"GPU has fallen off the bus", XidFatal},
	92:  {"high single-bit ECC error rate", XidAttention},
	94:  {"contained ECC error (the application must restart)", XidApp},
	95:  {"uncontained ECC error (GPU reset required)", XidFatal},
	109: {"context switch timeout", XidApp},
	119: {"GSP RPC timeout", XidFatal},
	120: {"GSP error", XidFatal},
	121: {"C2C (chip-to-chip) link error", XidFatal},
	140: {"unrecovered ECC error", XidFatal},
	154: {"GPU recovery action changed (reset or reboot required)", XidFatal},
}

// Xid returns the catalogue entry of code; ok is false for a code the
// catalogue here does not list (treated as fatal, named by number).
func Xid(code int) (XidInfo, bool) {
	info, ok := xidCatalog[code]
	if !ok {
		return XidInfo{Meaning: "", Severity: XidFatal}, false
	}
	return info, true
}

// XidCodes lists the codes the catalogue here names (for the message
// catalogue's test).
func XidCodes() []int {
	out := make([]int, 0, len(xidCatalog))
	for c := range xidCatalog {
		out = append(out, c)
	}
	return out
}
