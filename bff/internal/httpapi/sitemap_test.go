package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/httpapi"
	"github.com/jakarobotics/website/bff/internal/ratelimit"
	"github.com/jakarobotics/website/bff/internal/sitemap"
	"github.com/jakarobotics/website/bff/internal/upstream/content"
	"github.com/jakarobotics/website/mocks/mockkit"
)

// sitemapTimeout bounds each CMS read of the sitemap tests. A sitemap reads every page of every
// language; on a loaded machine under the race detector that takes seconds, and a read cut off
// is a 503 the test did not mean to provoke.
const sitemapTimeout = 30 * time.Second

const (
	sitemapNS = "http://www.sitemaps.org/schemas/sitemap/0.9"
	xhtmlNS   = "http://www.w3.org/1999/xhtml"
)

type sitemapIndexDoc struct {
	XMLName  xml.Name `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 sitemapindex"`
	Sitemaps []struct {
		Loc string `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 loc"`
	} `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 sitemap"`
}

type urlSetDoc struct {
	XMLName xml.Name     `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 urlset"`
	URLs    []sitemapURL `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 url"`
}

type sitemapURL struct {
	Loc     string `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 loc"`
	LastMod string `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 lastmod"`
	Links   []struct {
		Rel      string `xml:"rel,attr"`
		Hreflang string `xml:"hreflang,attr"`
		Href     string `xml:"href,attr"`
	} `xml:"http://www.w3.org/1999/xhtml link"`
}

// checkSitemapShape checks a document against the shape of the sitemap protocol
// (sitemaps.org's sitemap.xsd and siteindex.xsd) with Google's xhtml:link alternates: the root,
// the elements allowed under it and under each entry, each in its namespace, a loc in each
// entry, absolute URLs on origin of at most 2,048 characters, W3C date-times, at most 50,000
// entries and 50 MB.
func checkSitemapShape(t *testing.T, body []byte, root, origin string) {
	t.Helper()
	require.Less(t, len(body), 50<<20)
	require.True(t, bytes.HasPrefix(body, []byte(`<?xml version="1.0" encoding="UTF-8"?>`)), "XML declaration with UTF-8")
	entry := map[string]string{"urlset": "url", "sitemapindex": "sitemap"}[root]
	allowed := map[string]bool{"loc": true, "lastmod": true, "changefreq": true, "priority": true}
	dec := xml.NewDecoder(bytes.NewReader(body))
	var stack []xml.Name
	var text strings.Builder
	entries, locs := 0, 0
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		require.NoError(t, err, "the sitemap is not well-formed XML")
		switch el := tok.(type) {
		case xml.StartElement:
			switch depth := len(stack); {
			case depth == 0:
				require.Equal(t, xml.Name{Space: sitemapNS, Local: root}, el.Name)
			case depth == 1:
				require.Equal(t, xml.Name{Space: sitemapNS, Local: entry}, el.Name)
				entries++
			case depth == 2 && el.Name.Space == sitemapNS:
				require.True(t, allowed[el.Name.Local], "<%s> is not allowed in <%s>", el.Name.Local, entry)
				require.False(t, root == "sitemapindex" && (el.Name.Local == "changefreq" || el.Name.Local == "priority"))
			case depth == 2 && root == "urlset" && el.Name == xml.Name{Space: xhtmlNS, Local: "link"}:
			default:
				t.Fatalf("unexpected element %v under %v", el.Name, stack)
			}
			stack = append(stack, el.Name)
			text.Reset()
		case xml.CharData:
			text.Write(el)
		case xml.EndElement:
			if len(stack) == 3 {
				v := text.String()
				switch el.Name.Local {
				case "loc":
					locs++
					u, err := url.Parse(v)
					require.NoError(t, err)
					require.True(t, u.IsAbs(), "loc %q is not absolute", v)
					require.True(t, strings.HasPrefix(v, origin+"/"), "loc %q is not on %s", v, origin)
					require.LessOrEqual(t, len(v), 2048)
				case "lastmod":
					_, err := time.Parse(time.RFC3339, v)
					require.NoError(t, err, "lastmod %q is not a W3C date-time", v)
				}
			}
			stack = stack[:len(stack)-1]
		}
	}
	require.Equal(t, entries, locs, "every entry has one loc")
	require.LessOrEqual(t, entries, 50000)
}

