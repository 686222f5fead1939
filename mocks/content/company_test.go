package content

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// coPreview makes a request read drafts and unpublished changes.
var coPreview = []string{PreviewTokenHeader, previewToken}

// coDecode reads a JSON answer of the CMS.
func coDecode[T any](t *testing.T, body []byte) T {
	t.Helper()
	var v T
	require.NoError(t, json.Unmarshal(body, &v), "%s", body)
	return v
}

type coPage struct {
	Total int              `json:"total"`
	Rows  []map[string]any `json:"rows"`
}

// companyContract lists, per resource, a request and the site operation whose data it answers.
func companyContract(locale string) [][2]string {
	q := "locale=" + locale
	cases := [][2]string{
		{"commonAllList", "/cms/v2/site?" + q},
		{"selectPublishDataById", "/cms/v2/columns/1?" + q},
		{"getFormContent", "/cms/v2/legal/terms?" + q},
		{"contactUsList", "/cms/v2/offices?" + q},
		{"developingCourseList", "/cms/v2/milestones?column=4&" + q},
		{"developingCourseList", "/cms/v2/milestones?column=1&" + q},
		{"recruitPositionList", "/cms/v2/positions?type=social&offset=0&limit=20&" + q},
		{"recruitPositionList", "/cms/v2/positions?type=campus&" + q},
		{"recruitPositionList", "/cms/v2/positions?q=" + url.QueryEscape("上海") + "&" + q},
		{"recruitPositionConfigList", "/cms/v2/position-config?" + q},
		{"recruitPositionConfigList", "/cms/v2/position-config?type=campus&" + q},
		{"curriculumsList", "/cms/v2/academy/curriculums?" + q},
		{"courseList", "/cms/v2/academy/courses?limit=50&" + q},
		{"courseList", "/cms/v2/academy/courses?type=603&" + q},
		{"courseTypeList", "/cms/v2/academy/course-types?column=6&" + q},
		{"instructorList", "/cms/v2/academy/instructors?" + q},
		{"validateDealer", "/cms/v2/dealers/by-name/" + url.PathEscape("苏州智协机器人科技有限公司") + "?" + q},
		{"validateDealer", "/cms/v2/dealers/by-name/" + url.PathEscape("Great Lakes Cobot Solutions LLC") + "?" + q},
		{"selectCustomerRegion", "/cms/v2/dealers?region=" + url.QueryEscape("华东") + "&" + q},
		{"selectCustomerRegion", "/cms/v2/dealers?region=Germany&" + q},
		{"selectCustomerRegion", "/cms/v2/dealers?region=Atlantis&" + q},
		{"dictDataList", "/cms/v2/dictionaries/industry_tags?" + q},
		{"dictDataList", "/cms/v2/dictionaries/company_type?" + q},
		{"industryList", "/cms/v2/industry-codes?" + q},
	}
	for id := 1; id <= 10; id++ {
		cases = append(cases,
			[2]string{"commonSelectPublishDataById", fmt.Sprintf("/cms/v2/columns/%d?%s", id, q)},
			[2]string{"commonSelectPublishDataByGeneId", fmt.Sprintf("/cms/v2/columns/by-gene/%d?%s", 100+id, q)})
	}
	for id := 301; id <= 309; id++ {
		cases = append(cases, [2]string{"commonGetDetails", fmt.Sprintf("/cms/v2/articles/%d?%s", id, q)})
	}
	for _, c := range []string{"302/children/3021", "302/children/3022", "302/children/3023", "303/children/3031", "303/children/3032", "303/children/3034"} {
		cases = append(cases, [2]string{"commonGetChildDetails", "/cms/v2/articles/" + c + "?" + q})
	}
	for _, key := range []string{"terms", "privacy", "imprint", "ip-agreement", "cookies"} {
		cases = append(cases, [2]string{"getFormContent", "/cms/v2/legal/" + key + "?" + q})
	}
	for id := 1; id <= 4; id++ {
		cases = append(cases, [2]string{"customForm", fmt.Sprintf("/cms/v2/forms/%d?%s", id, q)})
	}
	return cases
}

