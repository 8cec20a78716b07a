package testplan

import (
	"fmt"
	"strconv"
	"strings"
)

// Text words a message key with its arguments in the reader's language.
type Text func(key string, args map[string]string) string

// shellVars are the script's variables for the placeholders.
var shellVars = map[string]string{PHosts: "HOSTS_SLOTS", PNodeList: "NODELIST", PNodes: "NODES", PRanks: "RANKS",
	PPeer: "peer", PScratch: "SCRATCH"}

// Quote makes s one shell word: single-quoted unless it is plain.
func Quote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_=./:,+%@") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// shellWord quotes an argument, leaving its placeholders as the script's
// variables ("--nodelist=$NODELIST").
func shellWord(a string) string {
	if a == "" {
		return "''"
	}
	var b strings.Builder
	for a != "" {
		i := strings.IndexByte(a, '{')
		j := strings.IndexByte(a, '}')
		if i < 0 || j < i {
			b.WriteString(Quote(a))
			break
		}
		v, ok := shellVars[a[i:j+1]]
		if !ok {
			b.WriteString(Quote(a[:j+1]))
			a = a[j+1:]
			continue
		}
		if i > 0 {
			b.WriteString(Quote(a[:i]))
		}
		b.WriteString(`"$` + v + `"`)
		a = a[j+1:]
	}
	return b.String()
}

// Shell is the command as one line of shell, environment first.
func (c Command) Shell() string {
	words := make([]string, 0, len(c.Env)+len(c.Argv)+1)
	if len(c.Env) > 0 {
		words = append(words, "env")
		for _, kv := range c.Env {
			words = append(words, Quote(kv))
		}
	}
	for _, a := range c.Argv {
		words = append(words, shellWord(a))
	}
	return strings.Join(words, " ")
}

const scriptHead = `#!/usr/bin/env bash
# %s
#
# HOSTS="node1 node2" SCRATCH=/scratch/gpuquote OUT=./evidence bash %s
#
# %s
set -u
HOSTS=${HOSTS:-$(hostname)}
SCRATCH=${SCRATCH:-.}
OUT=${OUT:-gpuquote-evidence}
GPUS=%d
mkdir -p "$OUT"
first=${HOSTS%%%% *}
peer=$(echo $HOSTS | awk '{print ($2 == "" ? $1 : $2)}')
NODES=$(echo $HOSTS | wc -w)
RANKS=$((NODES * GPUS))
NODELIST=$(echo $HOSTS | tr ' ' ',')
HOSTS_SLOTS=$(for h in $HOSTS; do printf '%%s:%%s,' "$h" "$GPUS"; done | sed 's/,$//')
# on HOST COMMAND...: here, or on HOST through %s.
on() {
  local h=$1; shift
  if [ "$h" = "$(hostname)" ] || [ "$h" = localhost ]; then "$@"; else %s; fi
}
`

// Script renders the plan as a bash script that runs every step and
// keeps each output in $OUT, as `gpuquote collect --dry-run` would; it
// downloads nothing. title names the plan in the script's first line.
func Script(p Plan, title string, t Text) string {
	remote := `ssh -o BatchMode=yes "$h" -- "$(printf '%q ' "$@")"`
	if p.Remote == "srun" {
		remote = `srun --nodes=1 --ntasks=1 --nodelist="$h" "$@"`
	}
	var b strings.Builder
	fmt.Fprintf(&b, scriptHead, title, "gpuquote-plan.sh", t("plan.script.no_download", nil), max(p.GPUsPerNode, 1), p.Remote, remote)
	for i, s := range p.Steps {
		fmt.Fprintf(&b, "\n# %d. %s — %s\n#    %s\n#    %s\n", i+1, s.ID, t("bench.test."+string(s.Test), nil),
			t(s.Band.Key, s.Band.Args), s.Band.SourceText(t))
		if s.Build != nil && len(s.Build.Commands) > 0 {
			fmt.Fprintf(&b, "#    %s: %s\n", t("plan.script.build", nil), strings.Join(s.Build.Commands, " && "))
		}
		b.WriteString(scriptStep(s))
	}
	b.WriteString("\necho \"$OUT\"\n")
	return b.String()
}

func scriptStep(s Step) string {
	run := "timeout " + strconv.FormatInt(s.TimeoutS, 10) + " " + s.Command.Shell()
	if s.InToolDir {
		run = "sh -c " + Quote(`cd "$(dirname "$(command -v `+s.Tool+`)")" && exec `+run)
	}
	keep := ""
	if s.KeepLines != "" {
		keep = " | grep -F " + Quote(s.KeepLines)
	}
	out := `"$OUT/` + s.ID
	switch s.Where {
	case EachHost:
		return "for h in $HOSTS; do on \"$h\" " + run + keep + " > " + out + `.$h.log" 2>&1 & done; wait` + "\n"
	case FirstHost:
		return "on \"$first\" " + run + keep + " > " + out + `.log" 2>&1` + "\n"
	case HostPair:
		server := "timeout " + strconv.FormatInt(s.TimeoutS, 10) + " " + s.Server.Shell()
		return "on \"$peer\" " + server + " > /dev/null 2>&1 & sleep 2\non \"$first\" " + run + " > " + out + `.log" 2>&1; wait` + "\n"
	}
	return run + keep + " > " + out + `.log" 2>&1` + "\n"
}

// SourceText is the band's source in the reader's language where it has
// a catalog key, else the citation as published.
func (b Band) SourceText(t Text) string {
	if b.SourceKey != "" {
		return t(b.SourceKey, nil)
	}
	return b.Source
}