// readSitemap fetches a sitemap document and checks its shape.
func readSitemap(t *testing.T, f *fixture, path, root, origin string, v any, headers ...string) *http.Response {
	t.Helper()
	resp, body := get(t, f.bff.URL+path, headers...)
	require.Equal(t, http.StatusOK, resp.StatusCode, "%s: %s", path, body)
	require.Equal(t, "application/xml; charset=utf-8", resp.Header.Get("Content-Type"))
	checkSitemapShape(t, body, root, origin)
	require.NoError(t, xml.Unmarshal(body, v))
	return resp
}

// cmsGet reads a resource of the CMS stand-in directly.
func cmsGet(t *testing.T, f *fixture, resource string, query url.Values, v any) {
	t.Helper()
	resp, err := http.Get(f.cmsURL + content.APIPrefix + resource + "?" + query.Encode())
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode, resource)
	require.NoError(t, json.NewDecoder(resp.Body).Decode(v))
}

type cmsRow struct {
	ID          int    `json:"id"`
	PublishTime string `json:"publishTime"`
}

// cmsRows reads every row of a paged list of the stand-in, ten at a time (not as the sitemap
// reads them).
func cmsRows(t *testing.T, f *fixture, resource string, query url.Values) []cmsRow {
	t.Helper()
	var all []cmsRow
	for offset := 0; ; offset += 10 {
		q := url.Values{"offset": {strconv.Itoa(offset)}, "limit": {"10"}}
		for k, v := range query {
			q[k] = v
		}
		var page struct {
			Total int      `json:"total"`
			Rows  []cmsRow `json:"rows"`
		}
		cmsGet(t, f, resource, q, &page)
		all = append(all, page.Rows...)
		if offset+10 >= page.Total {
			return all
		}
	}
}

// standIn is what the CMS stand-in publishes in one language, read from its own API: the
// sitemap's path of each item, with its time when it has one.
func standIn(t *testing.T, f *fixture, lang sitemap.Language) map[string]string {
	t.Helper()
	out := map[string]string{}
	loc := url.Values{"locale": {lang.Wire}}
	var lines []struct {
		ID       int `json:"id"`
		Children []struct {
			ID int `json:"id"`
		} `json:"children"`
	}
	cmsGet(t, f, "/product-lines", loc, &lines)
	for _, l := range lines {
		out[fmt.Sprintf("/productList/%d", l.ID)] = ""
		for _, p := range l.Children {
			out[fmt.Sprintf("/productDetails/%d", p.ID)] = ""
		}
	}
	for _, r := range cmsRows(t, f, "/news", loc) {
		out[fmt.Sprintf("/newsDetail/%d", r.ID)] = r.PublishTime
	}
	for _, r := range cmsRows(t, f, "/cases", loc) {
		out[fmt.Sprintf("/caseDetail/%d", r.ID)] = r.PublishTime
	}
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
	cmsGet(t, f, "/solutions/menu", loc, &menu)
	for _, it := range menu.Industries {
		if it.IsShow == 0 { // hidden industries are in no list of the site
			out[fmt.Sprintf("/industry/%d", it.ID)] = ""
		}
	}
	for _, a := range menu.Applications {
		if a.Flag == 0 { // nor are hidden applications
			out[fmt.Sprintf("/application/%d", a.ID)] = ""
		}
	}
	for _, l := range menu.ProductLevels {
		out[fmt.Sprintf("/productLevel/%d", l.ID)] = ""
	}
	var partners []struct {
		ID int `json:"id"`
	}
	cmsGet(t, f, "/partners", loc, &partners)
	for _, p := range partners {
		out[fmt.Sprintf("/jakaList/%d", p.ID)] = ""
		var products []struct {
			ID int `json:"id"`
		}
		cmsGet(t, f, fmt.Sprintf("/partners/%d/products", p.ID), loc, &products)
		for _, pp := range products {
			out[fmt.Sprintf("/jakaDetail/%d", pp.ID)] = ""
		}
	}
	var site struct {
		Law []struct {
			DictValue string `json:"dictValue"`
		} `json:"law"`
	}
	cmsGet(t, f, "/site", loc, &site)
	for _, l := range site.Law {
		var text struct {
			UpdateTime string `json:"updateTime"`
		}
		cmsGet(t, f, "/legal/"+l.DictValue, loc, &text)
		out["/imprint?key="+l.DictValue] = text.UpdateTime
	}
	for _, typ := range []string{"social", "campus"} {
		q := url.Values{"locale": {lang.Wire}, "type": {typ}}
		for i, r := range cmsRows(t, f, "/positions", q) {
			page := ""
			if i >= sitemap.PositionsPerPage {
				page = fmt.Sprintf("&page=%d", i/sitemap.PositionsPerPage+1)
			}
			out[fmt.Sprintf("/position?type=%s%s&id=%d", typ, page, r.ID)] = r.PublishTime
		}
	}
	return out
}

