package content

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// newsroomHandler serves the newsroom's resources and the banners from their seed files alone,
// so that these tests do not depend on the other domains' seed content.
func newsroomHandler(t *testing.T) (http.Handler, *newsroom) {
	t.Helper()
	n, err := loadNewsroom()
	require.NoError(t, err)
	// A fixed clock keeps the notices in force the same whatever day the tests run.
	n.now = func() time.Time { return time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC) }
	store := &Store{newsroom: n}
	require.NoError(t, readSeed("banners.json", &store.banners))
	s := &server{store: store}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /cms/v2/banners", s.banners)
	s.registerNewsroom(mux)
	return newPreviews(Options{PreviewSecret: testPreviewSecret}).wrap(mux), n
}

type nrPage[T any] struct {
	Total int `json:"total"`
	Rows  []T `json:"rows"`
}

type nrNews struct {
	ID          int     `json:"id"`
	TypeID      int     `json:"typeId"`
	Title       string  `json:"title"`
	Summary     *string `json:"summary"`
	PublishTime string  `json:"publishTime"`
	Hot         bool    `json:"hot"`
	Top         bool    `json:"top"`
}

type nrNewsLink struct {
	ID     int    `json:"id"`
	TypeID int    `json:"typeId"`
	Title  string `json:"title"`
}

type nrNewsDetail struct {
	nrNews
	Content  string      `json:"content"`
	Previous *nrNewsLink `json:"previous"`
	Next     *nrNewsLink `json:"next"`
}

type nrDownload struct {
	ID            int     `json:"id"`
	ParentID      int     `json:"parentId"`
	Title         string  `json:"title"`
	FileName      string  `json:"fileName"`
	FileType      string  `json:"fileType"`
	URL           *string `json:"url"`
	PreviewURL    *string `json:"previewUrl"`
	Version       *string `json:"version"`
	PublishTime   string  `json:"publishTime"`
	LoginRequired bool    `json:"loginRequired"`
}

type nrFaq struct {
	ID       int    `json:"id"`
	TypeID   int    `json:"typeId"`
	Question string `json:"question"`
	Answer   string `json:"answer"`
}

func nrDecode[T any](t *testing.T, body []byte) T {
	t.Helper()
	var v T
	require.NoError(t, json.Unmarshal(body, &v), "%s", body)
	return v
}

func nrIDs[T any](rows []T, id func(T) int) []int {
	out := []int{}
	for _, r := range rows {
		out = append(out, id(r))
	}
	return out
}

func nrNewsIDs(rows []nrNews) []int { return nrIDs(rows, func(r nrNews) int { return r.ID }) }
func nrDownloadIDs(rows []nrDownload) []int {
	return nrIDs(rows, func(r nrDownload) int { return r.ID })
}
func nrFaqIDs(rows []nrFaq) []int { return nrIDs(rows, func(r nrFaq) int { return r.ID }) }

// previewHeader asks for drafts and unpublished changes.
var previewHeader = []string{PreviewTokenHeader, previewToken}

