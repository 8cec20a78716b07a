package auth

import (
	"os"
	"strings"
	"testing"
)

// Every granted permission has a row in the README's table.
func TestPermissionTableCoversEveryGrant(t *testing.T) {
	documented := map[Permission]bool{}
	for _, d := range permissionDocs {
		documented[d.P] = true
	}
	for p := range grants {
		if !documented[p] {
			t.Errorf("permission %s has no row in the role table", p)
		}
	}
}

// The README's role table is the code's: five roles, finance included,
// and admins upload logs but do not override scores.
func TestREADMERoleTableIsTheCodes(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	want := PermissionTable()
	if !strings.Contains(string(b), want) {
		t.Errorf("README's role table differs from the code; paste this under \"## Roles\":\n%s", want)
	}
	if !Admin.Can(UploadBenchmarks) || Admin.Can(GradeQuotes) {
		t.Errorf("admins upload logs and record acceptance tests, but do not override scores")
	}
}
