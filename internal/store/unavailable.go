package store

import (
	"context"
	"errors"
	"net"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
)

// Unavailable reports whether err means the database cannot be reached
// (no connection, a network error, a deadline, a closed pool), so callers
// answer "try again later" without knowing the driver.
func Unavailable(err error) bool {
	var netErr net.Error
	var connErr *pgconn.ConnectError
	return errors.As(err, &connErr) || errors.As(err, &netErr) || errors.Is(err, context.DeadlineExceeded) ||
		strings.Contains(err.Error(), "closed pool")
}
