package benchlog

import (
	"encoding/json"
	"strings"
)

// Note is one of a parser's observations about a log (validation disabled,
// no footer, an abridged device list). Key names the observation for
// translation and Args fill its placeholders; Text is the same in English,
// for the API and for logs. Arg values are plain: numbers as the log or
// strconv prints them, words and log text as read.
type Note struct {
	Key  string            `json:"key"`
	Args map[string]string `json:"args,omitempty"`
	Text string            `json:"text"`
}

// String is the English text, so a note prints as it did when notes were
// plain strings.
func (n Note) String() string { return n.Text }

// UnmarshalJSON also reads the plain English strings that uploads stored
// before notes had keys; such a note has no key and is shown as written.
func (n *Note) UnmarshalJSON(b []byte) error {
	var text string
	if len(b) > 0 && b[0] == '"' {
		if err := json.Unmarshal(b, &text); err != nil {
			return err
		}
		*n = Note{Text: text}
		return nil
	}
	type plain Note // without this method
	return json.Unmarshal(b, (*plain)(n))
}

// The keys of the notes the parsers write; the catalog (locales
// evidence.*.json) has a text for each under the same key.
const (
	NoteConcludedOther    = "bench.parser_note.concluded_other"
	NoteUnreadableOOB     = "bench.parser_note.unreadable_oob"
	NoteUnreadableAvg     = "bench.parser_note.unreadable_avg"
	NoteNCCLWarn          = "bench.parser_note.nccl_warn"
	NoteNCCLLastError     = "bench.parser_note.nccl_last_error"
	NoteReducedMaxBytes   = "bench.parser_note.reduced_max_bytes"
	NoteHostsFromInfo     = "bench.parser_note.hosts_from_info"
	NoteDeviceModels      = "bench.parser_note.device_models"
	NoteNoFooter          = "bench.parser_note.no_footer"
	NoteValidationOff     = "bench.parser_note.validation_disabled"
	NoteLegacyError       = "bench.parser_note.legacy_error"
	NoteBelowMinBW        = "bench.parser_note.below_min_bw"
	NoteDevicesAbridged   = "bench.parser_note.devices_abridged"
	NoteInferredAllReduce = "bench.parser_note.inferred_all_reduce"
	NoteRowsTrimmed       = "bench.parser_note.rows_trimmed"
	NoteFioGroupsOnly     = "bench.parser_note.fio_groups_only"
	NoteGPUModels         = "bench.parser_note.gpu_models"
	NoteCSVNoHeader       = "bench.parser_note.csv_no_header"
	NoteAttachedGPUs      = "bench.parser_note.attached_gpus"
	NoteTopoAffinity      = "bench.parser_note.topo_affinity"
	NoteNoColumnHeader    = "bench.parser_note.no_column_header"
	NoteTopoNICRows       = "bench.parser_note.topo_nic_rows"
	// NoteToolError quotes a tool's own error line (ibstat's ibpanic).
	NoteToolError = "bench.parser_note.tool_error"
	// NoteSkippedLine is a line inside a result table that is no row.
	NoteSkippedLine = "bench.parser_note.skipped_line"
	// NoteFooterLine names the one footer line a run lacks.
	NoteFooterLine = "bench.parser_note.footer_line_missing"
)

// NoteKeys lists every key a parser may write (for the catalog's test).
func NoteKeys() []string {
	return []string{NoteConcludedOther, NoteUnreadableOOB, NoteUnreadableAvg, NoteNCCLWarn, NoteNCCLLastError,
		NoteReducedMaxBytes, NoteHostsFromInfo, NoteDeviceModels, NoteNoFooter, NoteValidationOff, NoteLegacyError,
		NoteBelowMinBW, NoteDevicesAbridged, NoteInferredAllReduce, NoteRowsTrimmed, NoteFioGroupsOnly, NoteGPUModels,
		NoteCSVNoHeader, NoteAttachedGPUs, NoteTopoAffinity, NoteNoColumnHeader, NoteTopoNICRows, NoteToolError, NoteSkippedLine, NoteFooterLine}
}

// newNote builds a note from its key, English text and name/value pairs.
// Values are copied: they may be slices of the upload.
func newNote(key, text string, args ...string) Note {
	n := Note{Key: key, Text: text}
	if len(args) > 0 {
		n.Args = make(map[string]string, len(args)/2)
		for i := 0; i+1 < len(args); i += 2 {
			n.Args[args[i]] = strings.Clone(args[i+1])
		}
	}
	return n
}

// hasNote reports a note with the key among notes.
func hasNote(notes []Note, key string) bool {
	for _, n := range notes {
		if n.Key == key {
			return true
		}
	}
	return false
}
