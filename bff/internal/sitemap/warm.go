package sitemap

import (
	"strings"
)

// MostImportantFirst lists the URLs (paths and queries, with their language prefix) of the pages
// of every language, in the order a cold site should render them: the home pages of all
// languages, then the pages without an id (the lists a visitor goes to first), then every
// product, article and other item. Within each group the languages take turns, so that no market
// waits for another's whole site.
func MostImportantFirst(pages map[string][]Page) []string {
	const groups = 3
	var byGroup [groups][][]string // group → language → URLs
	for g := range byGroup {
		byGroup[g] = make([][]string, len(Languages))
	}
	for i, l := range Languages {
		for _, p := range pages[l.Code] {
			g := importance(p.Path)
			byGroup[g][i] = append(byGroup[g][i], l.Prefix+p.Path)
		}
	}
	var out []string
	for _, langs := range byGroup {
		for turn := 0; ; turn++ {
			added := false
			for _, urls := range langs {
				if turn < len(urls) {
					out = append(out, urls[turn])
					added = true
				}
			}
			if !added {
				break
			}
		}
	}
	return out
}

// importance is a page's group: 0 for the home page, 1 for a page without an id or query, 2 for
// the others.
func importance(path string) int {
	switch {
	case path == "/index":
		return 0
	case strings.ContainsAny(path, "?0123456789"):
		return 2
	}
	return 1
}
