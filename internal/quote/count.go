package quote

import "strconv"

// Count is n with its noun in English, singular for one and plural
// otherwise ("1 problem", "3 problems"), for the parsers' messages: a
// reader never sees "problem(s)".
func Count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
