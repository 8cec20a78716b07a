package quote

import "strings"

// FormCells reads a quote form's terms into the CSV's cells. Each term's
// state is explicit (get("state_"+column): "stated", "refused", or
// anything else for not stated) beside its value (get("v_"+column)); a
// value with "not stated" or "stated" with no value is an error at the
// field, never a silent guess. parseDecimal reads a number as the reader
// writes it. raw is the input as given (state, value) by column; errKeys
// are the message keys of the refused fields.
func FormCells(get func(string) string, parseDecimal func(string) (string, error)) (cells map[string]string, raw map[string][2]string, errKeys map[string]string) {
	cells, raw, errKeys = map[string]string{}, map[string][2]string{}, map[string]string{}
	for _, c := range Columns() {
		state := get("state_" + c.Name)
		value := strings.TrimSpace(get("v_" + c.Name))
		if state == "" {
			state = "not_stated"
		}
		raw[c.Name] = [2]string{state, value}
		switch state {
		case "refused":
			cells[c.Name] = "refused"
		case "stated":
			if value == "" {
				errKeys[c.Name] = "quote.error.value_missing"
				continue
			}
			if c.Kind == KindDecimal || c.Kind == KindInt {
				v, err := parseDecimal(value)
				if err != nil {
					errKeys[c.Name] = "form.error.ambiguous_number"
					continue
				}
				value = v
			}
			cells[c.Name] = value
		default:
			if value != "" {
				errKeys[c.Name] = "quote.error.state_value"
			}
		}
	}
	return cells, raw, errKeys
}
