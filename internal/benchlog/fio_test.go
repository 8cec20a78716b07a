package benchlog

import (
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"
)

const (
	kiB = 1024.0
	miB = 1024 * kiB
	giB = 1024 * miB
)

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }

func TestParseFioSamples(t *testing.T) {
	t.Run("json fio-2.17", func(t *testing.T) {
		rep, err := ParseFio(readTestdata(t, "fio/json-fio-2.17-gce-pd-randread.json.txt"))
		if err != nil {
			t.Fatal(err)
		}
		if rep.Format != "json" || rep.Version != "fio-2.17" || len(rep.Jobs) != 2 {
			t.Fatalf("%s %s %d jobs", rep.Format, rep.Version, len(rep.Jobs))
		}
		r, w := rep.Jobs[0], rep.Jobs[1]
		if r.RW != "randread" || r.BlockSize != "16k" || !near(r.Read.IOPS, 8086.673998) || !near(r.Read.BWBytes, 129386*kiB) ||
			r.Read.IOBytes != 1294256*1024 || r.Read.RuntimeMS != 10003 || !near(r.Read.MeanLatencyUS, 245.531122) || r.Write.BWBytes != 0 {
			t.Errorf("read job %+v", r)
		}
		if w.RW != "randwrite" || w.GroupID != 1 || !near(w.Write.IOPS, 2457.017193) || !near(w.Write.BWBytes, 39312*kiB) || w.Read.IOPS != 0 {
			t.Errorf("write job %+v", w)
		}
		if !near(rep.Total.Read.BWBytes, 129386*kiB) || !near(rep.Total.Write.BWBytes, 39312*kiB) || !near(rep.Total.Write.IOPS, 2457.017193) {
			t.Errorf("total %+v", rep.Total)
		}
	})
	t.Run("text fio-3.28", func(t *testing.T) {
		rep, err := ParseFio(readTestdata(t, "fio/text-fio-3.28-nvme-raid0-seqread-1m-qd32.txt"))
		if err != nil {
			t.Fatal(err)
		}
		want := FioJob{Name: "TEST", Jobs: 1, RW: "read", BlockSize: "1024KiB-1024KiB", IOEngine: "libaio",
			Read: FioDir{BWBytes: 12.8 * giB, IOPS: 13100, IOBytes: 10 * giB, RuntimeMS: 779, MeanLatencyUS: 2362.07,
				Latency: &FioLatency{MeanUS: 2299.97, Percentiles: []FioPercentile{{1, 1369}, {5, 1598}, {10, 1680}, {20, 1795}, {30, 1893}, {40, 1991},
					{50, 2089}, {60, 2245}, {70, 2442}, {80, 2671}, {90, 3130}, {95, 3752}, {99, 5014}, {99.5, 5604}, {99.9, 7767},
					{99.95, 9110}, {99.99, 10159}}}}}
		if rep.Format != "text" || rep.Version != "fio-3.28" || len(rep.Jobs) != 1 || !reflect.DeepEqual(rep.Jobs[0], want) {
			t.Errorf("jobs = %+v\nwant %+v", rep.Jobs, want)
		}
		if len(rep.Groups) != 1 || !near(rep.Groups[0].Read.BWBytes, 12.8*giB) || rep.Groups[0].Read.RuntimeMS != 779 {
			t.Errorf("groups %+v", rep.Groups)
		}
		wantDisks := []FioDisk{{"md0", 86.91}, {"nvme2n1", 0}, {"nvme1n1", 0}}
		if !reflect.DeepEqual(rep.Disks, wantDisks) {
			t.Errorf("disks %+v", rep.Disks)
		}
		if rep.Total.Read.IOPS != 13100 {
			t.Errorf("total %+v", rep.Total)
		}
	})
}

