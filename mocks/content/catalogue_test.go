package content

import (
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// catalogueHandler serves the real catalogue and newsroom seeds (product pages list the
// newsroom's downloads); the company domain is left empty so that these tests depend on no
// other seed than the ones the catalogue reads.
func catalogueHandler(t *testing.T) http.Handler {
	t.Helper()
	cat, err := loadCatalogue()
	require.NoError(t, err)
	news, err := loadNewsroom()
	require.NoError(t, err)
	return NewHandler(&Store{catalogue: cat, newsroom: news, company: &company{}}, Options{PreviewSecret: testPreviewSecret})
}

// catPreview asks for drafts and unpublished changes.
var catPreview = []string{PreviewTokenHeader, previewToken}

// catGetJSON fetches path (requiring a 200) and decodes it into v.
func catGetJSON(t *testing.T, h http.Handler, path string, v any, headers ...string) []byte {
	t.Helper()
	body := getOK(t, h, path, headers...)
	require.NoError(t, json.Unmarshal(body, v), "GET %s", path)
	return body
}

// catIDs reads the ids of a list answer.
func catIDs(t *testing.T, body []byte) []int {
	t.Helper()
	var rows []struct {
		ID int `json:"id"`
	}
	require.NoError(t, json.Unmarshal(body, &rows))
	out := make([]int, len(rows))
	for i, r := range rows {
		out[i] = r.ID
	}
	return out
}

// catPlaceholder finds text a visitor must never read.
var catPlaceholder = regexp.MustCompile(`(?i)lorem|ipsum|sample text|catPlaceholder|\bTBD\b|\$t`)

// catAssertReadable fails on empty strings and placeholder words anywhere in an answer.
func catAssertReadable(t *testing.T, path string, body []byte) {
	t.Helper()
	var v any
	require.NoError(t, json.Unmarshal(body, &v))
	var suspect bool
	var walk func(at string, v any)
	walk = func(at string, v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				walk(at+"."+k, e)
			}
		case []any:
			for i, e := range x {
				walk(fmt.Sprintf("%s[%d]", at, i), e)
			}
		case string:
			assert.NotEmpty(t, x, "%s: %s is empty", path, at)
			if suspect {
				assert.False(t, catPlaceholder.MatchString(x), "%s: %s reads %q", path, at, x)
			}
		}
	}
	// The strings are searched for placeholders all at once, each on a line of its own, and one
	// by one only when that finds one: the regular expression is then run once per answer, not
	// once per string (thousands of runs per answer are slow under the race detector).
	var all strings.Builder
	var gather func(v any)
	gather = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for _, e := range x {
				gather(e)
			}
		case []any:
			for _, e := range x {
				gather(e)
			}
		case string:
			all.WriteString(x)
			all.WriteByte('\n')
		}
	}
	gather(v)
	suspect = catPlaceholder.MatchString(all.String())
	walk("", v)
}

