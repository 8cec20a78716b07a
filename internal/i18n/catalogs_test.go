package i18n

import (
	"testing"

	"github.com/gpuquote/gpuquote/internal/i18n/catalogs"
)

// The tests read the domain packages' messages as the program does.
func init() { AddCatalogs(catalogs.All...) }

// A catalog added after the messages were read would be silently
// missing: AddCatalogs refuses it loudly instead.
func TestAddingACatalogAfterTheFirstReadPanics(t *testing.T) {
	if New("en").T("redflag.severity.blocker") == "redflag.severity.blocker" {
		t.Fatal("the domain catalogs were not added")
	}
	defer func() {
		if recover() == nil {
			t.Error("AddCatalogs after the first read did not panic")
		}
	}()
	AddCatalogs(catalogs.All...)
}
