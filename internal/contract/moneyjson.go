package contract

import (
	"encoding/json"
	"fmt"

	"github.com/gpuquote/gpuquote/internal/money"
)

// UnmarshalJSON reads what MarshalJSON writes, {"amount": "141.60",
// "currency": "USD"}, exactly: an amount with more decimals than the
// currency has is refused, never rounded.
func (m *Money) UnmarshalJSON(b []byte) error {
	var v struct {
		Amount   string `json:"amount"`
		Currency string `json:"currency"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	if !money.Valid(v.Currency) {
		return fmt.Errorf("money: %q is not a currency", v.Currency)
	}
	digits := money.Digits(v.Currency)
	micros, err := parseFixed(v.Amount, digits, true)
	if err != nil {
		return fmt.Errorf("money: %w", err)
	}
	*m = Money{Minor: int64(micros) / (microsPerUnit / money.Scale(v.Currency)), Currency: v.Currency}
	return nil
}