func TestNewsroomResourcesMatchTheContract(t *testing.T) {
	h, n := newsroomHandler(t)
	for _, locale := range Locales {
		for _, headers := range [][]string{nil, previewHeader} {
			get := func(operationID, path string) []byte {
				t.Helper()
				body := getOK(t, h, path+"&locale="+locale, headers...)
				assertContract(t, operationID, body)
				return body
			}
			get("homeRecommendNews", "/cms/v2/news?recommended=true")
			get("newsTopList", "/cms/v2/news?top=true")
			get("newsListByTitle", "/cms/v2/news?q=JAKA&limit=200")
			get("newsTypeList", "/cms/v2/news-types?column=5")
			all := nrDecode[nrPage[nrNews]](t, get("newsList", "/cms/v2/news?limit=200"))
			for typeID := 1; typeID <= 4; typeID++ {
				get("newsList", fmt.Sprintf("/cms/v2/news?type=%d&limit=200", typeID))
			}
			for _, row := range all.Rows {
				get("getNewsDetail", fmt.Sprintf("/cms/v2/news/%d?type=%d", row.ID, row.TypeID))
				get("getNewsDetail", fmt.Sprintf("/cms/v2/news/%d?x=", row.ID))
			}
			get("noticeAllList", "/cms/v2/notices?x=")
			get("keyWord", "/cms/v2/keywords?x=")
			get("downloadTreeList", "/cms/v2/downloads/tree?x=")
			get("selectDownloadByTitle", "/cms/v2/downloads?q=jaka&limit=200")
			for _, node := range n.downloadNodes {
				docs := nrDecode[nrPage[nrDownload]](t, get("selectDownloadByParentId", fmt.Sprintf("/cms/v2/downloads?parent=%d&limit=200", idOf(node))))
				for _, d := range docs.Rows {
					get("downloadGetDetails", fmt.Sprintf("/cms/v2/downloads/%d?x=", d.ID))
					get("downloadGetDetailsByQuery", fmt.Sprintf("/cms/v2/downloads/%d?x=", d.ID))
				}
			}
			get("faqTypeList", "/cms/v2/faq-types?x=")
			get("selectFaqByTitle", "/cms/v2/faqs?limit=200")
			for _, ft := range n.faqTypes {
				get("selectFaqByTitle", fmt.Sprintf("/cms/v2/faqs?type=%d&limit=200", idOf(ft)))
			}
			for _, placement := range []string{"10", "16", "17", "19"} {
				get("bannerAllList", "/cms/v2/banners?placement="+placement)
			}
		}
	}
}

func TestDownloadsForProductMatchTheContract(t *testing.T) {
	_, n := newsroomHandler(t)
	schema := dataSchema(t, "downloadGetDetails")
	for _, product := range []int{101, 102, 103, 104, 105, 201, 202, 203, 301, 302, 303, 401, 402} {
		for _, locale := range Locales {
			items := n.downloadsForProduct(product, locale, true)
			assert.NotEmpty(t, items, "product %d has documents", product)
			for _, it := range items {
				raw, err := json.Marshal(it)
				require.NoError(t, err)
				var v any
				require.NoError(t, json.Unmarshal(raw, &v))
				require.NoError(t, schema.VisitJSON(v), "product %d: %s", product, raw)
				assert.NotContains(t, it, "productIds", "the editorial product link is not sent")
			}
		}
	}
}

func TestNewsroomRefusesBadRequests(t *testing.T) {
	h, _ := newsroomHandler(t)
	cases := []struct {
		status int
		path   string
	}{
		{http.StatusBadRequest, "/cms/v2/news"},
		{http.StatusBadRequest, "/cms/v2/news?locale=xx"},
		{http.StatusBadRequest, "/cms/v2/news?locale=en&type=abc"},
		{http.StatusBadRequest, "/cms/v2/news?locale=en&type=0"},
		{http.StatusBadRequest, "/cms/v2/news?locale=en&offset=-1"},
		{http.StatusBadRequest, "/cms/v2/news?locale=en&limit=0"},
		{http.StatusBadRequest, "/cms/v2/news?locale=en&limit=201"},
		{http.StatusBadRequest, "/cms/v2/news?locale=en&recommended=yes"},
		{http.StatusBadRequest, "/cms/v2/news?locale=en&recommended=true&top=true"},
		{http.StatusBadRequest, "/cms/v2/news?locale=en&q=" + strings.Repeat("a", 101)},
		{http.StatusBadRequest, "/cms/v2/news-types?locale=en"},
		{http.StatusBadRequest, "/cms/v2/news-types?locale=en&column=x"},
		{http.StatusBadRequest, "/cms/v2/news/abc?locale=en"},
		{http.StatusBadRequest, "/cms/v2/news/0?locale=en"},
		{http.StatusBadRequest, "/cms/v2/news/1?locale=en&type=-4"},
		{http.StatusBadRequest, "/cms/v2/notices?locale=jp"},
		{http.StatusBadRequest, "/cms/v2/keywords"},
		{http.StatusBadRequest, "/cms/v2/downloads/tree?locale=EN"},
		{http.StatusBadRequest, "/cms/v2/downloads?locale=en"},
		{http.StatusBadRequest, "/cms/v2/downloads?locale=en&parent=x"},
		{http.StatusBadRequest, "/cms/v2/downloads?locale=en&q=zu&limit=500"},
		{http.StatusBadRequest, "/cms/v2/downloads/x?locale=en"},
		{http.StatusBadRequest, "/cms/v2/faq-types"},
		{http.StatusBadRequest, "/cms/v2/faqs?locale=en&type=x"},
		{http.StatusBadRequest, "/cms/v2/faqs?locale=en&offset=x"},

		{http.StatusNotFound, "/cms/v2/news?locale=en&type=99"},
		{http.StatusNotFound, "/cms/v2/news-types?locale=en&column=6"},
		{http.StatusNotFound, "/cms/v2/news/999?locale=en"},
		{http.StatusNotFound, "/cms/v2/news/1?locale=en&type=2"},
		{http.StatusNotFound, "/cms/v2/news/1?locale=en&type=99"},
		{http.StatusNotFound, "/cms/v2/news/40?locale=en"},
		{http.StatusNotFound, "/cms/v2/news/28?locale=en"},
		{http.StatusNotFound, "/cms/v2/downloads/1?locale=en"},
		{http.StatusNotFound, "/cms/v2/downloads/9999?locale=en"},
		{http.StatusNotFound, "/cms/v2/downloads/5040?locale=en"},
		{http.StatusNotFound, "/cms/v2/downloads/5034?locale=en"},
		{http.StatusNotFound, "/cms/v2/downloads?locale=en&parent=99"},
		{http.StatusNotFound, "/cms/v2/faqs?locale=en&type=99"},
	}
	for _, c := range cases {
		code, body := get(t, h, c.path)
		assert.Equal(t, c.status, code, "GET %s: %s", c.path, body)
		assert.Contains(t, string(body), `"error"`, c.path)
	}
}

