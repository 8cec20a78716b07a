package collect

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/testplan"
)

type planStep = testplan.Step

// fetchedPlan is the server's answer to GET /api/v1/quotes/{id}/test-plan.
type fetchedPlan struct {
	QuoteID     int64         `json:"quote_id"`
	Provider    string        `json:"provider"`
	Nodes       int           `json:"nodes"`
	GPUsPerNode int           `json:"gpus_per_node"`
	Remote      string        `json:"remote"`
	Steps       []planStep    `json:"steps"`
	Uploaded    []uploadedRun `json:"uploaded"`
	Omitted     []omittedStep `json:"omitted"`
}

type uploadedRun struct {
	Step    string   `json:"step"`
	Hosts   []string `json:"hosts"`
	Command string   `json:"command"`
}

type omittedStep struct {
	Step string `json:"step"`
	Text string `json:"text"`
}

func uploadedKeys(p fetchedPlan) map[string]bool {
	done := map[string]bool{}
	for _, u := range p.Uploaded {
		done[testplan.Run{Step: u.Step, Hosts: u.Hosts, Command: u.Command}.Key()] = true
	}
	return done
}

const planFile = "plan.json"

func writePlan(dir string, p fetchedPlan) error {
	b, err := json.MarshalIndent(p, "", " ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, planFile), b, 0o644)
}

func readPlan(dir string) (fetchedPlan, error) {
	var p fetchedPlan
	b, err := os.ReadFile(filepath.Join(dir, planFile))
	if err != nil {
		return p, err
	}
	return p, json.Unmarshal(b, &p)
}

// expansion fills a command's placeholders for one run.
type expansion struct {
	hosts   []string // the nodes given; none when the scheduler chooses
	gpus    int
	nodes   int // the quoted node count, when no host is given
	peer    string
	scratch string
}

func (e expansion) value(placeholder string) string {
	switch placeholder {
	case testplan.PHosts:
		slots := make([]string, len(e.hosts))
		for i, h := range e.hosts {
			slots[i] = h + ":" + strconv.Itoa(e.gpus)
		}
		return strings.Join(slots, ",")
	case testplan.PNodeList:
		return strings.Join(e.hosts, ",")
	case testplan.PNodes:
		return strconv.Itoa(e.nodeCount())
	case testplan.PRanks:
		return strconv.Itoa(e.nodeCount() * e.gpus)
	case testplan.PPeer:
		return e.peer
	case testplan.PScratch:
		return e.scratch
	}
	return placeholder
}

func (e expansion) nodeCount() int {
	if len(e.hosts) > 0 {
		return len(e.hosts)
	}
	return max(e.nodes, 1)
}

var placeholders = []string{testplan.PHosts, testplan.PNodeList, testplan.PNodes, testplan.PRanks, testplan.PPeer, testplan.PScratch}

// expand fills argv's placeholders. An argument whose placeholder is
// filled with nothing is dropped, with the flag before it when it is one
// ("-H {hosts}" with no hosts given leaves mpirun to its allocation).
func (e expansion) expand(argv []string) []string {
	out := make([]string, 0, len(argv))
	for _, a := range argv {
		filled, empty := a, false
		for _, p := range placeholders {
			if strings.Contains(filled, p) {
				v := e.value(p)
				empty = empty || v == ""
				filled = strings.ReplaceAll(filled, p, v)
			}
		}
		if !empty {
			out = append(out, filled)
			continue
		}
		if strings.HasPrefix(a, "{") {
			if n := len(out); n > 0 && strings.HasPrefix(out[n-1], "-") && !strings.Contains(out[n-1], "=") {
				out = out[:n-1]
			}
		}
	}
	return out
}
