package benchlog

import (
	"errors"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

func TestParseTopoSamples(t *testing.T) {
	gpus := func(aff [2]string) []TopoGPU {
		var out []TopoGPU
		for i := 0; i < 8; i++ {
			numa := "0"
			a := aff[0]
			if i >= 4 {
				numa, a = "1", aff[1]
			}
			out = append(out, TopoGPU{Name: "GPU" + string(rune('0'+i)), CPUAffinity: a, NUMAAffinity: numa})
		}
		return out
	}
	tests := []struct {
		file    string
		devices int
		gpus    []TopoGPU
		nics    []TopoNIC
		notes   int
	}{
		{"topo/h100-8gpu-nv18-no-nics.txt", 8, gpus([2]string{"0-51,104-155", "52-103,156-207"}), nil, 0},
		{"topo/h200-8gpu-4nic-vm-irregular-spacing.txt", 12, gpus([2]string{"0-23", "24-47"}),
			[]TopoNIC{{"NIC0", "mlx5_0"}, {"NIC1", "mlx5_1"}, {"NIC2", "mlx5_2"}, {"NIC3", "mlx5_3"}}, 1},
	}
	for _, tt := range tests {
		t.Run(filepath.Base(tt.file), func(t *testing.T) {
			topo, err := ParseTopo(readTestdata(t, tt.file))
			if err != nil {
				t.Fatal(err)
			}
			if len(topo.Devices) != tt.devices || !topo.AllNVLink || topo.MinNVLinks != 18 || len(topo.Notes) != tt.notes {
				t.Errorf("devices %d all-NVLink %v min %d notes %q", len(topo.Devices), topo.AllNVLink, topo.MinNVLinks, topo.Notes)
			}
			if !reflect.DeepEqual(topo.GPUs, tt.gpus) {
				t.Errorf("gpus = %+v\nwant %+v", topo.GPUs, tt.gpus)
			}
			if !reflect.DeepEqual(topo.NICs, tt.nics) {
				t.Errorf("nics = %+v, want %+v", topo.NICs, tt.nics)
			}
		})
	}
	t.Run("h200 links", func(t *testing.T) {
		topo, _ := ParseTopo(readTestdata(t, "topo/h200-8gpu-4nic-vm-irregular-spacing.txt"))
		for _, c := range []struct{ a, b, want string }{
			{"GPU0", "NIC3", "PXB"}, {"GPU1", "NIC3", "PIX"}, {"GPU7", "NIC0", "PIX"}, {"NIC2", "NIC3", "NODE"}, {"GPU3", "GPU3", "X"}, {"GPU0", "GPU9", ""},
		} {
			if got := topo.Link(c.a, c.b); got != c.want {
				t.Errorf("Link(%s,%s) = %q, want %q", c.a, c.b, got, c.want)
			}
		}
	})
}

func TestParseTopoVariants(t *testing.T) {
	t.Run("old driver: raw NIC names, GPU NUMA ID, PCIe only", func(t *testing.T) {
		in := `	GPU0	GPU1	mlx5_0	CPU Affinity	NUMA Affinity	GPU NUMA ID
GPU0	 X 	SYS	PIX	0-15	0		N/A
GPU1	SYS	 X 	SYS	16-31	1		N/A
mlx5_0	PIX	SYS	 X 

Legend:

  X    = Self
  SYS  = Connection traversing PCIe as well as the SMP interconnect between NUMA nodes (e.g., QPI/UPI)
  PIX  = Connection traversing at most a single PCIe bridge
  NV#  = Connection traversing a bonded set of # NVLinks
`
		topo, err := ParseTopo([]byte(in))
		if err != nil {
			t.Fatal(err)
		}
		want := []TopoGPU{{"GPU0", "0-15", "0", "N/A"}, {"GPU1", "16-31", "1", "N/A"}}
		if topo.AllNVLink || topo.MinNVLinks != 0 || !reflect.DeepEqual(topo.GPUs, want) ||
			!reflect.DeepEqual(topo.NICs, []TopoNIC{{"mlx5_0", "mlx5_0"}}) || topo.Link("GPU0", "mlx5_0") != "PIX" {
			t.Errorf("%+v", topo)
		}
	})
	t.Run("NVLink pairs only", func(t *testing.T) {
		in := "        GPU0    GPU1    GPU2    GPU3    CPU Affinity    NUMA Affinity\n" +
			"GPU0     X      NV12    SYS     SYS     0-31    0\n" +
			"GPU1    NV12     X      SYS     SYS     0-31    0\n" +
			"GPU2    SYS     SYS      X      NV12    32-63   1\n" +
			"GPU3    SYS     SYS     NV12     X      32-63   1\n"
		topo, err := ParseTopo([]byte(in))
		if err != nil {
			t.Fatal(err)
		}
		if topo.AllNVLink || len(topo.GPUs) != 4 || topo.Link("GPU2", "GPU3") != "NV12" {
			t.Errorf("%+v", topo)
		}
	})
	t.Run("single GPU", func(t *testing.T) {
		topo, err := ParseTopo([]byte("\tGPU0\tCPU Affinity\tNUMA Affinity\nGPU0\t X \t0-7\t0\n"))
		if err != nil {
			t.Fatal(err)
		}
		if topo.AllNVLink || len(topo.GPUs) != 1 || topo.GPUs[0].CPUAffinity != "0-7" {
			t.Errorf("%+v", topo)
		}
	})
}

func TestParseTopoErrors(t *testing.T) {
	header := "        GPU0    GPU1    CPU Affinity    NUMA Affinity\n"
	tests := []struct {
		name, in string
		line     int
		reason   string
	}{
		{"no header", "$ nvidia-smi topo -m\nNVIDIA-SMI has failed\n", 2, "no topology header"},
		{"unknown link", header + "GPU0     X      NV18    0-7    0\nGPU1    QPI      X      0-7    0\n", 3, `unknown link type "QPI"`},
		{"short row", header + "GPU0     X\n", 2, "link cells"},
		{"missing GPU row", header + "GPU0     X      NV18    0-7    0\n", 2, "no row for GPU1"},
		{"second matrix", header + "GPU0     X      NV18    0-7    0\nGPU1    NV18     X      0-7    0\n\n" + header, 5, "second topology matrix"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			topo, err := ParseTopo([]byte(tt.in))
			var pe *ParseError
			if !errors.As(err, &pe) || topo != nil {
				t.Fatalf("err = %v, topo %+v; want *ParseError only", err, topo)
			}
			if pe.Line != tt.line || !strings.Contains(pe.Reason, tt.reason) {
				t.Errorf("got %v, want line %d reason ~%q", pe, tt.line, tt.reason)
			}
		})
	}
}