func TestNewsPages(t *testing.T) {
	h, _ := newsroomHandler(t)
	all := nrDecode[nrPage[nrNews]](t, getOK(t, h, "/cms/v2/news?locale=en&limit=200"))
	assert.Equal(t, 38, all.Total, "40 items less the draft and the Chinese-only event")
	assert.Len(t, all.Rows, 38)

	first := nrDecode[nrPage[nrNews]](t, getOK(t, h, "/cms/v2/news?locale=en"))
	assert.Equal(t, 38, first.Total)
	assert.Len(t, first.Rows, 10, "ten rows by default")
	seen := []int{}
	for offset := 0; offset < 38; offset += 7 {
		p := nrDecode[nrPage[nrNews]](t, getOK(t, h, fmt.Sprintf("/cms/v2/news?locale=en&offset=%d&limit=7", offset)))
		assert.Equal(t, 38, p.Total)
		seen = append(seen, nrNewsIDs(p.Rows)...)
	}
	assert.Equal(t, nrNewsIDs(all.Rows), seen, "the pages together are the whole list")
	past := nrDecode[nrPage[nrNews]](t, getOK(t, h, "/cms/v2/news?locale=en&offset=38"))
	assert.Equal(t, 38, past.Total)
	assert.Empty(t, past.Rows)

	// A type's tab pins top news first, then lists newest first.
	company := nrDecode[nrPage[nrNews]](t, getOK(t, h, "/cms/v2/news?locale=en&type=1&limit=200"))
	assert.Equal(t, []int{39, 21}, nrNewsIDs(company.Rows[:2]), "top news first")
	for i, row := range company.Rows {
		assert.Equal(t, 1, row.TypeID)
		if i > 2 {
			assert.GreaterOrEqual(t, company.Rows[i-1].PublishTime, row.PublishTime, "newest first")
		}
	}
	events := nrDecode[nrPage[nrNews]](t, getOK(t, h, "/cms/v2/news?locale=zh&type=4&limit=200"))
	assert.Contains(t, nrNewsIDs(events.Rows), 28, "the Chinese-only event in Chinese")
}

