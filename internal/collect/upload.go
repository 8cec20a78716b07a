package collect

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"strconv"

	"github.com/gpuquote/gpuquote/internal/testplan"
)

// uploader talks to the server.
type uploader struct {
	o       Options
	offline bool
}

// offlineError is a server that cannot be reached (as opposed to one
// that answers no).
type offlineError struct{ err error }

func (e *offlineError) Error() string { return "server unreachable: " + e.err.Error() }

// refusedError is a server that answered with a refusal that stops the
// run: a token it does not accept, or one for another quote.
type refusedError struct {
	status int
	msg    string
}

func (e *refusedError) Error() string {
	return fmt.Sprintf("the server refused the token (%d): %s", e.status, e.msg)
}

func (u *uploader) request(ctx context.Context, method, path, contentType string, body io.Reader) (*http.Response, []byte, error) {
	req, err := http.NewRequestWithContext(ctx, method, u.o.Server+path, body)
	if err != nil {
		return nil, nil, err
	}
	req.Header.Set("Authorization", "Bearer "+u.o.Token)
	req.Header.Set("Accept", "application/json")
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	res, err := u.o.Client.Do(req)
	if err != nil {
		return nil, nil, &offlineError{err}
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(res.Body, 4<<20))
	if err != nil {
		return nil, nil, &offlineError{err}
	}
	if res.StatusCode == http.StatusUnauthorized || res.StatusCode == http.StatusForbidden {
		return res, raw, &refusedError{status: res.StatusCode, msg: errorText(raw)}
	}
	return res, raw, nil
}

func errorText(raw []byte) string {
	var e struct {
		Error string `json:"error"`
	}
	if json.Unmarshal(raw, &e) == nil && e.Error != "" {
		return e.Error
	}
	return string(bytes.TrimSpace(raw[:min(len(raw), 200)]))
}

func (u *uploader) fetchPlan(ctx context.Context) (fetchedPlan, error) {
	var p fetchedPlan
	res, raw, err := u.request(ctx, http.MethodGet, "/api/v1/quotes/"+strconv.FormatInt(u.o.QuoteID, 10)+"/test-plan", "", nil)
	var refused *refusedError
	switch {
	case errors.As(err, &refused):
		return p, fmt.Errorf("collect: %w", err)
	case err != nil:
		return p, err
	case res.StatusCode != http.StatusOK:
		return p, fmt.Errorf("collect: the plan of quote %d: %d %s", u.o.QuoteID, res.StatusCode, errorText(raw))
	}
	if err := json.Unmarshal(raw, &p); err != nil {
		return p, fmt.Errorf("collect: the server's plan: %w", err)
	}
	return p, nil
}

// send uploads one output with its run record and answers with the
// benchmark's id and the server's verdict on it; a file the quote already
// has answers its id too.
func (u *uploader) send(ctx context.Context, quoteID int64, r record, content []byte) (id int64, verdict string, err error) {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	run, _ := json.Marshal(r.Run)
	_ = mw.WriteField("run", string(run))
	if r.Kind != "" {
		_ = mw.WriteField("kind", r.Kind)
	}
	fw, _ := mw.CreateFormFile("file", r.File)
	_, _ = fw.Write(content)
	_ = mw.Close()
	res, raw, err := u.request(ctx, http.MethodPost, "/api/v1/quotes/"+strconv.FormatInt(quoteID, 10)+"/benchmarks", mw.FormDataContentType(), &body)
	if err != nil {
		return 0, "", err
	}
	var out struct {
		Benchmark struct {
			ID      int64 `json:"id"`
			Verdict struct {
				Status string `json:"status"`
			} `json:"verdict"`
		} `json:"benchmark"`
		ExistingID int64 `json:"existing_id"`
	}
	_ = json.Unmarshal(raw, &out)
	switch res.StatusCode {
	case http.StatusCreated, http.StatusOK:
		return out.Benchmark.ID, out.Benchmark.Verdict.Status, nil
	case http.StatusConflict:
		return out.ExistingID, "already on the server", nil
	}
	return 0, "", fmt.Errorf("%d %s", res.StatusCode, errorText(raw))
}

// keyOf is the run's resume key.
func keyOf(run testplan.Run) string { return run.Key() }
