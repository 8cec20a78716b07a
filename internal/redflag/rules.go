package redflag

import (
	"slices"
	"sync"
)

// allRules is the rule table in display order. It is built once: the
// rules are pure functions, so every evaluation can share them.
var allRules = sync.OnceValue(func() []Rule {
	return slices.Concat(
		topologyRules(),
		fabricRules(),
		storageRules(),
		commercialRules(),
		accessRules(),
		securityRules(),
		briefRules(),
		contractRules(),
		regionalRules(),
	)
})