func TestNewsHomeAndSideLists(t *testing.T) {
	h, _ := newsroomHandler(t)
	recommended := nrDecode[[]nrNews](t, getOK(t, h, "/cms/v2/news?recommended=true&locale=en"))
	assert.Equal(t, []int{39, 36, 33, 31, 21}, nrNewsIDs(recommended), "recommended news, newest first")

	top := nrDecode[[]nrNews](t, getOK(t, h, "/cms/v2/news?top=true&locale=en"))
	assert.Equal(t, []int{39, 21, 36, 33, 24, 11, 4}, nrNewsIDs(top), "top news first, then hot news newest first")
	for _, row := range top {
		assert.True(t, row.Hot || row.Top)
	}
}

func TestNewsTitleSearch(t *testing.T) {
	h, _ := newsroomHandler(t)
	for locale, query := range map[string]string{"en": "hannover", "de": "HANNOVER", "zh": "汉诺威", "zh_tw": "漢諾威", "ja": "ハノーバー"} {
		found := nrDecode[nrPage[nrNews]](t, getOK(t, h, "/cms/v2/news?locale="+locale+"&q="+url.QueryEscape(query)))
		assert.Equal(t, []int{36, 23, 13, 2}, nrNewsIDs(found.Rows), "%s: case-insensitive title search, newest first", locale)
	}
	// Searching looks at titles only: the stand number is in summaries and contents, never in a title.
	none := nrDecode[nrPage[nrNews]](t, getOK(t, h, "/cms/v2/news?locale=en&q=D18"))
	assert.Zero(t, none.Total)
	// A search within a type.
	weekly := nrDecode[nrPage[nrNews]](t, getOK(t, h, "/cms/v2/news?locale=en&type=3&q=weekly"))
	assert.Equal(t, []int{37, 30, 22, 17, 12, 7}, nrNewsIDs(weekly.Rows))
}

func TestNewsTypesOfTheInsightsColumn(t *testing.T) {
	h, _ := newsroomHandler(t)
	type newsType struct {
		ID       int    `json:"id"`
		TypeName string `json:"typeName"`
		Key      string `json:"key"`
	}
	types := nrDecode[[]newsType](t, getOK(t, h, "/cms/v2/news-types?column=5&locale=de"))
	require.Len(t, types, 4)
	assert.Equal(t, "weekly", types[2].Key)
	assert.Equal(t, "JAKA Weekly", types[2].TypeName)
	assert.Equal(t, "Messen & Events", types[3].TypeName)
}

func TestNewsDetailLinksItsNeighbours(t *testing.T) {
	h, _ := newsroomHandler(t)
	detail := func(path string, headers ...string) nrNewsDetail {
		return nrDecode[nrNewsDetail](t, getOK(t, h, path, headers...))
	}
	// Within the events type; English readers do not see the Chinese-only news 28.
	d := detail("/cms/v2/news/29?type=4&locale=en")
	assert.Equal(t, "CIIF 2025: the full JAKA range and 30 industry applications", d.Title)
	require.NotNil(t, d.Previous)
	require.NotNil(t, d.Next)
	assert.Equal(t, nrNewsLink{25, 4, "automatica 2025: JAKA shows cobots for batteries and healthcare"}, *d.Previous)
	assert.Equal(t, 32, d.Next.ID)
	assert.Equal(t, 28, detail("/cms/v2/news/29?type=4&locale=zh").Previous.ID, "Chinese readers do")

	assert.Nil(t, detail("/cms/v2/news/2?type=4&locale=en").Previous, "the oldest event has no previous")
	assert.Nil(t, detail("/cms/v2/news/38?type=4&locale=en").Next, "the newest event has no next")

	// Without a type, the neighbours are the adjacent news of any type.
	d = detail("/cms/v2/news/29?locale=en")
	assert.Equal(t, nrNewsLink{27, 1, "JAKA’s 2024 ESG report: carbon footprint per robot down 15%"}, *d.Previous)
	assert.Equal(t, 30, d.Next.ID)
	assert.Nil(t, detail("/cms/v2/news/1?locale=en").Previous)
	assert.Nil(t, detail("/cms/v2/news/39?locale=en").Next)

	// The draft news 40 is the newest insight, but only previews see it.
	assert.Nil(t, detail("/cms/v2/news/34?type=2&locale=en").Next)
	assert.Equal(t, 40, detail("/cms/v2/news/34?type=2&locale=en", previewHeader...).Next.ID)
	assert.Contains(t, detail("/cms/v2/news/4?type=1&locale=fr").Content, "<table>")
}

