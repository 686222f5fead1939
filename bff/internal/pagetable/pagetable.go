// Package pagetable is the site's table of pages and languages as the web app declares them:
// the route table (web/src/app/routes.tsx: each page's path, whether it is personal, its preview
// mirror, the query parameters it reads, how the sitemaps list it) and the languages
// (web/src/lib/language.ts). web/scripts/page-table.mjs writes it to pages.json, which is
// embedded here and parsed and checked once, when the BFF starts; `npm run check-generated -w
// web` fails when the file is not what the web app's tables make. The page handler, the sitemaps
// and robots.txt, the redirects to a visitor's language and the messages read it from here, so
// that a page or language is declared once, in the web app.
package pagetable

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

//go:embed pages.json
var pagesJSON []byte

// Site is the embedded table. A table that does not parse or check stops the start (the tests
// parse it first).
var Site = mustParse(pagesJSON)

func mustParse(b []byte) *Table {
	t, err := Parse(b)
	if err != nil {
		panic("pagetable: pages.json: " + err.Error())
	}
	return t
}

// Table is the site's pages and languages.
type Table struct {
	// PreviewSegment is the first path segment of editors' drafts, after the optional language
	// prefix (/preview/newsDetail/40, /en/preview/index).
	PreviewSegment string
	// DefaultLanguage is the code of the language without URL prefix (zh).
	DefaultLanguage string
	// Languages are the site's languages in the order of the language switcher.
	Languages []Language
	// BrowserLanguages maps the primary subtag of a browser's language (ja) to the site
	// language it gets (jp); a browser language not here gets DefaultLanguage.
	BrowserLanguages map[string]string
	// Pages are the pages of the route table, in its order.
	Pages []Page
}

// Language is one of the site's languages.
type Language struct {
	// Code is the site's code: the URL prefix (none for the default language), the sitemap's
	// name and the language cookie's value.
	Code string
	// Wire is the code of the lang request header and of the CMS (ja for the site's jp).
	Wire string
	// Prefix is the language's URL prefix: "" for the default language, "/{code}" for the others.
	Prefix string
	// HTMLLang is the BCP 47 tag of the pages' <html lang>.
	HTMLLang string
	// Hreflang is the tag of the language's pages in hreflang alternates (the sitemaps and the
	// pages' own links): an ISO 639-1 language, with an ISO 3166-1 region where the site has
	// several versions of one language (web/src/lib/language.ts says why each is what it is).
	Hreflang string
}

// Preview says whether a page has a draft mirror under the preview segment.
type Preview string

// The previews a page may have.
const (
	PreviewNone   Preview = "none"
	PreviewMirror Preview = "mirror" // also under /preview/
	PreviewOnly   Preview = "only"   // only under /preview/: no live page
)

// Listed says how the sitemaps list a page.
type Listed string

// The ways a page may be listed.
const (
	ListedPage  Listed = "page"  // the page itself, in every language
	ListedItems Listed = "items" // one URL per item of a CMS list
	ListedNo    Listed = "no"    // in no sitemap
)

// Sitemap is how the sitemaps list a page.
type Sitemap struct {
	Listed Listed
	// Dated names the CMS list whose newest item dates a listed page ("" for none).
	Dated string
	// Items names the CMS list with one URL per item on this page ("" for none): required for
	// ListedItems; with ListedPage, the items are opened on the page by a query (positions).
	Items string
}

// Page is one page of the route table.
type Page struct {
	// Path is the route's path after the optional language prefix, without leading slash, as
	// the route table writes it (productDetails/:id).
	Path string
	// Personal pages are behind a login: streamed uncached and noindex, kept out of robots.txt.
	Personal bool
	Preview  Preview
	// Query are the query parameters the page reads: of a public page, the only ones kept in
	// the key of its cached render and in the address the renderer is asked for.
	Query   []string
	Sitemap Sitemap
}

// Live reports whether the page exists outside the preview segment.
func (p Page) Live() bool { return p.Preview != PreviewOnly }

// Segment is the first segment of the page's path in lower case: the page handler tells pages
// apart by it (the app's routes match without regard to case).
func (p Page) Segment() string {
	segment, _, _ := strings.Cut(p.Path, "/")
	return strings.ToLower(segment)
}

// Expand is the site path of the page with its parameter (:id) set to id, with a leading slash:
// /productDetails/101. A page without a parameter is its path.
func (p Page) Expand(id string) string {
	parts := strings.Split(p.Path, "/")
	for i, part := range parts {
		if strings.HasPrefix(part, ":") {
			parts[i] = id
		}
	}
	return "/" + strings.Join(parts, "/")
}