func TestCompanyResourcesMatchTheContract(t *testing.T) {
	h := newHandler(t)
	for _, locale := range Locales {
		for _, c := range companyContract(locale) {
			assertContract(t, c[0], getOK(t, h, c[1]))
			assertContract(t, c[0], getOK(t, h, c[1], coPreview...))
		}
	}
	// Items that exist in some locales or only in previews answer the contract too.
	assertContract(t, "commonGetChildDetails", getOK(t, h, "/cms/v2/articles/303/children/3033?locale=zh"))
	assertContract(t, "commonGetChildDetails", getOK(t, h, "/cms/v2/articles/302/children/3024?locale=fr", coPreview...))
	assertContract(t, "validateDealer", getOK(t, h, "/cms/v2/dealers/by-name/"+url.PathEscape("上海浦卡智能科技有限公司")+"?locale=zh", coPreview...))
}

func TestCompanyUnknownItemsAre404(t *testing.T) {
	h := newHandler(t)
	for _, path := range []string{
		"/cms/v2/columns/11",
		"/cms/v2/columns/by-gene/1",
		"/cms/v2/articles/300",
		"/cms/v2/articles/302/children/9999",
		"/cms/v2/articles/303/children/3021", // a child of another article
		"/cms/v2/articles/301/children/3021",
		"/cms/v2/legal/refund-policy",
		"/cms/v2/forms/5",
		"/cms/v2/dictionaries/unknown_type",
		"/cms/v2/milestones?column=99",
		"/cms/v2/academy/course-types?column=42",
		"/cms/v2/dealers/by-name/" + url.PathEscape("Unknown Robotics GmbH"),
	} {
		sep := "?"
		if strings.Contains(path, "?") {
			sep = "&"
		}
		code, body := get(t, h, path+sep+"locale=en")
		assert.Equal(t, http.StatusNotFound, code, "%s: %s", path, body)
		assert.Contains(t, string(body), `"error"`, path)
	}
}

func TestCompanyBadParametersAre400(t *testing.T) {
	h := newHandler(t)
	for _, path := range []string{
		"/cms/v2/site?locale=jp", // the site's code; the CMS speaks ja
		"/cms/v2/offices",        // no locale at all
		"/cms/v2/columns/abc?locale=en",
		"/cms/v2/columns/0?locale=en",
		"/cms/v2/columns/by-gene/-3?locale=en",
		"/cms/v2/articles/301/children/x?locale=en",
		"/cms/v2/legal/" + url.PathEscape("terms.html") + "?locale=en",
		"/cms/v2/forms/first?locale=en",
		"/cms/v2/milestones?locale=en",
		"/cms/v2/milestones?column=about&locale=en",
		"/cms/v2/positions?type=intern&locale=en",
		"/cms/v2/positions?limit=0&locale=en",
		"/cms/v2/positions?limit=201&locale=en",
		"/cms/v2/positions?offset=-1&locale=en",
		"/cms/v2/positions?q=" + strings.Repeat("a", 51) + "&locale=en",
		"/cms/v2/position-config?type=graduate&locale=en",
		"/cms/v2/academy/courses?type=0&locale=en",
		"/cms/v2/academy/courses?type=abc&locale=en",
		"/cms/v2/academy/courses?offset=x&locale=en",
		"/cms/v2/academy/course-types?locale=en",
		"/cms/v2/dealers?locale=en",
		"/cms/v2/dealers?region=%20&locale=en",
		"/cms/v2/dealers?region=" + strings.Repeat("x", 51) + "&locale=en",
		"/cms/v2/dealers/by-name/A?locale=en",
		"/cms/v2/industry-codes?locale=xx",
	} {
		code, body := get(t, h, path)
		assert.Equal(t, http.StatusBadRequest, code, "%s: %s", path, body)
	}
}

func TestColumnsKeepTheirGeneAcrossLanguages(t *testing.T) {
	h := newHandler(t)
	titles := map[string]bool{}
	for _, locale := range []string{"zh", "zh_tw", "en", "ja", "ko", "th", "es", "fr", "de", "ru"} {
		byID := coDecode[map[string]any](t, getOK(t, h, "/cms/v2/columns/4?locale="+locale))
		byGene := coDecode[map[string]any](t, getOK(t, h, "/cms/v2/columns/by-gene/104?locale="+locale))
		assert.Equal(t, byID, byGene, locale)
		assert.EqualValues(t, 104, byID["geneId"])
		titles[byID["title"].(string)] = true
	}
	assert.Len(t, titles, 10, "every language has its own title")
}

