package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/testplan"
)

// evidenceOpts are `token create`'s options for an evidence token.
type evidenceOpts struct {
	quote, evaluation *int64
	server            *string
}

func evidenceFlags(fset *flag.FlagSet) evidenceOpts {
	return evidenceOpts{
		quote:      fset.Int64("quote", 0, "evidence: the quote the token may fetch the plan of and upload to"),
		evaluation: fset.Int64("evaluation", 0, "evidence: instead of --quote, every quote of this evaluation"),
		server:     fset.String("server", "", "evidence: the server's address for the printed command (default $PUBLIC_URL)"),
	}
}

// check refuses a binding without the evidence scope, and an evidence
// token bound to nothing or to both.
func (o evidenceOpts) check(scope auth.Scope) error {
	bound := *o.quote != 0 || *o.evaluation != 0
	switch {
	case scope != auth.ScopeEvidence && bound:
		return errors.New("token create: --quote and --evaluation bind an evidence token; add --scope evidence")
	case scope == auth.ScopeEvidence && !bound:
		return errors.New("token create: an evidence token is bound to a quote: add --quote ID (or --evaluation ID)")
	case *o.quote != 0 && *o.evaluation != 0:
		return errors.New("token create: give --quote or --evaluation, not both")
	case *o.quote < 0 || *o.evaluation < 0:
		return errors.New("token create: --quote and --evaluation are positive ids")
	}
	return nil
}

// checkOwner: the owner must be allowed to upload, and the quote or
// evaluation must exist, so the error names what is wrong.
func (o evidenceOpts) checkOwner(ctx context.Context, st *store.Store, u store.User, spec store.TokenSpec) error {
	if spec.Scope != auth.ScopeEvidence {
		return nil
	}
	if !u.Role.Can(auth.UploadBenchmarks) {
		return fmt.Errorf("token create: %s is %s and may not upload evidence; an engineer, manager or admin may", u.Email, u.Role)
	}
	var err error
	if spec.QuoteID != 0 {
		_, err = st.Quote(ctx, spec.QuoteID)
	} else {
		_, err = st.Evaluation(ctx, spec.EvaluationID)
	}
	if errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("token create: there is no quote %d or evaluation %d", spec.QuoteID, spec.EvaluationID)
	}
	return err
}

// printCommand adds an evidence token's expiry and, for a quote, the
// command that runs its plan on the cluster.
func (o evidenceOpts) printCommand(w io.Writer, getenv func(string) string, token string, t store.APIToken) {
	if t.Scope != auth.ScopeEvidence {
		return
	}
	fmt.Fprintln(w, "expires_at:", t.ExpiresAt.UTC().Format(time.RFC3339))
	if t.QuoteID != nil {
		server := cmp.Or(*o.server, getenv("PUBLIC_URL"), "http://localhost:8080")
		fmt.Fprintln(w, "command:", testplan.CollectCommand(server, token, *t.QuoteID))
	}
}
