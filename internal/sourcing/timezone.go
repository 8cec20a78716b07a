package sourcing

import (
	"strings"
	"time"
)

// commonZones are the IANA zones a buyer most likely means by a city or
// a country's name; the suggestion for an unknown zone comes from them.
var commonZones = []string{
	"UTC", "Europe/London", "Europe/Dublin", "Europe/Lisbon", "Europe/Paris", "Europe/Berlin", "Europe/Amsterdam",
	"Europe/Brussels", "Europe/Madrid", "Europe/Rome", "Europe/Zurich", "Europe/Vienna", "Europe/Stockholm",
	"Europe/Oslo", "Europe/Copenhagen", "Europe/Helsinki", "Europe/Warsaw", "Europe/Prague", "Europe/Athens",
	"Europe/Istanbul", "Europe/Kyiv", "Europe/Moscow", "Asia/Dubai", "Asia/Kolkata", "Asia/Singapore",
	"Asia/Ho_Chi_Minh", "Asia/Bangkok", "Asia/Jakarta", "Asia/Hong_Kong", "Asia/Shanghai", "Asia/Taipei",
	"Asia/Seoul", "Asia/Tokyo", "Australia/Sydney", "Australia/Melbourne", "Pacific/Auckland",
	"America/New_York", "America/Chicago", "America/Denver", "America/Los_Angeles", "America/Toronto",
	"America/Vancouver", "America/Mexico_City", "America/Sao_Paulo", "America/Buenos_Aires", "Africa/Johannesburg",
	"Africa/Cairo", "Africa/Lagos", "Asia/Almaty", "Asia/Yekaterinburg", "Asia/Novosibirsk", "Asia/Vladivostok",
}

// zoneAliases are names people write that are not a zone's city.
var zoneAliases = map[string]string{
	"saigon": "Asia/Ho_Chi_Minh", "hcmc": "Asia/Ho_Chi_Minh", "hanoi": "Asia/Ho_Chi_Minh", "beijing": "Asia/Shanghai",
	"kiev": "Europe/Kyiv", "bombay": "Asia/Kolkata", "mumbai": "Asia/Kolkata", "delhi": "Asia/Kolkata",
	"san_francisco": "America/Los_Angeles", "seattle": "America/Los_Angeles", "frankfurt": "Europe/Berlin",
	"munich": "Europe/Berlin", "st_petersburg": "Europe/Moscow", "gmt": "UTC", "z": "UTC",
}

// ZoneKnown says whether zone is an IANA time zone this server knows.
func ZoneKnown(zone string) bool {
	_, err := time.LoadLocation(strings.TrimSpace(zone))
	return err == nil
}

// SuggestZone names the IANA zone a buyer probably meant by an unknown
// one: "Berlin" → "Europe/Berlin", "europe/berlin" → "Europe/Berlin".
// "" when there is no good guess.
func SuggestZone(zone string) string {
	key := strings.ToLower(strings.Join(strings.Fields(strings.TrimSpace(zone)), "_"))
	if key == "" {
		return ""
	}
	if z, ok := zoneAliases[key]; ok {
		return z
	}
	for _, z := range commonZones {
		lz := strings.ToLower(z)
		if lz == key || strings.HasSuffix(lz, "/"+key) {
			return z
		}
	}
	return ""
}
