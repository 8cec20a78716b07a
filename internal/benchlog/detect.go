// Package benchlog parses the benchmark and inventory logs that engineers
// upload from trial GPU clusters — nccl-tests output, nvidia-smi (table,
// -q and --query-gpu CSV), nvidia-smi topo -m and fio (JSON and text) —
// into figures the rest of gpuquote can judge.
//
// The parsers target each tool's output format rather than any particular
// sample: real uploads carry launcher prefixes, interleaved debug lines,
// abridgements and truncation. Input that cannot be read is a *ParseError
// naming the line; a parser never returns a half-parsed result as good.
// Bandwidths are float64 GB/s (1 GB = 1e9 B) because they are
// measurements, not money.
package benchlog

import (
	"strings"
)

// Kind names a log format. It is a string so it can be stored and shown as is.
type Kind string

// The formats Detect recognises.
const (
	KindUnknown   Kind = ""
	KindNCCL      Kind = "nccl"
	KindNvidiaSMI Kind = "nvidia-smi"
	KindTopo      Kind = "topo"
	KindFio       Kind = "fio"
	// The acceptance tools beyond the benchmarks.
	KindDCGMI       Kind = "dcgmi-diag"
	KindNVBandwidth Kind = "nvbandwidth"
	KindNVLink      Kind = "nvlink"
	KindPerftest    Kind = "perftest"
	KindIBStat      Kind = "ibstat"
	KindGPUBurn     Kind = "gpu-burn"
	// Passive health: a kernel log's Xid events and DCGM's health watches.
	KindKernelLog  Kind = "kernel-log"
	KindDCGMHealth Kind = "dcgmi-health"
)

// Kinds lists every format a user may name, in the order forms offer them.
func Kinds() []Kind {
	return []Kind{KindNCCL, KindNvidiaSMI, KindTopo, KindFio, KindDCGMI, KindNVBandwidth, KindNVLink, KindPerftest, KindIBStat, KindGPUBurn,
		KindKernelLog, KindDCGMHealth}
}

// Result holds the outcome of Parse; exactly one pointer, the one matching
// Kind, is set.
type Result struct {
	Kind      Kind        `json:"kind"`
	NCCL      *NCCLReport `json:"nccl,omitempty"`
	NvidiaSMI *SMIReport  `json:"nvidia_smi,omitempty"`
	Topo      *Topology   `json:"topo,omitempty"`
	Fio       *FioReport  `json:"fio,omitempty"`

	DCGMI       *DCGMReport        `json:"dcgmi,omitempty"`
	NVBandwidth *NVBandwidthReport `json:"nvbandwidth,omitempty"`
	NVLink      *NVLinkReport      `json:"nvlink,omitempty"`
	Perftest    *PerftestReport    `json:"perftest,omitempty"`
	IBStat      *IBStatReport      `json:"ibstat,omitempty"`
	GPUBurn     *GPUBurnReport     `json:"gpu_burn,omitempty"`
	KernelLog   *KernelLogReport   `json:"kernel_log,omitempty"`
	DCGMHealth  *DCGMHealthReport  `json:"dcgmi_health,omitempty"`
}

