package benchlog

import (
	"reflect"
	"testing"
)

// A journalctl -k excerpt of eight hosts: every Xid with its code, bus id,
// host and time; the driver's load lines count as the driver being there.
func TestParseKernelLogJournalctl(t *testing.T) {
	data := written(t, "kernel-log-journalctl-8node-one-xid79.txt")
	if k := Detect(data); k != KindKernelLog {
		t.Fatalf("detected as %q", k)
	}
	rep, err := ParseKernelLog(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Xids) != 3 || rep.DriverLines != 14 {
		t.Fatalf("xids %+v, driver lines %d", rep.Xids, rep.DriverLines)
	}
	want := XidEvent{Line: 13, Code: 79, PCI: "0000:bd:00", Host: "gpu-node-06", Time: "Dec 02 03:22:17",
		Text: "pid='<unknown>', name=<unknown>, GPU has fallen off the bus."}
	if rep.Xids[2] != want {
		t.Errorf("Xid 79 read as %+v", rep.Xids[2])
	}
	if len(rep.Hosts) != 8 || rep.Hosts[0] != "gpu-node-01" || rep.Hosts[7] != "gpu-node-08" {
		t.Errorf("hosts %v", rep.Hosts)
	}
	if info, ok := Xid(79); !ok || info.Severity != XidFatal || info.Meaning != "GPU has fallen off the bus" {
		t.Errorf("Xid 79 is %+v", info)
	}
	for _, c := range []int{13, 31, 43, 45, 48, 61, 62, 63, 64, 74, 79, 92, 94, 95, 119, 120} {
		if _, ok := Xid(c); !ok {
			t.Errorf("Xid %d is not in the catalogue", c)
		}
	}
}

// dmesg and dmesg -T: a clean excerpt parses with no Xid; a timestamped
// one keeps its bracketed time.
func TestParseKernelLogDmesg(t *testing.T) {
	clean, err := Parse(KindUnknown, written(t, "dmesg-h100-clean.txt"))
	if err != nil || clean.KernelLog == nil || len(clean.KernelLog.Xids) != 0 || clean.KernelLog.DriverLines != 2 {
		t.Fatalf("clean dmesg %+v, %v", clean, err)
	}
	rep, err := ParseKernelLog(written(t, "dmesg-T-xid-63-and-48.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Xids) != 2 || rep.Xids[0].Code != 63 || rep.Xids[1].Code != 48 || rep.Xids[1].Time != "[Tue Dec  2 04:10:33 2025]" ||
		rep.Xids[1].Host != "" || rep.Xids[1].PCI != "0000:1b:00" {
		t.Errorf("xids %+v", rep.Xids)
	}
	if _, err := ParseKernelLog([]byte("[ 1.0] NVRM: Xid (PCI:0000:01:00): x\n")); err == nil {
		t.Error("an Xid line without a code was accepted")
	}
}

// dcgmi health -c in both layouts: overall, per GPU, incidents with text
// joined across wrapped rows.
func TestParseDCGMHealth(t *testing.T) {
	for _, tc := range []struct {
		file, overall string
		gpus          []DCGMHealthGPU
		incidents     []DCGMHealthIncident
	}{
		{"dcgmi-health-healthy.txt", "healthy", nil, nil},
		{"dcgmi-health-warning-pcie-replays.txt", "warning",
			[]DCGMHealthGPU{{0, "healthy", 6}, {1, "warning", 8}},
			[]DCGMHealthIncident{{GPU: 1, System: "PCIe system", Status: "warning", Text: "Detected more than 8 PCIe replays per minute for GPU 1: 14", Line: 9}}},
		{"dcgmi-health-failure-ecc.txt", "failure",
			[]DCGMHealthGPU{{5, "failure", 6}},
			[]DCGMHealthIncident{{GPU: 5, System: "Memory system", Status: "failure",
				Text: "A volatile double-bit ECC error has occurred on GPU 5: 2 errors. Drain the GPU and reset it or reboot the node.", Line: 8}}},
	} {
		data := written(t, tc.file)
		if k := Detect(data); k != KindDCGMHealth {
			t.Errorf("%s detected as %q", tc.file, k)
		}
		rep, err := ParseDCGMHealth(data)
		if err != nil {
			t.Fatalf("%s: %v", tc.file, err)
		}
		if rep.Overall != tc.overall || !reflect.DeepEqual(rep.GPUs, tc.gpus) || !reflect.DeepEqual(rep.Incidents, tc.incidents) {
			t.Errorf("%s: %+v", tc.file, rep)
		}
	}
}

// How long a burn-in ran, by its own log: gpu-burn's announced length
// (times its last progress when it was stopped early), or a `time` report
// around dcgmi diag.
func TestBurnInDurations(t *testing.T) {
	full, err := ParseGPUBurn(written(t, "gpu-burn-h100x8-1h.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if full.AskedSeconds != 3600 || full.RanSeconds() != 3600 || !full.HasVerdict {
		t.Errorf("1 h run: asked %v, ran %v", full.AskedSeconds, full.RanSeconds())
	}
	cut, err := ParseGPUBurn(written(t, "gpu-burn-h100x8-48h-killed-at-40pct.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if cut.AskedSeconds != 172800 || cut.RanSeconds() != 0.4*172800 {
		t.Errorf("killed run: asked %v, ran %v", cut.AskedSeconds, cut.RanSeconds())
	}
	d, err := ParseDCGMI(written(t, "dcgmi-r4-h100-timed.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if d.Level != 4 || d.DurationSeconds != 131*60+42.118 {
		t.Errorf("dcgmi: level %d, %v s", d.Level, d.DurationSeconds)
	}
	if v, ok := shellTime("1h2m3.5s"); !ok || v != 3723.5 {
		t.Errorf("shellTime = %v %v", v, ok)
	}
	if v, ok := clockTime("1:32:03"); !ok || v != 5523 {
		t.Errorf("clockTime = %v %v", v, ok)
	}
}