// TestCatalogueResourcesMatchTheContract fetches every catalogue resource, for every item, in
// every locale, with and without preview, and checks each answer against its operation's schema.
func TestCatalogueResourcesMatchTheContract(t *testing.T) {
	h := catalogueHandler(t)
	for _, locale := range Locales {
		for _, pv := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s preview=%v", locale, pv), func(t *testing.T) {
				var hdr []string
				if pv {
					hdr = catPreview
				}
				check := func(op, path string) []byte {
					t.Helper()
					full := catWithLocale(path, locale)
					body := getOK(t, h, full, hdr...)
					assertContract(t, op, body)
					catAssertReadable(t, full, body)
					return body
				}

				check("productLinePullDown", "/cms/v2/product-lines?column=1")
				check("productLinePullDown", "/cms/v2/product-lines?column=2")
				var lines []struct {
					ID       int `json:"id"`
					Children []struct {
						ID int `json:"id"`
					} `json:"children"`
				}
				require.NoError(t, json.Unmarshal(check("productLineList", "/cms/v2/product-lines"), &lines))
				require.Len(t, lines, 4)
				for _, l := range lines {
					check("getProductLineDetails", fmt.Sprintf("/cms/v2/product-lines/%d?column=1", l.ID))
					for _, p := range l.Children {
						check("getProductDetails", fmt.Sprintf("/cms/v2/products/%d?line=%d", p.ID, l.ID))
						check("getProductById", fmt.Sprintf("/cms/v2/products/%d", p.ID))
					}
				}
				for _, ids := range []string{"101,102", "101,201,303,401", "402,105,302", "203,202,201,104"} {
					check("productContrast", "/cms/v2/products/compare?ids="+ids)
				}

				check("solutionPullDown", "/cms/v2/solutions/menu?column=2")
				for id := 1; id <= 7; id++ {
					check("getIndustryDetails", fmt.Sprintf("/cms/v2/industries/%d", id))
				}
				for id := 1; id <= 8; id++ {
					check("getApplyDetails", fmt.Sprintf("/cms/v2/applications/%d", id))
				}
				for id := 1; id <= 3; id++ {
					check("getProductApplyDetails", fmt.Sprintf("/cms/v2/product-levels/%d", id))
				}
				var cases struct {
					Rows []struct {
						ID int `json:"id"`
					} `json:"rows"`
				}
				require.NoError(t, json.Unmarshal(check("applicationsList", "/cms/v2/cases?offset=0&limit=200"), &cases))
				check("applicationsList", "/cms/v2/cases?offset=2&limit=3")
				for id := 1; id <= 7; id++ {
					check("applicationsList", fmt.Sprintf("/cms/v2/cases?industry=%d", id))
				}
				for _, c := range cases.Rows {
					check("getApplicationsDetails", fmt.Sprintf("/cms/v2/cases/%d", c.ID))
				}

				check("homeGetDetails", "/cms/v2/home")
				check("homeCardModelList", "/cms/v2/home/cards/1")
				check("homeCardModelList", "/cms/v2/home/cards/2")
				check("homeRecommendIndustry", "/cms/v2/industries?recommendedIn=1")
				check("homeRecommendIndustry", "/cms/v2/industries?recommendedIn=2")

				for _, partner := range catIDs(t, check("jakaPlusAllList", "/cms/v2/partners")) {
					products := check("jakaPlusGetProductListById", fmt.Sprintf("/cms/v2/partners/%d/products", partner))
					for _, p := range catIDs(t, products) {
						check("jakaPlusGetProductDetails", fmt.Sprintf("/cms/v2/partner-products/%d", p))
					}
				}
			})
		}
	}
}

// TestCatalogueMenuLinksReachItems follows every catalogue route of the header menu.
func TestCatalogueMenuLinksReachItems(t *testing.T) {
	h := catalogueHandler(t)
	raw, err := seedFS.ReadFile("seed/menus.json")
	require.NoError(t, err)
	resources := map[string]string{
		"productList":    "/cms/v2/product-lines/%s?column=1",
		"productDetails": "/cms/v2/products/%s",
		"industry":       "/cms/v2/industries/%s",
		"application":    "/cms/v2/applications/%s",
		"productLevel":   "/cms/v2/product-levels/%s",
	}
	routes := regexp.MustCompile(`"router": "/(\w+)/(\d+)"`).FindAllStringSubmatch(string(raw), -1)
	require.NotEmpty(t, routes)
	followed := 0
	for _, m := range routes {
		if pattern, ok := resources[m[1]]; ok {
			getOK(t, h, catWithLocale(fmt.Sprintf(pattern, m[2]), "en"))
			followed++
		}
	}
	assert.Equal(t, 4+13+6+6, followed, "lines, products, industries and applications of the menu")
}

// catWithLocale adds the locale parameter to path.
func catWithLocale(path, locale string) string {
	if strings.Contains(path, "?") {
		return path + "&locale=" + locale
	}
	return path + "?locale=" + locale
}