func TestParseFioVariants(t *testing.T) {
	t.Run("fio 3 JSON after noise lines, nan values", func(t *testing.T) {
		in := `fio: note: both iodepth >= 1 and synchronous I/O engine are selected
{
  "fio version" : "fio-3.35",
  "global options" : { "rw" : "randrw", "bs" : "4k" },
  "jobs" : [
    {
      "jobname" : "mixed", "groupid" : 0, "error" : 0,
      "job options" : { "name" : "mixed" },
      "read" : { "io_bytes" : 4096000, "io_kbytes" : 4000, "bw_bytes" : 409600, "bw" : 400, "iops" : 100.0, "runtime" : 10000,
                 "lat_ns" : { "mean" : 250000.0 } },
      "write" : { "io_bytes" : 2048000, "io_kbytes" : 2000, "bw_bytes" : 204800, "bw" : 200, "iops" : 50.0, "runtime" : 10000 },
      "usr_cpu" : -nan
    }
  ],
  "disk_util" : [ { "name" : "nvme0n1", "util" : 42.5 } ]
}
`
		rep, err := ParseFio([]byte(in))
		if err != nil {
			t.Fatal(err)
		}
		j := rep.Jobs[0]
		if j.RW != "randrw" || j.BlockSize != "4k" || j.Read.BWBytes != 409600 || j.Read.IOBytes != 4096000 || j.Read.MeanLatencyUS != 250 ||
			j.Write.IOPS != 50 || rep.Total.Write.BWBytes != 204800 || !reflect.DeepEqual(rep.Disks, []FioDisk{{"nvme0n1", 42.5}}) {
			t.Errorf("%+v", rep)
		}
	})
	t.Run("fio 2 text: 1024-based KB/MB, runt, msec latency", func(t *testing.T) {
		in := `seqwrite: (g=0): rw=write, bs=1M-1M/1M-1M/1M-1M, ioengine=libaio, iodepth=16
fio-2.2.10
Starting 1 process

seqwrite: (groupid=0, jobs=1): err= 0: pid=1234: Mon Jan  1 00:00:00 2018
  write: io=10240MB, bw=1043.5MB/s, iops=1043, runt=  9813msec
    slat (usec): min=20, max=200, avg=40.00, stdev=5.00
    clat (msec): min=1, max=50, avg=15.30, stdev=2.00
     lat (msec): min=1, max=50, avg=15.34, stdev=2.00

Run status group 0 (all jobs):
  WRITE: io=10240MB, aggrb=1043.5MB/s, minb=1043.5MB/s, maxb=1043.5MB/s, mint=9813msec, maxt=9813msec

Disk stats (read/write):
  nvme0n1: ios=0/81920, merge=0/0, ticks=0/1234567, in_queue=1234567, util=99.50%
`
		rep, err := ParseFio([]byte(in))
		if err != nil {
			t.Fatal(err)
		}
		want := FioJob{Name: "seqwrite", Jobs: 1, RW: "write", BlockSize: "1M-1M/1M-1M/1M-1M", IOEngine: "libaio",
			Write: FioDir{BWBytes: 1043.5 * miB, IOPS: 1043, IOBytes: 10240 * miB, RuntimeMS: 9813, MeanLatencyUS: 15340,
				Latency: &FioLatency{MeanUS: 15300}}}
		if !reflect.DeepEqual(rep.Jobs, []FioJob{want}) {
			t.Errorf("jobs = %+v\nwant %+v", rep.Jobs, want)
		}
		if len(rep.Groups) != 1 || rep.Groups[0].Write.BWBytes != 1043.5*miB || rep.Groups[0].Write.RuntimeMS != 9813 ||
			!reflect.DeepEqual(rep.Disks, []FioDisk{{"nvme0n1", 99.5}}) || rep.Version != "fio-2.2.10" {
			t.Errorf("groups %+v disks %+v", rep.Groups, rep.Disks)
		}
	})
	t.Run("fio 3 JSON with lat_percentiles: the percentiles are the total latency's", func(t *testing.T) {
		in := `{"fio version": "fio-3.16", "jobs": [{"jobname": "rw", "groupid": 0, "error": 0, "job options": {"lat_percentiles": "1"},
			"read": {"io_bytes": 1, "bw_bytes": 1, "bw": 1, "iops": 1, "runtime": 1,
				"clat_ns": {"mean": 900.0}, "lat_ns": {"mean": 1000.0, "percentile": {"50.000000": 1000, "99.000000": 2244608}}}}]}`
		rep, err := ParseFio([]byte(in))
		if err != nil {
			t.Fatal(err)
		}
		l := rep.Jobs[0].Read.Latency
		if l == nil || len(l.Percentiles) != 2 || l.Percentiles[1] != (FioPercentile{P: 99, US: 2244.608}) {
			t.Errorf("latency %+v", l)
		}
	})
	t.Run("fio 3.2x text: a write line ends with its zone resets", func(t *testing.T) {
		in := `seq: (groupid=0, jobs=4): err= 0: pid=7: Mon Jan  1 00:00:00 2024
  write: IOPS=65.5k, BW=512MiB/s (537MB/s)(150GiB/300001msec); 0 zone resets
`
		rep, err := ParseFio([]byte(in))
		if err != nil {
			t.Fatal(err)
		}
		if w := rep.Jobs[0].Write; w.IOBytes != 150*1<<30 || w.RuntimeMS != 300001 || w.BWBytes != 512*miB {
			t.Errorf("write %+v, want 150 GiB in 300001 ms at 512 MiB/s", w)
		}
	})
	t.Run("three runs pasted, the first two interrupted", func(t *testing.T) {
		run := func(interrupted bool, write string) string {
			s := "Test: (g=0): rw=write, bs=4K-4K/4K-4K/4K-4K, ioengine=sync, iodepth=1\nfio-2.8\nStarting 1 process\n"
			if interrupted {
				s += "fio: terminating on signal 2\n"
			}
			return s + "\nTest: (groupid=0, jobs=1): err= 0: pid=1: Mon Jan  1 00:00:00 2018\n  write: " + write + "\n\n" +
				"Run status group 0 (all jobs):\n  WRITE: io=452KB, aggrb=452KB/s, minb=452KB/s, maxb=452KB/s, mint=998msec, maxt=998msec\n"
		}
		in := run(true, "io=462848B, bw=463775B/s, iops=113, runt=   998msec") + run(true, "io=98304B, bw=479531B/s, iops=117, runt=   205msec") +
			run(false, "io=7768.0KB, bw=396769B/s, iops=96, runt= 20048msec")
		rep, err := ParseFio([]byte(in))
		if err != nil {
			t.Fatal(err)
		}
		if rep.Runs != 3 || !reflect.DeepEqual(rep.RunIncomplete, []bool{true, true, false}) || !rep.Incomplete {
			t.Fatalf("runs %d, incomplete %v", rep.Runs, rep.RunIncomplete)
		}
		if rep.Total.Write.BWBytes != 396769 || rep.Total.Write.RuntimeMS != 20048 {
			t.Errorf("total %+v, want the complete third run's, not the interrupted run with more bandwidth", rep.Total.Write)
		}
	})
	t.Run("text with a stray brace line is still text", func(t *testing.T) {
		rep, err := ParseFio([]byte("{ run 1 }\na: (groupid=0, jobs=1): err= 0: pid=1\n  read: IOPS=10, BW=40.0KiB/s (41.0kB/s)(400KiB/10001msec)\n"))
		if err != nil || rep.Format != "text" || rep.Jobs[0].Read.IOPS != 10 || rep.Jobs[0].Read.RuntimeMS != 10001 {
			t.Fatalf("%+v, %v", rep, err)
		}
	})
	t.Run("fio 3 text: two jobs, read and write, decimal-first units", func(t *testing.T) {
		in := `a: (groupid=0, jobs=4): err= 0: pid=1: Mon Jan  1 00:00:00 2024
  read: IOPS=52.3k, BW=204MiB/s (214MB/s)(12.0GiB/60001msec)
     lat (nsec): min=500, max=9000, avg=1500.50, stdev=3.00
  write: IOPS=1.2M, BW=4.6GB/s (4.3GiB/s)(276GB/60001msec)
b: (groupid=0, jobs=1): err= 0: pid=2: Mon Jan  1 00:00:00 2024
  read: IOPS=100, BW=400KiB/s (410kB/s)(23.4MiB/60001msec)
`
		rep, err := ParseFio([]byte(in))
		if err != nil {
			t.Fatal(err)
		}
		a, b := rep.Jobs[0], rep.Jobs[1]
		if a.Jobs != 4 || a.Read.IOPS != 52300 || a.Read.BWBytes != 204*miB || a.Read.MeanLatencyUS != 1.5005 ||
			a.Write.IOPS != 1.2e6 || a.Write.BWBytes != 4.6e9 || a.Write.IOBytes != 276e9 || b.Read.BWBytes != 400*kiB {
			t.Errorf("jobs %+v", rep.Jobs)
		}
		if !near(rep.Total.Read.IOPS, 52400) || !near(rep.Total.Read.BWBytes, 204*miB+400*kiB) || rep.Total.Read.MeanLatencyUS != 0 {
			t.Errorf("total %+v", rep.Total)
		}
	})
}

