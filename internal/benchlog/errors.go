package benchlog

import "fmt"

// ParseError reports input that a parser could not accept. Parsers return it
// instead of a partial result, so a caller never stores half-parsed figures
// as if they were good; Line tells the uploader where to look.
type ParseError struct {
	// Kind is the format the parser was reading ("" when detection failed).
	Kind Kind
	// Line is the 1-based line number that broke the parse. For input that
	// ended before anything usable was found it is the last line read.
	Line int
	// Reason says what was wrong, in words an engineer can act on.
	Reason string
}

// Error implements error.
func (e *ParseError) Error() string {
	k := string(e.Kind)
	if k == "" {
		k = "input"
	}
	return fmt.Sprintf("benchlog: %s: line %d: %s", k, e.Line, e.Reason)
}

// errorf builds a *ParseError; a helper keeps call sites short.
func errorf(kind Kind, line int, format string, args ...any) *ParseError {
	return &ParseError{Kind: kind, Line: line, Reason: fmt.Sprintf(format, args...)}
}