func TestCatalogueRefusesBadRequests(t *testing.T) {
	h := catalogueHandler(t)
	notFound := []string{
		"/cms/v2/product-lines/9?column=1&locale=en",
		"/cms/v2/product-lines/1?column=3&locale=en",
		"/cms/v2/product-lines?column=7&locale=en",
		"/cms/v2/products/999?locale=en",
		"/cms/v2/products/101?line=2&locale=en",
		"/cms/v2/products/101?line=9&locale=en",
		"/cms/v2/products/compare?ids=101,999&locale=en",
		"/cms/v2/solutions/menu?column=5&locale=en",
		"/cms/v2/industries/99?locale=en",
		"/cms/v2/industries?recommendedIn=9&locale=en",
		"/cms/v2/applications/99?locale=en",
		"/cms/v2/product-levels/9?locale=en",
		"/cms/v2/cases/99?locale=en",
		"/cms/v2/cases?industry=99&locale=en",
		"/cms/v2/home/cards/3?locale=en",
		"/cms/v2/partners/99/products?locale=en",
		"/cms/v2/partner-products/99?locale=en",
	}
	badRequest := []string{
		"/cms/v2/product-lines?locale=xx",
		"/cms/v2/product-lines?column=one&locale=en",
		"/cms/v2/product-lines/abc?locale=en",
		"/cms/v2/products/abc?locale=en",
		"/cms/v2/products/101?line=x&locale=en",
		"/cms/v2/products/compare?locale=en",
		"/cms/v2/products/compare?ids=101&locale=en",
		"/cms/v2/products/compare?ids=101,102,103,104,105&locale=en",
		"/cms/v2/products/compare?ids=101,101&locale=en",
		"/cms/v2/products/compare?ids=101,x&locale=en",
		"/cms/v2/products/compare?ids=101,,102&locale=en",
		"/cms/v2/products/compare?ids=0,101&locale=en",
		"/cms/v2/industries?locale=en",
		"/cms/v2/industries?recommendedIn=two&locale=en",
		"/cms/v2/industries/0?locale=en",
		"/cms/v2/cases?offset=-1&locale=en",
		"/cms/v2/cases?limit=0&locale=en",
		"/cms/v2/cases?limit=201&locale=en",
		"/cms/v2/cases?industry=auto&locale=en",
		"/cms/v2/home?locale=",
		"/cms/v2/home/cards/x?locale=en",
		"/cms/v2/partners?locale=jp",
	}
	for _, path := range notFound {
		code, body := get(t, h, path)
		assert.Equal(t, http.StatusNotFound, code, "GET %s: %s", path, body)
		assert.Contains(t, string(body), `"error"`, path)
	}
	for _, path := range badRequest {
		code, body := get(t, h, path)
		assert.Equal(t, http.StatusBadRequest, code, "GET %s: %s", path, body)
		assert.Contains(t, string(body), `"error"`, path)
	}
}

type catCasePage struct {
	Total int `json:"total"`
	Rows  []struct {
		ID          int    `json:"id"`
		IndustryID  int    `json:"industryId"`
		PublishTime string `json:"publishTime"`
	} `json:"rows"`
}

func TestCatalogueCasesArePagedNewestFirst(t *testing.T) {
	h := catalogueHandler(t)
	var all catCasePage
	catGetJSON(t, h, "/cms/v2/cases?offset=0&limit=200&locale=zh", &all)
	assert.Equal(t, 12, all.Total, "twelve published cases in Chinese")
	require.Len(t, all.Rows, 12)
	for i := 1; i < len(all.Rows); i++ {
		assert.GreaterOrEqual(t, all.Rows[i-1].PublishTime, all.Rows[i].PublishTime, "newest first")
	}

	var page catCasePage
	catGetJSON(t, h, "/cms/v2/cases?offset=5&limit=5&locale=zh", &page)
	assert.Equal(t, 12, page.Total)
	require.Len(t, page.Rows, 5)
	assert.Equal(t, all.Rows[5].ID, page.Rows[0].ID, "offset skips rows")
	catGetJSON(t, h, "/cms/v2/cases?offset=10&limit=5&locale=zh", &page)
	assert.Len(t, page.Rows, 2, "the last page is short")
	catGetJSON(t, h, "/cms/v2/cases?offset=40&limit=5&locale=zh", &page)
	assert.Equal(t, 12, page.Total)
	assert.Empty(t, page.Rows, "past the end")
	catGetJSON(t, h, "/cms/v2/cases?locale=zh", &page)
	assert.Len(t, page.Rows, 10, "limit defaults to 10")

	catGetJSON(t, h, "/cms/v2/cases?industry=6&locale=zh", &page)
	assert.Equal(t, 2, page.Total)
	for _, r := range page.Rows {
		assert.Equal(t, 6, r.IndustryID)
	}
	catGetJSON(t, h, "/cms/v2/cases?industry=6&locale=en", &page)
	assert.Equal(t, 1, page.Total, "the China-only case is not listed in English")
	catGetJSON(t, h, "/cms/v2/cases?industry=7&locale=en", &page)
	assert.Equal(t, 0, page.Total, "the hidden industry has no cases yet")
}