func TestCompanyDraftsOnlyInPreview(t *testing.T) {
	h := newHandler(t)
	count := func(path string, preview bool) int {
		var headers []string
		if preview {
			headers = coPreview
		}
		return len(coDecode[[]any](t, getOK(t, h, path, headers...)))
	}
	assert.Equal(t, 9, count("/cms/v2/offices?locale=en", false))
	assert.Equal(t, 10, count("/cms/v2/offices?locale=en", true), "the Singapore office is a draft")
	assert.Equal(t, 11, count("/cms/v2/milestones?column=4&locale=en", false))
	assert.Equal(t, 12, count("/cms/v2/milestones?column=4&locale=en", true))

	// A whole draft: a child article, a course, a dealer and a position.
	code, _ := get(t, h, "/cms/v2/articles/302/children/3024?locale=en")
	assert.Equal(t, http.StatusNotFound, code)
	getOK(t, h, "/cms/v2/articles/302/children/3024?locale=en", coPreview...)
	dealer := "/cms/v2/dealers/by-name/" + url.PathEscape("上海浦卡智能科技有限公司") + "?locale=zh"
	code, _ = get(t, h, dealer)
	assert.Equal(t, http.StatusNotFound, code, "a partner signed for next year is not confirmed yet")
	getOK(t, h, dealer, coPreview...)
	courses := coDecode[coPage](t, getOK(t, h, "/cms/v2/academy/courses?type=604&locale=en"))
	previewCourses := coDecode[coPage](t, getOK(t, h, "/cms/v2/academy/courses?type=604&locale=en", coPreview...))
	assert.Equal(t, courses.Total+1, previewCourses.Total)
	positions := coDecode[coPage](t, getOK(t, h, "/cms/v2/positions?limit=100&locale=zh"))
	previewPositions := coDecode[coPage](t, getOK(t, h, "/cms/v2/positions?limit=100&locale=zh", coPreview...))
	assert.Equal(t, positions.Total+1, previewPositions.Total)
	assert.EqualValues(t, 15, previewPositions.Rows[0]["id"], "the draft is the newest post")

	// Published items with unpublished changes.
	changed := []struct{ path, field string }{
		{"/cms/v2/columns/5?locale=de", "subhead"},
		{"/cms/v2/articles/306?locale=ja", "content"},
		{"/cms/v2/forms/4?locale=en", "description"},
	}
	for _, c := range changed {
		published := coDecode[map[string]any](t, getOK(t, h, c.path))
		previewed := coDecode[map[string]any](t, getOK(t, h, c.path, coPreview...))
		assert.NotEqual(t, published[c.field], previewed[c.field], c.path)
		assert.Equal(t, published["title"], previewed["title"], c.path)
	}
	headcount := func(headers ...string) any {
		page := coDecode[coPage](t, getOK(t, h, "/cms/v2/positions?q="+url.QueryEscape("South China")+"&locale=en", headers...))
		require.Len(t, page.Rows, 1)
		return page.Rows[0]["headcount"]
	}
	assert.EqualValues(t, 3, headcount())
	assert.EqualValues(t, 5, headcount(coPreview...))
}

