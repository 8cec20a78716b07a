package store_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"testing"

	"github.com/gpuquote/gpuquote/internal/store"
)

func TestUnavailableNamesTheErrorsOfAnUnreachableDatabase(t *testing.T) {
	for _, err := range []error{
		fmt.Errorf("store: quote 1: %w", context.DeadlineExceeded),
		&net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connection refused")},
		errors.New("closed pool"),
	} {
		if !store.Unavailable(err) {
			t.Errorf("%v: not unavailable", err)
		}
	}
	for _, err := range []error{store.ErrNotFound, store.ErrConflict, errors.New("syntax error")} {
		if store.Unavailable(err) {
			t.Errorf("%v: unavailable", err)
		}
	}
}