// StaticPrefix is the page's path up to its first parameter, with a leading slash: /login,
// /repairDetail/ of repairDetail/:id. Every address of the page starts with it.
func (p Page) StaticPrefix() string {
	if i := strings.Index(p.Path, ":"); i >= 0 {
		return "/" + p.Path[:i]
	}
	return "/" + p.Path
}

// Language returns the language of a site code (case matters).
func (t *Table) Language(code string) (Language, bool) {
	for _, l := range t.Languages {
		if l.Code == code {
			return l, true
		}
	}
	return Language{}, false
}

// PrefixLanguages are the codes of the languages with a URL prefix: the valid first segments of
// a prefixed path.
func (t *Table) PrefixLanguages() map[string]bool {
	out := map[string]bool{}
	for _, l := range t.Languages {
		if l.Prefix != "" {
			out[l.Code] = true
		}
	}
	return out
}

// PersonalSegments are the first segments (Page.Segment) of the live personal pages.
func (t *Table) PersonalSegments() map[string]bool {
	out := map[string]bool{}
	for _, p := range t.Pages {
		if p.Live() && p.Personal {
			out[p.Segment()] = true
		}
	}
	return out
}

// QueryBySegment maps the first segment (Page.Segment) of each live public page that reads a
// query to the parameters it reads. Pages that share a segment read the same (Parse checks).
func (t *Table) QueryBySegment() map[string][]string {
	out := map[string][]string{}
	for _, p := range t.Pages {
		if p.Live() && !p.Personal && len(p.Query) > 0 {
			out[p.Segment()] = p.Query
		}
	}
	return out
}

// Routes are the paths of every page with a leading slash, as the route table writes them
// (/index, /productDetails/:id), in its order.
func (t *Table) Routes() []string {
	out := make([]string, len(t.Pages))
	for i, p := range t.Pages {
		out[i] = "/" + p.Path
	}
	return out
}

// ItemsPage returns the page on which the sitemaps list the items of a CMS list.
func (t *Table) ItemsPage(list string) (Page, bool) {
	for _, p := range t.Pages {
		if p.Sitemap.Items == list {
			return p, true
		}
	}
	return Page{}, false
}

// The file's shape: every field is required (a pointer is nil when the file leaves it out), so
// that a field lost on the way is an error rather than a zero value, such as a personal page
// taken for a public one and cached.
type (
	fileTable struct {
		PreviewSegment   *string           `json:"previewSegment"`
		DefaultLanguage  *string           `json:"defaultLanguage"`
		Languages        []fileLanguage    `json:"languages"`
		BrowserLanguages map[string]string `json:"browserLanguages"`
		Pages            []filePage        `json:"pages"`
	}
	fileLanguage struct {
		Code     *string `json:"code"`
		Wire     *string `json:"wire"`
		Prefix   *string `json:"prefix"`
		HTMLLang *string `json:"htmlLang"`
		Hreflang *string `json:"hreflang"`
	}
	filePage struct {
		Path     *string      `json:"path"`
		Personal *bool        `json:"personal"`
		Preview  *Preview     `json:"preview"`
		Query    []string     `json:"query"`
		Sitemap  *fileSitemap `json:"sitemap"`
	}
	fileSitemap struct {
		Listed *Listed `json:"listed"`
		Dated  string  `json:"dated"`
		Items  string  `json:"items"`
	}
)