func TestTheSitemapIndexListsASitemapPerLanguage(t *testing.T) {
	f := newFixture(t, sitemapTimeout)
	var index sitemapIndexDoc
	resp := readSitemap(t, f, "/sitemap.xml", "sitemapindex", f.bff.URL, &index)
	assert.NotEmpty(t, resp.Header.Get("ETag"))
	require.Len(t, index.Sitemaps, 12)
	for i, l := range sitemap.Languages {
		assert.Equal(t, f.bff.URL+"/sitemap-"+l.Code+".xml", index.Sitemaps[i].Loc)
	}
	assert.Zero(t, f.cmsCalls.Load(), "the index needs nothing from the CMS")
}

func TestEverySitemapListsWhatTheCMSPublishesInItsLanguageWithAlternates(t *testing.T) {
	f := newFixture(t, sitemapTimeout)
	// Where each item exists, by path (language-independent except for positions' pages).
	published := map[string]map[string]string{}
	for _, l := range sitemap.Languages {
		published[l.Code] = standIn(t, f, l)
	}
	hreflangs := map[string]string{}
	for _, l := range sitemap.Languages {
		hreflangs[l.Hreflang] = l.Code
	}
	sitemaps := map[string]urlSetDoc{}
	for _, l := range sitemap.Languages {
		var doc urlSetDoc
		readSitemap(t, f, "/sitemap-"+l.Code+".xml", "urlset", f.bff.URL, &doc)
		sitemaps[l.Code] = doc
	}
	calls := f.cmsCalls.Load()

	partial := 0
	for _, l := range sitemap.Languages {
		doc := sitemaps[l.Code]
		listed := map[string]sitemapURL{}
		for _, u := range doc.URLs {
			path := strings.TrimPrefix(u.Loc, f.bff.URL+l.Prefix)
			require.NotContains(t, listed, path, "%s listed twice in %s", path, l.Code)
			listed[path] = u
		}
		for _, must := range []string{"/index", "/productList", "/solutionList", "/case", "/news", "/position", "/about", "/flsm"} {
			assert.Contains(t, listed, must, l.Code)
		}
		for _, never := range []string{"/login", "/register", "/search", "/thx", "/repair", "/repairList", "/virtual", "/NotFound"} {
			assert.NotContains(t, listed, never, l.Code)
		}
		var products, news, cases, positions int
		for path, published := range published[l.Code] {
			u, ok := listed[path]
			if !assert.True(t, ok, "%s publishes %s, which its sitemap does not list", l.Code, path) {
				continue
			}
			switch {
			case strings.HasPrefix(path, "/productDetails/"):
				products++
			case strings.HasPrefix(path, "/newsDetail/"):
				news++
			case strings.HasPrefix(path, "/caseDetail/"):
				cases++
			case strings.HasPrefix(path, "/position?"):
				positions++
			}
			if published != "" {
				want, err := time.Parse(time.RFC3339, published)
				require.NoError(t, err)
				got, err := time.Parse(time.RFC3339, u.LastMod)
				require.NoError(t, err, "%s %s has no lastmod", l.Code, path)
				assert.True(t, want.Equal(got), "%s %s: lastmod %s, published %s", l.Code, path, u.LastMod, published)
			}
		}
		assert.Positive(t, products, l.Code)
		assert.Positive(t, news, l.Code)
		assert.Positive(t, cases, l.Code)
		assert.Positive(t, positions, l.Code)
		// Items of other kinds that are not the stand-in's in this language are not listed either.
		for path := range listed {
			if isContentPath(path) {
				assert.Contains(t, published[l.Code], path, "%s lists %s, which the CMS does not publish in it", l.Code, path)
			}
		}

		for _, u := range doc.URLs {
			byTag := map[string]string{}
			var tags []string
			for _, link := range u.Links {
				assert.Equal(t, "alternate", link.Rel)
				require.NotContains(t, byTag, link.Hreflang, "%s: hreflang %s twice", u.Loc, link.Hreflang)
				byTag[link.Hreflang] = link.Href
				tags = append(tags, link.Hreflang)
			}
			assert.Equal(t, u.Loc, byTag[l.Hreflang], "%s: the page is its own alternate", u.Loc)
			// The alternates are the languages that have the page, and x-default when Chinese has
			// it: all twelve and x-default for the pages without an id and the items of every
			// language.
			path := strings.TrimPrefix(u.Loc, f.bff.URL+l.Prefix)
			var want []string
			for _, o := range sitemap.Languages {
				if !isContentPath(path) || hasItem(published[o.Code], path) {
					want = append(want, o.Hreflang)
				}
			}
			if !isContentPath(path) || hasItem(published[sitemap.DefaultLanguage], path) {
				want = append(want, sitemap.XDefault)
			}
			assert.Equal(t, want, tags, u.Loc)
			if len(want) < 13 {
				partial++
			}
			if !isContentPath(path) {
				assert.Len(t, u.Links, 13, u.Loc)
			}
			// Every alternate is a page that the other language's sitemap lists, and lists back.
			for tag, href := range byTag {
				code := hreflangs[tag]
				if tag == sitemap.XDefault {
					code = sitemap.DefaultLanguage
				}
				require.NotEmpty(t, code, "unknown hreflang %s", tag)
				found := false
				for _, o := range sitemaps[code].URLs {
					if o.Loc == href {
						found = true
						back := false
						for _, link := range o.Links {
							back = back || (link.Hreflang == l.Hreflang && link.Href == u.Loc)
						}
						assert.True(t, back, "%s does not link back to %s", href, u.Loc)
					}
				}
				assert.True(t, found, "%s: alternate %s is in no sitemap", u.Loc, href)
			}
		}
	}
	assert.Positive(t, partial, "the stand-in has items in some languages only, which have fewer alternates")

	// Twelve sitemaps read each language's lists once.
	for _, l := range sitemap.Languages {
		var doc urlSetDoc
		resp := readSitemap(t, f, "/sitemap-"+l.Code+".xml", "urlset", f.bff.URL, &doc)
		assert.Equal(t, "HIT", resp.Header.Get("X-Cache"))
	}
	assert.Equal(t, calls, f.cmsCalls.Load(), "served from the cache")
}

