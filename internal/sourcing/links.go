package sourcing

import (
	"bytes"
	"encoding/csv"
	"strings"
)

// Link is one vendor's invitation link as shown to the buyer, once.
type Link struct {
	Company string
	Email   string
	URL     string
}

// LinksCSV is the links as a CSV file (company, email, link) for a buyer
// who sends them by hand. A cell that a spreadsheet would read as a
// formula is quoted with a leading apostrophe.
func LinksCSV(links []Link) []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	_ = w.Write([]string{"company", "email", "link"})
	for _, l := range links {
		_ = w.Write([]string{defuse(l.Company), defuse(l.Email), l.URL})
	}
	w.Flush()
	return b.Bytes()
}

func defuse(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}