type catComparison struct {
	Products []struct {
		ID          int     `json:"id"`
		ProductType *string `json:"productType"`
	} `json:"products"`
	Parameters []struct {
		GroupName string    `json:"groupName"`
		Name      string    `json:"name"`
		Unit      *string   `json:"unit"`
		Values    []*string `json:"values"`
	} `json:"parameters"`
}

// row finds a compared parameter by its name (and group, since J1 to J6 appear in two groups).
func (c catComparison) row(t *testing.T, group, name string) []*string {
	t.Helper()
	for _, p := range c.Parameters {
		if p.Name == name && (group == "" || p.GroupName == group) {
			return p.Values
		}
	}
	t.Fatalf("no row %s/%s", group, name)
	return nil
}

func catStr(p *string) string {
	if p == nil {
		return "<nil>"
	}
	return *p
}

func TestCatalogueComparisonAlignsParameters(t *testing.T) {
	h := catalogueHandler(t)
	var c catComparison
	catGetJSON(t, h, "/cms/v2/products/compare?ids=201,101,401&locale=en", &c)

	require.Len(t, c.Products, 3)
	assert.Equal(t, []int{201, 101, 401}, []int{c.Products[0].ID, c.Products[1].ID, c.Products[2].ID}, "columns in the order asked")
	assert.Equal(t, "M", catStr(c.Products[2].ProductType))

	seen := map[string]bool{}
	identical, partial := 0, 0
	for _, p := range c.Parameters {
		require.Len(t, p.Values, 3, "%s: one value per product", p.Name)
		key := p.GroupName + "/" + p.Name
		assert.False(t, seen[key], "%s appears once", key)
		seen[key] = true
		missing, same := 0, true
		for _, v := range p.Values {
			if v == nil {
				missing++
			}
			if catStr(v) != catStr(p.Values[0]) {
				same = false
			}
		}
		assert.Less(t, missing, 3, "%s: a row exists only if some product has it", key)
		if missing > 0 {
			partial++
		}
		if same {
			identical++
		}
	}
	assert.Positive(t, identical, "some rows are identical (hide identical)")
	assert.Positive(t, partial, "some rows are unavailable for some products (hide unavailable)")

	assert.Equal(t, []string{"IP68", "IP54", "IP20"}, []string{catStr(c.row(t, "", "IP rating")[0]), catStr(c.row(t, "", "IP rating")[1]), catStr(c.row(t, "", "IP rating")[2])})
	protection := c.row(t, "", "Special protection")
	assert.NotNil(t, protection[0], "only Pro has special protection")
	assert.Nil(t, protection[1])
	assert.Nil(t, protection[2])
	runtime := c.row(t, "", "Runtime")
	assert.Equal(t, []string{"<nil>", "<nil>", "8"}, []string{catStr(runtime[0]), catStr(runtime[1]), catStr(runtime[2])}, "only the mobile manipulator has a battery runtime")
	assert.Equal(t, "±270", catStr(c.row(t, "Joint range", "J1")[1]))
	assert.Equal(t, "180", catStr(c.row(t, "Joint speed", "J1")[1]))
	assert.Equal(t, "Sensitivity adjustable in 10 levels", catStr(c.row(t, "", "Collision detection")[0]), "shared texts are localized")

	var de catComparison
	catGetJSON(t, h, "/cms/v2/products/compare?ids=201,101,401&locale=de", &de)
	assert.Equal(t, "Leistung", de.Parameters[0].GroupName)
	assert.Equal(t, "Traglast", de.Parameters[0].Name)
	assert.Len(t, de.Parameters, len(c.Parameters), "the same rows in every language")
}

