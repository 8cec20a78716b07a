// Command gpuquote-load measures the app under load: it creates a fresh
// database on a local PostgreSQL, starts the app on 127.0.0.1 with an
// evaluation of N quotes and M benchmark uploads (and one of the demo's
// size, 3 quotes, for the worksheet and decision pages), drives the main pages
// with a bounded number of connections for a bounded time, and prints
// req/s, p50, p99 and errors per page beside the stylesheet's req/s of the
// same run. Absolute figures vary with the machine; the ratio of a page to
// the stylesheet is the figure to compare.
//
//	go run ./cmd/gpuquote-load -quotes 300 -uploads 4 -c 16 -d 5s -rounds 2
//	go run ./cmd/gpuquote-load -quotes 10000 -c 4 -d 3s -rounds 1 -exports -report run.csv
//
// Run it from the repository root: it reads the example quotes CSV and a
// sample nccl-tests log from the repository's test data. The database is
// dropped at the end unless -keep is given.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"log/slog"
	"net"
	"os"
	"runtime"
	"runtime/pprof"
	"time"

	"github.com/gpuquote/gpuquote/internal/account"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/web"
)

type options struct {
	pg, csv, ncclLog string
	quotes, uploads  int
	small            int
	conns, rounds    int
	duration         time.Duration
	keep             bool
	cpuProfile, only string
	memProfile       string // -memprofile: the heap profile at the live heap's peak
	report           string // -report: the table as CSV
	exports          bool   // -exports: time each export once after the load
}

func main() {
	var o options
	flag.StringVar(&o.pg, "pg", "postgres://postgres@127.0.0.1:5432", "PostgreSQL server `URL`, without a database name")
	flag.StringVar(&o.csv, "csv", "internal/quote/testdata/quotes-example.csv", "quote rows to repeat")
	flag.StringVar(&o.ncclLog, "log", "internal/benchlog/testdata/nccl/h100-sxm-1node-8gpu-5coll-v2.17.8.txt", "benchmark log to upload")
	flag.IntVar(&o.quotes, "quotes", 300, "quotes in the evaluation")
	flag.IntVar(&o.small, "small", 3, "quotes in the demo-size evaluation (the demo has 3)")
	flag.IntVar(&o.uploads, "uploads", 4, "benchmark uploads on the first quote")
	flag.IntVar(&o.conns, "c", 16, "concurrent connections")
	flag.DurationVar(&o.duration, "d", 5*time.Second, "time per page per round")
	flag.IntVar(&o.rounds, "rounds", 2, "rounds; pages are interleaved within each")
	flag.BoolVar(&o.keep, "keep", false, "keep the database")
	flag.StringVar(&o.cpuProfile, "cpuprofile", "", "write a CPU profile of the load (app and driver) to `file`")
	flag.StringVar(&o.memProfile, "memprofile", "", "write the heap profile (app and driver) at the live heap's peak during the load to `file`, and during the exports to file.exports")
	flag.StringVar(&o.report, "report", "", "also write the table as CSV to `file`")
	flag.BoolVar(&o.exports, "exports", false, "after the load, fetch each export of the large evaluation once and time it")
	flag.StringVar(&o.only, "only", "", "drive only the pages whose name contains `text` (and the stylesheet)")
	flag.Parse()
	if err := run(o); err != nil {
		log.Fatal(err)
	}
}

func run(o options) error {
	ctx := context.Background()
	dbURL, drop, err := freshDatabase(ctx, o.pg)
	if err != nil {
		return err
	}
	if !o.keep {
		defer drop()
	} else {
		fmt.Println("database:", dbURL)
	}
	if err := store.MigrateUp(dbURL); err != nil {
		return err
	}
	pool, err := store.OpenPool(ctx, dbURL)
	if err != nil {
		return err
	}
	defer pool.Close()
	st := store.New(pool, nil)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	quiet := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	srv := web.HTTPServer(ln.Addr().String(), web.NewServer(web.Config{Evaluations: evaluation.New(st), Accounts: account.New(st), Logger: quiet}), quiet)
	go srv.Serve(ln)
	defer srv.Close()
	base := "http://" + ln.Addr().String()

	start := time.Now()
	fx, err := seed(ctx, st, base, o)
	if err != nil {
		return err
	}
	seedPeak := phasePeak()
	peak := seedPeak
	fmt.Printf("seeded %d + %d quotes and %d uploads in %s; %d connections, %s per page, %d rounds\n",
		o.quotes, o.small, o.uploads, time.Since(start).Round(time.Millisecond), o.conns, o.duration, o.rounds)
	if o.cpuProfile != "" {
		f, err := os.Create(o.cpuProfile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	stopProfile := func() error { return nil }
	if o.memProfile != "" {
		stopProfile = peakHeapProfile(o.memProfile)
	}
	rows := reportRows(drive(fx, o))
	loadPeak := phasePeak()
	peak = max(peak, loadPeak)
	if err := stopProfile(); err != nil {
		return err
	}
	if o.exports {
		if o.memProfile != "" {
			stopProfile = peakHeapProfile(o.memProfile + ".exports")
		}
		more, exportsPeak := exportRows(fx)
		if err := stopProfile(); err != nil {
			return err
		}
		rows = append(rows, more...)
		peak = max(peak, exportsPeak)
	}
	printReport(os.Stdout, rows)
	if o.exports {
		// phasePeak resets the high-water mark getrusage reads too, so the
		// process's peak is the highest of the phases'.
		fmt.Printf("peak RSS of the process (app and driver): %d MB\n", max(peak, peakRSS())>>20)
		fmt.Printf("peak RSS while seeding %d MB, during the load %d MB (each export's is printed above)\n", seedPeak>>20, loadPeak>>20)
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		fmt.Printf("live heap after the exports (the kept analyses, the seed's data): %d MB\n", ms.HeapAlloc>>20)
	}
	if o.report != "" {
		return writeReport(o.report, rows)
	}
	return nil
}