func TestNewsDraftsOnlyInPreview(t *testing.T) {
	h, _ := newsroomHandler(t)
	published := nrDecode[nrPage[nrNews]](t, getOK(t, h, "/cms/v2/news?locale=en&limit=200"))
	previewed := nrDecode[nrPage[nrNews]](t, getOK(t, h, "/cms/v2/news?locale=en&limit=200", previewHeader...))
	assert.NotContains(t, nrNewsIDs(published.Rows), 40)
	assert.Contains(t, nrNewsIDs(previewed.Rows), 40)
	assert.Equal(t, published.Total+1, previewed.Total)

	code, _ := get(t, h, "/cms/v2/news/40?type=2&locale=en")
	assert.Equal(t, http.StatusNotFound, code)
	getOK(t, h, "/cms/v2/news/40?type=2&locale=en", previewHeader...)

	// News 38 has an unpublished change of title.
	title := func(headers ...string) string {
		return nrDecode[nrNewsDetail](t, getOK(t, h, "/cms/v2/news/38?type=4&locale=en", headers...)).Title
	}
	assert.Equal(t, "CIIF 2026: meet JAKA in Shanghai", title())
	assert.Equal(t, "CIIF 2026: meet JAKA at stand 8.1H-A001 in Shanghai", title(previewHeader...))
}

func TestNewsroomLocales(t *testing.T) {
	h, _ := newsroomHandler(t)
	for _, path := range []string{
		"/cms/v2/news?limit=200", "/cms/v2/news/26?type=2", "/cms/v2/news-types?column=5", "/cms/v2/notices?x=",
		"/cms/v2/keywords?x=", "/cms/v2/downloads/tree?x=", "/cms/v2/downloads?parent=1&limit=200", "/cms/v2/faq-types?x=",
		"/cms/v2/faqs?limit=200", "/cms/v2/banners?placement=17",
	} {
		en := getOK(t, h, path+"&locale=en")
		assert.JSONEq(t, string(en), string(getOK(t, h, path+"&locale=en_eu")), "en_eu reads English: %s", path)
	}

	// Each language has its own text.
	titles := map[string]bool{}
	for _, l := range []string{"zh", "zh_tw", "en", "ja", "ko", "th", "es", "fr", "de", "ru"} {
		titles[nrDecode[nrNewsDetail](t, getOK(t, h, "/cms/v2/news/21?locale="+l)).Title] = true
	}
	assert.Len(t, titles, 10)

	// US English has its own spelling where an editor gave one; elsewhere it reads English.
	summary := func(locale string) string {
		return *nrDecode[nrNewsDetail](t, getOK(t, h, "/cms/v2/news/11?locale="+locale)).Summary
	}
	assert.Contains(t, summary("en"), "optimised")
	assert.Contains(t, summary("en_us"), "optimized")
	assert.Equal(t, summary("en"), summary("en_eu"))

	// The China-only event exists in the Chinese locales only.
	for locale, visible := range map[string]bool{"zh": true, "zh_tw": true, "en": false, "ja": false} {
		code, _ := get(t, h, "/cms/v2/news/28?type=4&locale="+locale)
		assert.Equal(t, visible, code == http.StatusOK, locale)
	}
}

func TestNoticesInForce(t *testing.T) {
	h, n := newsroomHandler(t)
	type notice struct {
		ID int `json:"id"`
	}
	inForce := func() []int {
		return nrIDs(nrDecode[[]notice](t, getOK(t, h, "/cms/v2/notices?locale=en")), func(n notice) int { return n.ID })
	}
	assert.Equal(t, []int{2, 1}, inForce(), "the expired Spring Festival notice is not sent; newest first")

	n.now = func() time.Time { return time.Date(2026, 2, 20, 9, 0, 0, 0, time.UTC) }
	assert.Equal(t, []int{3, 1}, inForce(), "during the Spring Festival; the firmware notice has not started")

	n.now = func() time.Time { return time.Date(2028, 1, 1, 0, 0, 0, 0, time.UTC) }
	assert.Empty(t, inForce())
}

