package acceptance

import "testing"

func TestTests(t *testing.T) {
	if len(Tests()) != 12 || len(Automatic()) != 7 || len(Names()) != 12 {
		t.Fatal("twelve tests, seven automatic")
	}
	for _, a := range Automatic() {
		if !a.Valid() || !a.IsAutomatic() {
			t.Errorf("%s", a)
		}
	}
	if Test("nope").Valid() || ContainerStart.IsAutomatic() || !BurnIn.IsAutomatic() {
		t.Error("validity")
	}
}