// hasItem reports whether a language's published items hold the item of path: the same path,
// or for a position the same type and id, on whichever page of the list it is in that language.
func hasItem(published map[string]string, path string) bool {
	if _, ok := published[path]; ok {
		return true
	}
	q, ok := strings.CutPrefix(path, "/position?")
	if !ok {
		return false
	}
	want, _ := url.ParseQuery(q)
	for other := range published {
		if oq, ok := strings.CutPrefix(other, "/position?"); ok {
			got, _ := url.ParseQuery(oq)
			if got.Get("type") == want.Get("type") && got.Get("id") == want.Get("id") {
				return true
			}
		}
	}
	return false
}

// isContentPath reports whether path is an item of the CMS (it has an id).
func isContentPath(path string) bool {
	for _, kind := range []string{"/productDetails/", "/productList/", "/newsDetail/", "/caseDetail/", "/position?",
		"/industry/", "/application/", "/productLevel/", "/jakaList/", "/jakaDetail/", "/imprint?"} {
		if strings.HasPrefix(path, kind) {
			return true
		}
	}
	return false
}

func TestSitemapURLsAreOnTheConfiguredOriginElseTheRequests(t *testing.T) {
	forged := []string{"X-Forwarded-Host", "evil.example", "X-Forwarded-Proto", "https"}
	t.Run("SITE_ORIGINS", func(t *testing.T) {
		f := newFixtureWith(t, sitemapTimeout, func(d *httpapi.Deps) {
			d.SiteOrigins = []string{"https://www.jaka.example", "https://jaka.example"}
		})
		var index sitemapIndexDoc
		readSitemap(t, f, "/sitemap.xml", "sitemapindex", "https://www.jaka.example", &index, forged...)
		assert.Equal(t, "https://www.jaka.example/sitemap-zh.xml", index.Sitemaps[0].Loc)
		var doc urlSetDoc
		readSitemap(t, f, "/sitemap-fr.xml", "urlset", "https://www.jaka.example", &doc, forged...)
		assert.Equal(t, "https://www.jaka.example/fr/index", doc.URLs[0].Loc)
		_, robots := get(t, f.bff.URL+"/robots.txt", forged...)
		assert.Contains(t, string(robots), "Sitemap: https://www.jaka.example/sitemap.xml\n")
	})
	t.Run("the request, forwarded headers not believed from anyone", func(t *testing.T) {
		f := newFixture(t, sitemapTimeout)
		var index sitemapIndexDoc
		readSitemap(t, f, "/sitemap.xml", "sitemapindex", f.bff.URL, &index, forged...)
		assert.Equal(t, f.bff.URL+"/sitemap-zh.xml", index.Sitemaps[0].Loc)
		_, robots := get(t, f.bff.URL+"/robots.txt", forged...)
		assert.Contains(t, string(robots), "Sitemap: "+f.bff.URL+"/sitemap.xml\n")
	})
	t.Run("the request as a trusted proxy forwarded it", func(t *testing.T) {
		f := newFixtureWith(t, sitemapTimeout, func(d *httpapi.Deps) {
			l := ratelimit.DefaultLimits()
			l.TrustedProxies, _ = ratelimit.ParsePrefixes("127.0.0.1, ::1")
			d.AccountLimits = &l
		})
		proxied := []string{"X-Forwarded-Host", "www.jaka.example, inner.example", "X-Forwarded-Proto", "https"}
		var index sitemapIndexDoc
		resp := readSitemap(t, f, "/sitemap.xml", "sitemapindex", "https://www.jaka.example", &index, proxied...)
		assert.Equal(t, "https://www.jaka.example/sitemap-zh.xml", index.Sitemaps[0].Loc)
		// A host that is neither configured nor this machine's is never kept: made-up hosts
		// cannot fill the cache.
		assert.Empty(t, resp.Header.Get("ETag"))
		var doc urlSetDoc
		readSitemap(t, f, "/sitemap-en.xml", "urlset", "https://www.jaka.example", &doc, proxied...)
		// robots.txt names no host that is not the site's: the sitemap's path alone.
		_, robots := get(t, f.bff.URL+"/robots.txt", proxied...)
		assert.Contains(t, string(robots), "Sitemap: /sitemap.xml\n")
		// A forwarded host that would change the URL is not taken.
		var bad sitemapIndexDoc
		readSitemap(t, f, "/sitemap.xml", "sitemapindex", f.bff.URL, &bad, "X-Forwarded-Host", "evil.example/x?", "X-Forwarded-Proto", "javascript")
		assert.Equal(t, f.bff.URL+"/sitemap-zh.xml", bad.Sitemaps[0].Loc)
	})
}

