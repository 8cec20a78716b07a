package contract

import (
	"errors"
	"fmt"

	"github.com/gpuquote/gpuquote/internal/money"
)

var chargeKinds = []ChargeKind{KindGPUHours, KindEgress, KindStorage, KindFee, KindUpfront, KindShortfall}

// Validate names the first field that cannot make a contract, with the
// API's field name, so the page and the API can show it next to the field.
func (c Contract) Validate() error {
	if err := c.Dates.Validate(); err != nil {
		return err
	}
	switch {
	case !money.Valid(c.Currency):
		return errors.New("currency: not an ISO 4217 currency code")
	case c.Zone == nil:
		return errors.New("zone: required")
	case c.Capacity.GPUs < 1 || c.Capacity.GPUsPerNode < 1 || c.Capacity.GPUs%c.Capacity.GPUsPerNode != 0:
		return errors.New("capacity: GPUs must be a whole number of nodes")
	case c.Upfront < 0:
		return errors.New("upfront: must be 0 or more")
	}
	if err := validateCharges(c.Charges); err != nil {
		return err
	}
	if c.Commitment != nil {
		if err := c.Commitment.Validate(); err != nil {
			return err
		}
	}
	if c.SLA != nil {
		return ValidateSLA(*c.SLA)
	}
	return nil
}

// validateCharges refuses a charge list a bill line could match twice.
func validateCharges(chs []Charge) error {
	for i, ch := range chs {
		switch {
		case ch.Name == "" || ch.Unit == "":
			return fmt.Errorf("charges[%d]: name and unit are required", i)
		case !contains(chargeKinds, ch.Kind):
			return fmt.Errorf("charges[%d].kind: %q is not a kind of charge", i, ch.Kind)
		case ch.Rate < 0:
			return fmt.Errorf("charges[%d].rate: must be 0 or more", i)
		}
		for _, other := range chs[:i] {
			if sameName(other.Name, ch.Name) && sameName(other.Unit, ch.Unit) {
				return fmt.Errorf("charges[%d]: %s per %s is named twice", i, ch.Name, ch.Unit)
			}
		}
	}
	return nil
}

func contains[T comparable](xs []T, x T) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