func TestCompanyLocaleRestrictions(t *testing.T) {
	h := newHandler(t)
	// A filing with the Chinese regulator is published on the Chinese pages only.
	getOK(t, h, "/cms/v2/articles/303/children/3033?locale=zh")
	getOK(t, h, "/cms/v2/articles/303/children/3033?locale=zh_tw")
	code, _ := get(t, h, "/cms/v2/articles/303/children/3033?locale=en")
	assert.Equal(t, http.StatusNotFound, code)

	// Jobs that need the local language are offered in it and in English.
	titles := func(locale string) string {
		page := coDecode[coPage](t, getOK(t, h, "/cms/v2/positions?limit=100&locale="+locale))
		var b strings.Builder
		for _, r := range page.Rows {
			b.WriteString(r["title"].(string) + "|")
		}
		return b.String()
	}
	assert.Contains(t, titles("ja"), "セールスエンジニア（東京）")
	assert.Contains(t, titles("en_us"), "Sales Engineer (Tokyo)")
	assert.Contains(t, titles("de"), "Servicetechniker/in Robotik (München)")
	assert.Contains(t, titles("en_eu"), "Robotics Service Technician (Munich)")
	assert.NotContains(t, titles("de"), "Tokyo")
	assert.NotContains(t, titles("zh"), "Tokyo")
	assert.NotContains(t, titles("ja"), "Munich")

	// The Japanese-only course.
	ja := coDecode[coPage](t, getOK(t, h, "/cms/v2/academy/courses?type=601&locale=ja"))
	ko := coDecode[coPage](t, getOK(t, h, "/cms/v2/academy/courses?type=601&locale=ko"))
	assert.Equal(t, ko.Total+1, ja.Total)

	// The licence lines belong to the mainland site; social channels follow the audience.
	type site struct {
		ICP, Police, PoliceURL *string
		Logos                  []map[string]any `json:"basicInformationLogos"`
		Footer                 []struct {
			Children []map[string]any `json:"children"`
		} `json:"footerLinks"`
		Law []map[string]any `json:"law"`
	}
	zh := coDecode[site](t, getOK(t, h, "/cms/v2/site?locale=zh"))
	require.NotNil(t, zh.ICP)
	assert.Contains(t, *zh.ICP, "沪ICP备")
	require.NotNil(t, zh.Police)
	for _, locale := range []string{"zh_tw", "en", "en_us", "ja", "de"} {
		other := coDecode[site](t, getOK(t, h, "/cms/v2/site?locale="+locale))
		assert.Nil(t, other.ICP, locale)
		assert.Nil(t, other.Police, locale)
		assert.Nil(t, other.PoliceURL, locale)
	}
	logoIDs := func(s site) []float64 {
		var ids []float64
		for _, l := range s.Logos {
			ids = append(ids, l["id"].(float64))
		}
		return ids
	}
	assert.Contains(t, logoIDs(zh), 1.0, "WeChat on the Chinese site")
	en := coDecode[site](t, getOK(t, h, "/cms/v2/site?locale=en_eu"))
	assert.NotContains(t, logoIDs(en), 1.0)
	assert.Contains(t, logoIDs(en), 5.0, "LinkedIn abroad")
	storeLinks := func(s site) int {
		n := 0
		for _, f := range s.Footer {
			for _, c := range f.Children {
				if c["externalLink"] == "https://jaka.tmall.com" {
					n++
				}
			}
		}
		return n
	}
	assert.Equal(t, 1, storeLinks(zh))
	assert.Equal(t, 0, storeLinks(en))
	keys := []string{}
	for _, l := range zh.Law {
		keys = append(keys, l["dictValue"].(string))
	}
	assert.ElementsMatch(t, []string{"terms", "privacy", "cookies", "imprint"}, keys)

	// The prototype request asks for a city in Chinese and for a country elsewhere.
	fieldNames := func(locale string) []string {
		form := coDecode[struct {
			Fields []struct{ Name string } `json:"fields"`
		}](t, getOK(t, h, "/cms/v2/forms/2?locale="+locale))
		var names []string
		for _, f := range form.Fields {
			names = append(names, f.Name)
		}
		return names
	}
	assert.Contains(t, fieldNames("zh"), "city")
	assert.NotContains(t, fieldNames("zh"), "country")
	assert.Contains(t, fieldNames("en_us"), "country")
	assert.NotContains(t, fieldNames("th"), "city")
}

func TestRegionalEnglishFallsBackToEnglish(t *testing.T) {
	h := newHandler(t)
	for _, path := range []string{
		"/cms/v2/columns/1", "/cms/v2/articles/301", "/cms/v2/legal/privacy", "/cms/v2/academy/instructors",
		"/cms/v2/dictionaries/industry_tags", "/cms/v2/milestones?column=4", "/cms/v2/forms/1",
	} {
		sep := "?"
		if strings.Contains(path, "?") {
			sep = "&"
		}
		en := getOK(t, h, path+sep+"locale=en")
		assert.JSONEq(t, string(en), string(getOK(t, h, path+sep+"locale=en_eu")), path)
		assert.JSONEq(t, string(en), string(getOK(t, h, path+sep+"locale=en_us")), path)
		assert.NotEqual(t, string(en), string(getOK(t, h, path+sep+"locale=de")), path)
	}
	// A few texts have a regional variant of their own.
	imprint := func(locale string) map[string]any {
		return coDecode[map[string]any](t, getOK(t, h, "/cms/v2/legal/imprint?locale="+locale))
	}
	assert.Equal(t, "Legal notice", imprint("en")["title"])
	assert.Equal(t, "Imprint", imprint("en_eu")["title"])
	assert.Contains(t, imprint("en_eu")["content"], "§ 5 DDG")
	assert.Equal(t, "Legal notice", imprint("en_us")["title"])
	site := func(locale string) map[string]any {
		return coDecode[map[string]any](t, getOK(t, h, "/cms/v2/site?locale="+locale))
	}
	assert.Equal(t, "+1 248 516 4100", site("en_us")["phone"])
	assert.Equal(t, "+49 89 2154 7730", site("en_eu")["phone"])
	assert.Equal(t, "400-006-2665", site("zh")["phone"])
	assert.Equal(t, site("en")["websiteTitle"], site("en_us")["websiteTitle"])
}

