package web

import (
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/web/views"
)

// uploadFlash words the message after an upload from the upload's own
// verdict, so a contradicting log is never greeted as a success: "Uploaded
// — fails: …" with the failing findings, marked as the verdict's badge is.
// An id not among uploads keeps the plain message.
func uploadFlash(z *i18n.Localizer, uploads []views.BenchUpload, id, plain string) (text, tone string) {
	want, err := strconv.ParseInt(id, 10, 64)
	if err != nil {
		return plain, ""
	}
	for _, u := range uploads {
		if u.ID != want {
			continue
		}
		var findings []string
		for _, c := range u.Checks {
			if c.Status == u.Status {
				findings = append(findings, c.Text)
			}
		}
		switch {
		case (u.Status == "fail" || u.Status == "low") && len(findings) > 0:
			return z.T("flash.upload_verdict."+u.Status, map[string]any{"Findings": strings.Join(findings, "; ")}), u.CSS
		case u.ParseError != "":
			return plain, "warn"
		}
		return z.T("flash.upload_verdict.other", map[string]any{"Status": u.StatusText}), u.CSS
	}
	return plain, ""
}
