package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/gpuquote/gpuquote/internal/approval"
	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/web"
)

// axeViolation is one rule axe-core found broken on a page.
type axeViolation struct {
	ID     string `json:"id"`
	Impact string `json:"impact"`
	Nodes  int    `json:"nodes"`
	Target string `json:"target"`
	Help   string `json:"help"`
}

// runAxe runs every default rule of axe-core on the page the tab shows:
// for a test that checks a few pages of its own, outside the walk.
func runAxe(t *testing.T, ctx context.Context, script string) []axeViolation {
	t.Helper()
	out, err := chromedp.Run(ctx, chromedp.Evaluate[string](script+`;
		axe.run(document, {resultTypes: ["violations"]}).then(r => JSON.stringify(r.violations.map(v => ({
			id: v.id, impact: v.impact || "", nodes: v.nodes.length, help: v.help,
			target: v.nodes.slice(0, 3).map(n => n.target.join(" ")).join(" | ")}))))`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("axe: %v", err)
	}
	var vs []axeViolation
	if err := json.Unmarshal([]byte(out), &vs); err != nil {
		t.Fatalf("axe's answer %q: %v", out, err)
	}
	return vs
}

// axeScript is axe-core, vendored by .ci/vendor-axe (pinned, checksummed):
// the walk needs no network.
func axeScript(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("testdata/axe/axe.min.js")
	if err != nil {
		t.Fatalf("axe-core is not vendored (run .ci/vendor-axe): %v", err)
	}
	return string(b)
}

// axeTextRules are the axe-core rules whose outcome a page's structure
// does not settle, run on every page in every role and language even
// where the structure was checked already (see axePrintsJS):
//
//   - the language rules read the lang attributes' values, which the
//     fingerprint leaves out so the four languages share a structure;
//   - the name rules read the words of names, titles, labels and
//     headings (the fingerprint keeps only whether a text is empty), and
//     image-redundant-alt, identical-links-same-purpose and
//     table-duplicate-name compare words with words;
//   - target-size and scrollable-region-focusable measure boxes whose
//     size follows the length of their words: a Chinese label is
//     narrower, a Russian one may overflow its box (target-size is off by
//     default in axe-core 4.14, and stays off here as in a plain run);
//   - the whole-page rules (landmarks, the skip link, the one h1,
//     heading order, the page's ids) relate one part of the page to
//     another, so they cannot be checked part by part.
//
// Every other rule (colour contrast, ARIA roles and attributes, lists,
// tables, forms' structure) depends only on elements, their attributes
// and classes, and whether they hold text: the fingerprint.
var axeTextRules = []string{
	// language
	"html-has-lang", "html-lang-valid", "html-xml-lang-mismatch", "valid-lang",
	// names and words
	"document-title", "button-name", "input-button-name", "link-name", "label", "select-name",
	"image-alt", "input-image-alt", "role-img-alt", "svg-img-alt", "area-alt", "object-alt", "frame-title",
	"summary-name", "empty-heading", "empty-table-header", "aria-command-name", "aria-input-field-name",
	"aria-toggle-field-name", "aria-meter-name", "aria-progressbar-name", "aria-tooltip-name",
	"aria-dialog-name", "aria-treeitem-name", "image-redundant-alt", "identical-links-same-purpose",
	"table-duplicate-name",
	// boxes sized by their words
	"target-size", "scrollable-region-focusable",
	// the whole page
	"bypass", "skip-link", "region", "landmark-one-main", "landmark-unique", "landmark-no-duplicate-banner",
	"landmark-no-duplicate-contentinfo", "landmark-no-duplicate-main", "page-has-heading-one", "heading-order",
	"duplicate-id-aria", "aria-hidden-body", "meta-viewport", "meta-refresh",
}

// axePrintsJS is a function of a document (the page as the server sent
// it, parsed, not laid out) and the signed-in user's name. It splits the
// page into parts (each child of body but main, and each child of main)
// and returns two fingerprints of each, and one of the whole page:
//
//   - "shape" is the part's ancestors' tags and classes, then every
//     element with its attributes, its words replaced by whether it has
//     any (a "T" on an element with text of its own, "+" for a worded
//     attribute with a value: names, titles, data-label), numbers in
//     addresses and coordinates by "#", lang values by "L", and which
//     option is selected left out. Two parts of one shape differ only in
//     words, numbers and language: every rule but axeTextRules gives
//     them the same answer.
//   - "exact" is the part as it is, words and all, but for the user's
//     name and the hidden inputs' values (the form's token): two parts
//     alike in this one give every rule the same answer.
//   - the page's outline is its parts' shapes in order, its language
//     and its title: what the rules on the whole page read. A page whose
//     outline was seen, each of its parts seen word for word, gives every
//     rule the answers it gave before: it is not loaded again.
const axePrintsJS = `((doc, who) => {
	const words = new Set(["aria-label", "aria-description", "aria-roledescription", "aria-placeholder",
		"aria-valuetext", "title", "alt", "placeholder", "value", "content", "label", "summary", "datetime"]);
	const colours = new Set(["fill", "stroke", "color", "bgcolor", "stop-color"]);
	const attr = (n, v) => {
		if (n === "lang" || n === "xml:lang") return "L";
		// data-label (a table cell's heading on a phone), data-confirm...
		// are words; data-testid and data-status name a kind.
		if (words.has(n) || (n.startsWith("data-") && n !== "data-testid" && n !== "data-status")) return v.trim() ? "+" : "";
		if (colours.has(n)) return v;
		if (n === "style") return v.replace(/-?[0-9.]+(%|px|em|rem|ch|vw|vh|fr)/g, "#$1");
		return v.replace(/[0-9]+/g, "#");
	};
	const shape = (n, out) => {
		const as = [...n.attributes].filter(a => !(a.name === "selected" && n.tagName === "OPTION"))
			.map(a => a.name + "=" + attr(a.name, a.value)).sort();
		const text = [...n.childNodes].some(c => c.nodeType === 3 && c.data.trim());
		out.push("<" + n.tagName + (text ? " T " : " ") + as.join(" "));
		if (n.tagName !== "SCRIPT" && n.tagName !== "STYLE") for (const c of n.children) shape(c, out);
		out.push(">");
	};
	const hash = s => { // cyrb53
		let h1 = 0xdeadbeef, h2 = 0x41c6ce57;
		for (let i = 0; i < s.length; i++) { const c = s.charCodeAt(i); h1 = Math.imul(h1 ^ c, 2654435761); h2 = Math.imul(h2 ^ c, 1597334677); }
		h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
		h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
		return (h2 >>> 0).toString(16) + (h1 >>> 0).toString(16) + ":" + s.length;
	};
	const main = doc.querySelector("body > main");
	const parts = [...doc.body.children].filter(e => e !== main && e.tagName !== "SCRIPT").concat(main ? [...main.children] : []);
	const out = parts.map(e => {
		const around = [];
		for (let a = e.parentElement; a; a = a.parentElement) around.push(a.tagName + "." + a.className + "[" + (a.getAttribute("role") || "") + "]");
		const s = around.slice();
		shape(e, s);
		const c = e.cloneNode(true);
		c.querySelectorAll("input[type=hidden]").forEach(i => i.removeAttribute("value"));
		return {tag: e.tagName, shape: hash(s.join("|")), exact: hash(around.join("|") + c.outerHTML.split(who).join("USER"))};
	});
	const page = hash(doc.documentElement.lang + "|" + doc.title + "|" + out.map(p => p.shape).join("|"));
	return JSON.stringify({page, parts: out});
})`

// axeMarkJS marks the parts of the page in the tab as axePrintsJS split
// the server's copy, with data-axe-part: false when the two do not match
// (a script changed the page's outline), and then nothing is excluded.
const axeMarkJS = `(tags => {
	const main = document.querySelector("body > main");
	const parts = [...document.body.children].filter(e => e !== main && e.tagName !== "SCRIPT").concat(main ? [...main.children] : []);
	if (parts.map(e => e.tagName).join() !== tags.join()) return false;
	parts.forEach((e, i) => e.setAttribute("data-axe-part", i));
	return true;
})`

// axeWalk is what the walk has checked, by fingerprint (see
// axePrintsJS), and its counts by role and language.
type axeWalk struct {
	mu        sync.Mutex
	shapes    map[string]bool // parts checked with every rule
	exacts    map[string]bool // parts checked with axeTextRules, words and all
	seen      map[string]bool // page outlines checked
	full      int             // pages with every rule run on a new part
	same      int             // pages seen before in every detail
	loaded    int             // pages loaded in the browser
	pages     map[string]int  // "role/lang": pages checked
	serious   map[string]int  // "role/lang": serious or critical violations
	impacts   map[string]int  // nodes by impact, all pages
	textRules string          // axeTextRules as a JSON array
}

// axePrints are a page's fingerprints.
type axePrints struct {
	Page  string    `json:"page"`
	Parts []axePart `json:"parts"`
}

// axePart is one part's fingerprints, and its tag.
type axePart struct {
	Tag   string `json:"tag"`
	Shape string `json:"shape"`
	Exact string `json:"exact"`
}

// claim says what is left to check on a page, and marks it checked: the
// parts of a new shape get every rule (the others are excluded from that
// run), the parts new in their words get axeTextRules (with the rules on
// the whole page); a page of a known outline made of parts all seen word
// for word, nothing.
func (w *axeWalk) claim(p axePrints) (again bool, shapeKnown, exactKnown []int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.seen[p.Page] && !slices.ContainsFunc(p.Parts, func(part axePart) bool { return !w.exacts[part.Exact] }) {
		w.same++
		return true, nil, nil
	}
	w.seen[p.Page] = true
	fresh := false
	for i, part := range p.Parts {
		if w.shapes[part.Shape] {
			shapeKnown = append(shapeKnown, i)
		} else {
			w.shapes[part.Shape], fresh = true, true
		}
		if w.exacts[part.Exact] {
			exactKnown = append(exactKnown, i)
		}
		w.exacts[part.Exact] = true
	}
	if fresh {
		w.full++
	}
	return false, shapeKnown, exactKnown
}

// check checks the page at path for the user named who, in the tab in
// ctx: it reads the page as the server sends it and, unless the walk saw
// it before word for word, loads it and runs axe-core, every rule but
// axeTextRules on the page less its parts of a shape checked before, then
// axeTextRules on the page less its parts checked before word for word.
// It says whether the page was loaded.
func (w *axeWalk) check(ctx context.Context, base, path, who string) ([]axeViolation, bool, error) {
	quoted, _ := json.Marshal([]string{base + path, who})
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[string](`((u, who) => fetch(u).then(r => r.text()).then(h => `+axePrintsJS+
		`(new DOMParser().parseFromString(h, "text/html"), who)))(...`+string(quoted)+`)`, chromedp.EvalAwaitPromise))
	if err != nil {
		return nil, false, fmt.Errorf("fingerprint: %w", err)
	}
	var prints axePrints
	if err := json.Unmarshal([]byte(raw), &prints); err != nil {
		return nil, false, err
	}
	again, shapeKnown, exactKnown := w.claim(prints)
	if again {
		return nil, false, nil
	}
	tags := make([]string, len(prints.Parts))
	for i, p := range prints.Parts {
		tags[i] = p.Tag
	}
	list, _ := json.Marshal(tags)
	var marked bool
	if err := chromedp.Do(ctx, chromedp.Navigate(base+path), chromedp.WaitVisible(css("body"))); err != nil {
		return nil, true, err
	}
	if marked, err = chromedp.Run(ctx, chromedp.Evaluate[bool](axeMarkJS+`(`+string(list)+`)`)); err != nil {
		return nil, true, err
	}
	if !marked {
		shapeKnown, exactKnown = nil, nil
	}
	sel := func(is []int) string {
		s := make([]string, len(is))
		for k, i := range is {
			s[k] = fmt.Sprintf(`["[data-axe-part='%d']"]`, i)
		}
		return "[" + strings.Join(s, ",") + "]"
	}
	js := `(async () => {
		const textRules = ` + w.textRules + `;
		const keep = r => r.violations.map(v => ({id: v.id, impact: v.impact || "", nodes: v.nodes.length, help: v.help,
			target: v.nodes.slice(0, 3).map(n => n.target.join(" ")).join(" | ")}));
		const off = ids => Object.fromEntries(ids.map(id => [id, {enabled: false}]));
		let out = [];
		if (` + fmt.Sprint(len(shapeKnown) < len(prints.Parts)) + `) {
			out = keep(await axe.run({exclude: ` + sel(shapeKnown) + `}, {resultTypes: ["violations"], rules: off(textRules)}));
		}
		// The other rules off, not runOnly: runOnly would also run the
		// rules axe-core leaves off by default (target-size, ...).
		const others = axe.getRules().map(r => r.ruleId).filter(id => !textRules.includes(id));
		out = out.concat(keep(await axe.run({exclude: ` + sel(exactKnown) + `}, {resultTypes: ["violations"], rules: off(others)})));
		return JSON.stringify(out);
	})()`
	out, err := chromedp.Run(ctx, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
	if err != nil {
		return nil, true, fmt.Errorf("axe: %w", err)
	}
	var vs []axeViolation
	if err := json.Unmarshal([]byte(out), &vs); err != nil {
		return nil, true, fmt.Errorf("axe's answer %q: %w", out, err)
	}
	return vs, true, nil
}

// axeOnEveryPage loads axe-core into every document the tab in ctx opens,
// before the page's own scripts: no page pays for sending it again.
func axeOnEveryPage(script string) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, t, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: script})
		return chromedp.Void{}, err
	}
}

