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

func TestTheLanguagesAreTheWebAppsInItsOrder(t *testing.T) {
	src := webSource(t, "src/lib/language.ts")
	var codes []string
	for _, l := range Languages {
		codes = append(codes, l.Code)
		want := l.Code
		if l.Code == "jp" {
			want = "ja" // toWireLanguage
		}
		assert.Equal(t, want, l.Locale, l.Code)
	}
	assert.Equal(t, quoted(tsConst(t, src, "SITE_LANGUAGES")), codes)
	assert.Equal(t, "'"+DefaultLanguage+"'", strings.Fields(tsConst(t, src, "DEFAULT_LANGUAGE"))[0])
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

// routesPages lists the paths of PAGES in web/src/app/routes.tsx.
func routesPages(t *testing.T) []string {
	t.Helper()
	src := webSource(t, "src/app/routes.tsx")
	start := strings.Index(src, "export const PAGES")
	require.Positive(t, start)
	end := strings.Index(src[start:], "\n];")
	require.Positive(t, end)
	routing := webSource(t, "src/lib/routing.ts")
	names := map[string]string{
		"HOME_PAGE":      quoted(tsConst(t, routing, "HOME_PAGE"))[0],
		"NOT_FOUND_PAGE": quoted(tsConst(t, routing, "NOT_FOUND_PAGE"))[0],
	}
	var out []string
	for _, m := range regexp.MustCompile(`\bpath: (?:'([^']+)'|([A-Z_]+))`).FindAllStringSubmatch(src[start:start+end], -1) {
		if m[1] != "" {
			out = append(out, m[1])
			continue
		}
		name, ok := names[m[2]]
		require.True(t, ok, "unknown constant %s in PAGES", m[2])
		out = append(out, name)
	}
	require.Greater(t, len(out), 40, "PAGES was not read")
	return out
}

func TestEveryPageOfTheRouteTableIsListedOrLeftOutOnPurpose(t *testing.T) {
	static := map[string]bool{}
	for _, p := range staticPages {
		static[strings.TrimPrefix(p.path, "/")] = true
	}
	pages := routesPages(t)
	for _, path := range pages {
		n := 0
		for _, in := range []bool{static[path], contentPages[path] != "", excludedPages[path] != ""} {
			if in {
				n++
			}
		}
		assert.Equal(t, 1, n, "page %q of routes.tsx must be exactly one of: a static page, a content page, excluded", path)
	}
	for path := range static {
		assert.Contains(t, pages, path, "static page not in routes.tsx")
	}
	for path := range contentPages {
		assert.Contains(t, pages, path, "content page not in routes.tsx")
	}
	for path := range excludedPages {
		assert.Contains(t, pages, path, "excluded page not in routes.tsx")
	}
}

func TestRoutesAreThePagesOfTheRouteTable(t *testing.T) {
	var want []string
	for _, path := range routesPages(t) {
		want = append(want, "/"+path)
	}
	assert.ElementsMatch(t, want, Routes())
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
