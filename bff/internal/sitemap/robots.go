package sitemap

import (
	"strings"

	"github.com/jakarobotics/website/bff/internal/pagetable"
)

// privatePages are the pages crawlers are kept out of, by path prefix after the optional
// language prefix: editors' drafts and the personal pages of the page table (account pages,
// repair pages and the virtual robot trial, which need a login).
var privatePages = privatePrefixes(pagetable.Site)

// privatePrefixes are the drafts' segment (/preview/) and the paths of t's live personal pages up
// to their parameter, in the order of the route table. A prefix matches every page that starts
// with it, so a path another one already covers is left out: /repair keeps out /repairList and
// /repairDetail/… too.
func privatePrefixes(t *pagetable.Table) []string {
	all := []string{"/" + t.PreviewSegment + "/"}
	for _, p := range t.Pages {
		if p.Live() && p.Personal {
			all = append(all, p.StaticPrefix())
		}
	}
	var out []string
	for i, p := range all {
		covered := false
		for j, q := range all {
			if i != j && strings.HasPrefix(p, q) && (p != q || j < i) {
				covered = true
			}
		}
		if !covered {
			out = append(out, p)
		}
	}
	return out
}

// Robots is robots.txt on origin: the private pages may not be crawled, in Chinese (no prefix)
// and in every other language (/{code}/…, written /*/…: every major crawler reads * as any run
// of characters), everything else may (what no rule disallows is allowed: an explicit
// "Allow: /" would open everything to the crawlers that take the first matching rule rather
// than the longest), and the sitemap index is on origin (empty: a path on whatever host the
// crawler asked, for a host that is not the site's).
func Robots(origin string) []byte {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for _, p := range privatePages {
		b.WriteString("Disallow: " + p + "\n")
	}
	for _, p := range privatePages {
		b.WriteString("Disallow: /*" + p + "\n")
	}
	b.WriteString("\nSitemap: " + origin + IndexPath + "\n")
	return []byte(b.String())
}
