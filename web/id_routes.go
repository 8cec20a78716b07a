package web

import (
	"context"
	"net/http"
)

// withID is a handler of a route's {id}: an id that does not read is not
// found before fn runs.
func withID(fn func(w http.ResponseWriter, r *http.Request, id int64) error) handlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := idParam(r, "id")
		if err != nil {
			return err
		}
		return fn(w, r, id)
	}
}

// readJSON is a GET of /api/v1 that calls one read and answers 200 with
// its result, as shape puts it in the body; the read's error goes to the
// adapter.
func readJSON[T any](read func(*http.Request) (T, error), shape func(T) any) handlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		v, err := read(r)
		if err != nil {
			return err
		}
		writeJSON(w, http.StatusOK, shape(v))
		return nil
	}
}

// byID is a read of the route's {id}.
func byID[T any](read func(context.Context, int64) (T, error)) func(*http.Request) (T, error) {
	return func(r *http.Request) (T, error) {
		id, err := idParam(r, "id")
		if err != nil {
			var zero T
			return zero, err
		}
		return read(r.Context(), id)
	}
}

// noID is a read that takes no part of the request but its context.
func noID[T any](read func(context.Context) (T, error)) func(*http.Request) (T, error) {
	return func(r *http.Request) (T, error) { return read(r.Context()) }
}

// asIs puts a result in the body as it is.
func asIs[T any](v T) any { return v }

// under puts a list in the body under key, [] for none.
func under[E any](key string) func([]E) any {
	return func(v []E) any { return map[string]any{key: append([]E{}, v...)} }
}
