// Package static embeds the CSS, JavaScript and images the pages use.
package static

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"sync"
)

// FS holds the assets.
//
//go:embed *.css *.js *.svg
var FS embed.FS

var versions = sync.OnceValue(func() map[string]string {
	v := map[string]string{}
	_ = fs.WalkDir(FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := FS.ReadFile(p)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(b)
		v[p] = hex.EncodeToString(sum[:])[:10]
		return nil
	})
	return v
})

// Path returns the URL of asset name with its content hash as version, so
// the browser may cache it for a year and still sees every change.
func Path(name string) string { return "/static/" + name + "?v=" + versions()[name] }

// Version returns the content hash of asset name ("" if unknown).
func Version(name string) string { return versions()[name] }