func TestParseFioErrors(t *testing.T) {
	tests := []struct {
		name, in string
		line     int
		reason   string
	}{
		{"garbage", "hello\nworld\n", 2, "no fio job results"},
		{"broken JSON", "noise\n{\n  \"fio version\" : \"fio-3.1\",\n  \"jobs\" : [ { \"jobname\" : oops } ]\n}\n", 4, "invalid fio JSON"},
		{"JSON without jobs", "{\n  \"fio version\" : \"fio-3.1\"\n}\n", 1, "no jobs"},
		{"JSON wrong type", "{\n \"jobs\" : [ { \"jobname\" : \"a\",\n \"read\" : { \"iops\" : \"many\" } } ]\n}\n", 3, "invalid fio JSON"},
		{"unreadable IOPS", "a: (groupid=0, jobs=1): err= 0: pid=1\n  read: IOPS=lots, BW=1MiB/s (1MB/s)(1MiB/1msec)\n", 2, "IOPS \"lots\""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep, err := ParseFio([]byte(tt.in))
			var pe *ParseError
			if !errors.As(err, &pe) || rep != nil {
				t.Fatalf("err = %v, report %+v; want *ParseError only", err, rep)
			}
			if pe.Line != tt.line || !strings.Contains(pe.Reason, tt.reason) {
				t.Errorf("got %v, want line %d reason ~%q", pe, tt.line, tt.reason)
			}
		})
	}
}
