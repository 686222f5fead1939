package pages

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The browser tags of web/src/lib/language.ts's siteLanguageFromBrowserTag, as its own tests
// and the spec (section 1) have them: zh, en, ja (jp), th, ko, de (en_eu), tw (zh_tw); any other
// language is zh.
func TestBrowserTagsMapToSiteLanguagesAsTheAppMapsThem(t *testing.T) {
	for tag, want := range map[string]string{
		"zh": "zh", "zh-CN": "zh", "zh-cn": "zh", "zh_CN": "zh", "zh-Hans": "zh", "zh-Hans-CN": "zh", "zh-SG": "zh",
		"zh-HK": "zh", "zh-MO": "zh", // Hong Kong and Macao are zh unless they say Hant
		"zh-TW": "zh_tw", "zh-tw": "zh_tw", "zh_TW": "zh_tw", "zh-Hant": "zh_tw", "zh-Hant-HK": "zh_tw", "zh-Hant-TW": "zh_tw", "tw": "zh_tw", "TW": "zh_tw",
		"en": "en", "en-GB": "en", "en-US": "en", "en-us": "en", "en-AU": "en", "en-IN": "en", "en_GB": "en",
		"ja": "jp", "ja-JP": "jp", "jp": "zh", // jp is the site's code, not a browser's
		"ko": "ko", "ko-KR": "ko", "th": "th", "th-TH": "th",
		"de": "en_eu", "de-DE": "en_eu", "de-AT": "en_eu", "de-CH": "en_eu",
		"es": "zh", "es-ES": "zh", "es-419": "zh", "fr": "zh", "fr-CA": "zh", "fr-FR": "zh", "ru": "zh", "ru-RU": "zh",
		"pt": "zh", "pt-BR": "zh", "it": "zh", "vi": "zh", "ar": "zh", "": "zh", "*": "zh", " en-GB ": "en",
	} {
		assert.Equal(t, want, languageFromBrowserTag(tag), "%q", tag)
	}
}

func TestTheMostPreferredLanguageOfAcceptLanguageDecides(t *testing.T) {
	for header, want := range map[string]string{
		"":                                    "",
		"en-GB,en;q=0.9,zh-CN;q=0.8":          "en-GB",
		"zh-CN,zh;q=0.9,en;q=0.8":             "zh-CN",
		"fr;q=0.5, ja;q=0.9, en;q=0.9":        "ja", // the first of the highest
		"de-AT;q=0, ko":                       "ko", // q=0 is "not this one"
		"*":                                   "*",
		"en;q=1.0, th":                        "en",
		" , ,":                                "",
		"ru;q=abc, es":                        "ru", // an unreadable weight counts as 1
		"es-419,es;q=0.9":                     "es-419",
		"zh-TW,zh;q=0.9,en-US;q=0.8,en;q=0.7": "zh-TW",
	} {
		assert.Equal(t, want, preferredTag(header), "%q", header)
	}
}

func TestRootAndIndexRedirectOnTheServerToTheVisitorsLanguage(t *testing.T) {
	s := newSetup(t, newRenderer(t))
	for _, c := range []struct {
		target  string
		headers []string
		want    string // "" stays
	}{
		{"/", nil, "/index"},
		{"/?utm_source=x&b=2", nil, "/index?utm_source=x&b=2"},
		{"/", []string{"Accept-Language", "en-GB,en;q=0.9"}, "/en/index"},
		{"/?x=1", []string{"Accept-Language", "ja-JP"}, "/jp/index?x=1"},
		{"/index", []string{"Accept-Language", "en-US,en;q=0.9"}, "/en/index"},
		{"/index?from=ad", []string{"Accept-Language", "de-AT"}, "/en_eu/index?from=ad"},
		{"/index", []string{"Accept-Language", "zh-TW"}, "/zh_tw/index"},
		{"/index", []string{"Accept-Language", "ko-KR,ko;q=0.9"}, "/ko/index"},
		{"/index", []string{"Accept-Language", "th"}, "/th/index"},
		{"/INDEX", []string{"Accept-Language", "en"}, "/en/index"},
		{"/index", []string{"Accept-Language", "zh-CN,en;q=0.8"}, ""},
		{"/index", []string{"Accept-Language", "pt-BR"}, ""},
		{"/index", []string{"Accept-Language", "fr-CA"}, ""},
		{"/index", nil, ""},
		// Inside the messaging app's mini-program the site is Chinese.
		{"/index", []string{"Accept-Language", "en-US", "User-Agent", "Mozilla/5.0 (iPhone) MicroMessenger/8.0.47 miniProgram/wx1234"}, ""},
		{"/", []string{"Accept-Language", "en-US", "User-Agent", "Mozilla/5.0 Mobile MiniProgramEnv/Windows"}, "/index"},
		// The language the visitor chose with the switcher beats the browser's.
		{"/index", []string{"Accept-Language", "en-US", "Cookie", "lang=zh"}, ""},
		{"/index", []string{"Accept-Language", "zh-CN", "Cookie", "lang=fr"}, "/fr/index"},
		{"/", []string{"Accept-Language", "en", "Cookie", "lang=ja"}, "/en/index"}, // not a site language
		{"/en/index", []string{"Accept-Language", "zh-CN"}, ""},
		{"/preview/index", []string{"Accept-Language", "en"}, ""},
	} {
		rec := s.get(c.target, c.headers...)
		if c.want == "" {
			assert.Equal(t, http.StatusOK, rec.Code, "%s %v", c.target, c.headers)
			continue
		}
		assert.Equal(t, http.StatusFound, rec.Code, "%s %v", c.target, c.headers)
		assert.Equal(t, c.want, rec.Header().Get("Location"), "%s %v", c.target, c.headers)
		assert.Equal(t, "Accept-Language, User-Agent, Cookie", rec.Header().Get("Vary"))
	}
}

func TestTheChinesHomePageVariesWithTheVisitorsLanguage(t *testing.T) {
	rd := newRenderer(t)
	s := newSetup(t, rd)
	rec := s.get("/index", "Accept-Language", "zh-CN")
	assert.Equal(t, http.StatusOK, rec.Code)
	assert.Equal(t, "Accept-Encoding, Accept-Language, User-Agent, Cookie", rec.Header().Get("Vary"),
		"a cache in front must not give this page to an English browser, which is redirected")
	assert.Equal(t, "/index", rd.last().URL.RequestURI())

	rec = s.get("/en/index")
	assert.Equal(t, "Accept-Encoding, User-Agent", rec.Header().Get("Vary"))

	off := newSetup(t, nil)
	rec = off.get("/index")
	assert.Equal(t, http.StatusOK, rec.Code)
	assert.Contains(t, rec.Header().Get("Vary"), "Accept-Language", "the client-rendered app too")
}

func TestVisitorLanguageReadsNothingElse(t *testing.T) {
	req := httptest.NewRequest(http.MethodGet, "/", nil)
	assert.Equal(t, "zh", visitorLanguage(req))
	req.Header.Set("X-Lang", "en")
	req.Header.Set("lang", "en") // the API's header, not a browser's
	assert.Equal(t, "zh", visitorLanguage(req))
}
