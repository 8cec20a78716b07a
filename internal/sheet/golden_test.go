package sheet

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"encoding/xml"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

var updateGolden = flag.Bool("update-golden", false, "rewrite testdata/workbook.golden from the workbooks written now")

const goldenFile = "testdata/workbook.golden"

// The workbook's every part holds what it held when the golden
// digests were taken: a change made for speed must not change a cell, a
// formula, a cached value, a style or a width. A change meant to alter
// the workbook rewrites the digests with -update-golden, and says why in
// its commit.
func TestWorkbookContentUnchanged(t *testing.T) {
	t.Parallel()
	got := workbookDigests(t)
	if *updateGolden {
		if err := os.WriteFile(goldenFile, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(goldenFile)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("workbook parts differ from %s (rerun with -update-golden if the change is meant):\n%s",
			goldenFile, diffLines(string(want), got))
	}
}

// workbookDigests writes the workbook of the test quotes in every test
// currency with scores, and of 11 quotes in bands of 4, and gives
// each zip part's SHA-256, one line a part (see canonicalParts).
func workbookDigests(t *testing.T) string {
	t.Helper()
	var out strings.Builder
	type run struct {
		name string
		tc   testCase
		n    int // quotes; 0: testQuotes
		band int // quotes a band; 0: bandQuotes
	}
	var runs []run
	for _, tc := range testCases() {
		runs = append(runs, run{tc.name, tc, 0, 0})
	}
	// The digests of 11 quotes were taken in one band: written in bands
	// of 4, the workbook must not show where the bands met.
	runs = append(runs, run{"EUR-bands", testCases()[0], 11, 4})
	for _, r := range runs {
		qs := testQuotes()
		if r.n > 0 {
			qs = manyQuotes(r.n)
		}
		ws := computeWS(t, qs, r.tc.a)
		scores := testScores(qs)
		var buf bytes.Buffer
		if err := WriteWorkbook(context.Background(), &buf, Workbook{Quotes: qs, A: r.tc.a, WS: ws, Scores: &scores, band: r.band}); err != nil {
			t.Fatalf("%s: %v", r.name, err)
		}
		lines, err := canonicalParts(buf.Bytes())
		if err != nil {
			t.Fatalf("%s: %v", r.name, err)
		}
		for _, l := range lines {
			out.WriteString(r.name + " " + l + "\n")
		}
	}
	return out.String()
}

// canonicalParts gives each zip part of a workbook with the SHA-256 of
// its content: a sheet's XML with each cell's style index replaced by the
// style it stands for and each shared-string index by its text, since
// excelize numbers styles and shared strings in an order that varies from
// run to run; the styles and shared-string tables themselves are left out
// for the same reason (what they hold is in the sheets).
func canonicalParts(raw []byte) ([]string, error) {
	f, err := excelize.OpenReader(bytes.NewReader(raw))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	zr, err := zip.NewReader(bytes.NewReader(raw), int64(len(raw)))
	if err != nil {
		return nil, err
	}
	var shared []string
	styles := map[string]string{}
	styleOf := func(id string) (string, error) {
		if s, ok := styles[id]; ok {
			return s, nil
		}
		n, err := strconv.Atoi(id)
		if err != nil {
			return "", err
		}
		st, err := f.GetStyle(n)
		if err != nil {
			return "", err
		}
		j, err := json.Marshal(st)
		styles[id] = string(j)
		return string(j), err
	}
	for _, zf := range zr.File {
		if zf.Name != "xl/sharedStrings.xml" {
			continue
		}
		rc, err := zf.Open()
		if err != nil {
			return nil, err
		}
		var sst struct {
			SI []struct {
				T string `xml:"t"`
			} `xml:"si"`
		}
		err = xml.NewDecoder(rc).Decode(&sst)
		_ = rc.Close()
		if err != nil {
			return nil, err
		}
		for _, si := range sst.SI {
			shared = append(shared, si.T)
		}
	}
	var lines []string
	for _, zf := range zr.File {
		if zf.Name == "xl/sharedStrings.xml" || zf.Name == "xl/styles.xml" {
			continue
		}
		rc, err := zf.Open()
		if err != nil {
			return nil, err
		}
		data, err := io.ReadAll(rc)
		_ = rc.Close()
		if err != nil {
			return nil, err
		}
		h := sha256.New()
		if !strings.HasPrefix(zf.Name, "xl/worksheets/") {
			h.Write(data)
		} else if err := canonicalSheet(h, data, shared, styleOf); err != nil {
			return nil, fmt.Errorf("%s: %w", zf.Name, err)
		}
		lines = append(lines, zf.Name+" "+hex.EncodeToString(h.Sum(nil)))
	}
	slices.Sort(lines)
	return lines, nil
}

// canonicalSheet writes a sheet's XML as tokens, each cell's style and
// shared string resolved.
func canonicalSheet(w io.Writer, data []byte, shared []string, styleOf func(string) (string, error)) error {
	d := xml.NewDecoder(bytes.NewReader(data))
	sharedCell, inV := false, false
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		switch x := tok.(type) {
		case xml.StartElement:
			fmt.Fprintf(w, "<%s", x.Name.Local)
			if x.Name.Local == "c" {
				sharedCell = false
			}
			for _, a := range x.Attr {
				v := a.Value
				if x.Name.Local == "c" && a.Name.Local == "s" {
					if v, err = styleOf(v); err != nil {
						return err
					}
				}
				if x.Name.Local == "c" && a.Name.Local == "t" && v == "s" {
					sharedCell = true
				}
				fmt.Fprintf(w, " %s=%q", a.Name.Local, v)
			}
			fmt.Fprint(w, ">")
			inV = x.Name.Local == "v"
		case xml.EndElement:
			fmt.Fprintf(w, "</%s>", x.Name.Local)
			inV = false
		case xml.CharData:
			v := string(x)
			if inV && sharedCell {
				i, err := strconv.Atoi(v)
				if err != nil || i < 0 || i >= len(shared) {
					return fmt.Errorf("shared string %q", v)
				}
				v = shared[i]
			}
			fmt.Fprintf(w, "%q", v)
		}
	}
}

// diffLines lists the lines of want missing from got and the lines of got
// missing from want.
func diffLines(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for _, l := range w {
		if !slices.Contains(g, l) {
			b.WriteString("- " + l + "\n")
		}
	}
	for _, l := range g {
		if !slices.Contains(w, l) {
			b.WriteString("+ " + l + "\n")
		}
	}
	return b.String()
}
