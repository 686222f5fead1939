package sitemap

import (
	"bytes"
	"encoding/xml"
	"time"
)

// The namespaces of the sitemap protocol (https://www.sitemaps.org/protocol.html) and of the
// xhtml:link alternates (https://developers.google.com/search/docs/specialty/international/localized-versions#sitemap).
const (
	SitemapNS = "http://www.sitemaps.org/schemas/sitemap/0.9"
	XHTMLNS   = "http://www.w3.org/1999/xhtml"
)

// IndexPath is where the sitemap index is served.
const IndexPath = "/sitemap.xml"

// SitemapPath is where the sitemap of a language is served: /sitemap-en.xml.
func SitemapPath(l Language) string { return "/sitemap-" + l.Code + ".xml" }

// Index is the sitemap index on origin (https://www.example.com): one sitemap per language.
func Index(origin string) []byte {
	var b bytes.Buffer
	b.WriteString(xml.Header)
	b.WriteString(`<sitemapindex xmlns="` + SitemapNS + `">` + "\n")
	for _, l := range Languages {
		b.WriteString("  <sitemap><loc>")
		escape(&b, origin+SitemapPath(l))
		b.WriteString("</loc></sitemap>\n")
	}
	b.WriteString("</sitemapindex>\n")
	return b.Bytes()
}

// URLSet is the sitemap of lang on origin. pages holds the pages of every language by code:
// each page of lang is listed with, as its alternates, the same page (same key) in every
// language that has it, and x-default, the Chinese page, when Chinese has it.
func URLSet(origin string, lang Language, pages map[string][]Page) []byte {
	// versions[key][code] is the path of the page key in language code.
	versions := map[string]map[string]string{}
	for code, list := range pages {
		for _, p := range list {
			if versions[p.Key] == nil {
				versions[p.Key] = map[string]string{}
			}
			versions[p.Key][code] = p.Path
		}
	}
	var b bytes.Buffer
	b.WriteString(xml.Header)
	b.WriteString(`<urlset xmlns="` + SitemapNS + `" xmlns:xhtml="` + XHTMLNS + `">` + "\n")
	for _, p := range pages[lang.Code] {
		b.WriteString("  <url>\n    <loc>")
		escape(&b, origin+lang.Prefix+p.Path)
		b.WriteString("</loc>\n")
		if !p.LastMod.IsZero() {
			b.WriteString("    <lastmod>" + p.LastMod.Format(time.RFC3339) + "</lastmod>\n")
		}
		for _, alt := range Languages {
			if path, ok := versions[p.Key][alt.Code]; ok {
				link(&b, alt.Hreflang, origin+alt.Prefix+path)
			}
		}
		if path, ok := versions[p.Key][DefaultLanguage]; ok {
			link(&b, XDefault, origin+path)
		}
		b.WriteString("  </url>\n")
	}
	b.WriteString("</urlset>\n")
	return b.Bytes()
}

func link(b *bytes.Buffer, hreflang, href string) {
	b.WriteString(`    <xhtml:link rel="alternate" hreflang="`)
	escape(b, hreflang)
	b.WriteString(`" href="`)
	escape(b, href)
	b.WriteString("\"/>\n")
}

// escape writes s as XML character data, good in text and in quoted attributes alike.
func escape(b *bytes.Buffer, s string) { _ = xml.EscapeText(b, []byte(s)) }