// Parse parses data as kind; KindUnknown means "run Detect first". An
// unrecognised or unreadable input returns a *ParseError and a nil Result.
func Parse(kind Kind, data []byte) (*Result, error) {
	data = stripANSI(data)
	if kind == KindUnknown {
		if err := checkText(KindUnknown, asString(data)); err != nil {
			return nil, err
		}
		kind = Detect(data)
		if kind == KindUnknown {
			if looksROCmSMI(asString(data)) {
				return nil, errorf(KindUnknown, 1, "rocm-smi output (AMD GPUs): recognised, but gpuquote judges NVIDIA inventories only, so it is not scored")
			}
			return nil, errorf(KindUnknown, 1, "unrecognised format: not nccl-tests, nvidia-smi, topo -m, fio, dcgmi diag, nvbandwidth, nvlink, perftest, ibstat, gpu-burn, a kernel log or dcgmi health output")
		}
	}
	res := &Result{Kind: kind}
	var err error
	switch kind {
	case KindNCCL:
		res.NCCL, err = ParseNCCL(data)
	case KindNvidiaSMI:
		res.NvidiaSMI, err = ParseNvidiaSMI(data)
	case KindTopo:
		res.Topo, err = ParseTopo(data)
	case KindFio:
		res.Fio, err = ParseFio(data)
	case KindDCGMI:
		res.DCGMI, err = ParseDCGMI(data)
	case KindNVBandwidth:
		res.NVBandwidth, err = ParseNVBandwidth(data)
	case KindNVLink:
		res.NVLink, err = ParseNVLink(data)
	case KindPerftest:
		res.Perftest, err = ParsePerftest(data)
	case KindIBStat:
		res.IBStat, err = ParseIBStat(data)
	case KindGPUBurn:
		res.GPUBurn, err = ParseGPUBurn(data)
	case KindKernelLog:
		res.KernelLog, err = ParseKernelLog(data)
	case KindDCGMHealth:
		res.DCGMHealth, err = ParseDCGMHealth(data)
	default:
		return nil, errorf(kind, 0, "unknown kind %q", string(kind))
	}
	if err != nil {
		return nil, err
	}
	return res, nil
}

// Detect identifies the format from content alone (uploads arrive with
// arbitrary names). It returns KindUnknown for binary or unrecognised data.
// Markers are checked from the most to the least specific: fio JSON can
// quote anything in its options, and topo output often starts with the
// literal command "nvidia-smi topo -m", so both go before nvidia-smi.
func Detect(data []byte) Kind {
	s := asString(stripANSI(data))
	if strings.IndexByte(s, 0) >= 0 || strings.TrimSpace(s) == "" {
		return KindUnknown
	}
	switch {
	case strings.Contains(s, `"fio version"`) || (strings.Contains(s, `"jobs"`) && strings.Contains(s, `"jobname"`)):
		return KindFio
	case strings.Contains(s, "Health Monitor Report") || strings.Contains(s, "Overall Health"):
		return KindDCGMHealth
	case strings.Contains(s, "DCGM GPU Diagnostic") || strings.Contains(s, `"DCGM Diagnostic"`) || strings.Contains(s, "dcgmi diag") ||
		(strings.Contains(s, "| Diagnostic") && strings.Contains(s, "| Result")) || looksDCGMFragment(s):
		return KindDCGMI
	case strings.Contains(s, "nvbandwidth Version") || strings.Contains(s, "memcpy CE GPU(row)") || strings.Contains(s, "memcpy SM GPU(row)"):
		return KindNVBandwidth
	case looksNCCL(s):
		return KindNCCL
	case looksTopo(s):
		return KindTopo
	case strings.Contains(s, "all links are inactive") || strings.Contains(s, "all links are inActive") ||
		(strings.Contains(s, "(UUID: GPU-") && (strings.Contains(s, "Link 0:") || strings.Contains(s, "NVLink"))):
		return KindNVLink
	case strings.Contains(s, " BW Test") || strings.Contains(s, " Lat Test") || strings.Contains(s, "BW peak[") || strings.Contains(s, "t_typical[usec]") ||
		strings.Contains(s, "Unable to perform rdma_") || strings.Contains(s, "Unexpected CM event"):
		return KindPerftest
	case strings.Contains(s, "CA '") && strings.Contains(s, "Physical state:") || strings.Contains(s, "Infiniband device '"):
		return KindIBStat
	case strings.Contains(s, "proc'd:") || (strings.Contains(s, "Tested ") && (strings.Contains(s, ": FAULTY") || strings.Contains(s, "GPU 0: OK"))):
		return KindGPUBurn
	case strings.Contains(s, "NVRM: "):
		return KindKernelLog
	case looksSMI(s):
		return KindNvidiaSMI
	case looksFioText(s):
		return KindFio
	}
	return KindUnknown
}