func TestPositionsArePagedSearchedAndNewestFirst(t *testing.T) {
	h := newHandler(t)
	all := coDecode[coPage](t, getOK(t, h, "/cms/v2/positions?limit=200&locale=en"))
	social := coDecode[coPage](t, getOK(t, h, "/cms/v2/positions?type=social&limit=200&locale=en"))
	campus := coDecode[coPage](t, getOK(t, h, "/cms/v2/positions?type=campus&limit=200&locale=en"))
	assert.GreaterOrEqual(t, all.Total, 16)
	assert.Equal(t, all.Total, social.Total+campus.Total)
	assert.GreaterOrEqual(t, campus.Total, 4)
	for i := 1; i < len(all.Rows); i++ {
		assert.GreaterOrEqual(t, all.Rows[i-1]["publishTime"], all.Rows[i]["publishTime"], "newest first")
	}
	for _, r := range campus.Rows {
		assert.Equal(t, "campus", r["recruitType"])
		assert.Equal(t, "campus@jaka.com", r["email"])
	}

	// Pages of 5 cover the list exactly once.
	seen := map[any]bool{}
	for offset := 0; offset < all.Total+5; offset += 5 {
		page := coDecode[coPage](t, getOK(t, h, fmt.Sprintf("/cms/v2/positions?offset=%d&limit=5&locale=en", offset)))
		assert.Equal(t, all.Total, page.Total)
		assert.LessOrEqual(t, len(page.Rows), 5)
		for _, r := range page.Rows {
			assert.False(t, seen[r["id"]], "id %v twice", r["id"])
			seen[r["id"]] = true
		}
	}
	assert.Len(t, seen, all.Total)
	beyond := coDecode[coPage](t, getOK(t, h, "/cms/v2/positions?offset=500&locale=en"))
	assert.Empty(t, beyond.Rows)
	assert.Equal(t, all.Total, beyond.Total)
	defaults := coDecode[coPage](t, getOK(t, h, "/cms/v2/positions?locale=en"))
	assert.Len(t, defaults.Rows, 10, "limit defaults to 10")

	search := func(locale, q string) coPage {
		return coDecode[coPage](t, getOK(t, h, "/cms/v2/positions?limit=100&locale="+locale+"&q="+url.QueryEscape(q)))
	}
	engineer := search("en", "engineer")
	assert.Equal(t, engineer.Total, search("en", "ENGINEER").Total, "case-insensitive")
	assert.Greater(t, engineer.Total, 5)
	for _, r := range search("en", "changzhou").Rows {
		assert.Equal(t, "Changzhou", r["city"], "q matches the city")
	}
	quality := search("en", "quality")
	require.Equal(t, 1, quality.Total, "q matches the department")
	assert.Equal(t, "Quality", quality.Rows[0]["department"])
	assert.Equal(t, "Supplier Quality Engineer", quality.Rows[0]["title"])
	assert.Equal(t, search("zh", "上海").Total, search("en", "shanghai").Total, "the same posts in both languages")
	assert.Zero(t, search("en", "astronaut").Total)
	assert.Equal(t, 2, coDecode[coPage](t, getOK(t, h, "/cms/v2/positions?type=campus&q=software&locale=en")).Total+
		coDecode[coPage](t, getOK(t, h, "/cms/v2/positions?type=campus&q=hardware&locale=en")).Total)
}

