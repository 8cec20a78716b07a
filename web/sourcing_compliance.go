package web

import (
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/gpuquote/gpuquote/internal/sourcing"
	"github.com/gpuquote/gpuquote/web/views"
)

// attestationsFromForm reads the vendor's compliance form.
func attestationsFromForm(f url.Values, reqs []sourcing.Requirement) ([]sourcing.Attestation, error) {
	var out []sourcing.Attestation
	for _, r := range reqs {
		k := string(r.Kind)
		a := sourcing.Attestation{Kind: r.Kind, State: sourcing.State(f.Get("state_" + k)), Issuer: f.Get("issuer_" + k),
			Scope: f.Get("scope_" + k), Fabric: f.Get("fabric_"+k) == "yes", BridgeLetter: f.Get("bridge_"+k) == "yes"}
		var err error
		if a.From, err = optDate(f.Get("from_" + k)); err != nil {
			return nil, err
		}
		if a.To, err = optDate(f.Get("to_" + k)); err != nil {
			return nil, err
		}
		if d := strings.TrimSpace(f.Get("document_" + k)); d != "" {
			if a.DocumentID, err = strconv.ParseInt(d, 10, 64); err != nil {
				return nil, sourcing.ErrCompliance
			}
		}
		out = append(out, a)
	}
	return out, nil
}

func optDate(s string) (*time.Time, error) {
	if s = strings.TrimSpace(s); s == "" {
		return nil, nil
	}
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return nil, sourcing.ErrCompliance
	}
	return &t, nil
}

func (s *Server) vendorAttestationsForm(w http.ResponseWriter, r *http.Request) error {
	if err := parseForm(w, r); err != nil {
		return err
	}
	sess := vendorFrom(r.Context())
	as, err := attestationsFromForm(r.PostForm, sess.RFQ.Compliance.Requirements)
	if err == nil {
		_, err = s.eval.SaveAttestations(r.Context(), sess.Invitation, sess.RFQ, as)
	}
	var fe fieldErrors
	switch {
	case errors.Is(err, sourcing.ErrCompliance):
		return s.renderVendorPage(w, r, http.StatusUnprocessableEntity, fieldErrors{"attestations": "sourcing.error.attestation"})
	case errors.As(err, &fe):
		return s.renderVendorPage(w, r, http.StatusUnprocessableEntity, fe)
	case err != nil:
		return err
	}
	return redirect(w, r, "/v/rfq", "flash.sourcing_attestations_saved")
}

func (s *Server) apiVendorAttestations(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Attestations []sourcing.Attestation `json:"attestations"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	sess := vendorFrom(r.Context())
	own, err := s.eval.SaveAttestations(r.Context(), sess.Invitation, sess.RFQ, in.Attestations)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"attestations": views.AttestationList(own)})
	return nil
}
