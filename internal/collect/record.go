package collect

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/gpuquote/gpuquote/internal/testplan"
)

// record is what the folder keeps next to each output (NAME.log): the run
// and what became of its upload.
type record struct {
	QuoteID  int64        `json:"quote_id"`
	Server   string       `json:"server,omitempty"`
	Kind     string       `json:"kind,omitempty"`
	File     string       `json:"file"`
	Run      testplan.Run `json:"run"`
	Uploaded int64        `json:"uploaded_id,omitempty"` // the benchmark's id once the server has it
	Verdict  string       `json:"verdict,omitempty"`
	Note     string       `json:"note,omitempty"` // why it was not uploaded
}

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9._+-]+`)

// fileBase names a run's files: step and hosts, safe on any file system.
func fileBase(run testplan.Run) string {
	hosts := strings.Join(run.Hosts, "+")
	if len(run.Hosts) > 3 {
		hosts = run.Hosts[0] + "+" + "all"
	}
	return unsafeName.ReplaceAllString(run.Step+"."+hosts, "_")
}

func writeRecord(dir string, r record) error {
	b, err := json.MarshalIndent(r, "", " ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, strings.TrimSuffix(r.File, ".log")+".json"), b, 0o644)
}

// readRecords lists the folder's run records, in name order.
func readRecords(dir string) ([]record, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	var out []record
	for _, n := range names {
		if filepath.Base(n) == planFile {
			continue
		}
		b, err := os.ReadFile(n)
		if err != nil {
			return nil, err
		}
		var r record
		if json.Unmarshal(b, &r) != nil || r.File == "" {
			continue
		}
		out = append(out, r)
	}
	return out, nil
}

// keptKeys are the runs the folder says were uploaded.
func keptKeys(dir string) map[string]bool {
	done := map[string]bool{}
	rs, _ := readRecords(dir)
	for _, r := range rs {
		if r.Uploaded > 0 {
			done[r.Run.Key()] = true
		}
	}
	return done
}