func TestPositionConfigFollowsTheOpenPositions(t *testing.T) {
	h := newHandler(t)
	type config struct {
		RecruitType string   `json:"recruitType"`
		Email       string   `json:"email"`
		Cities      []string `json:"cities"`
		Departments []string `json:"departments"`
	}
	configs := coDecode[[]config](t, getOK(t, h, "/cms/v2/position-config?locale=de"))
	require.Len(t, configs, 2)
	for _, cfg := range configs {
		page := coDecode[coPage](t, getOK(t, h, "/cms/v2/positions?limit=200&locale=de&type="+cfg.RecruitType))
		cities, departments := map[string]bool{}, map[string]bool{}
		for _, r := range page.Rows {
			cities[r["city"].(string)] = true
			departments[r["department"].(string)] = true
		}
		assert.Len(t, cfg.Cities, len(cities), cfg.RecruitType)
		assert.Len(t, cfg.Departments, len(departments), cfg.RecruitType)
		for _, c := range cfg.Cities {
			assert.True(t, cities[c], c)
		}
	}
	assert.Contains(t, configs[0].Cities, "München", "the German page lists the Munich post")
	campus := coDecode[[]config](t, getOK(t, h, "/cms/v2/position-config?type=campus&locale=zh"))
	require.Len(t, campus, 1)
	assert.Equal(t, "campus@jaka.com", campus[0].Email)
	assert.Contains(t, campus[0].Cities, "上海")
}

func TestDealerLookupIsExact(t *testing.T) {
	h := newHandler(t)
	lookup := func(name string) int {
		code, _ := get(t, h, "/cms/v2/dealers/by-name/"+url.PathEscape(name)+"?locale=zh")
		return code
	}
	found := coDecode[map[string]any](t, getOK(t, h, "/cms/v2/dealers/by-name/"+url.PathEscape("深圳市协创机器人技术有限公司")+"?locale=en"))
	assert.Equal(t, "South China", found["region"])
	assert.Equal(t, "Gold distributor", found["level"])
	assert.Equal(t, "JAKA-CN-2026-SC-0001", found["certificateNo"])

	assert.Equal(t, http.StatusOK, lookup("  深圳市协创机器人技术有限公司 "), "surrounding spaces are ignored")
	assert.Equal(t, http.StatusOK, lookup("Kessler Roboterzellen GmbH & Co. KG"))
	assert.Equal(t, http.StatusOK, lookup("(주)코봇테크"))
	for _, name := range []string{
		"深圳市协创机器人技术", // a prefix
		"协创机器人",      // a part
		"深圳市协创机器人技术有限公司（分公司）",                 // longer
		"kessler roboterzellen gmbh & co. kg", // other case
		"Kessler Roboterzellen",
		"Kessler  Roboterzellen GmbH & Co. KG", // inner spaces count
	} {
		assert.Equal(t, http.StatusNotFound, lookup(name), name)
	}
}

func TestDealersByRegion(t *testing.T) {
	h := newHandler(t)
	dealers := func(region, locale string) []map[string]any {
		return coDecode[[]map[string]any](t, getOK(t, h, "/cms/v2/dealers?locale="+locale+"&region="+url.QueryEscape(region)))
	}
	eastZH := dealers("华东", "zh")
	assert.Len(t, eastZH, 9)
	assert.Equal(t, eastZH, dealers("华东地区", "zh"))
	eastEN := dealers("East China", "en")
	assert.Len(t, eastEN, 9, "the region is found by its name in any language")
	assert.Equal(t, "East China", eastEN[0]["region"])
	assert.Equal(t, "华东", eastZH[0]["region"])
	assert.Len(t, dealers("east china", "en"), 9)

	jiangsu := dealers("江苏省", "zh")
	assert.Len(t, jiangsu, 2, "a province lists the partners that serve it")
	assert.Equal(t, jiangsu, dealers("江苏", "zh"))
	assert.Len(t, dealers("河北省", "zh"), 2)
	assert.Len(t, dealers("广西壮族自治区", "zh"), 1)
	assert.Len(t, dealers("香港特别行政区", "zh"), 1)

	china := dealers("China", "en")
	assert.Len(t, china, 26, "the country covers its mainland regions")
	assert.Len(t, dealers("Japan", "ja"), 2)
	assert.Equal(t, dealers("Japan", "ja"), dealers("日本", "ja"))
	assert.Len(t, dealers("Korea", "ko"), 2, "an alias of the country list")
	assert.Len(t, dealers("South Korea", "ko"), 2)
	assert.Len(t, dealers("USA", "en_us"), 2)
	assert.Len(t, dealers("Deutschland", "de"), 2)
	assert.Empty(t, dealers("Atlantis", "en"))

	total := 0
	for _, region := range []string{"China", "港澳台", "Japan", "Korea", "Thailand", "Vietnam", "Malaysia", "Germany", "France", "Spain", "Italy", "United States", "Mexico", "Brazil", "Russia"} {
		total += len(dealers(region, "en"))
	}
	assert.GreaterOrEqual(t, total, 40)
	withDraft := coDecode[[]any](t, getOK(t, h, "/cms/v2/dealers?locale=zh&region="+url.QueryEscape("上海"), coPreview...))
	assert.Len(t, withDraft, len(dealers("上海", "zh"))+1)
}