// flakyCMS fails the reads of one resource in one locale while fail is set.
type flakyCMS struct {
	content.Client
	resource, locale string
	fail             atomic.Bool
}

func (c *flakyCMS) Get(ctx context.Context, req content.Request) (json.RawMessage, error) {
	if c.fail.Load() && req.Resource == c.resource && req.Locale == c.locale {
		return nil, apierr.New(apierr.UpstreamUnavailable, errors.New("the CMS is down"))
	}
	return c.Client.Get(ctx, req)
}

func TestACMSOutageGivesTheLastGoodSitemapElseA503NeverHalfASitemap(t *testing.T) {
	var flaky *flakyCMS
	f := newFixtureWith(t, sitemapTimeout, func(d *httpapi.Deps) {
		flaky = &flakyCMS{Client: d.Content, resource: "/news", locale: "ja"}
		d.Content = flaky
	})
	clock := time.Now()
	var mu sync.Mutex
	f.cache.SetClock(func() time.Time { mu.Lock(); defer mu.Unlock(); return clock })
	advance := func(d time.Duration) { mu.Lock(); clock = clock.Add(d); mu.Unlock() }

	unavailable := func(path string) {
		t.Helper()
		resp, body := get(t, f.bff.URL+path)
		assert.Equal(t, http.StatusServiceUnavailable, resp.StatusCode, path)
		assert.NotEmpty(t, resp.Header.Get("Retry-After"), path)
		assert.NotContains(t, string(body), "<url", path)
	}

	// The CMS down before any sitemap was built.
	f.cms.Faults.Set(mockkit.Faults{Down: true})
	unavailable("/sitemap-en.xml")
	f.cms.Faults.Set(mockkit.Faults{})

	// One list of one language failing fails every sitemap: Japanese news are the alternates of
	// the English ones.
	flaky.fail.Store(true)
	unavailable("/sitemap-jp.xml")
	unavailable("/sitemap-en.xml")
	flaky.fail.Store(false)

	resp, good := get(t, f.bff.URL+"/sitemap-en.xml")
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Contains(t, string(good), "/jp/newsDetail/")

	// Past fresh and stale, the CMS down: the sitemaps are the last good ones, rebuilt from the
	// lists read before the outage, never from what is left.
	f.cms.Faults.Set(mockkit.Faults{Down: true})
	advance(2 * time.Hour)
	resp, body := get(t, f.bff.URL+"/sitemap-en.xml")
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, good, body)
	resp, body = get(t, f.bff.URL+"/sitemap-de.xml")
	assert.Equal(t, http.StatusOK, resp.StatusCode, "built from the lists of the last good reading")
	assert.Contains(t, string(body), "/de/newsDetail/")

	// Past every stale-if-error window nothing is left to fall back on.
	advance(48 * time.Hour)
	unavailable("/sitemap-en.xml")
	unavailable("/sitemap-fr.xml")
}

