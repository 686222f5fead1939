package pages

import (
	"net/http"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/jakarobotics/website/bff/internal/pagetable"
)

// The rules that relate the site's languages to browsers, mirrored from the web app's
// web/src/lib/language.ts (siteLanguageFromBrowserTag, isMiniProgram, detectBrowserLanguage,
// preferredLanguage) and web/src/lib/routing.ts (rootRedirect, homePath,
// unprefixedIndexRedirect), so that the server sends a visitor where the app would (spec
// sections 1 and 2). The languages and the browser languages they get are the app's own, from
// the page table (bff/internal/pagetable); a change of these rules must be made here too, and
// language_test.go holds them.

// defaultLanguage is Chinese: the only language without a URL prefix.
var defaultLanguage = pagetable.Site.DefaultLanguage

// prefixLanguages are the site languages other than zh: the valid first segments of a path.
var prefixLanguages = pagetable.Site.PrefixLanguages()

// isSiteLanguage mirrors isSiteLanguage: one of the twelve codes, exactly (case matters).
func isSiteLanguage(code string) bool { return code == defaultLanguage || prefixLanguages[code] }

// languageFromBrowserTag mirrors siteLanguageFromBrowserTag: zh-TW, zh-Hant* and "tw" are
// zh_tw; otherwise the primary subtag's language of the app's table (BROWSER_LANGUAGES: zh, en,
// ja is jp, th, ko, de is en_eu); anything else is zh.
func languageFromBrowserTag(tag string) string {
	t := strings.ReplaceAll(strings.ToLower(strings.TrimSpace(tag)), "_", "-")
	primary, _, _ := strings.Cut(t, "-")
	if t == "tw" || strings.HasPrefix(t, "zh-tw") || strings.HasPrefix(t, "zh-hant") {
		return "zh_tw"
	}
	if lang, ok := pagetable.Site.BrowserLanguages[primary]; ok {
		return lang
	}
	return defaultLanguage
}

// miniProgram mirrors isMiniProgram as far as a server can see it: the messaging app's web view
// names itself in its User-Agent (window.__wxjs_environment is the browser's alone).
var miniProgram = regexp.MustCompile(`(?i)miniProgram`)

// IsMiniProgram reports whether r comes from inside the mini-program (its web view's
// User-Agent): the one place that may load the messaging app's JS SDK (the site's CSP).
func IsMiniProgram(r *http.Request) bool { return miniProgram.MatchString(r.UserAgent()) }

// LanguageCookie holds the language a visitor chose with the switcher, the server's copy of
// the app's stored choice (localStorage `lang`, which a server cannot read). It beats what the
// browser asks for, as preferredLanguage has it. The app writes it when it stores the choice.
const LanguageCookie = "lang"

// preferredTag is the browser's most preferred language in an Accept-Language header: the
// highest quality, the first of equals (the order of navigator.languages, from which browsers
// build the header); "" when there is none.
func preferredTag(header string) string {
	type choice struct {
		tag string
		q   float64
	}
	var choices []choice
	for _, part := range strings.Split(header, ",") {
		tag, params, _ := strings.Cut(part, ";")
		tag = strings.TrimSpace(tag)
		if tag == "" {
			continue
		}
		q := 1.0
		for _, p := range strings.Split(params, ";") {
			if v, ok := strings.CutPrefix(strings.TrimSpace(p), "q="); ok {
				if f, err := strconv.ParseFloat(v, 64); err == nil {
					q = f
				}
			}
		}
		if q > 0 {
			choices = append(choices, choice{tag, q})
		}
	}
	sort.SliceStable(choices, func(i, j int) bool { return choices[i].q > choices[j].q })
	if len(choices) == 0 {
		return ""
	}
	return choices[0].tag
}

// visitorLanguage is the language a visitor prefers, as the app decides it (preferredLanguage of
// the stored choice and detectBrowserLanguage): the language cookie when it names a site
// language; else zh inside a mini-program; else the browser's most preferred language; else zh.
func visitorLanguage(r *http.Request) string {
	if c, err := r.Cookie(LanguageCookie); err == nil && isSiteLanguage(c.Value) {
		return c.Value
	}
	if miniProgram.MatchString(r.UserAgent()) {
		return defaultLanguage
	}
	if tag := preferredTag(strings.Join(r.Header.Values("Accept-Language"), ",")); tag != "" {
		return languageFromBrowserTag(tag)
	}
	return defaultLanguage
}

// homePath mirrors homePath: /index for zh, /{lang}/index for every other language.
func homePath(lang string) string {
	if lang == defaultLanguage {
		return "/index"
	}
	return "/" + lang + "/index"
}

// languageVary names what the redirects of / and /index depend on.
const languageVary = "Accept-Language, User-Agent, Cookie"

// redirectTarget is where a request for / or /index goes, with its query kept, or "" when it
// stays: / goes to the home page of the visitor's language (the app's rootRedirect to /index,
// then its unprefixedIndexRedirect, in one step); /index goes to /{lang}/index when the visitor's
// language is not zh. Every other path stays.
func redirectTarget(r *http.Request) string {
	p := r.URL.Path
	// The app's routes match without regard to case (/INDEX is the home page, and redirects).
	root, index := p == "/", strings.EqualFold(p, "/index")
	if !root && !index {
		return ""
	}
	lang := visitorLanguage(r)
	if index && lang == defaultLanguage {
		return ""
	}
	target := homePath(lang)
	if r.URL.RawQuery != "" {
		target += "?" + r.URL.RawQuery
	}
	return target
}
