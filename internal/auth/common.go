package auth

import (
	_ "embed"
	"strings"
	"sync"
)

// commonPasswords is an offline list of frequently used passwords (ASVS
// 6.2.4), lower-cased, one per line.
//
//go:embed common-passwords.txt
var commonPasswords string

var commonSet = sync.OnceValue(func() map[string]bool {
	set := map[string]bool{"gpuquote": true}
	for _, line := range strings.Split(commonPasswords, "\n") {
		if line = strings.TrimSpace(line); line != "" {
			set[line] = true
		}
	}
	return set
})

// isCommon reports whether the password, folded to lower case and with a
// trailing run of digits and punctuation removed, is on the list: so
// "Password1!" counts as "password".
func isCommon(password string) bool {
	p := strings.ToLower(password)
	if commonSet()[p] {
		return true
	}
	stem := strings.TrimRight(p, "0123456789!@#$%^&*.?_- ")
	return stem != p && commonSet()[stem]
}
