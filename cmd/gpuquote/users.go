package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/store"
)

// readPassword reads one line from stdin; surrounding white space is
// dropped, as at login (auth.NormalizePassword), then the policy applies.
func readPassword(cmd string, stdin io.Reader) (string, error) {
	if stdin == nil {
		return "", fmt.Errorf("%s: give the password on standard input, e.g. `echo 'a long passphrase' | gpuquote %s ...`", cmd, cmd)
	}
	line, err := bufio.NewReader(io.LimitReader(stdin, 4096)).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return "", fmt.Errorf("%s: could not read the password from standard input: %w", cmd, err)
	}
	password := auth.NormalizePassword(line)
	switch auth.CheckPolicy(password) {
	case nil:
		return password, nil
	case auth.ErrPasswordShort:
		return "", fmt.Errorf("%s: the password is too short: use at least %d characters (a passphrase of a few words is best)", cmd, auth.MinPasswordLen)
	case auth.ErrPasswordLong:
		return "", fmt.Errorf("%s: the password is too long: use at most %d characters", cmd, auth.MaxPasswordLen)
	default:
		return "", fmt.Errorf("%s: the password is too common; choose one that is not on lists of leaked passwords", cmd)
	}
}

func userCmd(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout io.Writer) error {
	if len(args) > 0 && (args[0] == "-h" || args[0] == "--help") {
		_, err := fmt.Fprintln(stdout, "usage: gpuquote user add --email E --name N --role "+roleWords("|", "|")+"   (password on stdin)\n"+
			"       gpuquote user passwd --email E   (password on stdin)\n"+
			"Each lists its options with -h (gpuquote user add -h).")
		return err
	}
	if len(args) == 0 || (args[0] != "add" && args[0] != "passwd") {
		return errors.New("user: want `user add --email E --name N --role R` or `user passwd --email E`, with the password on standard input")
	}
	cmd := "user " + args[0]
	fset := flag.NewFlagSet(cmd, flag.ContinueOnError)
	email := fset.String("email", "", "the user's email address")
	name := fset.String("name", "", "display name (user add)")
	role := fset.String("role", "", roleWords(", ", " or ")+" (user add)")
	if err := parseFlags(fset, args[1:], stdout); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	if *email == "" || !strings.Contains(*email, "@") {
		return fmt.Errorf("%s: --email is required, e.g. --email ann@example.com", cmd)
	}
	if args[0] == "add" {
		if *name == "" {
			return fmt.Errorf("%s: --name is required, e.g. --name Ann", cmd)
		}
		if !auth.Role(*role).Valid() {
			return fmt.Errorf("%s: --role must be one of %s", cmd, roleWords(", ", " or "))
		}
	}
	password, err := readPassword(cmd, stdin)
	if err != nil {
		return err
	}
	hash, err := auth.HashPassword(password, auth.CurrentParams())
	if err != nil {
		return err
	}
	st, closeFn, err := openForCLI(ctx, getenv)
	if err != nil {
		return err
	}
	defer closeFn()
	if args[0] == "passwd" {
		u, err := st.UserByEmail(ctx, *email)
		if errors.Is(err, store.ErrNotFound) {
			return fmt.Errorf("%s: there is no user with the email %s", cmd, *email)
		} else if err != nil {
			return err
		}
		if err := st.ChangePassword(ctx, cliActor, u.ID, hash, ""); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "password changed for %s; their sessions were signed out\n", u.Email)
		return nil
	}
	u, err := st.CreateUser(ctx, cliActor, store.User{Email: *email, Name: *name, Role: auth.Role(*role), PasswordHash: hash})
	if errors.Is(err, store.ErrExists) {
		return fmt.Errorf("%s: a user with the email %s already exists; `gpuquote user passwd --email %s` sets a new password", cmd, *email, *email)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "user %d added: %s (%s)\n", u.ID, u.Email, u.Role)
	return nil
}

func tokenCmd(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	if len(args) == 0 || args[0] != "create" {
		return errors.New("token: want `token create --email E [--scope read|write|approve|evidence] [--quote ID | --evaluation ID] [--days N] [--name NAME]`")
	}
	fset := flag.NewFlagSet("token create", flag.ContinueOnError)
	email := fset.String("email", "", "the token's owner (required)")
	name := fset.String("name", "cli", "a name to recognise the token by")
	scope := fset.String("scope", string(auth.ScopeWrite), "read (GET only), write (no decisions), approve (decisions too) or evidence (one quote's test plan and uploads)")
	days := fset.Int("days", 0, "lifetime in days; 0 is the admin's default (7 for evidence)")
	ev := evidenceFlags(fset)
	if err := parseFlags(fset, args[1:], stdout); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	if *email == "" {
		return errors.New("token create: --email is required: the token acts as that user, e.g. --email ann@example.com")
	}
	if !auth.Scope(*scope).Valid() {
		return fmt.Errorf("token create: --scope must be read, write, approve or evidence, not %q", *scope)
	}
	if err := ev.check(auth.Scope(*scope)); err != nil {
		return err
	}
	st, closeFn, err := openForCLI(ctx, getenv)
	if err != nil {
		return err
	}
	defer closeFn()
	u, err := st.UserByEmail(ctx, *email)
	if errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("token create: there is no user with the email %s; `gpuquote user add` creates one", *email)
	} else if err != nil {
		return err
	}
	if !u.Active {
		return fmt.Errorf("token create: %s is deactivated", *email)
	}
	spec := store.TokenSpec{Name: *name, Scope: auth.Scope(*scope), Days: *days, QuoteID: *ev.quote, EvaluationID: *ev.evaluation}
	if err := ev.checkOwner(ctx, st, u, spec); err != nil {
		return err
	}
	token, t, err := st.IssueToken(ctx, cliActor, u, spec)
	if errors.Is(err, store.ErrTokenTooLong) {
		return fmt.Errorf("token create: --days %d is beyond the maximum lifetime allowed for this scope", *days)
	}
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, token)
	ev.printCommand(stdout, getenv, token, t)
	return nil
}

// roleWords lists every role the code knows (auth.Roles), so the help and
// the errors name a role as soon as it exists.
func roleWords(sep, last string) string {
	words := make([]string, len(auth.Roles))
	for i, r := range auth.Roles {
		words[i] = string(r)
	}
	if len(words) < 2 || last == sep {
		return strings.Join(words, sep)
	}
	return strings.Join(words[:len(words)-1], sep) + last + words[len(words)-1]
}
