package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/golang-migrate/migrate/v4"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/store"
)

// cliActor is who the audit log names for command-line changes.
var cliActor = audit.Actor{Email: "cli"}

// parseFlags parses a subcommand's flags; -h prints them to stdout and
// returns flag.ErrHelp, which run turns into exit status 0.
func parseFlags(fs *flag.FlagSet, args []string, stdout io.Writer) error {
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprintf(stdout, "usage of gpuquote %s:\n", fs.Name())
		fs.SetOutput(stdout)
		fs.PrintDefaults()
		return flag.ErrHelp
	}
	return flagError(fs.Name(), err)
}

// flagError words the flag package's parse errors as sentences.
func flagError(cmd string, err error) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	var name string
	switch {
	case strings.HasPrefix(msg, "flag provided but not defined: "):
		msg = "there is no option " + strings.TrimPrefix(msg, "flag provided but not defined: ")
	case strings.HasPrefix(msg, "flag needs an argument: "):
		name = strings.TrimPrefix(msg, "flag needs an argument: ")
		msg = "the option " + name + " needs a value"
	case strings.HasPrefix(msg, "invalid value "), strings.HasPrefix(msg, "invalid boolean value "):
		if _, after, ok := strings.Cut(msg, " for flag "); ok {
			name, _, _ = strings.Cut(after, ":")
		}
		msg = "the option " + name + " has a value it cannot use"
	}
	return fmt.Errorf("%s: %s; `gpuquote %s -h` lists the options", cmd, msg, cmd)
}

const migrateUsage = "want `migrate up`, `migrate down N [--force-data-loss]`, `migrate version` or `migrate force V` (V a migration version, or -1 for none applied)"

