package sitemap

import (
	"strconv"
	"time"

	"github.com/jakarobotics/website/bff/internal/pagetable"
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

// The CMS lists Collect reads, each listed a URL per item on the page of the page table that
// names it (sitemap.items in web/src/app/routes.tsx; CONTENT_LISTS in web/src/app/page-table.ts).
const (
	listProductLines    = "productLines"
	listProducts        = "products"
	listIndustries      = "industries"
	listApplications    = "applications"
	listProductLevels   = "productLevels"
	listCases           = "cases"
	listNews            = "news"
	listPositions       = "positions"
	listPartners        = "partners"
	listPartnerProducts = "partnerProducts"
	listLegalTexts      = "legalTexts"
)

// contentLists are every list Collect reads. The positions and legal texts are opened on their
// page by a query (/position?type=…&id=…, /imprint?key=…); the items of the others are at their
// page's path with the item's id as its parameter (/productDetails/101).
var contentLists = []string{
	listProductLines, listProducts, listIndustries, listApplications, listProductLevels,
	listCases, listNews, listPositions, listPartners, listPartnerProducts, listLegalTexts,
}

// datedLists are the content lists whose items have a publish time, the newest of which dates
// the page that shows the list (sitemap.dated).
var datedLists = map[string]bool{listCases: true, listNews: true, listPositions: true}

// itemPages are the pages of the page table on which the items of each content list are listed.
// A table without one stops the start: the tests read the embedded table first.
var itemPages = func() map[string]pagetable.Page {
	out := make(map[string]pagetable.Page, len(contentLists))
	for _, list := range contentLists {
		p, ok := pagetable.Site.ItemsPage(list)
		if !ok {
			panic("sitemap: no page of the page table lists the items of " + list)
		}
		out[list] = p
	}
	return out
}()

// itemPath is the path of item id of list: its page's path with id as its parameter.
func itemPath(list string, id int64) string {
	return itemPages[list].Expand(strconv.FormatInt(id, 10))
}

// queryPath is the path of an item of list that its page opens by query.
func queryPath(list, query string) string {
	return "/" + itemPages[list].Path + "?" + query
}

// staticPage is a page listed itself, in every language.
type staticPage struct {
	path string
	// dated names the content list whose newest item dates the page ("" for none).
	dated string
}

// staticPages are the pages the page table lists themselves, in the order of the route table.
// The pages with an id (and the positions and legal texts) are listed from the CMS (Collect).
var staticPages = func() []staticPage {
	var out []staticPage
	for _, p := range pagetable.Site.Pages {
		if p.Sitemap.Listed == pagetable.ListedPage {
			out = append(out, staticPage{path: "/" + p.Path, dated: p.Sitemap.Dated})
		}
	}
	return out
}()
