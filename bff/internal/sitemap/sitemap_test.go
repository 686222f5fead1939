package sitemap

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/pagetable"
)

// webSource reads a file of the web app, whose rules the sitemap follows.
func webSource(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "..", "web", filepath.FromSlash(path)))
	require.NoError(t, err)
	return string(b)
}

// tsConst reads `export const NAME = …;` (up to the first semicolon) from TypeScript source.
func tsConst(t *testing.T, src, name string) string {
	t.Helper()
	m := regexp.MustCompile(`export const ` + name + `\b[^=]*=\s*([^;]*);`).FindStringSubmatch(src)
	require.NotNil(t, m, "no %s in the source", name)
	return m[1]
}

func quoted(s string) []string {
	var out []string
	for _, m := range regexp.MustCompile(`'([^']*)'`).FindAllStringSubmatch(s, -1) {
		out = append(out, m[1])
	}
	return out
}

func TestHreflangTagsAreWhatSearchEnginesAccept(t *testing.T) {
	// ISO 639-1 language, optionally an ISO 3166-1 alpha-2 region; each tag once.
	tag := regexp.MustCompile(`^[a-z]{2}(-[A-Z]{2})?$`)
	seen := map[string]bool{}
	for _, l := range Languages {
		assert.Regexp(t, tag, l.Hreflang, l.Code)
		assert.False(t, seen[l.Hreflang], "%s is used twice", l.Hreflang)
		seen[l.Hreflang] = true
	}
}

func TestEveryListTheTableNamesIsOneCollectReadsAndOnItsPage(t *testing.T) {
	read := map[string]bool{}
	for _, list := range contentLists {
		read[list] = true
		p, ok := pagetable.Site.ItemsPage(list)
		require.True(t, ok, "no page lists the items of %s", list)
		byQuery := list == listPositions || list == listLegalTexts
		assert.Equal(t, !byQuery, strings.Contains(p.Path, "/:"), "%s on %s: read by id, at the page's path with the id as its parameter, or else by a query", list, p.Path)
	}
	for _, p := range pagetable.Site.Pages {
		if p.Sitemap.Items != "" {
			assert.True(t, read[p.Sitemap.Items], "%s lists the items of %q, which Collect does not read", p.Path, p.Sitemap.Items)
		}
		if p.Sitemap.Dated != "" {
			assert.True(t, datedLists[p.Sitemap.Dated], "%s is dated by %q, whose items have no publish time Collect reads", p.Path, p.Sitemap.Dated)
		}
	}
	assert.Equal(t, "/productDetails/101", itemPath(listProducts, 101))
	assert.Equal(t, "/imprint?key=privacy", queryPath(listLegalTexts, "key=privacy"))
}

func TestTheStaticPagesAreThoseTheTableListsInItsOrder(t *testing.T) {
	var want []string
	for _, p := range pagetable.Site.Pages {
		if p.Sitemap.Listed == pagetable.ListedPage {
			want = append(want, "/"+p.Path)
		}
	}
	var got []string
	for _, p := range staticPages {
		got = append(got, p.path)
		assert.NotContains(t, got[:len(got)-1], p.path, "listed twice")
	}
	assert.Equal(t, want, got)
	assert.Equal(t, "/index", got[0], "the home page first")
}

func TestPrivatePagesAreTheDraftsAndThePersonalPagesEachCoveredOnce(t *testing.T) {
	table := &pagetable.Table{PreviewSegment: "draft", Pages: []pagetable.Page{
		{Path: "accountList", Personal: true},
		{Path: "about"},
		{Path: "account", Personal: true},
		{Path: "account/:id", Personal: true},
		{Path: "orders/:id", Personal: true},
		{Path: "secret", Personal: true, Preview: pagetable.PreviewOnly}, // no live page
		{Path: "draftsman"},
	}}
	assert.Equal(t, []string{"/draft/", "/account", "/orders/"}, privatePrefixes(table))
	// The site's, in the order robots.txt has always had them.
	assert.Equal(t, []string{"/preview/", "/login", "/register", "/wechatLogin", "/deregister", "/repair", "/virtual"}, privatePages)
}

func TestPositionsAreOnThePagesOfTheCareersList(t *testing.T) {
	src := webSource(t, "src/features/recruit/api/recruit.ts")
	perPage, err := strconv.Atoi(strings.TrimSpace(tsConst(t, src, "POSITIONS_PER_PAGE")))
	require.NoError(t, err)
	assert.Equal(t, perPage, PositionsPerPage)
	assert.Equal(t, quoted(tsConst(t, src, "RECRUIT_TYPES")), RecruitTypes)

	assert.Equal(t, "type=social&id=7", positionQuery("social", 0, 7))
	assert.Equal(t, "type=social&id=7", positionQuery("social", PositionsPerPage-1, 7))
	assert.Equal(t, "type=campus&page=2&id=8", positionQuery("campus", PositionsPerPage, 8))
}

