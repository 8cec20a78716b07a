package i18n

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

func TestEveryLanguageHasEveryKey(t *testing.T) {
	en, err := Keys("en")
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range Languages[1:] {
		keys, err := Keys(lang)
		if err != nil {
			t.Fatalf("%s: %v", lang, err)
		}
		for _, k := range en {
			if !slices.Contains(keys, k) {
				t.Errorf("%s lacks %s", lang, k)
			}
		}
		for _, k := range keys {
			if !slices.Contains(en, k) {
				t.Errorf("%s has %s, which English lacks", lang, k)
			}
		}
	}
}

func TestTemplateFieldsSurviveTranslation(t *testing.T) {
	field := regexp.MustCompile(`\{\{\.[A-Za-z]+\}\}`)
	for _, lang := range Languages[1:] {
		z, en := New(lang), New("en")
		keys, _ := Keys("en")
		for _, k := range keys {
			enText := en.T(k)
			for _, f := range field.FindAllString(rawMessage(t, "en", k), -1) {
				if !strings.Contains(rawMessage(t, lang, k), f) {
					t.Errorf("%s %s lacks %s", lang, k, f)
				}
			}
			if z.T(k) == k && enText != k {
				t.Errorf("%s %s does not resolve", lang, k)
			}
		}
	}
}

// rawCatalogs holds each language's catalog files, read once: reading them
// again for every key made TestTemplateFieldsSurviveTranslation take 9 s of
// CPU. Only that test, which does not run in parallel, uses it.
var rawCatalogs = map[string]string{}

func rawMessage(t *testing.T, lang, key string) string {
	t.Helper()
	if msg, ok := packageCatalogs()[lang][key]; ok {
		return msg
	}
	b, ok := rawCatalogs[lang]
	if !ok {
		names, err := catalogFiles(lang)
		if err != nil {
			t.Fatal(err)
		}
		var all []byte
		for _, name := range names {
			f, err := localeFiles.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			all = append(all, f...)
		}
		b = string(all)
		rawCatalogs[lang] = b
	}
	i := strings.Index(b, `"`+key+`"`)
	if i < 0 {
		return ""
	}
	rest := b[i:]
	end := strings.Index(rest, "\n")
	if end < 0 {
		end = len(rest)
	}
	return rest[:end]
}

// keyInCode matches message keys passed as the last literal argument of a
// call, e.g. t(ctx, "brief.title") or renderError(w, r, 404, "error.not_found").
var keyInCode = regexp.MustCompile(`[(,] ?"((?:app|nav|auth|role|common|error|form|password|flash|evaluations?|brief|admin|tokens|profile|audit|quote|worksheet|bench|decision|award|analysis|rfq|vendor|apiref|scoring|settings)\.[a-z0-9_.]*[a-z0-9_])"(?:\)|, map)`)

func TestEveryKeyUsedInCodeExists(t *testing.T) {
	en, _ := Keys("en")
	root := filepath.Join("..", "..")
	for _, dir := range []string{"web", "web/views", "web/form", "internal/auth", "internal/brief", "internal/rfq"} {
		files, _ := filepath.Glob(filepath.Join(root, dir, "*"))
		for _, f := range files {
			if !(strings.HasSuffix(f, ".go") || strings.HasSuffix(f, ".templ")) || strings.HasSuffix(f, "_templ.go") || strings.HasSuffix(f, "_test.go") {
				continue
			}
			b, _ := os.ReadFile(f)
			for _, m := range keyInCode.FindAllStringSubmatch(string(b), -1) {
				key := m[1]
				if strings.HasSuffix(key, ".css") || strings.HasSuffix(key, ".js") || slices.Contains(en, key) || isPrefixOfKeys(en, key) {
					continue
				}
				t.Errorf("%s uses %q, which the catalog lacks", f, key)
			}
		}
	}
}

// isPrefixOfKeys accepts dynamic keys built from a literal stem.
func isPrefixOfKeys(keys []string, stem string) bool {
	for _, k := range keys {
		if strings.HasPrefix(k, stem+".") {
			return true
		}
	}
	return false
}

// TestTemplatesHaveNoBareText fails when a .templ file shows words that do
// not come from the catalog: text between tags outside { } expressions.
func TestTemplatesHaveNoBareText(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "web", "views", "*.templ"))
	if len(files) == 0 {
		t.Fatal("no templates found")
	}
	letters := regexp.MustCompile(`\p{L}{2,}`)
	for _, f := range files {
		b, _ := os.ReadFile(f)
		for _, bt := range bareText(string(b)) {
			if letters.MatchString(bt.text) {
				t.Errorf("%s:%d: bare text %q: use the message catalog", f, bt.line, bt.text)
			}
		}
	}
}

func TestBareTextFinder(t *testing.T) {
	src := "package views\n\ntype X struct {\n\tName string\n}\n\ntempl A(m X) {\n\tif m.Name != \"\" {\n\t\t<p class=\"x\"\n\t\t\tid=\"y\">{ t(ctx, \"k\") } Hello</p>\n\t}\n}\n"
	got := bareText(src)
	if len(got) != 1 || got[0].text != "Hello" || got[0].line != 10 {
		t.Errorf("got %+v", got)
	}
}

type textAt struct {
	line int
	text string
}

// bareText returns the text of templ component bodies that lies outside
// tags and { } expressions. Go statement lines (if, for, switch, case) and
// Go code outside components carry no text.
func bareText(src string) []textAt {
	var out []textAt
	inComponent, inTag := false, false
	for i, line := range strings.Split(src, "\n") {
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(line, "templ ") {
			inComponent = true
			continue
		}
		if line == "}" {
			inComponent = false
			continue
		}
		if !inComponent {
			continue
		}
		if !inTag {
			skip := trimmed == "}" || trimmed == ""
			for _, p := range []string{"if ", "} else", "for ", "switch ", "case ", "default:", "//", "@", "{ children"} {
				skip = skip || strings.HasPrefix(trimmed, p)
			}
			if skip {
				continue
			}
		}
		depth := 0
		var cur strings.Builder
		flush := func() {
			if s := strings.TrimSpace(cur.String()); s != "" {
				out = append(out, textAt{i + 1, s})
			}
			cur.Reset()
		}
		inString := false
		for _, r := range line {
			switch {
			case inTag && depth == 0 && r == '"':
				inString = !inString
			case inString:
			case r == '{':
				depth++
			case r == '}':
				depth--
			case depth > 0:
			case r == '<':
				flush()
				inTag = true
			case r == '>' && inTag:
				inTag = false
			case !inTag:
				cur.WriteRune(r)
			}
		}
		flush()
	}
	return out
}
