// Package sitemap builds what search engines read to find the site's pages: the sitemap index
// (/sitemap.xml), one sitemap per site language (/sitemap-{code}.xml) listing every public page
// and every product, product line, solution, case, news item, position, partner and legal text
// the CMS has in that language, with its alternates in the other languages, and robots.txt. It
// knows the site's URLs (web/src/app/routes.tsx) and reads the CMS's lists; serving and caching
// are the HTTP layer's.
package sitemap

// Language is one of the site's twelve languages as URLs and search engines know it.
type Language struct {
	// Code is the site's code: the URL prefix (none for zh) and the sitemap's name.
	Code string
	// Locale is the code the CMS and the lang header take (ja for the site's jp).
	Locale string
	// Hreflang is the tag of the language's pages in hreflang alternates (sitemaps and the pages'
	// own <link rel="alternate">): an ISO 639-1 language with, where the site has several
	// versions of one language or one market, an ISO 3166-1 alpha-2 region, which is what
	// search engines accept (Google ignores UN M.49 regions such as en-150).
	Hreflang string
}

// Languages are the site's languages in the order of web/src/lib/language.ts (SITE_LANGUAGES).
// This table is the one mapping of site codes to hreflang tags: the pages' own alternates must
// use the same tags.
//
//   - zh, zh_tw: Simplified Chinese for mainland China, Traditional Chinese for Taiwan (the
//     spec's default countries, CN and TW).
//   - en: English for everyone without a version of their own.
//   - en_eu: English of the European office. Its default country is Germany (spec section 1:
//     German browsers get en_eu; its contacts are the Munich office), so en-DE. hreflang has
//     no code for "Europe" (en-150 and en-EU are ignored); English speakers elsewhere get en.
//   - en_us: English for the United States.
//   - jp: Japanese (ja; "jp" is a country code, not a language).
//   - ko, th, es, fr, de, ru: the language alone; the site has one version of each.
var Languages = []Language{
	{Code: "zh", Locale: "zh", Hreflang: "zh-CN"},
	{Code: "zh_tw", Locale: "zh_tw", Hreflang: "zh-TW"},
	{Code: "en", Locale: "en", Hreflang: "en"},
	{Code: "en_eu", Locale: "en_eu", Hreflang: "en-DE"},
	{Code: "en_us", Locale: "en_us", Hreflang: "en-US"},
	{Code: "jp", Locale: "ja", Hreflang: "ja"},
	{Code: "ko", Locale: "ko", Hreflang: "ko"},
	{Code: "th", Locale: "th", Hreflang: "th"},
	{Code: "es", Locale: "es", Hreflang: "es"},
	{Code: "fr", Locale: "fr", Hreflang: "fr"},
	{Code: "de", Locale: "de", Hreflang: "de"},
	{Code: "ru", Locale: "ru", Hreflang: "ru"},
}

// DefaultLanguage is the language without URL prefix, whose pages are the x-default alternates
// (an unprefixed /index picks the visitor's language itself).
const DefaultLanguage = "zh"

// XDefault is the hreflang of the alternate for visitors whose language has no version.
const XDefault = "x-default"

// Prefix is the language's URL prefix: "" for Chinese, "/{code}" for the others.
func (l Language) Prefix() string {
	if l.Code == DefaultLanguage {
		return ""
	}
	return "/" + l.Code
}

// LanguageByCode returns the language of a site code.
func LanguageByCode(code string) (Language, bool) {
	for _, l := range Languages {
		if l.Code == code {
			return l, true
		}
	}
	return Language{}, false
}
