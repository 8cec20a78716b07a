package collect

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"
)

// printSummary is the table at the end: step, hosts, what became of it.
func printSummary(w io.Writer, rs []Result) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "\nSTEP\tHOSTS\tRESULT\tDETAIL")
	for _, r := range rs {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", r.Step, hostsText(r.Hosts), r.Outcome, r.Detail)
	}
	_ = tw.Flush()
}

// Upload sends what an offline run kept in dir: every output whose record
// says it is not on the server yet. Server and token come from o; the
// quote from each record.
func Upload(ctx context.Context, dir string, o Options) ([]Result, error) {
	o.defaults()
	rs, err := readRecords(dir)
	if err != nil {
		return nil, fmt.Errorf("collect --upload: %w", err)
	}
	if len(rs) == 0 {
		return nil, fmt.Errorf("collect --upload: %s holds no collected outputs", dir)
	}
	up := &uploader{o: o}
	var out []Result
	for _, r := range rs {
		res := Result{Step: r.Run.Step, Hosts: r.Run.Hosts, Outcome: "skipped", Detail: fmt.Sprintf("already uploaded as #%d", r.Uploaded)}
		var stop error
		if r.Uploaded == 0 {
			res, stop = uploadKept(ctx, up, dir, o, r)
		}
		fmt.Fprintf(o.Stdout, "%s on %s: %s: %s\n", res.Step, hostsText(res.Hosts), res.Outcome, res.Detail)
		out = append(out, res)
		if stop != nil {
			printSummary(o.Stdout, out)
			return out, fmt.Errorf("collect --upload: %w", stop)
		}
	}
	printSummary(o.Stdout, out)
	return out, nil
}

// uploadKept uploads one kept output; the error is a refusal or an
// unreachable server, which stops the uploads.
func uploadKept(ctx context.Context, up *uploader, dir string, o Options, r record) (Result, error) {
	res := Result{Step: r.Run.Step, Hosts: r.Run.Hosts}
	content, err := os.ReadFile(filepath.Join(dir, filepath.Base(r.File)))
	if err != nil {
		res.Outcome, res.Detail = "skipped", err.Error()
		return res, nil
	}
	if strings.TrimSpace(string(content)) == "" {
		res.Outcome, res.Detail = "skipped", "no output to upload"
		return res, nil
	}
	quote := r.QuoteID
	if o.QuoteID != 0 {
		quote = o.QuoteID
	}
	id, verdict, err := up.send(ctx, quote, r, content)
	var refused *refusedError
	var off *offlineError
	switch {
	case errors.As(err, &refused), errors.As(err, &off):
		res.Outcome, res.Detail = "kept", err.Error()
		return res, err
	case err != nil:
		res.Outcome, res.Detail = "kept", "upload refused: "+err.Error()
		return res, nil
	}
	r.Uploaded, r.Verdict, r.Note = id, verdict, ""
	_ = writeRecord(dir, r)
	res.Outcome, res.Detail = "uploaded", fmt.Sprintf("#%d, verdict %s", id, verdict)
	return res, nil
}