// Every page, in every role and every language, and the vendors' pages
// in theirs, passes axe-core with no violation of impact "serious" or
// "critical" (with GPUQUOTE_AXE=all, as CI runs it; see axeEveryone). One server, one browser, a tab per role and language, the
// tabs in parallel. Most of those pages repeat, in other words or for
// another role, what another tab showed already, so each page is first
// read as the server sends it (cheap: no layout, no axe) and split into
// parts (see axePrintsJS): every rule runs once on each shape of part,
// the rules that read words, languages and sizes (axeTextRules) once on
// each part word for word, and a page whose outline and parts were all
// checked so is not loaded at all. The counts by role and language, and
// all violations by impact, are logged.
func TestBrowserAxeFindsNoSeriousViolations(t *testing.T) {
	t.Parallel()
	start := time.Now()
	d := newDemo(t, func(c *web.Config) { c.LoginLimitPerMinute = 1000 })
	script := axeScript(t)
	pages := demoPages(t, d)
	rules, _ := json.Marshal(axeTextRules)
	w := &axeWalk{shapes: map[string]bool{}, exacts: map[string]bool{}, seen: map[string]bool{}, pages: map[string]int{}, serious: map[string]int{}, impacts: map[string]int{},
		textRules: string(rules)}
	// The tabs take turns: about one per core, so a busy machine is not
	// asked for twenty layouts at once.
	turns := make(chan struct{}, max(2, min(runtime.GOMAXPROCS(0), 6)))
	// One page, the round's, the demo has not; nor the vendors' pages;
	// nor a contract. The round's documents are downloads, not pages.
	round, links := axeRound(t, d)
	pages = append(append(pages, round), axeContract(t, d)...)
	walk := func(t *testing.T, ctx context.Context, key, who string, pages []string, first chromedp.Action[chromedp.Void]) {
		inTurn := func(f func()) {
			turns <- struct{}{}
			defer func() { <-turns }()
			f()
		}
		inTurn(func() { do(t, ctx, first, axeOnEveryPage(script)) })
		for _, p := range pages {
			var vs []axeViolation
			var loaded bool
			inTurn(func() {
				var err error
				if vs, loaded, err = w.check(ctx, d.a.srv.URL, p, who); err != nil {
					t.Fatalf("%s: %v", p, err)
				}
			})
			w.mu.Lock()
			w.pages[key]++
			if loaded {
				w.loaded++
			}
			for _, v := range vs {
				w.impacts[v.Impact] += v.Nodes
				if v.Impact == "serious" || v.Impact == "critical" {
					w.serious[key]++
					t.Errorf("%s as %s: %s %s (%d): %s — %s", p, key, v.Impact, v.ID, v.Nodes, v.Help, v.Target)
				}
			}
			w.mu.Unlock()
		}
	}
	t.Run("walk", func(t *testing.T) {
		for _, role := range auth.Roles {
			for _, lang := range i18n.Languages {
				if !axeEveryone(role, lang) {
					continue
				}
				email := "axe-" + string(role) + "-" + lang + "@example.com"
				d.a.user(email, role)
				t.Run(string(role)+"/"+lang, func(t *testing.T) {
					t.Parallel()
					walk(t, browser(t), string(role)+"/"+lang, strings.Split(email, "@")[0], pages, setLanguage(d, email, lang))
				})
			}
		}
		// A vendor reads the round in the language of its invitation.
		for _, lang := range i18n.Languages {
			if !axeEveryone(auth.Admin, lang) {
				continue
			}
			t.Run("vendor/"+lang, func(t *testing.T) {
				t.Parallel()
				link := links[lang]
				if strings.HasPrefix(link, "/") {
					link = d.a.srv.URL + link
				}
				walk(t, browser(t), "vendor/"+lang, "\x00", []string{"/v/rfq", "/v/quote"},
					chromedp.Steps(chromedp.Navigate(link), chromedp.WaitVisible(css("html[lang="+lang+"] main"))))
			})
		}
	})
	var b strings.Builder
	for _, role := range append(slices.Clone(auth.Roles), "vendor") {
		fmt.Fprintf(&b, "\n  %-12s", role)
		for _, lang := range i18n.Languages {
			key := string(role) + "/" + lang
			fmt.Fprintf(&b, " %s: %d pages, %d serious;", lang, w.pages[key], w.serious[key])
		}
	}
	t.Logf("axe-core on %d pages: every rule on %d (%d shapes of parts), the rules on words on %d (loaded), none on %d made of parts seen word for word; %s:%s\nall violations by impact (nodes): %v",
		sum(w.pages), w.full, len(w.shapes), w.loaded, w.same, time.Since(start).Round(100*time.Millisecond), b.String(), w.impacts)
}