func TestKeywordsPerLanguage(t *testing.T) {
	h, _ := newsroomHandler(t)
	type keyword struct {
		ID      int     `json:"id"`
		Keyword string  `json:"keyword"`
		Link    *string `json:"link"`
	}
	for _, locale := range Locales {
		words := nrDecode[[]keyword](t, getOK(t, h, "/cms/v2/keywords?locale="+locale))
		require.Len(t, words, 8, locale)
		for _, w := range words {
			assert.NotEmpty(t, w.Keyword)
		}
		assert.Nil(t, words[1].Link, "a keyword without a link searches")
		assert.Equal(t, "/virtual", *words[4].Link)
	}
	ja := nrDecode[[]keyword](t, getOK(t, h, "/cms/v2/keywords?locale=ja"))
	assert.Equal(t, "バーチャル体験", ja[4].Keyword)
}

func TestDownloadTree(t *testing.T) {
	h, _ := newsroomHandler(t)
	type node struct {
		ID       int    `json:"id"`
		Name     string `json:"name"`
		ParentID *int   `json:"parentId"`
		Children []node `json:"children"`
	}
	tree := nrDecode[[]node](t, getOK(t, h, "/cms/v2/downloads/tree?locale=en"))
	assert.Equal(t, []int{1, 6, 11, 15, 16, 19}, nrIDs(tree, func(n node) int { return n.ID }))
	assert.Nil(t, tree[0].ParentID)
	assert.Equal(t, "Product manuals", tree[0].Name)
	assert.Equal(t, []int{2, 3, 4, 5, 20}, nrIDs(tree[0].Children, func(n node) int { return n.ID }))
	assert.Equal(t, 1, *tree[0].Children[0].ParentID)
	assert.Equal(t, "Controller firmware", tree[2].Children[2].Name)
	assert.Empty(t, tree[3].Children)
}

func TestDownloadsOfACategoryAndItsDescendants(t *testing.T) {
	h, _ := newsroomHandler(t)
	manuals := nrDecode[nrPage[nrDownload]](t, getOK(t, h, "/cms/v2/downloads?parent=1&locale=en&limit=200"))
	got := nrDownloadIDs(manuals.Rows)
	assert.Contains(t, got, 5011, "a document right under the category")
	assert.Contains(t, got, 5001, "a document in a sub-category")
	assert.Contains(t, got, 5010, "a document in another sub-category")
	assert.NotContains(t, got, 5012, "CAD models are elsewhere")
	assert.NotContains(t, got, 5040, "a draft")
	assert.Equal(t, 11, manuals.Total)
	for i := 1; i < len(manuals.Rows); i++ {
		assert.GreaterOrEqual(t, manuals.Rows[i-1].PublishTime, manuals.Rows[i].PublishTime, "newest first")
	}

	zu := nrDecode[nrPage[nrDownload]](t, getOK(t, h, "/cms/v2/downloads?parent=2&locale=en"))
	assert.Equal(t, []int{5001, 5002, 5003}, nrDownloadIDs(zu.Rows), "newest first")

	page := nrDecode[nrPage[nrDownload]](t, getOK(t, h, "/cms/v2/downloads?parent=1&locale=en&offset=8&limit=5"))
	assert.Equal(t, 11, page.Total)
	assert.Equal(t, nrDownloadIDs(manuals.Rows[8:]), nrDownloadIDs(page.Rows))

	previewed := nrDecode[nrPage[nrDownload]](t, getOK(t, h, "/cms/v2/downloads?parent=5&locale=en", previewHeader...))
	assert.Equal(t, []int{5040, 5008, 5009}, nrDownloadIDs(previewed.Rows))

	regional := func(locale string) []int {
		return nrDownloadIDs(nrDecode[nrPage[nrDownload]](t, getOK(t, h, "/cms/v2/downloads?parent=18&locale="+locale)).Rows)
	}
	assert.Equal(t, []int{5034}, regional("zh"), "the CR certificate for Chinese readers")
	assert.Equal(t, []int{5035}, regional("ko"), "the KC certificate for Korean readers")
	assert.Empty(t, regional("en"))
}

