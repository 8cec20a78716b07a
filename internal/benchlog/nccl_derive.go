package benchlog

import (
	"bytes"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// finishRun closes the current run and computes its derived figures.
func (p *ncclParser) finishRun() {
	st := p.cur
	if st == nil {
		return
	}
	p.cur = nil
	r := &st.run
	if r.EndLine < r.StartLine {
		r.EndLine = r.StartLine
	}
	r.Network, r.Library = p.network, "nccl"
	if p.rccl {
		r.Library = "rccl"
	}
	st.summarise()
	p.lastRows, p.lastDevices = len(st.run.Rows), len(st.run.Devices)
	if p.compact {
		// Keep only what is stored: a 45 MB log of thousands of runs then
		// needs one run's rows in memory at a time, not all of them.
		if len(p.runs) >= MaxStoredRuns {
			p.omitted = omit(p.omitted, st.run)
			p.rowBuf, p.devBuf = st.run.Rows[:0], st.run.Devices[:0]
			return
		}
		if !st.run.Failed && p.charted < maxChartRuns && len(st.run.Rows) > 0 {
			st.run.Points = points(st.run.Rows)
			p.charted++
		}
		// The next run reuses the row and device arrays: their figures are
		// summarised and nothing refers to them any more.
		p.rowBuf, p.devBuf = st.run.Rows[:0], st.run.Devices[:0]
		st.run.Rows, st.run.Devices = nil, nil
	}
	p.runs = append(p.runs, st.run)
}

func (st *ncclRunState) summarise() {
	r := &st.run
	// Devices: hosts, model, rank count.
	hostSet := map[string]struct{}{}
	models := map[string]int{}
	maxRank, splitGroups := -1, false
	for _, d := range r.Devices {
		hostSet[d.Host] = struct{}{}
		if d.Name != "" {
			models[d.Name]++
		}
		maxRank = max(maxRank, d.Rank)
		if d.Group != 0 {
			splitGroups = true
		}
	}
	if len(hostSet) == 0 && len(st.infoHosts) > 0 {
		hostSet = st.infoHosts
		r.Notes = addCapped(r.Notes, maxNotes, newNote(NoteHostsFromInfo, "hosts counted from NCCL INFO lines (no device lines)"))
	}
	for h := range hostSet {
		r.Hosts = append(r.Hosts, h)
	}
	sort.Strings(r.Hosts)
	r.Nodes = len(r.Hosts)
	best := 0
	for m, c := range models {
		if c > best || (c == best && m < r.GPUModel) {
			r.GPUModel, best = m, c
		}
	}
	if isAMD(r.GPUModel) {
		r.Library = "rccl"
	}
	if len(models) > 1 {
		st.note(newNote(NoteDeviceModels, fmt.Sprintf("%d different GPU models in the device list", len(models)), "Count", strconv.Itoa(len(models))))
	}

	// Rows: peak, mean, largest size, latency, validation.
	var sum float64
	var cnt int
	r.SmallMsgLatencyUS = -1
	for i := range r.Rows {
		row := &r.Rows[i]
		for k, res := range [2]*NCCLResult{&row.OutOfPlace, &row.InPlace} {
			if res.Checked && res.Wrong > 0 {
				if len(r.WrongCells) < maxFailureLines {
					r.WrongCells = append(r.WrongCells, NCCLWrong{Line: row.Line, Size: row.Size, Type: row.Type, InPlace: k == 1, Wrong: res.Wrong})
				}
				r.TotalWrong = satAdd(r.TotalWrong, res.Wrong)
			}
			if res.HasMaxError && res.MaxError > r.MaxError {
				r.MaxError = res.MaxError
			}
			if !res.Present {
				continue
			}
			sum += res.BusBW
			cnt++
			if res.BusBW > r.PeakBusBW || (cnt == 1) {
				r.PeakBusBW, r.PeakSize, r.PeakInPlace, r.PeakLine = res.BusBW, row.Size, k == 1, row.Line
			}
			if row.Size > r.MaxSize || (row.Size == r.MaxSize && res.BusBW > r.MaxSizeBusBW) {
				if row.Size > r.MaxSize {
					r.MaxSizeBusBW = 0
				}
				r.MaxSize = row.Size
				r.MaxSizeBusBW = max(r.MaxSizeBusBW, res.BusBW)
			}
			if row.Size >= gib && (r.JudgedSize == 0 || res.BusBW > r.JudgedBusBW) {
				r.JudgedBusBW, r.JudgedSize, r.JudgedLine = res.BusBW, row.Size, row.Line
			}
			if row.Size > 0 && (r.SmallMsgSize == 0 || row.Size < r.SmallMsgSize) {
				r.SmallMsgSize, r.SmallMsgLatencyUS, r.SmallMsgLine = row.Size, res.TimeUS, row.Line
			} else if row.Size > 0 && row.Size == r.SmallMsgSize {
				// Both placements and repeated types: the minimum, because
				// the first row often carries a one-off warm-up spike.
				r.SmallMsgLatencyUS = min(r.SmallMsgLatencyUS, res.TimeUS)
			}
		}
	}
	if n := len(r.Rows); n > 0 {
		r.LastSize = r.Rows[n-1].Size
	}
	if r.SmallMsgLatencyUS < 0 {
		r.SmallMsgLatencyUS = 0
	}
	if cnt > 0 {
		r.MeanBusBW = sum / float64(cnt)
	}
	st.deriveRanks(maxRank, splitGroups)

	// Verdict.
	var reasons []string
	if len(r.FailureLines) > 0 {
		reasons = append(reasons, "the test reported a failure: "+primaryFailure(r.FailureLines))
	}
	if st.independent {
		reasons = append(reasons, "several processes each ran as rank 0 on their own (nccl-tests built without MPI=1 but started with mpirun); the figures are single-process")
	}
	if st.badRowLine != 0 {
		reasons = append(reasons, fmt.Sprintf("output stops in a malformed row at line %d (%s)", st.badRowLine, st.badRowReason))
	}
	if len(r.Rows) == 0 {
		reasons = append(reasons, "no data rows: the run produced no measurements")
	} else if cnt == 0 {
		reasons = append(reasons, "no row has a numeric bandwidth")
	}
	if r.TotalWrong > 0 {
		reasons = append(reasons, fmt.Sprintf("validation found %d wrong elements (#wrong)", r.TotalWrong))
	}
	if r.HasFooter && !r.OutOfBoundsOK {
		reasons = append(reasons, fmt.Sprintf("Out of bounds values: %d FAILED", r.OutOfBounds))
	}
	r.FailureReasons = reasons
	r.Failed = len(reasons) > 0
	switch {
	case len(r.Rows) == 0 || r.Failed || r.HasFooter && r.HasAvgBusBW:
	case !r.HasFooter && !r.HasAvgBusBW:
		st.note(newNote(NoteNoFooter, "no footer (Out of bounds / Avg bus bandwidth): the log may be abridged"))
	default:
		// One of the two footer lines is there: name the one that is not.
		missing, present := "Out of bounds values", "Avg bus bandwidth"
		if r.HasFooter {
			missing, present = present, missing
		}
		st.note(newNote(NoteFooterLine, "the footer has no \""+missing+"\" line (\""+present+"\" is there): the log may be abridged",
			"Missing", missing, "Present", present))
	}
	if (r.Config.Present && r.Config.Validation == 0) || (!r.Config.Present && st.wrongNeverCounted()) {
		r.ValidationOff = true
		st.note(newNote(NoteValidationOff, "validation disabled (-c 0): results were not checked"))
	}
	r.DevicesAbridged = r.RanksSource == "devices-abridged" || hasNote(r.Notes, NoteDevicesAbridged)
	st.completeness(cnt)
	if r.MaxError >= 1e-2 {
		st.note(newNote(NoteLegacyError, fmt.Sprintf("legacy error column reaches %g (max relative delta); values this large suggest corrupted results", r.MaxError),
			"Max", strconv.FormatFloat(r.MaxError, 'g', -1, 64)))
	}
	if r.MinBWCheck == "FAILED" {
		st.note(newNote(NoteBelowMinBW, "Avg bus bandwidth is below NCCL_TESTS_MIN_BW"))
	}
}

// wrongNeverCounted reports a table with a #wrong column whose every row
// printed N/A out of place: what -c 0 prints, seen without the nThread
// line that would say validation: 0 (in place, N/A is also alltoall's and
// sendrecv's answer, so only out of place tells).
func (st *ncclRunState) wrongNeverCounted() bool {
	if st.spec == nil || st.spec.place[0].checkKind != 1 || len(st.run.Rows) == 0 {
		return false
	}
	for _, row := range st.run.Rows {
		if row.OutOfPlace.Checked {
			return false
		}
	}
	return true
}

// Bus-bandwidth factor families (nccl-tests doc/PERFORMANCE.md).
const (
	famUnknown   = iota
	famAllReduce // 2(n-1)/n
	famNm1       // (n-1)/n: all_gather, reduce_scatter, alltoall, gather, scatter
	famOne       // 1: broadcast, reduce, sendrecv, hypercube
)

func collectiveFamily(c string) int { return collectives[c].family }

// collectives are the nccl-tests collectives by name; the name is kept so
// that a run names its collective without a copy of the log's text.
var collectives = func() map[string]collectiveName {
	m := map[string]collectiveName{}
	for fam, names := range map[int][]string{
		famAllReduce: {"all_reduce"},
		famNm1:       {"all_gather", "reduce_scatter", "alltoall", "alltoallv", "gather", "scatter"},
		famOne:       {"broadcast", "reduce", "sendrecv", "hypercube"},
	} {
		for _, n := range names {
			m[n] = collectiveName{n, fam}
		}
	}
	return m
}()

type collectiveName struct {
	name   string
	family int
}

// deriveRanks settles Ranks from the device list and the busbw/algbw ratio,
// and names the collective from the ratio when nothing else did.
func (st *ncclRunState) deriveRanks(maxRank int, splitGroups bool) {
	r := &st.run
	fam := collectiveFamily(r.Collective)
	ratioN, ratioFam := ratioRanks(r.Rows, fam)
	devN := len(r.Devices)
	switch {
	case ratioN > 0 && !splitGroups:
		// The ratio is computed by the test from the real rank count; a
		// device list can be abridged by the publisher or cut at 2048
		// bytes per process, so it loses when they disagree.
		r.Ranks, r.RanksSource = ratioN, "busbw/algbw"
		if devN > 0 && ratioN == maxRank+1 {
			r.RanksSource = "devices"
		} else if devN > 0 {
			st.note(newNote(NoteDevicesAbridged, fmt.Sprintf("busbw/algbw implies %d ranks but the device list shows %d; the list looks abridged", ratioN, maxRank+1),
				"Ranks", strconv.Itoa(ratioN), "Listed", strconv.Itoa(maxRank+1)))
		}
	case devN > 0:
		// With NCCL_TESTS_SPLIT the bandwidth is per group, so only the
		// device list knows the total.
		r.Ranks, r.RanksSource = maxRank+1, "devices"
		if maxRank+1 != devN {
			r.RanksSource = "devices-abridged"
		}
	}
	switch {
	case r.Collective != "":
	case ratioFam == famAllReduce:
		// Only all_reduce has a factor above 1.
		r.Collective, r.CollectiveSource = "all_reduce", "inferred"
	case r.Ranks == 2 && ratioIsOne(r.Rows) && reductionRows(r.Rows):
		// On 2 ranks all_reduce's factor is 1, like sendrecv's; a reduction
		// with no root is most likely the all_reduce everyone runs first.
		r.Collective, r.CollectiveSource = "all_reduce", "inferred"
		st.note(newNote(NoteInferredAllReduce, "collective inferred as all_reduce from 2 ranks and busbw = algbw; sendrecv would print the same"))
	}
}

// bestRatio returns busbw/algbw on the row with the largest algbw, where
// printing rounds least, and the tolerance that rounding allows.
func bestRatio(rows []NCCLRow) (ratio, tol float64, ok bool) {
	var a, b float64
	for i := range rows {
		for _, res := range [2]*NCCLResult{&rows[i].OutOfPlace, &rows[i].InPlace} {
			if res.Present && res.AlgBW > a {
				a, b = res.AlgBW, res.BusBW
			}
		}
	}
	if a <= 0 {
		return 0, 0, false
	}
	ratio = b / a
	return ratio, ratio*(printErr(a)/a+printErr(b)/max(b, 1e-9)) + 1e-9, true
}

func ratioIsOne(rows []NCCLRow) bool {
	r, tol, ok := bestRatio(rows)
	return ok && math.Abs(r-1) <= tol
}

// reductionRows reports rows of a reduction without a root (redop other
// than "none", root -1 or absent).
func reductionRows(rows []NCCLRow) bool {
	for _, r := range rows {
		if r.Redop == "" || r.Redop == "none" || (r.HasRoot && r.Root != -1) {
			return false
		}
	}
	return len(rows) > 0
}

// ratioRanks derives n from busbw/algbw on the row with the largest algbw,
// where printing rounds least. It returns 0 when the factor does not depend
// on n or rounding leaves more than one n possible. fam may be famUnknown:
// a ratio above 1 can only be all_reduce, one below 1 only (n-1)/n.
func ratioRanks(rows []NCCLRow, fam int) (int, int) {
	ratio, tol, ok := bestRatio(rows)
	if !ok {
		return 0, fam
	}
	if fam == famUnknown {
		switch {
		case ratio > 1+tol && ratio < 2:
			fam = famAllReduce
		case ratio < 1-tol && ratio >= 0.5-tol:
			fam = famNm1
		case ratio > 1-tol && ratio < 1+tol:
			// all_reduce on 2 ranks or a factor-1 collective: only a
			// device list can tell; see deriveRanks.
			return 0, famUnknown
		default:
			return 0, famUnknown
		}
	}
	// factor(n) = k - k/n with k = 2 (all_reduce) or 1 ((n-1)/n) grows
	// with n, so the n that fit ratio ± tol form one interval, found in
	// closed form: factor(n) >= x  <=>  n >= k/(k-x).
	var k float64
	switch fam {
	case famAllReduce:
		k = 2
	case famNm1:
		k = 1
	default:
		return 0, fam
	}
	lo, hi := ratio-tol, ratio+tol
	if lo >= k {
		return 0, fam // impossible for this collective: misparse or bad data
	}
	first := math.Max(1, math.Ceil(k/(k-lo)))
	if hi >= k {
		return 0, fam // unbounded: every large n fits
	}
	last := math.Floor(k / (k - hi))
	if first != last || first > 1<<24 {
		return 0, fam // none or several fit
	}
	return int(first), fam
}

// printErr is half a unit in the last place nccl-tests prints for v: 2
// decimals, fewer as values grow (v2.17.3+ fits the column width).
func printErr(v float64) float64 {
	switch {
	case v < 1000:
		return 0.005
	case v < 10000:
		return 0.05
	case v < 100000:
		return 0.5
	}
	return v * 1e-5
}

func primaryFailure(lines []string) string {
	for _, l := range lines {
		if strings.Contains(l, "Test NCCL failure") || strings.Contains(l, "Test CUDA failure") {
			return l
		}
	}
	return lines[0]
}

func satAdd(a, b int64) int64 {
	if a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}

// gib is the smallest size at which references compare peak busbw.
const gib = 1 << 30

// Reasons a run is incomplete (NCCLRun.IncompleteReasons); they are codes
// so every reader words them in its own language.
const (
	IncompleteNoFooter    = "no_footer"    // the Out of bounds / Avg footer is missing
	IncompleteShortSweep  = "short_sweep"  // the last row is below the header's maxBytes
	IncompleteRowsTrimmed = "rows_trimmed" // the footer's average disagrees with the rows printed
)

// completeness decides whether a run finished its sweep. A run cut off
// after some row looks like a good run with fewer rows; only the footer
// and the header's size range tell them apart.
func (st *ncclRunState) completeness(cnt int) {
	r := &st.run
	r.EffectiveMaxBytes = r.Config.MaxBytes
	if st.reducedMax > 0 && (r.EffectiveMaxBytes == 0 || st.reducedMax < r.EffectiveMaxBytes) {
		r.EffectiveMaxBytes = st.reducedMax
	}
	if r.Failed || len(r.Rows) == 0 {
		return
	}
	var why []string
	if !r.HasFooter {
		why = append(why, IncompleteNoFooter)
	}
	if r.EffectiveMaxBytes > 0 && r.LastSize > 0 {
		if next, ok := nextSize(r.Config.Step, r.LastSize); ok && next <= r.EffectiveMaxBytes {
			why = append(why, IncompleteShortSweep)
		}
	}
	// The footer's average is the mean busbw over every row and placement
	// the test ran; a publisher who drops rows leaves it disagreeing.
	if r.HasAvgBusBW && cnt > 0 && math.Abs(r.MeanBusBW-r.AvgBusBW) > max(0.01*r.AvgBusBW, 0.02) {
		r.RowsTrimmed = true
		why = append(why, IncompleteRowsTrimmed)
		st.note(newNote(NoteRowsTrimmed, fmt.Sprintf("rows trimmed: the footer's average %.3f GB/s disagrees with the rows' %.3f GB/s", r.AvgBusBW, r.MeanBusBW),
			"FooterGBs", strconv.FormatFloat(r.AvgBusBW, 'f', 3, 64), "RowsGBs", strconv.FormatFloat(r.MeanBusBW, 'f', 3, 64)))
	}
	r.IncompleteReasons = why
	r.Incomplete = len(why) > 0
}

// nextSize is the size after last in a sweep with step ("2(factor)",
// "1048576(bytes)"); ok is false when the step does not parse. Sizes are
// rounded down to whole elements, so a factor sweep may print slightly
// less than minBytes × factor^k; multiplying the printed size keeps that.
func nextSize(step string, last int64) (int64, bool) {
	num, unit, ok := strings.Cut(step, "(")
	if !ok {
		num, unit = step, "factor)"
	}
	v, err := strconv.ParseInt(strings.TrimSpace(num), 10, 64)
	if err != nil || v <= 0 {
		return 0, false
	}
	switch strings.TrimSuffix(unit, ")") {
	case "factor":
		if v < 2 || last > math.MaxInt64/v {
			return 0, false
		}
		return last * v, true
	case "bytes":
		if last > math.MaxInt64-v {
			return 0, false
		}
		return last + v, true
	}
	return 0, false
}

// isAMD reports an AMD device name (rccl-tests on ROCm).
func isAMD(name string) bool {
	// The words are ASCII, so lowering ASCII letters is enough, and a
	// buffer on the stack spares an allocation per run.
	var buf [96]byte
	l := append(buf[:0], name...)
	for i, c := range l {
		if 'A' <= c && c <= 'Z' {
			l[i] = c + 'a' - 'A'
		}
	}
	for _, w := range [...]string{"amd", "instinct", "radeon", "gfx9", "mi300", "mi250"} {
		if bytes.Contains(l, []byte(w)) {
			return true
		}
	}
	return false
}
