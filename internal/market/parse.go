package market

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/quote"
)

// ParseError rejects a price file. It lists every problem found, header
// first and then cells in file order, so the admin can fix the file in one
// pass; the caller keeps using its previous reference meanwhile.
type ParseError struct {
	Problems []quote.RowError // never empty
}

// maxListed bounds how many problems Error spells out, so a wrong file of
// thousands of rows does not make a message nobody can read.
const maxListed = 10

// Error names the first problems with their lines.
func (e *ParseError) Error() string {
	var b strings.Builder
	b.WriteString("market: price file not read, " + quote.Count(len(e.Problems), "problem", "problems"))
	for i, p := range e.Problems {
		if i == maxListed {
			fmt.Fprintf(&b, "; and %d more", len(e.Problems)-maxListed)
			break
		}
		b.WriteString("; ")
		b.WriteString(p.Error())
	}
	return b.String()
}

// Column names of the price file.
const (
	colCloud         = "cloud"
	colProvider      = "underlying_provider"
	colInstanceType  = "instance_type"
	colAccelerator   = "accelerator"
	colCount         = "accelerator_count"
	colRegion        = "region"
	colZone          = "zone"
	colComponent     = "price_component"
	colPrice         = "price_usd_per_hr"
	colSpot          = "spot_price_usd_per_hr"
	colPricePerGPU   = "price_usd_per_gpu_hr"
	colSpotPerGPU    = "spot_usd_per_gpu_hr"
	colCatalogFile   = "catalog_file"
	colCatalogCommit = "catalog_commit"
	colNote          = "note"
)

// Plausibility limits for a row. They catch shifted columns and wrong
// units, not odd prices: anything inside them is kept.
const (
	maxGPUsPerRow    = 256 // far above any instance; a larger count is a shifted column
	maxUSDPerGPUHour = 100 // the dearest GPU-hour in the file is about $15; $100+ is a unit or column error
	// perGPUToleranceMicros is how far a per-GPU price may be from the
	// instance price over the GPU count: half a cent, far more than the
	// file's rounding to 4 places, far less than a wrong GPU count.
	perGPUToleranceMicros = 5000
)

// requiredColumns are every column of the bundled file except note, which
// is commentary. Provenance columns are required too: a price that cannot
// be traced to its catalog file is not a reference. Cells may be empty
// where the bundled file has empty cells (zone, spot prices).
var requiredColumns = []string{
	colCloud, colProvider, colInstanceType, colAccelerator, colCount, colRegion, colZone,
	colComponent, colPrice, colSpot, colPricePerGPU, colSpotPerGPU, colCatalogFile, colCatalogCommit,
}

// Price components (column price_component).
const (
	componentInstance = "instance"
	componentGCPHost  = "gcp_host_vm_only"
	componentGCPGPU   = "gcp_gpu_attachment_only"
	componentGCPTotal = "gcp_total_derived"
)

var components = []string{componentInstance, componentGCPHost, componentGCPGPU, componentGCPTotal}

// utf8BOM is what Excel puts in front of "CSV UTF-8" files.
var utf8BOM = []byte("\uFEFF")

// parsedRow is a row as read, before exclusions.
type parsedRow struct {
	Row
	component string
}

type price struct {
	v  quote.Decimal
	ok bool
}

// Parse reads a price file with the columns of gpu-prices.csv. Header
// names are matched without regard to case or surrounding spaces, in any
// order; unknown columns are ignored, so a newer extract with more columns
// still reads. Every row is validated — numbers, GPU counts, per-GPU
// prices against instance prices — and any problem rejects the whole file
// with a *ParseError naming each line, because a reference that is half
// right gives verdicts nobody can trust. The returned Reference has no
// Source or SourceDate: set them.
func Parse(r io.Reader) (Reference, error) {
	br := bufio.NewReader(r)
	if b, _ := br.Peek(len(utf8BOM)); bytes.Equal(b, utf8BOM) {
		br.Discard(len(utf8BOM))
	}
	cr := csv.NewReader(br)
	cr.FieldsPerRecord = -1 // a short row becomes a problem with its line, not the end of the read

	header, err := cr.Read()
	if err == io.EOF {
		return Reference{}, &ParseError{Problems: []quote.RowError{{Line: 1, Reason: "the file is empty: a header row is required"}}}
	}
	if err != nil {
		return Reference{}, readError(err, nil)
	}
	cols, problems := mapHeader(header)
	if len(problems) > 0 {
		// Without the columns no cell can be checked; say what is missing.
		return Reference{}, &ParseError{Problems: problems}
	}

	var rows []parsedRow
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return Reference{}, readError(err, problems)
		}
		line, _ := cr.FieldPos(0)
		if blankRecord(rec) {
			continue // spreadsheets append blank rows
		}
		if len(rec) != len(header) {
			problems = append(problems, quote.RowError{Line: line, Reason: fmt.Sprintf("has %d cells; the header has %d", len(rec), len(header))})
			continue
		}
		pr, errs := parseRow(line, func(col string) string {
			i, ok := cols[col]
			if !ok {
				return "" // only the optional note column can be absent
			}
			return strings.TrimSpace(rec[i])
		})
		problems = append(problems, errs...)
		if len(errs) == 0 {
			rows = append(rows, pr)
		}
	}
	if len(problems) == 0 && len(rows) == 0 {
		problems = append(problems, quote.RowError{Line: 2, Reason: "the file has a header but no price rows"})
	}
	if len(problems) > 0 {
		return Reference{}, &ParseError{Problems: problems}
	}
	return build(rows), nil
}

