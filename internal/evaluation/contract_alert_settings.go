package evaluation

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/contract"
	"github.com/gpuquote/gpuquote/internal/store"
)

// AlertSettings are the admin's contract alert settings: the offsets
// before each cancel-by and end date (each armed from the day it was
// added), and the roles whose users receive the alerts besides the
// contract's owner.
type AlertSettings struct {
	Offsets []contract.Offset `json:"offsets"`
	Roles   []auth.Role       `json:"roles"`
}

// Days are the offsets' day counts, farthest first.
func (a AlertSettings) Days() []int {
	out := make([]int, len(a.Offsets))
	for i, o := range a.Offsets {
		out[i] = o.Days
	}
	return out
}

// Names reports whether role r receives the alerts.
func (a AlertSettings) Names(r auth.Role) bool { return slices.Contains(a.Roles, r) }

// defaultAlertSettings are the settings until an admin saves others: the
// default offsets, armed since the start, to the owner only.
func defaultAlertSettings() AlertSettings {
	return AlertSettings{Offsets: contract.Armed(contract.DefaultOffsets), Roles: []auth.Role{}}
}

// AlertSettings reads the contract alert settings in force.
func (s *Service) AlertSettings(ctx context.Context) (AlertSettings, error) {
	raw, err := s.store.Setting(ctx, store.SettingContractAlerts)
	if err != nil {
		return AlertSettings{}, err
	}
	return parseAlertSettings(raw)
}

func parseAlertSettings(raw string) (AlertSettings, error) {
	if raw == "" {
		return defaultAlertSettings(), nil
	}
	var a AlertSettings
	if err := json.Unmarshal([]byte(raw), &a); err != nil {
		return AlertSettings{}, fmt.Errorf("evaluation: setting %s: %w", store.SettingContractAlerts, err)
	}
	if a.Roles == nil {
		a.Roles = []auth.Role{}
	}
	return a, nil
}

// OffsetErrorKey is the message key for a refused offset list, for the
// message next to the field.
func OffsetErrorKey(err error) string {
	var oe *contract.OffsetError
	if errors.As(err, &oe) {
		return "alerts.error.offsets_" + oe.Code
	}
	return "alerts.error.offsets_number"
}

// SaveAlertSettings sets the offsets (1 to 10 day counts, each 1 to 3650,
// none twice) and the roles named, audited as a setting. An offset kept
// keeps the day it was armed from; one added is armed from today, so no
// reminder whose day has passed goes out late, and no alert already sent
// goes out again (the outbox key stays contract, offset, date). Refusals
// are FieldErrors on "offsets" and "roles".
func (s *Service) SaveAlertSettings(ctx context.Context, by audit.Actor, offsets []int, roles []string) (AlertSettings, error) {
	fe := FieldErrors{}
	if err := contract.ValidateOffsets(offsets); err != nil {
		fe["offsets"] = OffsetErrorKey(err)
	}
	named := []auth.Role{}
	for _, r := range roles {
		role := auth.Role(r)
		if !role.Valid() {
			fe["roles"] = "alerts.error.role"
			continue
		}
		if !slices.Contains(named, role) {
			named = append(named, role)
		}
	}
	if len(fe) > 0 {
		return AlertSettings{}, fe
	}
	old, err := s.AlertSettings(ctx)
	if err != nil {
		return AlertSettings{}, err
	}
	slices.SortFunc(named, func(a, b auth.Role) int { return slices.Index(auth.Roles, a) - slices.Index(auth.Roles, b) })
	a := AlertSettings{Offsets: contract.Rearm(old.Offsets, offsets, contract.Today(s.Now(), time.UTC)), Roles: named}
	raw, err := json.Marshal(a)
	if err != nil {
		return AlertSettings{}, err
	}
	return a, s.store.SetSetting(ctx, by, store.SettingContractAlerts, string(raw))
}