func TestAcademy(t *testing.T) {
	h := newHandler(t)
	curricula := coDecode[[]map[string]any](t, getOK(t, h, "/cms/v2/academy/curriculums?locale=en"))
	levels := []string{}
	for _, c := range curricula {
		levels = append(levels, c["level"].(string))
	}
	assert.Equal(t, []string{"primary", "primary", "intermediate", "intermediate", "advanced"}, levels, "primary level first")

	types := coDecode[[]map[string]any](t, getOK(t, h, "/cms/v2/academy/course-types?column=6&locale=fr"))
	require.Len(t, types, 4)
	assert.Equal(t, "Premiers pas", types[0]["name"])
	assert.Empty(t, coDecode[[]any](t, getOK(t, h, "/cms/v2/academy/course-types?column=4&locale=fr")), "another column has no course types")

	all := coDecode[coPage](t, getOK(t, h, "/cms/v2/academy/courses?limit=100&locale=en"))
	assert.GreaterOrEqual(t, all.Total, 12)
	sum := 0
	for _, typ := range types {
		page := coDecode[coPage](t, getOK(t, h, fmt.Sprintf("/cms/v2/academy/courses?limit=100&locale=en&type=%v", typ["id"])))
		for _, c := range page.Rows {
			assert.Equal(t, typ["id"], c["typeId"])
		}
		sum += page.Total
	}
	assert.Equal(t, all.Total, sum)
	second := coDecode[coPage](t, getOK(t, h, "/cms/v2/academy/courses?offset=10&limit=10&locale=en"))
	assert.Equal(t, all.Total, second.Total)
	assert.Len(t, second.Rows, all.Total-10)
	assert.Empty(t, coDecode[coPage](t, getOK(t, h, "/cms/v2/academy/courses?type=999&locale=en")).Rows)

	instructors := coDecode[[]map[string]any](t, getOK(t, h, "/cms/v2/academy/instructors?locale=ru"))
	assert.Len(t, instructors, 5)
	assert.Equal(t, "Ван Лэй", instructors[0]["name"])
}

func TestMilestonesAreMostRecentFirst(t *testing.T) {
	h := newHandler(t)
	rows := coDecode[[]map[string]any](t, getOK(t, h, "/cms/v2/milestones?column=4&locale=en"))
	require.NotEmpty(t, rows)
	assert.EqualValues(t, 2026, rows[0]["year"])
	assert.EqualValues(t, 2014, rows[len(rows)-1]["year"])
	for i := 1; i < len(rows); i++ {
		assert.GreaterOrEqual(t, rows[i-1]["year"], rows[i]["year"])
	}
	assert.Empty(t, coDecode[[]any](t, getOK(t, h, "/cms/v2/milestones?column=1&locale=en")))
}

