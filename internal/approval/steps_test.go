package approval

import (
	"errors"
	"slices"
	"testing"
)

// The rule of each signature on an award: separation of duties, order and
// the role each step asks for.
func TestPlanAdmit(t *testing.T) {
	const recorder = 1
	signed := func(steps ...int) []Signature {
		var out []Signature
		for i, st := range steps {
			out = append(out, Signature{Step: st, ApproverID: int64(10 + i)})
		}
		return out
	}
	ordered := Plan{Required: 2, Order: InOrder, Roles: []string{"manager", "finance"}}
	parallel := Plan{Required: 2, Order: InParallel, Roles: []string{"manager", "finance"}}
	anyTwo := Plan{Required: 2, Order: InParallel}
	tests := []struct {
		name     string
		plan     Plan
		done     []Signature
		approver int64
		role     string
		step     int
		want     error
	}{
		{"recorder refused", anyTwo, nil, recorder, "manager", 0, ErrSameApprover},
		{"same approver twice", anyTwo, signed(1), 10, "manager", 0, ErrSameApprover},
		{"any two, first", anyTwo, nil, 2, "finance", 1, nil},
		{"any two, second", anyTwo, signed(1), 2, "manager", 2, nil},
		{"complete", anyTwo, signed(1, 2), 3, "manager", 0, ErrComplete},
		{"ordered, manager first", ordered, nil, 2, "manager", 1, nil},
		{"ordered, finance before manager", ordered, nil, 2, "finance", 0, ErrNotYourTurn},
		{"ordered, finance after manager", ordered, signed(1), 2, "finance", 2, nil},
		{"ordered, second manager refused", ordered, signed(1), 2, "manager", 0, ErrWrongRole},
		{"parallel, finance first", parallel, nil, 2, "finance", 2, nil},
		{"parallel, manager after finance", parallel, signed(2), 2, "manager", 1, nil},
		{"parallel, second finance refused", parallel, signed(2), 3, "finance", 0, ErrWrongRole},
		{"one approver by default", Plan{}, nil, 2, "manager", 1, nil},
	}
	for _, tc := range tests {
		step, err := tc.plan.Admit(recorder, tc.done, tc.approver, tc.role)
		if !errors.Is(err, tc.want) || step != tc.step {
			t.Errorf("%s: step %d err %v, want %d %v", tc.name, step, err, tc.step, tc.want)
		}
	}
	if got := ordered.Awaiting(signed(1)); !slices.Equal(got, []string{"finance"}) {
		t.Errorf("ordered awaits %v", got)
	}
	if got := parallel.Awaiting(nil); !slices.Equal(got, []string{"manager", "finance"}) {
		t.Errorf("parallel awaits %v", got)
	}
	if got := ordered.Awaiting(nil); !slices.Equal(got, []string{"manager"}) {
		t.Errorf("ordered awaits %v first", got)
	}
}
