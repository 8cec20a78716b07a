package benchlog

import (
	"fmt"
	"strconv"
	"strings"
)

// parseNThread reads the fields of "nThread T nGpus G minBytes B maxBytes E step: ...
// warmup iters: W iters: N agg iters: M validation: C graph: G"; fields
// differ by version and fork, so it reads what it recognises.
func parseNThread(f []string) NCCLConfig {
	cfg := NCCLConfig{Present: true}
	next := func(i int) string {
		if i+1 < len(f) {
			return f[i+1]
		}
		return ""
	}
	atoi := func(s string) int { v, _ := strconv.Atoi(s); return v }
	atoi64 := func(s string) int64 { v, _ := strconv.ParseInt(s, 10, 64); return v }
	for i, x := range f {
		switch x {
		case "nThread", "nThreads:": // old rccl-tests: "nThreads: 1 nGpus: 2 ... maxBytes: 134217728"
			cfg.NThread = atoi(next(i))
		case "nGpus", "nGpus:":
			cfg.NGpus = atoi(next(i))
		case "minBytes", "minBytes:":
			cfg.MinBytes = atoi64(next(i))
		case "maxBytes", "maxBytes:":
			cfg.MaxBytes = atoi64(next(i))
		case "warmupIters:":
			cfg.WarmupIters = atoi(next(i))
		case "step:":
			cfg.Step = strings.Clone(next(i))
		case "iters:":
			switch {
			case i > 0 && f[i-1] == "warmup":
				cfg.WarmupIters = atoi(next(i))
			case i > 0 && f[i-1] == "agg":
				cfg.AggIters = atoi(next(i))
			default:
				cfg.Iters = atoi(next(i))
			}
		case "validation:":
			cfg.Validation = atoi(next(i))
		case "graph:":
			cfg.Graph = atoi(next(i))
		}
	}
	return cfg
}

// parseDevice reads a device line (c, split into f) in any layout since v1.0.0:
// "Rank R [Group G] [Pid P] on HOST device D [BUS] NAME".
func parseDevice(c string, f []string, pool *stringPool) (NCCLDevice, bool) {
	var d NCCLDevice
	if len(f) < 6 || f[0] != "Rank" {
		return d, false
	}
	var err error
	if d.Rank, err = strconv.Atoi(f[1]); err != nil || d.Rank < 0 {
		return d, false
	}
	i := 2
	if i+1 < len(f) && f[i] == "Group" {
		if d.Group, err = strconv.Atoi(f[i+1]); err != nil {
			return d, false
		}
		i += 2
	}
	if i+1 < len(f) && f[i] == "Pid" {
		if d.Pid, err = strconv.Atoi(f[i+1]); err != nil {
			return d, false
		}
		i += 2
	}
	if i+1 >= len(f) || f[i] != "on" {
		return d, false
	}
	d.Host = pool.get(f[i+1])
	i += 2
	if i+1 >= len(f) || f[i] != "device" {
		return d, false
	}
	if d.Device, err = strconv.Atoi(f[i+1]); err != nil {
		return d, false
	}
	// The name is free text after the bus id; take it from the line to keep
	// its spacing.
	k := strings.Index(c, " device ")
	if k < 0 {
		return d, false
	}
	rest := trimLeft(c[k+len(" device "):])
	rest = trimLeft(strings.TrimLeft(rest, "0123456789"))
	if strings.HasPrefix(rest, "[") {
		if e := strings.IndexByte(rest, ']'); e > 0 {
			d.BusID = pool.get(rest[1:e])
			rest = rest[e+1:]
		}
	}
	d.Name = pool.get(trim(rest)) // hosts, bus ids and models repeat in every run
	return d, true
}

// normalizeCollective turns "all_reduce_perf", "./build/all_reduce_perf_mpi"
// into "all_reduce".
func normalizeCollective(s string) string {
	s = trim(s)
	if i := strings.IndexAny(s, " \t"); i >= 0 {
		s = s[:i]
	}
	if i := strings.LastIndexByte(s, '/'); i >= 0 {
		s = s[i+1:]
	}
	s = strings.TrimSuffix(s, "_mpi")
	s = strings.TrimSuffix(s, "_perf")
	if c, ok := collectives[s]; ok {
		return c.name
	}
	return strings.Clone(s)
}

// collectiveFromCommand finds a known *_perf binary on a command line.
func collectiveFromCommand(c string) string {
	var arr [16]string
	for _, tok := range fields(c, arr[:0]) {
		if !strings.Contains(tok, "_perf") {
			continue
		}
		tok = strings.Trim(tok, `"'`)
		if coll := normalizeCollective(tok); collectiveFamily(coll) != famUnknown {
			return coll
		}
	}
	return ""
}

// ncclCodeVersion turns nccl-headers=22902 into "2.29.2".
func ncclCodeVersion(v string) string {
	code, err := strconv.Atoi(v)
	if err != nil || code <= 0 {
		return ""
	}
	if code < 10000 { // NCCL < 2.9 used major*1000 + minor*100 + patch
		return fmt.Sprintf("%d.%d.%d", code/1000, code%1000/100, code%100)
	}
	return fmt.Sprintf("%d.%d.%d", code/10000, code%10000/100, code%100)
}