func TestLegalTextsAndForms(t *testing.T) {
	h := newHandler(t)
	bodies := map[string]bool{}
	for _, locale := range []string{"zh", "zh_tw", "en", "ja", "ko", "th", "es", "fr", "de", "ru"} {
		for _, key := range []string{"terms", "privacy", "imprint", "ip-agreement", "cookies"} {
			text := coDecode[map[string]any](t, getOK(t, h, "/cms/v2/legal/"+key+"?locale="+locale))
			assert.Equal(t, key, text["key"])
			assert.Contains(t, text["content"], "<h3>", "%s %s", key, locale)
			bodies[text["content"].(string)] = true
		}
	}
	assert.Len(t, bodies, 50, "every text in every language is its own")

	cooperation := coDecode[map[string]any](t, getOK(t, h, "/cms/v2/forms/1?locale=en"))
	options := map[string][]string{}
	for _, f := range cooperation["fields"].([]any) {
		field := f.(map[string]any)
		for _, o := range field["options"].([]any) {
			options[field["name"].(string)] = append(options[field["name"].(string)], o.(map[string]any)["value"].(string))
		}
	}
	assert.Equal(t, []string{"sales", "procurement", "technical", "researcher", "individual"}, options["positionType"])
	assert.Equal(t, []string{"retail", "household", "education_research", "data_collection", "industrial", "other"}, options["scene"])
	assert.Equal(t, []string{"under_5", "5_to_20", "over_20"}, options["requireCount"])
	assert.Equal(t, []string{"official_platform", "wechat_moments", "baidu_search", "referral", "other"}, options["productInfoGetChannel"])

	competition := coDecode[struct {
		Fields []struct {
			Name     string `json:"name"`
			Required bool   `json:"required"`
		} `json:"fields"`
	}](t, getOK(t, h, "/cms/v2/forms/4?locale=zh"))
	names := []string{}
	for _, f := range competition.Fields {
		names = append(names, f.Name)
		assert.True(t, f.Required, f.Name)
	}
	assert.Equal(t, []string{"competeType", "careerType", "researchFiled", "productModel", "codeLink", "hasAgreed"}, names)
}

func TestDictionariesAndIndustryCodes(t *testing.T) {
	h := newHandler(t)
	zh := coDecode[[]map[string]any](t, getOK(t, h, "/cms/v2/dictionaries/company_type?locale=zh"))
	de := coDecode[[]map[string]any](t, getOK(t, h, "/cms/v2/dictionaries/company_type?locale=de"))
	require.Equal(t, len(zh), len(de))
	for i := range zh {
		assert.Equal(t, zh[i]["dictValue"], de[i]["dictValue"], "values do not depend on the language")
		assert.NotEqual(t, zh[i]["dictLabel"], de[i]["dictLabel"])
	}
	codes := getOK(t, h, "/cms/v2/industry-codes?locale=zh")
	for _, locale := range []string{"en", "ja", "ru"} {
		assert.JSONEq(t, string(codes), string(getOK(t, h, "/cms/v2/industry-codes?locale="+locale)), "Chinese in every locale")
	}
	list := coDecode[[]map[string]string](t, codes)
	assert.Greater(t, len(list), 30)
	assert.Equal(t, map[string]string{"code": "C36", "alias": "汽车制造业"}, list[0])
}

// TestEveryCompanyTextIsTranslated walks the company seed files: every localized text has all
// ten languages, or, inside an item limited to some locales, those locales.
func TestEveryCompanyTextIsTranslated(t *testing.T) {
	all := []string{"zh", "zh_tw", "en", "ja", "ko", "th", "es", "fr", "de", "ru"}
	files, err := fs.Glob(seedFS, "seed/company-*.json")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, name := range files {
		raw, err := seedFS.ReadFile(name)
		require.NoError(t, err)
		var v any
		require.NoError(t, json.Unmarshal(raw, &v))
		var walk func(path string, v any, want []string)
		walk = func(path string, v any, want []string) {
			switch x := v.(type) {
			case map[string]any:
				if texts, ok := x["$t"].(map[string]any); ok {
					for _, l := range want {
						s, _ := texts[l].(string)
						assert.NotEmpty(t, strings.TrimSpace(s), "%s %s: no %s text", name, path, l)
						assert.NotContains(t, strings.ToLower(s), "lorem", "%s %s", name, path)
					}
					return
				}
				if locales, ok := x["locales"].([]any); ok {
					want = nil
					for _, l := range locales {
						if l != "en_eu" && l != "en_us" {
							want = append(want, l.(string))
						}
					}
				}
				for k, e := range x {
					walk(path+"."+k, e, want)
				}
			case []any:
				for i, e := range x {
					walk(fmt.Sprintf("%s[%d]", path, i), e, want)
				}
			}
		}
		walk("", v, all)
	}
}