func migrateCmd(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	c, err := loadConfig("migrate", nil, getenv)
	if err != nil {
		return err
	}
	fset := flag.NewFlagSet("migrate", flag.ContinueOnError)
	force := fset.Bool("force-data-loss", false, "let `migrate down` drop tables that hold append-only records (audit log, decisions)")
	positional, flags := splitArgs(args)
	if err := parseFlags(fset, flags, stdout); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stdout, migrateUsage)
			return nil
		}
		return err
	}
	if len(positional) == 0 {
		return errors.New("migrate: " + migrateUsage)
	}
	action := positional[0]
	number := func() (int, error) {
		if len(positional) != 2 {
			return 0, fmt.Errorf("migrate %s: want one number, e.g. `gpuquote migrate %s 1`", action, action)
		}
		n, err := strconv.Atoi(positional[1])
		if err != nil {
			return 0, fmt.Errorf("migrate %s: %q is not a migration number; want a whole number such as 1", action, positional[1])
		}
		return n, nil
	}
	switch action {
	case "up", "down", "force", "version":
	default:
		return fmt.Errorf("migrate: there is no action %q; %s", action, migrateUsage)
	}
	if err := store.EnsureDatabase(ctx, c.databaseURL); err != nil {
		return err
	}
	m, err := store.Migrator(c.databaseURL)
	if err != nil {
		return err
	}
	defer m.Close()
	switch action {
	case "up":
		err = m.Up()
	case "down":
		n, nerr := number()
		if nerr != nil || n < 1 {
			return fmt.Errorf("migrate down: want the number of migrations to undo, at least 1, e.g. `gpuquote migrate down 1`")
		}
		if err := checkDowngrade(ctx, c.databaseURL, m, n, *force, stdout); err != nil {
			return err
		}
		err = m.Steps(-n)
	case "force":
		v, verr := number()
		if verr != nil {
			return verr
		}
		if err := checkForceVersion(v); err != nil {
			return err
		}
		err = m.Force(v)
	}
	if err != nil && !errors.Is(err, migrate.ErrNoChange) {
		return fmt.Errorf("migrate %s failed: %w", action, err)
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

// splitArgs gathers the flags from anywhere (they may come after the
// action); a number such as -1 (`migrate force -1`) is an argument.
func splitArgs(args []string) (positional, flags []string) {
	for _, a := range args {
		if _, err := strconv.Atoi(a); strings.HasPrefix(a, "-") && err != nil {
			flags = append(flags, a)
		} else {
			positional = append(positional, a)
		}
	}
	return positional, flags
}

// checkForceVersion accepts only the version of an embedded migration, or
// -1, golang-migrate's "no migration applied". Forcing a version that does
// not exist (0, or 6 in a numbering with gaps) leaves a database that no
// later `migrate up` or `down` can follow.
func checkForceVersion(v int) error {
	versions, err := store.MigrationVersions()
	if err != nil {
		return err
	}
	if v == -1 || v >= 0 && slices.Contains(versions, uint(v)) {
		return nil
	}
	return fmt.Errorf("migrate force %d: there is no migration %d; want one of %s, or -1 for \"no migration applied\". Nothing was changed",
		v, v, versionList(versions))
}

// versionList writes versions as "1, 2, 3, 5 and 7".
func versionList(versions []uint) string {
	words := make([]string, len(versions))
	for i, v := range versions {
		words[i] = strconv.FormatUint(uint64(v), 10)
	}
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// appliedMigrations are the embedded versions at or below the current
// one, oldest first: the ones `migrate down` can undo.
func appliedMigrations(current uint) ([]uint, error) {
	versions, err := store.MigrationVersions()
	if err != nil {
		return nil, err
	}
	var applied []uint
	for _, v := range versions {
		if v <= current {
			applied = append(applied, v)
		}
	}
	return applied, nil
}

// checkDowngrade prints what undoing n migrations would drop and refuses
// when that includes append-only records (the audit log, the decisions),
// unless force is set: those are the records nobody may change, and a
// downgrade would lose them for good.
func checkDowngrade(ctx context.Context, url string, m *migrate.Migrate, n int, force bool, stdout io.Writer) error {
	v, _, err := m.Version()
	if errors.Is(err, migrate.ErrNilVersion) {
		return errors.New("migrate down: no migration is applied, so there is nothing to undo")
	}
	if err != nil {
		return err
	}
	applied, err := appliedMigrations(v)
	if err != nil {
		return err
	}
	if n > len(applied) {
		return fmt.Errorf("migrate down %d refused: %d migrations are applied (versions %s; the numbering has gaps, so the version is not the count); `gpuquote migrate down %d` undoes all of them. Nothing was changed",
			n, len(applied), versionList(applied), len(applied))
	}
	fmt.Fprintf(stdout, "migrate down %d undoes these migrations, newest first (%d of %d applied):\n", n, n, len(applied))
	for i := len(applied) - 1; i >= len(applied)-n; i-- {
		fmt.Fprintf(stdout, "  %s\n", store.MigrationName(applied[i]))
	}
	pool, err := store.OpenPool(ctx, url)
	if err != nil {
		return err
	}
	defer pool.Close()
	losses, err := store.New(pool, nil).DowngradeLosses(ctx, v, n)
	if err != nil {
		return err
	}
	var guarded []string
	if len(losses) > 0 {
		fmt.Fprintf(stdout, "migrate down %d drops these tables and everything in them:\n", n)
	}
	for _, t := range losses {
		note := ""
		if t.AppendOnly {
			note = " (append-only records)"
			if t.Rows > 0 {
				guarded = append(guarded, fmt.Sprintf("%s (%d rows)", t.Name, t.Rows))
			}
		}
		fmt.Fprintf(stdout, "  %-24s %8d rows%s\n", t.Name, t.Rows, note)
	}
	if len(guarded) > 0 && !force {
		return fmt.Errorf("migrate down %d refused: it would delete append-only records for good: %s. Take a backup (pg_dump) first, then run it again with --force-data-loss if you mean it",
			n, strings.Join(guarded, ", "))
	}
	return nil
}
