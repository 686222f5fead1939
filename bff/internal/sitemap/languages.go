// Package sitemap builds what search engines read to find the site's pages: the sitemap index
// (/sitemap.xml), one sitemap per site language (/sitemap-{code}.xml) listing every public page
// and every product, product line, solution, case, news item, position, partner and legal text
// the CMS has in that language, with its alternates in the other languages, and robots.txt. The
// pages, how each is listed and the languages are the web app's (web/src/app/routes.tsx,
// web/src/lib/language.ts), read from the page table (bff/internal/pagetable); it reads the
// CMS's lists; serving and caching are the HTTP layer's.
package sitemap

import "github.com/jakarobotics/website/bff/internal/pagetable"

// Language is one of the site's languages: its code (the URL prefix and the sitemap's name), the
// CMS's locale of it (Wire) and its hreflang tag.
type Language = pagetable.Language

// Languages are the site's languages in the order of the language switcher.
var Languages = pagetable.Site.Languages

// DefaultLanguage is the language without URL prefix, whose pages are the x-default alternates
// (an unprefixed /index picks the visitor's language itself).
var DefaultLanguage = pagetable.Site.DefaultLanguage

// XDefault is the hreflang of the alternate for visitors whose language has no version.
const XDefault = "x-default"
