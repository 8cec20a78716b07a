package brief

import (
	"errors"
	"slices"
	"strconv"
	"strings"
)

// Brief holds the canonical value of each filled field, by key. A missing
// key is an unfilled field; values are stored as their canonical text so
// that decimals stay exact (no float round trip).
type Brief map[string]string

// Filled reports whether field k has a value.
func (b Brief) Filled(k string) bool { return strings.TrimSpace(b[k]) != "" }

// Int returns field k as an integer, and whether it was filled and valid.
func (b Brief) Int(k string) (int64, bool) {
	n, err := strconv.ParseInt(b[k], 10, 64)
	return n, err == nil
}

// Float returns field k as a float64 for estimates (never for money
// storage), and whether it was filled and valid.
func (b Brief) Float(k string) (float64, bool) {
	f, err := strconv.ParseFloat(b[k], 64)
	return f, err == nil
}

// List returns a multi-valued field's options.
func (b Brief) List(k string) []string {
	if !b.Filled(k) {
		return nil
	}
	return strings.Split(b[k], ",")
}

// Validation error keys; the message catalog holds their text.
var (
	ErrUnknownField = errors.New("brief.error.unknown_field")
	ErrNotNumber    = errors.New("brief.error.not_number")
	ErrNotWhole     = errors.New("brief.error.not_whole")
	ErrNegative     = errors.New("brief.error.negative")
	ErrTooLarge     = errors.New("brief.error.too_large")
	ErrNotOption    = errors.New("brief.error.not_option")
	ErrTooLong      = errors.New("brief.error.too_long")
)

// MaxTextLen bounds free-text fields; a brief is one page.
const MaxTextLen = 2000

// Normalize checks raw input for field k and returns its canonical form:
// numbers with a dot as decimal mark and no grouping, enum options in lower
// case, booleans as "yes"/"no". An empty input is an unfilled field.
// A comma is accepted as decimal mark, so locales that write 1,5 work.
func Normalize(k, raw string) (string, error) {
	f, ok := Lookup(k)
	if !ok {
		return "", ErrUnknownField
	}
	v := strings.TrimSpace(raw)
	if v == "" {
		return "", nil
	}
	switch f.Kind {
	case Text:
		if len([]rune(v)) > MaxTextLen {
			return "", ErrTooLong
		}
		return v, nil
	case Int:
		n, err := strconv.ParseInt(stripGrouping(v), 10, 64)
		if err != nil {
			if _, ferr := strconv.ParseFloat(decimalDot(v), 64); ferr == nil {
				return "", ErrNotWhole
			}
			return "", ErrNotNumber
		}
		return checkRange(f, float64(n), strconv.FormatInt(n, 10))
	case Decimal, Percent:
		return normalizeDecimal(f, v)
	case Enum:
		return matchOption(f.Options, v)
	case Multi:
		var picked []string
		for part := range strings.SplitSeq(v, ",") {
			if part = strings.TrimSpace(part); part == "" {
				continue
			}
			o, err := matchOption(f.Options, part)
			if err != nil {
				return "", err
			}
			if !slices.Contains(picked, o) {
				picked = append(picked, o)
			}
		}
		return strings.Join(picked, ","), nil
	case Bool:
		switch strings.ToLower(v) {
		case "yes", "true", "1", "on":
			return "yes", nil
		case "no", "false", "0", "off":
			return "no", nil
		}
		return "", ErrNotOption
	}
	return "", ErrUnknownField
}

func normalizeDecimal(f Field, v string) (string, error) {
	s := decimalDot(stripGrouping(v))
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || strings.ContainsAny(s, "eExXpP_") || strings.HasPrefix(s, "+") {
		return "", ErrNotNumber
	}
	// Keep the user's digits, not a float's: trim trailing zeros only.
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if strings.HasPrefix(s, ".") {
		s = "0" + s
	}
	return checkRange(f, x, s)
}

func checkRange(f Field, x float64, canonical string) (string, error) {
	if x < 0 || strings.HasPrefix(canonical, "-") {
		return "", ErrNegative
	}
	if f.Max > 0 && x > f.Max {
		return "", ErrTooLarge
	}
	return canonical, nil
}

// stripGrouping removes spaces (including the no-break spaces Russian
// formatting uses) that group thousands.
func stripGrouping(v string) string {
	return strings.NewReplacer(" ", "", "\u00a0", "", "\u202f", "").Replace(v)
}

// decimalDot accepts one comma as the decimal mark.
func decimalDot(v string) string {
	if strings.Count(v, ",") == 1 && !strings.Contains(v, ".") {
		return strings.Replace(v, ",", ".", 1)
	}
	return v
}

func matchOption(options []string, v string) (string, error) {
	for _, o := range options {
		if strings.EqualFold(o, v) {
			return o, nil
		}
	}
	return "", ErrNotOption
}

// Parse normalises every field of raw input and returns the brief and the
// per-field errors. Unknown keys are ignored: forms carry other inputs too.
func Parse(raw map[string]string) (Brief, map[string]error) {
	b := Brief{}
	errs := map[string]error{}
	for _, f := range Fields {
		v, err := Normalize(f.Key, raw[f.Key])
		if err != nil {
			errs[f.Key] = err
			continue
		}
		if v != "" {
			b[f.Key] = v
		}
	}
	return b, errs
}