// axeEveryone says whether the walk checks the pages role sees in lang.
// The whole cross product, every role in every language, takes minutes
// (788 pages, 230 s on a quiet 2-core machine), more than the rest of the
// suite together; `go test ./...` walks the admin's pages in English (the
// admin reaches the most pages) and the vendors' in English, and CI walks
// all of them (GPUQUOTE_AXE=all, its own step in .ci/run).
func axeEveryone(role auth.Role, lang string) bool {
	return os.Getenv("GPUQUOTE_AXE") == "all" || (role == auth.Admin && lang == "en")
}

// setLanguage signs email in on a tab and sets its language.
func setLanguage(d *demo, email, lang string) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(browserLogin(d.a, email),
		chromedp.Navigate(d.a.srv.URL+"/evaluations"),
		chromedp.WaitVisible(css("[data-testid=language-select]")),
		chromedp.SetValue(css("[data-testid=language-select]"), lang),
		chromedp.Click(css("[data-testid=language-submit]")),
		chromedp.WaitVisible(css("html[lang="+lang+"] [data-testid=language-select]")),
	)
}

func sum(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

// axeRound opens a request for quotes on the demo's evaluation to one
// vendor per language, and returns the round's page and each language's
// vendor link: pages the demo does not have.
func axeRound(t *testing.T, d *demo) (string, map[string]string) {
	t.Helper()
	form := url.Values{"deadline": {time.Now().UTC().Add(72 * time.Hour).Format("2006-01-02T15:04")}, "time_zone": {"Europe/Berlin"},
		"grace_hours": {"24"}, "note": {"Please quote by the deadline."}}
	for i, lang := range i18n.Languages {
		n := strconv.Itoa(i)
		form.Set("company_"+n, "Vendor "+lang)
		form.Set("contact_"+n, "Sales "+lang)
		form.Set("email_"+n, "sales-"+lang+"@vendor.example")
		form.Set("language_"+n, lang)
	}
	res := d.buyer.post(d.ev+"/rfqs", form)
	wantStatus(t, res, http.StatusCreated)
	page := doc(t, res)
	round, _ := page.Find(`[data-testid="rfq-page-link"]`).Attr("href")
	links := map[string]string{}
	page.Find(`[data-testid="rfq-links"] tbody tr`).Each(func(_ int, s *goquery.Selection) {
		link, _ := s.Find(`[data-testid="rfq-link-value"]`).Attr("value")
		links[strings.TrimPrefix(s.Find("td").First().Text(), "Vendor ")] = link
	})
	if round == "" || len(links) != len(i18n.Languages) {
		t.Fatalf("round %q, links %v", round, links)
	}
	return round, links
}

// axeContract approves a one-quote award in an evaluation of its own in
// d's database, and returns its contract's page and its vendor's record.
func axeContract(t *testing.T, d *demo) []string {
	t.Helper()
	ctx := context.Background()
	p := d.a.user("axe-contracts@example.com", auth.Procurement)
	e, err := d.a.store.CreateEvaluation(ctx, p.Actor(), "Contracts")
	if err != nil {
		t.Fatal(err)
	}
	qs, err := quote.ReadCSV(strings.NewReader("provider,rental_model,currency,price_per_gpu_hour,gpus_per_node,nodes,min_term_months,support_price_per_month\n" +
		"Acme Cloud,reserved,USD,2.00,8,2,12,1000\n"))
	if err != nil {
		t.Fatal(err)
	}
	ids, err := d.a.store.ImportQuotes(ctx, p.Actor(), e.ID, qs)
	if err != nil {
		t.Fatal(err)
	}
	svc := evaluation.New(d.a.store)
	an, err := svc.Analyze(ctx, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range an.OpenBlockers(ids[0]) {
		if err := d.a.store.WaiveFlag(ctx, p.Actor(), ids[0], b.ID, "not in scope of this walk"); err != nil {
			t.Fatal(err)
		}
	}
	aw, err := d.a.store.RecordAward(ctx, p.Actor(), store.NewAward{EvaluationID: e.ID, Shares: []store.AwardShare{{QuoteID: ids[0], SharePct: 100}},
		Reason: "cheapest", Currency: "USD", ContractValue: "300000.00", CostPerUnit: "1.00",
		RequiredApprovers: 1, ApprovalOrder: approval.InParallel, ApproverRoles: []string{"manager"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.ApproveAward(ctx, d.a.user("axe-approver@example.com", auth.Manager), aw.ID, "best value"); err != nil {
		t.Fatal(err)
	}
	list, err := svc.Contracts(ctx, store.ContractFilter{AwardID: aw.ID})
	if err != nil || len(list) != 1 {
		t.Fatalf("contracts %v %v", list, err)
	}
	// The evaluation's own pages, with an approved award, besides.
	return []string{fmt.Sprintf("/contracts/%d", list[0].ID), fmt.Sprintf("/vendors/%d/record", list[0].VendorID),
		fmt.Sprintf("/evaluations/%d", e.ID), fmt.Sprintf("/evaluations/%d/decision", e.ID)}
}
