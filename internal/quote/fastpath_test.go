package quote

import (
	"bytes"
	"encoding/csv"
	"errors"
	"io"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// The one-pass decimal reader agrees with the checked one wherever it
// answers, and answers for the plain numbers quotes are made of.
func FuzzPlainDecimalAgrees(f *testing.F) {
	for _, s := range []string{"0", "2.95", "3200", "0.000001", "999999999999", "9999999999999", "1.", ".5", "1.1234567", "-1", "1,5", "1e3", "", "01.50"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		fast, ok := parsePlainDecimal(s)
		slow, err := parseDecimalChecked(s)
		if ok && (err != nil || fast != slow) {
			t.Errorf("%q: fast %v, checked %v %v", s, fast, slow, err)
		}
	})
}

func TestPlainDecimalCoversPlainNumbers(t *testing.T) {
	for _, s := range []string{"0", "2.95", "3200", "0.000001", "999999999999"} {
		if _, ok := parsePlainDecimal(s); !ok {
			t.Errorf("%q took the slow path", s)
		}
	}
}

// readAll reads every record with r, or returns the first error.
func readAll(r recordReader) (recs [][]string, lines [][]int, err error) {
	for {
		rec, err := r.Read()
		if err == io.EOF {
			return recs, lines, nil
		}
		if err != nil {
			return nil, nil, err
		}
		recs = append(recs, append([]string(nil), rec...))
		var ls []int
		for i := range rec {
			l, _ := r.FieldPos(i)
			ls = append(ls, l)
		}
		lines = append(lines, ls)
	}
}

// The scanner reads exactly the records and field lines encoding/csv
// reads, or leaves the input to it.
func FuzzCSVScannerAgrees(f *testing.F) {
	for _, s := range []string{"a,b\n1,2\n", "a,b\n\n\n1,2", "a,\"b\nc\",d\n\"x\"\"y\",z\n", "a,b,\n,\n", "\"a\"b,c\n", "a\"b\n",
		"a,b\r\n1,2\r\n", "\"unterminated\n", "x\n\"\"\n\"\",\n", ",,,\n", "\n", "", "a,\"\"\"\"\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got, gotLines, err := readAll(newCSVScanner(data))
		if errors.Is(err, errUnusual) {
			return
		}
		cr := csv.NewReader(bytes.NewReader(data))
		cr.FieldsPerRecord = -1
		want, wantLines, wantErr := readAll(cr)
		if err != nil || wantErr != nil {
			t.Fatalf("%q: scanner err %v, csv err %v", data, err, wantErr)
		}
		if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(gotLines, wantLines) {
			t.Errorf("%q:\nscanner %q %v\ncsv     %q %v", data, got, gotLines, want, wantLines)
		}
	})
}

// Input the scanner leaves to encoding/csv still reads, with its errors.
func TestReadCSVFallsBackWithTheSameErrors(t *testing.T) {
	for _, in := range []string{"provider\r\nAcme\r\n", "provider,currency\nA\"cme,USD\n", "provider\n\"Acme\n"} {
		if _, _, err := readAll(newCSVScanner([]byte(in))); !errors.Is(err, errUnusual) {
			t.Errorf("%q: the scanner read it (%v)", in, err)
		}
	}
	_, err := ReadCSV(bytes.NewReader([]byte("provider,currency\nA\"cme,USD\n")))
	var ie *ImportError
	if !errors.As(err, &ie) || len(ie.Errors) == 0 || ie.Errors[len(ie.Errors)-1].Line != 2 {
		t.Fatalf("err = %v", err)
	}
}

// The one-pass date reader gives time.Parse's date wherever it answers.
func FuzzPlainDateAgrees(f *testing.F) {
	for _, s := range []string{"2027-03-31", "2027-02-29", "2028-02-29", "2027-04-31", "0000-01-01", "2027-13-01", "2027-00-10", "27-03-31", "2027-3-31"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		fast, ok := parsePlainDate(s)
		slow, err := time.Parse(dateLayout, s)
		if ok && (err != nil || !fast.Equal(slow) || fast.Location() != slow.Location()) {
			t.Errorf("%q: fast %v, time.Parse %v %v", s, fast, slow, err)
		}
		if !ok && err == nil {
			t.Errorf("%q: a valid date took the slow path", s)
		}
	})
}

// Plain ASCII text is kept as it is, like parseText's full checks keep it.
func FuzzPlainTextAgrees(f *testing.F) {
	for _, s := range []string{"Per-job usage export, DCGM", "a\rb", "a\x00b", "é", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !plainASCII(s) {
			return
		}
		if !utf8.ValidString(s) || strings.ContainsAny(s, "\x00\r") {
			t.Errorf("%q counted as plain", s)
		}
	})
}

// parseInt's digit loop answers as strconv for every length it takes, and
// longer numbers still get strconv's range check.
func TestParseIntAgreesWithStrconv(t *testing.T) {
	for _, s := range []string{"0", "007", "999999999999999999", "9223372036854775807", "9223372036854775808", "99999999999999999999"} {
		got, err := parseInt(s)
		want, werr := strconv.ParseInt(s, 10, 64)
		if (err != nil) != (werr != nil) || (err == nil && got != want) {
			t.Errorf("parseInt(%q) = %d, %v; strconv %d, %v", s, got, err, want, werr)
		}
	}
}
