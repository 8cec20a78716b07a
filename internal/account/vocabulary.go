package account

import "github.com/gpuquote/gpuquote/internal/store"

// The records of accounts as the use cases return them: the HTTP layer
// names them here and imports no store (internal/archtest checks it).
type (
	User          = store.User
	APIToken      = store.APIToken
	StoredSession = store.Session
)

// SessionAbsolute is how long a browser session lasts at most, however
// active (its cookie lives as long).
const SessionAbsolute = store.SessionAbsolute
