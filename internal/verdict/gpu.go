package verdict

import (
	"strconv"

	"github.com/gpuquote/gpuquote/internal/gpu"
	"github.com/gpuquote/gpuquote/internal/quote"
)

// GPU families the reference table and the model check know, as gpu.ID
// spells them. A quote says "H100" where nvidia-smi prints "NVIDIA H100
// 80GB HBM3"; both reduce to the same family.
const (
	famH100  = "h100"
	famH200  = "h200"
	famGH200 = "gh200"
	famB200  = "b200"
	famA100  = "a100"
	famL40S  = "l40s"
)

// family reduces a GPU name to its family, "" when unknown.
func family(name string) string { return gpu.ID(name) }

func hopper(fam string) bool { return fam == famH100 || fam == famH200 || fam == famGH200 }

// formFactorOf reads the board form from an nvidia-smi product name (see
// gpu.BoardForm); "" when the name does not tell.
func formFactorOf(name string) quote.FormFactor {
	switch gpu.BoardForm(name) {
	case gpu.SXM:
		return quote.FormFactorSXM
	case gpu.PCIe:
		return quote.FormFactorPCIe
	}
	return ""
}

// modelMatches compares a quoted model with a reported one: the same
// card, and the same board form where the quoted text names one.
func modelMatches(quoted, reported string) bool { return gpu.Same(quoted, reported) }

// memoryMatches compares nvidia-smi's MiB with a quoted GB. Vendors round
// the marketing size (an H200's 143771 MiB is "141 GB", an L40S keeps 3 GB
// for ECC and shows 46068 MiB as "48 GB"), so ±8 % of the quoted figure
// in GiB is a match.
func memoryMatches(mib int64, quotedGB int64) bool {
	if quotedGB <= 0 {
		return false
	}
	ratio := float64(mib) / 1024 / float64(quotedGB)
	return ratio >= 0.92 && ratio <= 1.08
}

// nameMemoryCheck holds a memory size in a GPU's name against the quoted
// memory. A superchip's name states its Grace CPU's or module's memory
// ("GH200 120GB"), so its GPU's own memory is compared instead; ok is
// false when the name states no size and is no superchip.
func nameMemoryCheck(id, name string, gb int64, line int) (Check, bool) {
	if sc, super := gpu.SuperchipMemoryGB(name); super {
		st := Fail
		if memoryMatches(sc*1024, gb) {
			st = Pass
		}
		return Check{ID: id, Status: st, Key: "bench.check.superchip_memory", Line: line,
			Args: map[string]any{"Measured": name, "GPUMemory": sc, "Quoted": gb}}, true
	}
	m := nameMemory.FindStringSubmatch(name)
	if m == nil {
		return Check{}, false
	}
	st := Fail
	if named, _ := strconv.ParseInt(m[1], 10, 64); memoryMatches(named*1024, gb) || named == gb {
		st = Pass
	}
	return Check{ID: id, Status: st, Key: "bench.check.name_memory", Line: line,
		Args: map[string]any{"Measured": name, "Quoted": gb}}, true
}