func TestDownloadSearchAndLinks(t *testing.T) {
	h, _ := newsroomHandler(t)
	found := nrDecode[nrPage[nrDownload]](t, getOK(t, h, "/cms/v2/downloads?q=USER+MANUAL&locale=en"))
	assert.Equal(t, []int{5004, 5001, 5008, 5006, 5007}, nrDownloadIDs(found.Rows), "case-insensitive title search, newest first")
	found = nrDecode[nrPage[nrDownload]](t, getOK(t, h, "/cms/v2/downloads?q="+url.QueryEscape("用户手册")+"&locale=zh"))
	assert.Equal(t, 5, found.Total)
	both := nrDecode[nrPage[nrDownload]](t, getOK(t, h, "/cms/v2/downloads?q=user+manual&parent=3&locale=en"))
	assert.Equal(t, []int{5004}, nrDownloadIDs(both.Rows), "q and parent together")

	doc := nrDecode[nrDownload](t, getOK(t, h, "/cms/v2/downloads/5001?locale=en"))
	assert.Equal(t, "JAKA Zu user manual", doc.Title)
	assert.Equal(t, "/cms-assets/files/JAKA_Zu_User_Manual_V2.4.pdf", *doc.URL)
	assert.Equal(t, *doc.URL, *doc.PreviewURL)
	assert.False(t, doc.LoginRequired)
	// The manual has an unpublished new version.
	doc = nrDecode[nrDownload](t, getOK(t, h, "/cms/v2/downloads/5001?locale=en", previewHeader...))
	assert.Equal(t, "V2.5", *doc.Version)
	assert.Equal(t, "/cms-assets/files/JAKA_Zu_User_Manual_V2.5.pdf", *doc.URL)

	// CAD models, software and firmware need a login: their links come from userDownload.
	for _, id := range []int{5014, 5020, 5022, 5024} {
		doc := nrDecode[nrDownload](t, getOK(t, h, fmt.Sprintf("/cms/v2/downloads/%d?locale=en", id)))
		assert.True(t, doc.LoginRequired, id)
		assert.Nil(t, doc.URL, id)
		assert.Nil(t, doc.PreviewURL, id)
	}
	raw := getOK(t, h, "/cms/v2/downloads/5014?locale=en")
	assert.NotContains(t, string(raw), "productIds")
	assert.Contains(t, string(raw), `"fileType":"zip"`)
}

func TestDownloadsForProduct(t *testing.T) {
	_, n := newsroomHandler(t)
	idsOf := func(items []map[string]any) []int {
		return nrIDs(items, idOf)
	}
	zu7 := idsOf(n.downloadsForProduct(103, "en", false))
	for _, want := range []int{5001, 5003, 5014, 5026, 5030} {
		assert.Contains(t, zu7, want)
	}
	assert.NotContains(t, zu7, 5004, "a Pro manual")
	assert.NotContains(t, zu7, 5034, "the CR certificate is for Chinese readers")
	assert.Contains(t, idsOf(n.downloadsForProduct(103, "zh", false)), 5034)

	assert.NotContains(t, idsOf(n.downloadsForProduct(402, "en", false)), 5040)
	assert.Contains(t, idsOf(n.downloadsForProduct(402, "en", true)), 5040, "the draft guide in preview")
	assert.Empty(t, n.downloadsForProduct(999, "en", false))

	first := n.downloadsForProduct(103, "de", false)[0]
	assert.IsType(t, "", first["title"], "titles are localized")
}