func TestCatalogueProductDetailsBelongToTheirLine(t *testing.T) {
	h := catalogueHandler(t)
	var p struct {
		ID          int    `json:"id"`
		LineID      int    `json:"lineId"`
		LineName    string `json:"lineName"`
		ProgramID   int    `json:"programId"`
		ProductType string `json:"productType"`
		Highlights  []struct {
			Title string `json:"title"`
		} `json:"highlights"`
		SpecGroups []struct {
			GroupName string `json:"groupName"`
		} `json:"specGroups"`
		Applications []struct {
			ID int `json:"id"`
		} `json:"applications"`
	}
	catGetJSON(t, h, "/cms/v2/products/301?line=3&locale=en", &p)
	assert.Equal(t, 3, p.LineID)
	assert.Equal(t, 1, p.ProgramID)
	assert.Equal(t, "C", p.ProductType)
	assert.Equal(t, "JAKA C Series Compact Cobots", p.LineName)
	assert.Len(t, p.Highlights, 4, "its own highlight, then the line's three features")
	assert.Equal(t, []int{1, 4, 8}, []int{p.Applications[0].ID, p.Applications[1].ID, p.Applications[2].ID})
	for _, g := range p.SpecGroups {
		assert.NotEqual(t, "Mobile base", g.GroupName, "a fixed cobot has no mobile-base data")
	}
}

func TestCatalogueSolutionsSendHiddenItemsWithTheirFlag(t *testing.T) {
	h := catalogueHandler(t)
	var menu struct {
		Industries []struct {
			ID     int `json:"id"`
			IsShow int `json:"isShow"`
		} `json:"industries"`
		Applications []struct {
			ID   int `json:"id"`
			Flag int `json:"flag"`
		} `json:"applications"`
		ProductLevels []struct {
			ID int `json:"id"`
		} `json:"productLevels"`
	}
	catGetJSON(t, h, "/cms/v2/solutions/menu?column=2&locale=en", &menu)
	require.Len(t, menu.Industries, 7)
	require.Len(t, menu.Applications, 8)
	assert.Len(t, menu.ProductLevels, 3)
	assert.Equal(t, 1, menu.Industries[6].IsShow, "logistics is hidden")
	assert.Equal(t, 1, menu.Applications[7].Flag, "dispensing is hidden")
	assert.Equal(t, 0, menu.Applications[6].Flag, "screwdriving is shown")

	var recommended []struct {
		ID     int `json:"id"`
		IsShow int `json:"isShow"`
	}
	catGetJSON(t, h, "/cms/v2/industries?recommendedIn=2&locale=en", &recommended)
	ids := []int{}
	for _, r := range recommended {
		assert.Equal(t, 0, r.IsShow)
		ids = append(ids, r.ID)
	}
	assert.Equal(t, []int{1, 2, 3, 4, 6}, ids, "the home page never recommends a hidden industry")
}

