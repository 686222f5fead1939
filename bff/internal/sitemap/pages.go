package sitemap

import (
	"sort"
	"time"
)

// Page is one page of the site in one language.
type Page struct {
	// Key names the page across languages: the same key in two languages is the same page, so
	// each is the other's alternate. It is the path, except where the path depends on the
	// language's content (a position's page number).
	Key string `json:"key"`
	// Path is the page's path and query without the language prefix: /productDetails/101,
	// /position?type=social&page=2&id=15.
	Path string `json:"path"`
	// LastMod is when the page's content last changed, from the CMS's publish or update time;
	// zero when the content has none.
	LastMod time.Time `json:"lastMod"`
}

// latest names the content whose newest item dates a list page.
type latest int

const (
	none latest = iota
	newestNews
	newestCase
	newestPosition
)

// staticPage is a page of routes.tsx without an id: listed in every language.
type staticPage struct {
	path string
	// dated by the newest item of the content the page lists, if any.
	dated latest
}

// staticPages are the public pages of spec section 2 without an id, in the order of PAGES in
// web/src/app/routes.tsx. Pages with an id are listed from the CMS (Collect), and the pages in
// excludedPages are not listed at all; a test checks that every page of routes.tsx is in one of
// the three.
var staticPages = []staticPage{
	{path: "/index"},
	{path: "/resource"},
	{path: "/investment"},
	{path: "/ESG"},
	{path: "/productList"},
	{path: "/productComparison"},
	{path: "/solutionList"},
	{path: "/case", dated: newestCase},
	{path: "/service"},
	{path: "/showRoom"},
	{path: "/jakaAcademy"},
	{path: "/download"},
	{path: "/commonQuestion"},
	{path: "/provider"},
	{path: "/jaka+"},
	{path: "/jakaHotline"},
	{path: "/about"},
	{path: "/contact"},
	{path: "/join"},
	{path: "/position", dated: newestPosition},
	{path: "/news", dated: newestNews},
	{path: "/flsm"},
	{path: "/cooperationIntent"},
	{path: "/activity"},
}

// contentPages are the pages of routes.tsx listed once per item the CMS has: the route's path
// and what its id is.
var contentPages = map[string]string{
	"productList/:id":    "product line",
	"productDetails/:id": "product",
	"caseDetail/:id":     "case",
	"application/:id":    "application (solution)",
	"industry/:id":       "industry (solution)",
	"productLevel/:id":   "product level (solution)",
	"jakaList/:id":       "JAKA+ partner",
	"jakaDetail/:id":     "JAKA+ partner's product",
	"newsDetail/:id":     "news item",
	"imprint":            "legal text (/imprint?key=…, the keys of the footer's legal links)",
}

// excludedPages are the pages of routes.tsx that no sitemap lists, and why.
var excludedPages = map[string]string{
	"NotFound":             "not a page of content",
	"thx":                  "where an enquiry lands, not a page to find by search",
	"search":               "search results",
	"login":                "account page",
	"register":             "account page",
	"wechatLogin":          "account page",
	"deregister":           "account page",
	"repair":               "repair pages need a login",
	"repairList":           "repair pages need a login",
	"repairDetail/:id":     "repair pages need a login",
	"virtual":              "personal: needs a login",
	"commonQuestionDetail": "exists only as a preview",
}

// Routes are the paths of every page of web/src/app/routes.tsx as its route table writes them,
// with a leading slash and without language prefix (/index, /productDetails/:id): the static,
// content and excluded pages above together, which a test holds equal to the route table. The
// field measurements of the pages (package vitals) are grouped by them.
func Routes() []string {
	out := make([]string, 0, len(staticPages)+len(contentPages)+len(excludedPages))
	for _, p := range staticPages {
		out = append(out, p.path)
	}
	for path := range contentPages {
		out = append(out, "/"+path)
	}
	for path := range excludedPages {
		out = append(out, "/"+path)
	}
	sort.Strings(out)
	return out
}