func looksNCCL(s string) bool {
	if strings.Contains(s, "nccl-tests version") || strings.Contains(s, "Avg bus bandwidth") ||
		strings.Contains(s, "Out of bounds values") || strings.Contains(s, "Collective test starting") ||
		strings.Contains(s, "Test NCCL failure") || strings.Contains(s, "Test CUDA failure") {
		return true
	}
	if strings.Contains(s, "nThread") && strings.Contains(s, "nGpus") {
		return true
	}
	// The column header survives every abridgement we have seen.
	return strings.Contains(s, "busbw") && strings.Contains(s, "algbw")
}

func looksTopo(s string) bool {
	if strings.Contains(s, "nvidia-smi topo") {
		return true
	}
	// A header line starting with GPU0 followed by a row "GPU0 X ...".
	var sc lineScanner
	sc.s = s
	var buf [8]string
	header := false
	for {
		line, ok := sc.next()
		if !ok {
			return false
		}
		f := splitFields(line, buf[:0])
		if len(f) == 0 {
			continue
		}
		if !header {
			if f[0] == "GPU0" && (len(f) == 1 || isDeviceName(f[1]) || f[1] == "CPU") {
				header = true
			}
			continue
		}
		return f[0] == "GPU0" && len(f) > 1 && f[1] == "X"
	}
}

func looksSMI(s string) bool {
	if strings.Contains(s, "NVIDIA-SMI ") || strings.Contains(s, "NVSMI LOG") ||
		(strings.Contains(s, "Driver Version") && strings.Contains(s, "Product Name")) {
		return true
	}
	if strings.Contains(s, "(UUID: GPU-") {
		return true // nvidia-smi -L
	}
	// --query-gpu CSV: the header names query fields; without a header the
	// rows still carry a GPU name, a UUID or a PCI bus id.
	var sc lineScanner
	sc.s = s
	for {
		line, ok := sc.next()
		if !ok {
			return false
		}
		line = trim(line)
		if isCSVPreamble(line) {
			continue
		}
		// No comma is fine: --query-gpu=name prints one column.
		return isQueryHeader(line) || queryRowLooksLikeGPU(line)
	}
}

// isCSVPreamble reports a line before a --query-gpu CSV that is not part
// of it: a blank, a shell prompt or comment, or the header watch prints
// ("Every 5.0s: nvidia-smi --query-gpu=... host: date").
func isCSVPreamble(line string) bool {
	if line == "" || strings.HasPrefix(line, "$") || strings.HasPrefix(line, "#") {
		return true
	}
	if rest, ok := strings.CutPrefix(line, "Every "); ok {
		if i := strings.Index(rest, "s: "); i > 0 && i < 12 {
			_, isNumber := parseFinite(rest[:i])
			return isNumber
		}
	}
	return false
}

func looksFioText(s string) bool {
	return strings.Contains(s, "(groupid=") || strings.Contains(s, "Run status group") ||
		(strings.Contains(s, "IOPS=") && strings.Contains(s, "BW=")) ||
		(strings.Contains(s, "iops=") && strings.Contains(s, "bw="))
}

// looksDCGMFragment accepts a pasted part of dcgmi's table without its
// header: a "| Test | Pass - ..." or "| Fail - GPU: n" row.
func looksDCGMFragment(s string) bool {
	return strings.Contains(s, "| Pass - ") || strings.Contains(s, "| Fail - GPU") ||
		(strings.Contains(s, "| Deployment ") || strings.Contains(s, "-  Deployment  -"))
}

// looksROCmSMI recognises AMD's rocm-smi / amd-smi output, which is named
// but not scored.
func looksROCmSMI(s string) bool {
	return strings.Contains(s, "ROCm System Management Interface") || strings.Contains(s, "rocm-smi") ||
		strings.Contains(s, "AMD SMI") || strings.Contains(s, "amd-smi")
}