func TestCatalogueDraftsOnlyInPreview(t *testing.T) {
	h := catalogueHandler(t)
	pv := catPreview

	code, _ := get(t, h, "/cms/v2/cases/13?locale=en")
	assert.Equal(t, http.StatusNotFound, code, "a draft case is not published")
	getOK(t, h, "/cms/v2/cases/13?locale=en", pv...)
	var page catCasePage
	catGetJSON(t, h, "/cms/v2/cases?limit=200&locale=zh", &page)
	assert.Equal(t, 12, page.Total)
	catGetJSON(t, h, "/cms/v2/cases?limit=200&locale=zh", &page, pv...)
	assert.Equal(t, 13, page.Total)
	assert.Equal(t, 13, page.Rows[0].ID, "the draft is the newest case")

	code, _ = get(t, h, "/cms/v2/partner-products/21?locale=en")
	assert.Equal(t, http.StatusNotFound, code)
	assert.Equal(t, []int{4, 5, 6}, catIDs(t, getOK(t, h, "/cms/v2/partners/2/products?locale=en")))
	assert.Equal(t, []int{4, 5, 6, 21}, catIDs(t, getOK(t, h, "/cms/v2/partners/2/products?locale=en", pv...)))

	var published, changed struct {
		Summary string `json:"summary"`
	}
	catGetJSON(t, h, "/cms/v2/products/103?locale=en", &published)
	catGetJSON(t, h, "/cms/v2/products/103?locale=en", &changed, pv...)
	assert.NotContains(t, published.Summary, "Force Control")
	assert.Contains(t, changed.Summary, "Force Control", "previews see unpublished changes")
	var line struct {
		Children []struct {
			ID      int    `json:"id"`
			Summary string `json:"summary"`
		} `json:"children"`
	}
	catGetJSON(t, h, "/cms/v2/product-lines/1?locale=en", &line, pv...)
	assert.Contains(t, line.Children[2].Summary, "Force Control", "references show the previewed item too")

	var industry struct {
		Content string `json:"content"`
	}
	catGetJSON(t, h, "/cms/v2/industries/3?locale=de", &industry)
	assert.NotContains(t, industry.Content, "2027")
	catGetJSON(t, h, "/cms/v2/industries/3?locale=de", &industry, pv...)
	assert.Contains(t, industry.Content, "Ab 2027")

	type home struct {
		Sections []struct {
			Key   string `json:"key"`
			Image string `json:"image"`
		} `json:"sections"`
	}
	keys := func(hp home) map[string]string {
		out := map[string]string{}
		for _, s := range hp.Sections {
			out[s.Key] = s.Image
		}
		return out
	}
	var hp home
	catGetJSON(t, h, "/cms/v2/home?locale=en", &hp)
	assert.NotContains(t, keys(hp), "activity")
	assert.Equal(t, "/cms-assets/pictures/home-about.svg", keys(hp)["about"])
	catGetJSON(t, h, "/cms/v2/home?locale=en", &hp, pv...)
	assert.Contains(t, keys(hp), "activity")
	assert.Equal(t, "/cms-assets/pictures/home-about-2026.svg", keys(hp)["about"])
}

func TestCatalogueLocaleLimits(t *testing.T) {
	h := catalogueHandler(t)
	for _, l := range []string{"zh", "zh_tw"} {
		getOK(t, h, "/cms/v2/cases/11?locale="+l)
		getOK(t, h, "/cms/v2/partners/8/products?locale="+l)
		getOK(t, h, "/cms/v2/partner-products/19?locale="+l)
		assert.Len(t, catIDs(t, getOK(t, h, "/cms/v2/partners?locale="+l)), 8)
	}
	for _, l := range []string{"en", "en_us", "ja", "ru"} {
		for _, path := range []string{"/cms/v2/cases/11", "/cms/v2/partners/8/products", "/cms/v2/partner-products/19"} {
			code, _ := get(t, h, path+"?locale="+l)
			assert.Equal(t, http.StatusNotFound, code, "%s in %s", path, l)
		}
		assert.Equal(t, []int{1, 2, 3, 4, 5, 6, 7}, catIDs(t, getOK(t, h, "/cms/v2/partners?locale="+l)))
	}

	var hp struct {
		Sections []struct {
			Key string `json:"key"`
		} `json:"sections"`
	}
	catGetJSON(t, h, "/cms/v2/home?locale=th", &hp)
	for _, s := range hp.Sections {
		assert.NotEqual(t, "jakaplus", s.Key, "Thailand's site has no JAKA+ pages")
	}
}