func TestRobotsKeepsCrawlersOutOfPrivatePagesInEveryLanguage(t *testing.T) {
	got := string(Robots("https://www.example.com"))
	lines := strings.Split(strings.TrimSpace(got), "\n")
	assert.Equal(t, "User-agent: *", lines[0])
	for _, l := range lines {
		assert.False(t, strings.HasPrefix(l, "Allow:"), "%s: a crawler that takes the first matching rule would read nothing else", l)
	}
	for _, p := range []string{"/preview/", "/login", "/register", "/wechatLogin", "/deregister", "/repair", "/virtual"} {
		assert.Contains(t, lines, "Disallow: "+p)
		assert.Contains(t, lines, "Disallow: /*"+p, "prefixed form of %s", p)
	}
	assert.Equal(t, "Sitemap: https://www.example.com/sitemap.xml", lines[len(lines)-1])
	for _, l := range lines {
		if after, ok := strings.CutPrefix(l, "Disallow: "); ok {
			// No public page may match a rule (robots rules are prefixes; * matches anything).
			for _, p := range staticPages {
				for _, prefix := range []string{"", "/en"} {
					assert.False(t, robotsMatch(after, prefix+p.path), "%s keeps crawlers out of %s", l, prefix+p.path)
				}
			}
		}
	}
	for _, private := range []string{"/preview/index", "/en/preview/news", "/login?from=%2Findex", "/jp/register", "/repairDetail/3", "/en_eu/repairList", "/virtual", "/ko/virtual?token=x", "/th/wechatLogin", "/deregister"} {
		matched := false
		for _, l := range lines {
			if after, ok := strings.CutPrefix(l, "Disallow: "); ok && robotsMatch(after, private) {
				matched = true
			}
		}
		assert.True(t, matched, "%s is open to crawlers", private)
	}
}

// robotsMatch is a crawler's reading of a rule: a prefix in which * matches any characters.
func robotsMatch(rule, path string) bool {
	re := "^" + strings.ReplaceAll(regexp.QuoteMeta(rule), `\*`, ".*")
	return regexp.MustCompile(re).MatchString(path)
}

func TestAlternatesAreTheLanguagesThatHaveThePage(t *testing.T) {
	day := time.Date(2026, 3, 1, 9, 30, 0, 0, time.FixedZone("", 8*3600))
	pages := map[string][]Page{}
	for _, l := range Languages {
		pages[l.Code] = []Page{{Key: "/index", Path: "/index"}}
	}
	// A news item only in Chinese and Traditional Chinese; a position on another page in ja.
	for _, code := range []string{"zh", "zh_tw"} {
		pages[code] = append(pages[code], Page{Key: "/newsDetail/28", Path: "/newsDetail/28", LastMod: day})
	}
	pages["en"] = append(pages["en"], Page{Key: "position:social:5", Path: "/position?type=social&id=5"})
	pages["jp"] = append(pages["jp"], Page{Key: "position:social:5", Path: "/position?type=social&page=2&id=5"})

	zh := string(URLSet("https://www.example.com", Languages[0], pages))
	assert.Contains(t, zh, `<loc>https://www.example.com/newsDetail/28</loc>`)
	assert.Contains(t, zh, `<lastmod>2026-03-01T09:30:00+08:00</lastmod>`)
	assert.Contains(t, zh, `<xhtml:link rel="alternate" hreflang="zh-TW" href="https://www.example.com/zh_tw/newsDetail/28"/>`)
	assert.Equal(t, 3, strings.Count(zh, `/newsDetail/28"/>`), "zh-CN, zh-TW and x-default")
	assert.Equal(t, 13, strings.Count(zh, `/index"/>`))
	assert.Contains(t, zh, `<xhtml:link rel="alternate" hreflang="x-default" href="https://www.example.com/index"/>`)
	assert.Contains(t, zh, `<xhtml:link rel="alternate" hreflang="en-DE" href="https://www.example.com/en_eu/index"/>`)

	en := string(URLSet("https://www.example.com", Languages[2], pages))
	// & is escaped; the Japanese version of the position is on its own page of the list.
	assert.Contains(t, en, `<loc>https://www.example.com/en/position?type=social&amp;id=5</loc>`)
	assert.Contains(t, en, `hreflang="ja" href="https://www.example.com/jp/position?type=social&amp;page=2&amp;id=5"/>`)
	assert.NotContains(t, en, "x-default\" href=\"https://www.example.com/position", "no Chinese version, no x-default")
	assert.NotContains(t, en, "<lastmod>", "no time, no lastmod")

	index := string(Index("https://www.example.com"))
	for _, l := range Languages {
		assert.Contains(t, index, "<loc>https://www.example.com/sitemap-"+l.Code+".xml</loc>")
	}
}
