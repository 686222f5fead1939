package pagetable

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTheEmbeddedTableHasWhatTheBFFReads(t *testing.T) {
	table, err := Parse(pagesJSON)
	require.NoError(t, err)

	def, ok := table.Language(table.DefaultLanguage)
	require.True(t, ok)
	assert.Empty(t, def.Prefix)
	assert.Len(t, table.PrefixLanguages(), len(table.Languages)-1, "every other language has a prefix")
	for _, code := range table.BrowserLanguages {
		_, ok := table.Language(code)
		assert.True(t, ok, code)
	}

	var personal, public, listed, items int
	for _, p := range table.Pages {
		switch {
		case p.Personal:
			personal++
		case p.Live():
			public++
		}
		switch p.Sitemap.Listed {
		case ListedPage:
			listed++
		case ListedItems:
			items++
		}
	}
	assert.Positive(t, personal, "personal pages (streamed uncached)")
	assert.Positive(t, public, "public pages (cached)")
	assert.Positive(t, listed, "pages the sitemaps list")
	assert.Positive(t, items, "pages of CMS items the sitemaps list")
	assert.NotEmpty(t, table.QueryBySegment(), "pages that read a query")
	assert.Equal(t, table.Routes()[0], "/"+table.Pages[0].Path)
}

func TestTheAnswersFollowTheTable(t *testing.T) {
	table, err := Parse([]byte(`{
		"previewSegment": "preview", "defaultLanguage": "zh",
		"languages": [
			{"code": "zh", "wire": "zh", "prefix": "", "htmlLang": "zh-CN", "hreflang": "zh-CN"},
			{"code": "jp", "wire": "ja", "prefix": "/jp", "htmlLang": "ja", "hreflang": "ja"}
		],
		"browserLanguages": {"ja": "jp"},
		"pages": [
			{"path": "news", "personal": false, "preview": "mirror", "query": ["page"], "sitemap": {"listed": "page", "dated": "news"}},
			{"path": "newsDetail/:id", "personal": false, "preview": "mirror", "query": [], "sitemap": {"listed": "items", "items": "news"}},
			{"path": "Repair", "personal": true, "preview": "none", "query": ["type"], "sitemap": {"listed": "no"}},
			{"path": "draftOnly", "personal": false, "preview": "only", "query": ["id"], "sitemap": {"listed": "no"}}
		]
	}`))
	require.NoError(t, err)
	assert.Equal(t, map[string]bool{"jp": true}, table.PrefixLanguages())
	assert.Equal(t, map[string]bool{"repair": true}, table.PersonalSegments(), "lower case")
	assert.Equal(t, map[string][]string{"news": {"page"}}, table.QueryBySegment(), "public live pages only")
	assert.Equal(t, []string{"/news", "/newsDetail/:id", "/Repair", "/draftOnly"}, table.Routes())
	p, ok := table.ItemsPage("news")
	require.True(t, ok)
	assert.Equal(t, "/newsDetail/40", p.Expand("40"))
	assert.Equal(t, "/newsDetail/", p.StaticPrefix())
	assert.Equal(t, "/news", table.Pages[0].Expand("40"))
	_, ok = table.ItemsPage("cases")
	assert.False(t, ok)
	jp, ok := table.Language("jp")
	require.True(t, ok)
	assert.Equal(t, "ja", jp.Wire)
	_, ok = table.Language("JP")
	assert.False(t, ok, "case matters")
}

// edit parses the embedded table as JSON values, lets change alter them and encodes them again.
func edit(t *testing.T, change func(table map[string]any)) []byte {
	t.Helper()
	var table map[string]any
	require.NoError(t, json.Unmarshal(pagesJSON, &table))
	change(table)
	b, err := json.Marshal(table)
	require.NoError(t, err)
	return b
}

// page is the embedded table's page at path, to be changed in place.
func page(t *testing.T, table map[string]any, path string) map[string]any {
	t.Helper()
	for _, p := range table["pages"].([]any) {
		if p.(map[string]any)["path"] == path {
			return p.(map[string]any)
		}
	}
	t.Fatalf("no page %s", path)
	return nil
}

func TestATableTheBFFWouldMisreadIsRefusedWithItsFault(t *testing.T) {
	for name, c := range map[string]struct {
		change func(table map[string]any)
		fault  string
	}{
		"a page without personal, which would be cached": {
			func(tb map[string]any) { delete(page(t, tb, "login"), "personal") },
			"path, personal, preview, query and sitemap.listed are required",
		},
		"a page without its query": {
			func(tb map[string]any) { delete(page(t, tb, "download"), "query") },
			"path, personal, preview, query and sitemap.listed are required",
		},
		"a page without its sitemap listing": {
			func(tb map[string]any) { delete(page(t, tb, "about"), "sitemap") },
			"path, personal, preview, query and sitemap.listed are required",
		},
		"a field the BFF does not know": {
			func(tb map[string]any) { page(t, tb, "about")["noindex"] = true },
			`unknown field "noindex"`,
		},
		"a page declared twice": {
			func(tb map[string]any) { page(t, tb, "about")["path"] = "contact" },
			"page contact is declared twice",
		},
		"pages of one first segment that read different queries": {
			func(tb map[string]any) { page(t, tb, "productList/:id")["query"] = []any{"page"} },
			"pages productList and productList/:id share their first segment",
		},
		"a personal page in a sitemap": {
			func(tb map[string]any) { page(t, tb, "login")["sitemap"] = map[string]any{"listed": "page"} },
			"page login: a personal page or a preview only is listed",
		},
		"one list on two pages": {
			func(tb map[string]any) {
				page(t, tb, "caseDetail/:id")["sitemap"] = map[string]any{"listed": "items", "items": "news"}
			},
			"the items of news are listed on",
		},
		"an unknown preview": {
			func(tb map[string]any) { page(t, tb, "about")["preview"] = "draft" },
			`page about: preview "draft"`,
		},
		"a page named like a language": {
			func(tb map[string]any) { page(t, tb, "about")["path"] = "en" },
			"page en: its first segment is the preview segment or a language prefix",
		},
		"a language with the wrong prefix": {
			func(tb map[string]any) { tb["languages"].([]any)[1].(map[string]any)["prefix"] = "/zh-tw" },
			`language "zh_tw": prefix "/zh-tw", want "/zh_tw"`,
		},
		"a language without its wire code": {
			func(tb map[string]any) { delete(tb["languages"].([]any)[5].(map[string]any), "wire") },
			"languages[5]: code, wire, prefix, htmlLang and hreflang are required",
		},
		"a browser language that gets no site language": {
			func(tb map[string]any) { tb["browserLanguages"].(map[string]any)["pt"] = "pt" },
			`browserLanguages: "pt" gets "pt", which is no language`,
		},
		"no preview segment": {
			func(tb map[string]any) { delete(tb, "previewSegment") },
			"previewSegment: one path segment is required",
		},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := Parse(edit(t, c.change))
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.fault)
		})
	}
}