func TestSitemapsAnswerGETAndHEADWithETagAndGzipAndNothingElse(t *testing.T) {
	f := newFixture(t, sitemapTimeout)
	for _, path := range []string{"/sitemap.xml", "/sitemap-ko.xml", "/robots.txt"} {
		resp, plain := get(t, f.bff.URL+path)
		require.Equal(t, http.StatusOK, resp.StatusCode, path)
		require.NotEmpty(t, plain)

		req, _ := http.NewRequest("HEAD", f.bff.URL+path, nil)
		head, err := http.DefaultTransport.RoundTrip(req)
		require.NoError(t, err)
		body, _ := io.ReadAll(head.Body)
		head.Body.Close()
		assert.Equal(t, http.StatusOK, head.StatusCode, "HEAD %s", path)
		assert.Empty(t, body)
		assert.Equal(t, resp.Header.Get("Content-Type"), head.Header.Get("Content-Type"))

		for _, method := range []string{"POST", "PUT", "DELETE"} {
			req, _ := http.NewRequest(method, f.bff.URL+path, strings.NewReader("x"))
			resp, err := http.DefaultTransport.RoundTrip(req)
			require.NoError(t, err)
			resp.Body.Close()
			assert.Equal(t, http.StatusMethodNotAllowed, resp.StatusCode, "%s %s", method, path)
			assert.Equal(t, "GET, HEAD", resp.Header.Get("Allow"))
		}
		if path == "/robots.txt" {
			assert.Equal(t, "text/plain; charset=utf-8", resp.Header.Get("Content-Type"))
			continue
		}
		resp, _ = get(t, f.bff.URL+path, "If-None-Match", resp.Header.Get("ETag"))
		assert.Equal(t, http.StatusNotModified, resp.StatusCode, path)
		resp, zipped := get(t, f.bff.URL+path, "Accept-Encoding", "gzip")
		assert.Equal(t, "gzip", resp.Header.Get("Content-Encoding"), path)
		assert.Less(t, len(zipped), len(plain), path)
	}
}

func TestRobotsPointsAtTheSitemapAndKeepsCrawlersOutOfPrivatePages(t *testing.T) {
	f := newFixture(t, sitemapTimeout)
	resp, body := get(t, f.bff.URL+"/robots.txt")
	require.Equal(t, http.StatusOK, resp.StatusCode)
	lines := strings.Split(strings.TrimSpace(string(body)), "\n")
	assert.Equal(t, "User-agent: *", lines[0])
	var disallowed []string
	for _, l := range lines {
		if rule, ok := strings.CutPrefix(l, "Disallow: "); ok {
			disallowed = append(disallowed, rule)
		}
	}
	sort.Strings(disallowed)
	assert.Equal(t, []string{
		"/*/deregister", "/*/login", "/*/preview/", "/*/register", "/*/repair", "/*/virtual", "/*/wechatLogin",
		"/deregister", "/login", "/preview/", "/register", "/repair", "/virtual", "/wechatLogin",
	}, disallowed)
	assert.Equal(t, "Sitemap: "+f.bff.URL+"/sitemap.xml", lines[len(lines)-1])
}
