package rfq

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/quote"
)

// exampleRows is the example quote file: a header and its rows.
func exampleRows(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile("../quote/testdata/quotes-example.csv")
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSpace(string(b)), "\n")
}

func TestDraftFromCSVIsOneRowForTheInvitedCompany(t *testing.T) {
	rows := exampleRows(t)
	q, problems, err := DraftFromCSV([]byte(rows[0]+"\n"+rows[1]+"\n"), "Alpha GPU")
	if err != nil || len(problems) != 0 {
		t.Fatalf("one row: %v %v", problems, err)
	}
	if q.Provider.Value != "Alpha GPU" {
		t.Errorf("provider %q, want the invited company", q.Provider.Value)
	}
	if _, _, err := DraftFromCSV([]byte(strings.Join(rows[:3], "\n")+"\n"), "Alpha GPU"); !errors.Is(err, ErrOneRow) {
		t.Errorf("two rows: %v, want ErrOneRow", err)
	}
	if _, problems, err := DraftFromCSV([]byte("price_per_gpu_hour\nnot a number\n"), "Alpha GPU"); err != nil || len(problems) == 0 {
		t.Errorf("a bad cell: %v %v, want its problem", problems, err)
	}
}

func TestDraftFromTermsReadsTextAndStates(t *testing.T) {
	var terms map[string]json.RawMessage
	if err := json.Unmarshal([]byte(`{"provider":"Someone else","rental_model":{"state":"stated","value":"on_demand"},
		"currency":"USD","gpu_model":{"state":"refused"},"region":{"state":"not_stated"}}`), &terms); err != nil {
		t.Fatal(err)
	}
	q, problems := DraftFromTerms(terms, "Alpha GPU")
	if len(problems) != 0 {
		t.Fatalf("problems: %v", problems)
	}
	if q.Provider.Value != "Alpha GPU" || q.Provider.State != quote.Stated {
		t.Errorf("provider %+v, want the invited company", q.Provider)
	}
	_, problems = DraftFromTerms(map[string]json.RawMessage{"currency": json.RawMessage(`{"state":"maybe"}`),
		"rental_model": json.RawMessage(`[1]`)}, "Alpha GPU")
	if len(problems) != 2 || problems[0].Reason != TermShape || problems[1].Reason != TermShape {
		t.Errorf("unknown shapes: %v", problems)
	}
}
