// Package i18n is gpuquote's message catalog and locale formatting. Every
// piece of UI text comes from locales/<lang>.json through a Localizer.
//
// It uses github.com/nicksnyder/go-i18n: it reads plain JSON catalogs that a
// translator can edit, and applies CLDR plural rules (Russian one/few/many,
// Vietnamese and Chinese other) from golang.org/x/text's data.
package i18n

import (
	"context"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"sync"
	"sync/atomic"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

//go:embed locales/*.json
var localeFiles embed.FS

// Languages are the supported interface languages, English first (the
// fallback).
var Languages = []string{"en", "ru", "zh", "vi"}

// LanguageNames are each language's name in itself, for the switcher.
var LanguageNames = map[string]string{"en": "English", "ru": "Русский", "zh": "中文", "vi": "Tiếng Việt"}

var tags = []language.Tag{language.English, language.Russian, language.Chinese, language.Vietnamese}

var matcher = language.NewMatcher(tags)

var bundle = sync.OnceValue(func() *goi18n.Bundle {
	b := goi18n.NewBundle(language.English)
	b.RegisterUnmarshalFunc("json", json.Unmarshal)
	entries, err := fs.ReadDir(localeFiles, "locales")
	if err != nil {
		panic(err) // embedded at build time: cannot fail at run time
	}
	for _, e := range entries {
		if _, err := b.LoadMessageFileFS(localeFiles, path.Join("locales", e.Name())); err != nil {
			panic(fmt.Sprintf("i18n: %s: %v", e.Name(), err))
		}
	}
	// The red-flag rules keep their texts beside them, so a rule and its
	// message change together; they join the bundle here.
	for lang, msgs := range packageCatalogs() {
		tag := language.Make(lang)
		for id, text := range msgs {
			if err := b.AddMessages(tag, &goi18n.Message{ID: id, Other: text}); err != nil {
				panic(fmt.Sprintf("i18n: %s %s: %v", lang, id, err))
			}
		}
	}
	return b
})

// Supported reports whether lang is one of Languages.
func Supported(lang string) bool {
	for _, l := range Languages {
		if l == lang {
			return true
		}
	}
	return false
}

// Match picks the language: the user's own setting when it is supported,
// else the best of the browser's Accept-Language, else English.
func Match(preferred, acceptLanguage string) string {
	if Supported(preferred) {
		return preferred
	}
	wanted, _, err := language.ParseAcceptLanguage(acceptLanguage)
	if err != nil || len(wanted) == 0 {
		return "en"
	}
	_, i, conf := matcher.Match(wanted...)
	if conf == language.No {
		return "en"
	}
	return Languages[i]
}

// Localizer translates and formats for one language.
type Localizer struct {
	Lang string
	l    *goi18n.Localizer
	fmt  numberFormat
}

// New returns a Localizer for lang (English when unsupported).
func New(lang string) *Localizer {
	if !Supported(lang) {
		lang = "en"
	}
	return &Localizer{Lang: lang, l: goi18n.NewLocalizer(bundle(), lang), fmt: formats[lang]}
}

// T returns the message key, filled from data (a map or struct for the
// message's {{.Name}} fields). A missing key returns the key itself, so a
// gap shows on the page instead of an empty string; a test keeps the
// catalogs complete.
func (z *Localizer) T(key string, data ...any) string {
	if len(data) == 0 {
		if s, ok := plainTexts.Load(plainKey{z.Lang, key}); ok {
			return s.(string)
		}
	}
	var dk dataKey
	memo := false
	if len(data) == 1 {
		if dk, memo = smallData(z.Lang, key, data[0]); memo {
			if s, ok := dataTexts.Load(dk); ok {
				return s.(string)
			}
		}
	}
	cfg := &goi18n.LocalizeConfig{MessageID: key}
	if len(data) > 0 {
		cfg.TemplateData = data[0]
	}
	s, err := z.l.Localize(cfg)
	if err != nil {
		return key // not remembered: keys built from input stay unbounded
	}
	s = KeepCodesWithAmounts(s) // remembered below, so a plain text pays once
	switch {
	case len(data) == 0:
		plainTexts.Store(plainKey{z.Lang, key}, s)
	case memo && dataTextCount.Load() < maxDataTexts:
		if _, loaded := dataTexts.LoadOrStore(dk, s); !loaded {
			dataTextCount.Add(1)
		}
	}
	return s
}

// dataTexts remembers T's answer for a message filled with a few small
// values ("{{.Passed}} of {{.Total}} tests", "valid until {{.Date}}"),
// which a list asks for on every row: each is a template execution. The
// values are small integers or short texts; a text may come from input,
// so the memo stops growing at maxDataTexts entries (a few MB at most).
var (
	dataTexts     sync.Map // dataKey → string
	dataTextCount atomic.Int64
)

const (
	maxDataTexts   = 1 << 16
	maxMemoTextLen = 32
)

type dataKey struct {
	lang, key string
	names     [3]string // sorted; "" past the last
	ints      [3]int
	texts     [3]string
}

// smallData is the memo key for data holding at most three values, each
// an integer in [0, maxMemoCount) or a text of at most maxMemoTextLen
// bytes, or false.
func smallData(lang, key string, data any) (dataKey, bool) {
	m, ok := data.(map[string]any)
	if !ok || len(m) == 0 || len(m) > 3 {
		return dataKey{}, false
	}
	k := dataKey{lang: lang, key: key}
	n := 0
	for name, v := range m {
		x, t := -1, "" // -1 tells a text from the integer 0
		switch v := v.(type) {
		case int:
			x = v
		case int64:
			x = int(min(max(v, -1), maxMemoCount))
		case string:
			t = v
		default:
			return dataKey{}, false
		}
		if _, text := v.(string); (text && len(t) > maxMemoTextLen) || (!text && (x < 0 || x >= maxMemoCount)) {
			return dataKey{}, false
		}
		// Insert in name order: map iteration order is random.
		i := n
		for i > 0 && k.names[i-1] > name {
			k.names[i], k.ints[i], k.texts[i] = k.names[i-1], k.ints[i-1], k.texts[i-1]
			i--
		}
		k.names[i], k.ints[i], k.texts[i] = name, x, t
		n++
	}
	return k, true
}

// plainTexts remembers T's answer for a key without data, per language:
// the catalog never changes once loaded, and go-i18n matches the language
// and executes the message's template on every call, which was a quarter
// of a worksheet page's own (non-analysis) time.
var plainTexts sync.Map // plainKey → string

type plainKey struct{ lang, key string }

// N returns the plural form of key for count; {{.Count}} in the message is
// the count, formatted for the locale.
func (z *Localizer) N(key string, count int, data ...map[string]any) string {
	memo := len(data) == 0 && count >= 0 && count < maxMemoCount
	if memo {
		if s, ok := countTexts.Load(countKey{z.Lang, key, count}); ok {
			return s.(string)
		}
	}
	td := map[string]any{"Count": z.Int(int64(count))}
	if len(data) > 0 {
		for k, v := range data[0] {
			td[k] = v
		}
	}
	s, err := z.l.Localize(&goi18n.LocalizeConfig{MessageID: key, PluralCount: count, TemplateData: td})
	if err != nil {
		return key // not remembered, as in T
	}
	if memo {
		countTexts.Store(countKey{z.Lang, key, count}, s)
	}
	return s
}

// countTexts remembers N's answer for a catalog key and a count, as
// plainTexts does T's: a list of 300 quotes asked for the same few counts
// on every row, each a template execution. Counts are bounded so that the
// memo is too: keys are the catalog's, counts below maxMemoCount.
var countTexts sync.Map // countKey → string

type countKey struct {
	lang, key string
	count     int
}

const maxMemoCount = 1024

type ctxKey struct{}

// WithLocalizer returns ctx carrying z, for templates.
func WithLocalizer(ctx context.Context, z *Localizer) context.Context {
	return context.WithValue(ctx, ctxKey{}, z)
}

// From returns the request's Localizer, English if none was set.
func From(ctx context.Context) *Localizer {
	if z, ok := ctx.Value(ctxKey{}).(*Localizer); ok {
		return z
	}
	return New("en")
}

// T translates key with the context's Localizer: the form templates use.
func T(ctx context.Context, key string, data ...any) string { return From(ctx).T(key, data...) }

// N is the plural form of key for count with the context's Localizer.
func N(ctx context.Context, key string, count int) string { return From(ctx).N(key, count) }

// catalogLoaders are the catalogs domain packages keep beside their code,
// added with AddCatalogs; sealed once the messages were first read.
var (
	catalogMu      sync.Mutex
	catalogLoaders []func() (map[string]map[string]string, error)
	catalogSealed  bool
)

// AddCatalogs joins message catalogs that domain packages keep beside
// their code (by language, then key; internal/i18n/catalogs lists them),
// so a rule and its message change together while i18n imports no domain
// package. Call it from an init: once a message was translated the
// catalog is built, and adding to it then panics.
func AddCatalogs(loads ...func() (map[string]map[string]string, error)) {
	catalogMu.Lock()
	defer catalogMu.Unlock()
	if catalogSealed {
		panic("i18n: AddCatalogs after the messages were read")
	}
	catalogLoaders = append(catalogLoaders, loads...)
}

// packageCatalogs are the added catalogs merged by language.
var packageCatalogs = sync.OnceValue(func() map[string]map[string]string {
	catalogMu.Lock()
	catalogSealed = true
	loads := catalogLoaders
	catalogMu.Unlock()
	out := map[string]map[string]string{}
	for _, load := range loads {
		c, err := load()
		if err != nil {
			panic(fmt.Sprintf("i18n: package catalog: %v", err)) // embedded: cannot fail at run time
		}
		for lang, msgs := range c {
			if out[lang] == nil {
				out[lang] = map[string]string{}
			}
			for k, v := range msgs {
				out[lang][k] = v
			}
		}
	}
	return out
})

// Keys lists the message ids of lang's catalog, for completeness tests.
func Keys(lang string) ([]string, error) {
	files, err := catalogFiles(lang)
	if err != nil {
		return nil, err
	}
	var keys []string
	for _, name := range files {
		b, err := fs.ReadFile(localeFiles, name)
		if err != nil {
			return nil, err
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(b, &m); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		for k := range m {
			keys = append(keys, k)
		}
	}
	for k := range packageCatalogs()[lang] {
		keys = append(keys, k)
	}
	return keys, nil
}

// catalogFiles names lang's catalog files: locales/<lang>.json and any
// locales/<area>.<lang>.json, so one area's texts can live in a file of
// their own (go-i18n reads the language from the name's last part).
func catalogFiles(lang string) ([]string, error) {
	entries, err := fs.ReadDir(localeFiles, "locales")
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		n := e.Name()
		if n == lang+".json" || strings.HasSuffix(n, "."+lang+".json") {
			names = append(names, path.Join("locales", n))
		}
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("i18n: no catalog for %q", lang)
	}
	return names, nil
}