// A header naming a device twice, or a second row for one device, is a
// matrix nvidia-smi never prints: refused at its line, for short headers
// (compared in pairs) and long ones (through a map) alike.
func TestParseTopoRefusesRepeatedDevices(t *testing.T) {
	long := make([]string, 40)
	for i := range long {
		long[i] = "GPU" + strconv.Itoa(i)
	}
	long[39] = long[20]
	tests := []struct{ name, log, want string }{
		{"header twice", "\tGPU0\tGPU1\tGPU0\nGPU0\t X \tNV18\tNV18\n", "appears twice"},
		{"long header twice", "\t" + strings.Join(long, "\t") + "\n", "appears twice"},
		{"second row", "\tGPU0\tGPU1\nGPU0\t X \tNV18\nGPU1\tNV18\t X \nGPU0\t X \tNV18\n", "second row"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseTopo([]byte(tt.log))
			var pe *ParseError
			if !errors.As(err, &pe) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want a line error saying %q", err, tt.want)
			}
		})
	}
}

// NV# is digits only, as nvidia-smi prints it: a sign or a letter after NV
// is not a link count.
func TestParseTopoRefusesSignedLinkCounts(t *testing.T) {
	for _, cell := range []string{"NV+4", "NV-4", "NV4x", "NV0"} {
		in := "\tGPU0\tGPU1\tCPU Affinity\nGPU0\t X \t" + cell + "\t0-7\nGPU1\tNV4\t X \t0-7\n"
		if _, err := ParseTopo([]byte(in)); err == nil || !strings.Contains(err.Error(), "unknown link type") {
			t.Errorf("%s: err %v, want an unknown link type", cell, err)
		}
	}
}

// A matrix whose header lost its NIC columns still has the NICs' rows:
// the NICs are listed and the cut is said, the GPU matrix read as is.
func TestParseTopoNICRowsWithoutColumns(t *testing.T) {
	in := `        GPU0    GPU1    CPU Affinity    NUMA Affinity
GPU0     X      NV8     0-31,64-95      0
GPU1    NV8      X      0-31,64-95      0
NIC0    NODE    PIX
NIC1    SYS     SYS

Legend:

  X    = Self
  NV#  = Connection traversing a bonded set of # NVLinks
`
	topo, err := ParseTopo([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(topo.GPUs) != 2 || len(topo.NICs) != 2 || topo.NICs[1].Name != "NIC1" || !hasNote(topo.Notes, NoteTopoNICRows) {
		t.Errorf("topology %+v", topo)
	}
}