// Parse reads a page table and checks what the BFF relies on: every field present, the default
// language the one without prefix and every other prefixed by its code, pages declared once with
// a known preview and sitemap listing, a CMS list on one page at most, and live pages that share
// a first segment (which the page handler tells pages apart by) alike in being personal and in
// the query they read. The error names every fault found.
func Parse(b []byte) (*Table, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var f fileTable
	if err := dec.Decode(&f); err != nil {
		return nil, err
	}
	var errs []error
	fault := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	t := &Table{BrowserLanguages: f.BrowserLanguages}

	if f.PreviewSegment == nil || *f.PreviewSegment == "" || strings.Contains(*f.PreviewSegment, "/") {
		fault("previewSegment: one path segment is required")
	} else {
		t.PreviewSegment = *f.PreviewSegment
	}
	if f.DefaultLanguage == nil {
		fault("defaultLanguage is missing")
	} else {
		t.DefaultLanguage = *f.DefaultLanguage
	}

	if len(f.Languages) == 0 {
		fault("languages: none")
	}
	for i, fl := range f.Languages {
		if fl.Code == nil || fl.Wire == nil || fl.Prefix == nil || fl.HTMLLang == nil || fl.Hreflang == nil {
			fault("languages[%d]: code, wire, prefix, htmlLang and hreflang are required", i)
			continue
		}
		l := Language{Code: *fl.Code, Wire: *fl.Wire, Prefix: *fl.Prefix, HTMLLang: *fl.HTMLLang, Hreflang: *fl.Hreflang}
		if l.Code == "" || strings.ContainsAny(l.Code, "/?#") || l.Wire == "" || l.HTMLLang == "" || l.Hreflang == "" {
			fault("languages[%d] %q: a code without / ? #, and a wire code, html lang and hreflang", i, l.Code)
		}
		if _, dup := t.Language(l.Code); dup {
			fault("language %q is declared twice", l.Code)
		}
		want := "/" + l.Code
		if l.Code == t.DefaultLanguage {
			want = ""
		}
		if l.Prefix != want {
			fault("language %q: prefix %q, want %q", l.Code, l.Prefix, want)
		}
		t.Languages = append(t.Languages, l)
	}
	if _, ok := t.Language(t.DefaultLanguage); !ok {
		fault("defaultLanguage %q is none of the languages", t.DefaultLanguage)
	}
	for tag, code := range t.BrowserLanguages {
		if _, ok := t.Language(code); !ok {
			fault("browserLanguages: %q gets %q, which is no language", tag, code)
		}
	}

	if len(f.Pages) == 0 {
		fault("pages: none")
	}
	prefixes := t.PrefixLanguages()
	paths := map[string]bool{}
	itemsOn := map[string]string{}
	bySegment := map[string]Page{}
	for i, fp := range f.Pages {
		if fp.Path == nil || fp.Personal == nil || fp.Preview == nil || fp.Query == nil || fp.Sitemap == nil || fp.Sitemap.Listed == nil {
			fault("pages[%d]: path, personal, preview, query and sitemap.listed are required", i)
			continue
		}
		p := Page{Path: *fp.Path, Personal: *fp.Personal, Preview: *fp.Preview, Query: fp.Query,
			Sitemap: Sitemap{Listed: *fp.Sitemap.Listed, Dated: fp.Sitemap.Dated, Items: fp.Sitemap.Items}}
		t.Pages = append(t.Pages, p)
		if p.Path == "" || strings.HasPrefix(p.Path, "/") {
			fault("pages[%d]: path %q: a path without leading slash is required", i, p.Path)
			continue
		}
		if paths[p.Path] {
			fault("page %s is declared twice", p.Path)
		}
		paths[p.Path] = true
		if seg := p.Segment(); seg == t.PreviewSegment || prefixes[seg] {
			fault("page %s: its first segment is the preview segment or a language prefix", p.Path)
		}
		switch p.Preview {
		case PreviewNone, PreviewMirror, PreviewOnly:
		default:
			fault("page %s: preview %q is none of none, mirror, only", p.Path, p.Preview)
		}
		for _, name := range p.Query {
			if name == "" || strings.ContainsAny(name, "&=?#") {
				fault("page %s: query parameter %q", p.Path, name)
			}
		}
		switch s := p.Sitemap; s.Listed {
		case ListedPage, ListedItems:
			if s.Listed == ListedItems && s.Items == "" {
				fault("page %s: listed by items of no list", p.Path)
			}
			if p.Personal || !p.Live() {
				fault("page %s: a personal page or a preview only is listed in the sitemaps", p.Path)
			}
			if s.Items != "" {
				if other, dup := itemsOn[s.Items]; dup {
					fault("page %s: the items of %s are listed on %s already", p.Path, s.Items, other)
				}
				itemsOn[s.Items] = p.Path
			}
		case ListedNo:
		default:
			fault("page %s: sitemap.listed %q is none of page, items, no", p.Path, s.Listed)
		}
		if !p.Live() {
			continue
		}
		if twin, ok := bySegment[p.Segment()]; ok && (twin.Personal != p.Personal || strings.Join(twin.Query, "&") != strings.Join(p.Query, "&")) {
			fault("pages %s and %s share their first segment but differ in being personal or in their query", twin.Path, p.Path)
		}
		bySegment[p.Segment()] = p
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return t, nil
}
