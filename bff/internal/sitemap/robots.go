package sitemap

import "strings"

// privatePages are the pages crawlers are kept out of, by path prefix after the optional
// language prefix: editors' drafts, account pages, repair pages (which need a login) and the
// virtual robot trial (which needs one too). A prefix matches every page that starts with it:
// /repair also keeps out /repairList and /repairDetail/….
var privatePages = []string{
	"/preview/",
	"/login",
	"/register",
	"/wechatLogin",
	"/deregister",
	"/repair",
	"/virtual",
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
