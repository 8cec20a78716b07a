package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/golang-migrate/migrate/v4"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/store"
)

// cliActor is who the audit log names for command-line changes.
var cliActor = audit.Actor{Email: "cli"}

func migrateCmd(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	c, err := loadConfig("migrate", nil, getenv)
	if err != nil {
		return err
	}
	if len(args) == 0 {
		return errors.New("migrate: want up, down N, version or force N")
	}
	if err := store.EnsureDatabase(ctx, c.databaseURL); err != nil {
		return err
	}
	m, err := store.Migrator(c.databaseURL)
	if err != nil {
		return err
	}
	defer m.Close()
	steps := func() (int, error) {
		if len(args) < 2 {
			return 0, fmt.Errorf("migrate %s: want a number", args[0])
		}
		return strconv.Atoi(args[1])
	}
	switch args[0] {
	case "up":
		err = m.Up()
	case "down":
		n, serr := steps()
		if serr != nil || n <= 0 {
			return fmt.Errorf("migrate down: want a positive number of steps")
		}
		err = m.Steps(-n)
	case "force":
		n, serr := steps()
		if serr != nil {
			return serr
		}
		err = m.Force(n)
	case "version":
	default:
		return fmt.Errorf("migrate: unknown action %q", args[0])
	}
	if err != nil && !errors.Is(err, migrate.ErrNoChange) {
		return fmt.Errorf("migrate %s: %w", args[0], err)
	}
	v, dirty, err := m.Version()
	if errors.Is(err, migrate.ErrNilVersion) {
		fmt.Fprintln(stdout, "version: none")
		return nil
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "version: %d dirty: %t\n", v, dirty)
	return nil
}

func userCmd(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout io.Writer) error {
	if len(args) == 0 || args[0] != "add" {
		return errors.New("user: want `user add --email E --name N --role R` with the password on stdin")
	}
	fs := flag.NewFlagSet("user add", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	email := fs.String("email", "", "email")
	name := fs.String("name", "", "display name")
	role := fs.String("role", "", "procurement, engineer, manager or admin")
	if err := fs.Parse(args[1:]); err != nil {
		return fmt.Errorf("user add: %w", err)
	}
	if *email == "" || !strings.Contains(*email, "@") || *name == "" {
		return errors.New("user add: --email and --name are required")
	}
	if !auth.Role(*role).Valid() {
		return fmt.Errorf("user add: --role must be one of procurement, engineer, manager, admin")
	}
	line, err := bufio.NewReader(io.LimitReader(stdin, 4096)).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return fmt.Errorf("user add: read password: %w", err)
	}
	password := strings.TrimRight(line, "\r\n")
	if err := auth.CheckPolicy(password); err != nil {
		return fmt.Errorf("user add: password rejected (%s): at least %d characters, not a common password", err, auth.MinPasswordLen)
	}
	hash, err := auth.HashPassword(password, auth.DefaultParams)
	if err != nil {
		return err
	}
	st, closeFn, err := openForCLI(ctx, getenv)
	if err != nil {
		return err
	}
	defer closeFn()
	u, err := st.CreateUser(ctx, cliActor, store.User{Email: *email, Name: *name, Role: auth.Role(*role), PasswordHash: hash})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "user %d added: %s (%s)\n", u.ID, u.Email, u.Role)
	return nil
}

func tokenCmd(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	if len(args) == 0 || args[0] != "create" {
		return errors.New("token: want `token create --email E`")
	}
	fs := flag.NewFlagSet("token create", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	email := fs.String("email", "", "the token's owner")
	name := fs.String("name", "cli", "a name to recognise the token by")
	if err := fs.Parse(args[1:]); err != nil {
		return fmt.Errorf("token create: %w", err)
	}
	st, closeFn, err := openForCLI(ctx, getenv)
	if err != nil {
		return err
	}
	defer closeFn()
	u, err := st.UserByEmail(ctx, *email)
	if err != nil {
		return fmt.Errorf("token create: no user %q", *email)
	}
	token, _, err := st.CreateToken(ctx, cliActor, u, *name)
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, token)
	return nil
}