// mapHeader maps column names to their index in the file.
func mapHeader(header []string) (map[string]int, []quote.RowError) {
	cols := make(map[string]int, len(header))
	var problems []quote.RowError
	for i, h := range header {
		name := strings.ToLower(strings.TrimSpace(h))
		if _, dup := cols[name]; dup && name != "" {
			problems = append(problems, quote.RowError{Line: 1, Column: name, Reason: "column appears more than once"})
			continue
		}
		cols[name] = i
	}
	var missing []string
	for _, c := range requiredColumns {
		if _, ok := cols[c]; !ok {
			missing = append(missing, c)
		}
	}
	if len(missing) > 0 {
		problems = append(problems, quote.RowError{Line: 1, Reason: map[bool]string{true: "a required column is", false: "required columns are"}[len(missing) == 1] + " missing: " + strings.Join(missing, ", ")})
	}
	return cols, problems
}

// parseRow validates one row; cell returns a column's trimmed text.
func parseRow(line int, cell func(string) string) (parsedRow, []quote.RowError) {
	var errs []quote.RowError
	bad := func(col, format string, args ...any) {
		errs = append(errs, quote.RowError{Line: line, Column: col, Reason: fmt.Sprintf(format, args...)})
	}
	pr := parsedRow{Row: Row{
		Line:          line,
		Cloud:         strings.ToLower(cell(colCloud)),
		Provider:      cell(colProvider),
		InstanceType:  cell(colInstanceType),
		Accelerator:   cell(colAccelerator),
		Region:        cell(colRegion),
		Zone:          cell(colZone),
		CatalogFile:   cell(colCatalogFile),
		CatalogCommit: cell(colCatalogCommit),
	}}
	pr.Note = cell(colNote)
	if pr.Cloud == "" {
		bad(colCloud, "is empty")
	}
	pr.component = cell(colComponent)
	if !slices.Contains(components, pr.component) {
		bad(colComponent, "%q is not a known price component (%s): without knowing what the price covers it cannot be compared", pr.component, strings.Join(components, ", "))
	}
	if pr.Accelerator == "" && pr.component != componentGCPHost {
		bad(colAccelerator, "is empty: only GCP host-VM rows (gcp_host_vm_only) have no GPU")
	}
	n, err := strconv.Atoi(cell(colCount))
	switch {
	case err != nil:
		bad(colCount, "%q is not a whole number", cell(colCount))
	case n < 1 || n > maxGPUsPerRow:
		bad(colCount, "%d is not a GPU count between 1 and %d", n, maxGPUsPerRow)
	}
	pr.GPUs = n
	if c := pr.CatalogCommit; c != "" && !isHex(c, 7, 40) {
		bad(colCatalogCommit, "%q is not a git commit id (7 to 40 hex digits)", c)
	}

	perGPU := [2]price{}
	for i, pair := range [2][2]string{{colPrice, colPricePerGPU}, {colSpot, colSpotPerGPU}} {
		inst, okI := decimalCell(cell(pair[0]), pair[0], bad)
		per, okP := decimalCell(cell(pair[1]), pair[1], bad)
		if (cell(pair[0]) == "") != (cell(pair[1]) == "") {
			bad(pair[1], "must be empty exactly when %s is empty", pair[0])
			continue
		}
		if !okI || !okP || cell(pair[0]) == "" {
			continue // a bad number is already reported; an empty pair is no price
		}
		perGPU[i] = price{per, true}
		if per.Micros() > maxUSDPerGPUHour*1_000_000 {
			bad(pair[1], "%s USD per GPU-hour is implausible (over %d): check the unit and the column", per, maxUSDPerGPUHour)
		}
		// The per-GPU price is the instance price over the GPU count,
		// rounded (the bundled file rounds to 4 places). A bigger gap is a
		// wrong count or swapped columns — the kind of error the README
		// corrected by hand for Azure ND H100 v5 (12 GPUs in the catalog).
		if n >= 1 && n <= maxGPUsPerRow {
			gap := inst.Micros() - per.Micros()*int64(n)
			if gap < 0 {
				gap = -gap
			}
			if gap > perGPUToleranceMicros*int64(n) {
				bad(pair[1], "%s is not %s / %d GPUs (off by more than half a cent per GPU-hour)", per, inst, n)
			}
		}
	}
	if cell(colPrice) == "" && cell(colSpot) == "" {
		bad(colPrice, "the row has neither an on-demand nor a spot price")
	}
	pr.OnDemand, pr.HasOnDemand = perGPU[0].v, perGPU[0].ok
	pr.Spot, pr.HasSpot = perGPU[1].v, perGPU[1].ok
	return pr, errs
}

// decimalCell parses a price cell; an empty cell is a missing price.
func decimalCell(s, col string, bad func(col, format string, args ...any)) (quote.Decimal, bool) {
	if s == "" {
		return quote.Decimal{}, true
	}
	d, err := quote.ParseDecimal(s)
	if err != nil {
		bad(col, "%q: %v", s, err)
		return quote.Decimal{}, false
	}
	return d, true
}

func isHex(s string, minLen, maxLen int) bool {
	if len(s) < minLen || len(s) > maxLen {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') && (c < 'A' || c > 'F') {
			return false
		}
	}
	return true
}

// readError turns a CSV syntax error into the last problem. The csv
// package cannot resynchronise after one, so the rest is unchecked.
func readError(err error, problems []quote.RowError) error {
	var pe *csv.ParseError
	if !errors.As(err, &pe) {
		return fmt.Errorf("market: read price file: %w", err)
	}
	reason := fmt.Sprintf("%v at line %d, character %d; the rest of the file was not checked", pe.Err, pe.Line, pe.Column)
	return &ParseError{Problems: append(problems, quote.RowError{Line: pe.StartLine, Reason: reason})}
}

func blankRecord(rec []string) bool {
	for _, f := range rec {
		if strings.TrimSpace(f) != "" {
			return false
		}
	}
	return true
}