func TestFaq(t *testing.T) {
	h, _ := newsroomHandler(t)
	type faqType struct {
		ID       int       `json:"id"`
		TypeName string    `json:"typeName"`
		Children []faqType `json:"children"`
	}
	types := nrDecode[[]faqType](t, getOK(t, h, "/cms/v2/faq-types?locale=en"))
	assert.Equal(t, []int{1, 2, 3, 4, 5, 6}, nrIDs(types, func(f faqType) int { return f.ID }))
	assert.Equal(t, []int{51, 52}, nrIDs(types[4].Children, func(f faqType) int { return f.ID }))
	assert.Equal(t, "Repair process", types[4].Children[1].TypeName)
	assert.Empty(t, types[2].Children)

	all := nrDecode[nrPage[nrFaq]](t, getOK(t, h, "/cms/v2/faqs?locale=en&limit=200"))
	assert.Equal(t, 42, all.Total, "44 questions less a draft and a Chinese-only one")
	first := nrDecode[nrPage[nrFaq]](t, getOK(t, h, "/cms/v2/faqs?locale=en"))
	assert.Len(t, first.Rows, 10)
	assert.Equal(t, 42, first.Total)

	// A category lists its own questions and those of its sub-categories.
	warranty := nrDecode[nrPage[nrFaq]](t, getOK(t, h, "/cms/v2/faqs?type=5&locale=en&limit=50"))
	assert.Equal(t, []int{29, 30, 31, 32, 33, 34, 35, 36}, nrFaqIDs(warranty.Rows))
	warranty = nrDecode[nrPage[nrFaq]](t, getOK(t, h, "/cms/v2/faqs?type=5&locale=zh&limit=50"))
	assert.Contains(t, nrFaqIDs(warranty.Rows), 43, "the VAT invoice question is for mainland readers")
	repair := nrDecode[nrPage[nrFaq]](t, getOK(t, h, "/cms/v2/faqs?type=52&locale=en&limit=50"))
	assert.Equal(t, []int{32, 33, 34, 35, 36}, nrFaqIDs(repair.Rows))

	// q matches the question, ignoring case, and not the answer.
	found := nrDecode[nrPage[nrFaq]](t, getOK(t, h, "/cms/v2/faqs?q=WARRANTY&locale=en"))
	assert.Equal(t, []int{29, 30}, nrFaqIDs(found.Rows))
	found = nrDecode[nrPage[nrFaq]](t, getOK(t, h, "/cms/v2/faqs?q=10.5.5.100&locale=en"))
	assert.Zero(t, found.Total)
	found = nrDecode[nrPage[nrFaq]](t, getOK(t, h, "/cms/v2/faqs?q="+url.QueryEscape("虚拟")+"&type=6&locale=zh"))
	assert.Equal(t, []int{37, 38, 39}, nrFaqIDs(found.Rows))

	// Drafts: a whole question and a changed answer.
	previewed := nrDecode[nrPage[nrFaq]](t, getOK(t, h, "/cms/v2/faqs?type=6&locale=en&limit=50", previewHeader...))
	assert.Contains(t, nrFaqIDs(previewed.Rows), 44)
	answer := func(headers ...string) string {
		rows := nrDecode[nrPage[nrFaq]](t, getOK(t, h, "/cms/v2/faqs?type=51&locale=en", headers...)).Rows
		return rows[0].Answer
	}
	assert.Contains(t, answer(), "12 months")
	assert.Contains(t, answer(previewHeader...), "18 months")
}

func TestBannersOfTheOtherPlacements(t *testing.T) {
	h, _ := newsroomHandler(t)
	type banner struct {
		ID      int     `json:"id"`
		Type    int     `json:"type"`
		Title   string  `json:"title"`
		Subhead *string `json:"subhead"`
		Image   string  `json:"image"`
	}
	for _, locale := range Locales {
		for placement, want := range map[int][]int{2: {1001, 1002, 1003}, 10: {1101, 1102}, 16: {1601, 1602}, 17: {1701, 1702, 1703}, 19: {1901}} {
			banners := nrDecode[[]banner](t, getOK(t, h, fmt.Sprintf("/cms/v2/banners?placement=%d&locale=%s", placement, locale)))
			assert.Equal(t, want, nrIDs(banners, func(b banner) int { return b.ID }), "%s placement %d", locale, placement)
			for _, b := range banners {
				assert.NotEmpty(t, b.Title)
				assert.Equal(t, placement, b.Type)
				if placement != 2 {
					assert.True(t, strings.HasPrefix(b.Image, "/cms-assets/pictures/banner-"), b.Image)
				}
			}
		}
	}
	subhead := func(locale string) string {
		banners := nrDecode[[]banner](t, getOK(t, h, "/cms/v2/banners?placement=16&locale="+locale))
		return *banners[0].Subhead
	}
	assert.Contains(t, subhead("en"), "palletising")
	assert.Contains(t, subhead("en_eu"), "palletising")
	assert.Contains(t, subhead("en_us"), "palletizing")
}