func TestCatalogueRegionalEnglishFallsBackToEnglish(t *testing.T) {
	h := catalogueHandler(t)
	en := getOK(t, h, "/cms/v2/products/101?locale=en")
	assert.JSONEq(t, string(en), string(getOK(t, h, "/cms/v2/products/101?locale=en_eu")), "en_eu reads en where it has no text of its own")
	assert.JSONEq(t, string(en), string(getOK(t, h, "/cms/v2/products/101?locale=en_us")))

	var c struct {
		Title   string `json:"title"`
		Content string `json:"content"`
	}
	catGetJSON(t, h, "/cms/v2/cases/10?locale=en", &c)
	assert.Contains(t, c.Title, "orthopaedic")
	catGetJSON(t, h, "/cms/v2/cases/10?locale=en_us", &c)
	assert.Contains(t, c.Title, "orthopedic", "US spelling for en_us")
	assert.Contains(t, c.Content, "from one polisher to the next", "en_us paragraph")
	assert.Contains(t, c.Content, "<h3>The results</h3>", "the rest of the en_us body reads en")
	catGetJSON(t, h, "/cms/v2/cases/10?locale=en_eu", &c)
	assert.Contains(t, c.Title, "orthopaedic")

	var line struct {
		Summary string `json:"summary"`
	}
	catGetJSON(t, h, "/cms/v2/product-lines/2?locale=en_eu", &line)
	assert.Contains(t, line.Summary, "CE-marked")
	catGetJSON(t, h, "/cms/v2/product-lines/2?locale=en_us", &line)
	assert.NotContains(t, line.Summary, "CE-marked")

	var hp struct {
		Sections []struct {
			Key     string `json:"key"`
			Subhead string `json:"subhead"`
		} `json:"sections"`
	}
	catGetJSON(t, h, "/cms/v2/home?locale=en_us", &hp)
	for _, s := range hp.Sections {
		if s.Key == "service" {
			assert.Contains(t, s.Subhead, "Service centers")
		}
	}
}

func TestCatalogueSpeaksEveryLanguage(t *testing.T) {
	h := catalogueHandler(t)
	names := map[string]bool{}
	summaries := map[string]bool{}
	for _, l := range []string{"zh", "zh_tw", "en", "ja", "ko", "th", "es", "fr", "de", "ru"} {
		var ind struct {
			Name    string `json:"name"`
			Summary string `json:"summary"`
		}
		catGetJSON(t, h, "/cms/v2/industries/1?locale="+l, &ind)
		names[ind.Name] = true
		summaries[ind.Summary] = true
	}
	assert.Len(t, names, 10, "every language has its own industry name")
	assert.Len(t, summaries, 10)
}

// TestCatalogueSeedsAreFullyTranslated reads the seed files themselves: every localized text has
// all ten languages, except in items limited to some locales, which need exactly those.
func TestCatalogueSeedsAreFullyTranslated(t *testing.T) {
	languages := []string{"zh", "zh_tw", "en", "ja", "ko", "th", "es", "fr", "de", "ru"}
	entries, err := seedFS.ReadDir("seed")
	require.NoError(t, err)
	files := 0
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), "catalogue-") {
			continue
		}
		files++
		raw, err := seedFS.ReadFile("seed/" + e.Name())
		require.NoError(t, err)
		var v any
		require.NoError(t, json.Unmarshal(raw, &v))
		texts := 0
		var walk func(at string, v any, need []string)
		walk = func(at string, v any, need []string) {
			switch x := v.(type) {
			case map[string]any:
				if list, ok := x["locales"].([]any); ok {
					need = nil
					for _, l := range list {
						need = append(need, l.(string))
					}
				}
				if tr, ok := x["$t"].(map[string]any); ok {
					texts++
					for _, l := range need {
						s, _ := tr[l].(string)
						assert.NotEmpty(t, strings.TrimSpace(s), "%s %s: no %s text", e.Name(), at, l)
					}
					return
				}
				for k, c := range x {
					walk(at+"."+k, c, need)
				}
			case []any:
				for i, c := range x {
					walk(fmt.Sprintf("%s[%d]", at, i), c, need)
				}
			}
		}
		walk("", v, languages)
		assert.Positive(t, texts, e.Name())
	}
	assert.Equal(t, 10, files)
}
