package httpapi_test

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/mocks/mockkit"
)

func get(t *testing.T, url string, headers ...string) (*http.Response, []byte) {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := http.DefaultTransport.RoundTrip(req) // no transparent gzip: the test sees the wire
	require.NoError(t, err)
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp, body
}

func TestThousandConcurrentColdRequestsMakeOneCMSCall(t *testing.T) {
	// A thousand connections under the race detector on a busy machine take seconds to be
	// served: the requests' time-out is generous, as it only bounds a wait for the one call.
	f := newFixture(t, 30*time.Second)
	f.cms.Faults.Set(mockkit.Faults{Latency: 200 * time.Millisecond}) // all requests arrive while the first is in flight
	url := f.bff.URL + "/prod-api/api/programa/buildProgramaTree/8"

	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 1000, MaxConnsPerHost: 0}}
	var wg sync.WaitGroup
	var mu sync.Mutex
	statuses := map[int]int{}
	for range 1000 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req, _ := http.NewRequest("GET", url, nil)
			req.Header.Set("lang", "en")
			resp, err := client.Do(req)
			if err != nil {
				return
			}
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			mu.Lock()
			statuses[resp.StatusCode]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	assert.Equal(t, map[int]int{http.StatusOK: 1000}, statuses)
	assert.Equal(t, int64(1), f.cmsCalls.Load(), "one upstream call for a thousand identical misses")
}

func TestStaleIfErrorKeepsPagesUpWhenTheCMSIsDown(t *testing.T) {
	f := newFixture(t, 500*time.Millisecond)
	clock := time.Now()
	var mu sync.Mutex
	f.cache.SetClock(func() time.Time { mu.Lock(); defer mu.Unlock(); return clock })
	advance := func(d time.Duration) { mu.Lock(); clock = clock.Add(d); mu.Unlock() }
	url := f.bff.URL + "/prod-api/api/programa/buildProgramaTree/8"

	resp, warm := get(t, url, "lang", "de")
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "MISS", resp.Header.Get("X-Cache"))

	f.cms.Faults.Set(mockkit.Faults{Down: true})
	defer f.cms.Faults.Set(mockkit.Faults{})
	advance(2 * time.Hour) // past fresh and stale: only stale-if-error can answer
	resp, body := get(t, url, "lang", "de")
	assert.Equal(t, http.StatusOK, resp.StatusCode, "a cached page keeps being served while the CMS is down")
	assert.Equal(t, "STALE", resp.Header.Get("X-Cache"))
	assert.Equal(t, warm, body)

	// A key that was never cached has nothing to fall back on: a prompt 503, not a hang.
	start := time.Now()
	resp, body = get(t, url, "lang", "fr")
	assert.Equal(t, http.StatusServiceUnavailable, resp.StatusCode)
	assert.Contains(t, string(body), `"errorKey":"upstream.unavailable"`)
	assert.Less(t, time.Since(start), 2*time.Second)

	f.cms.Faults.Set(mockkit.Faults{Latency: 2 * time.Second})
	resp, body = get(t, f.bff.URL+"/prod-api/api/programa/buildProgramaTree/37", "lang", "ja")
	assert.Equal(t, http.StatusGatewayTimeout, resp.StatusCode, "a slow CMS with a cold key answers 504 within the time-out")
	assert.Contains(t, string(body), `"errorKey":"upstream.timeout"`)
}

func TestETagRevalidationAnswers304AndGzipIsServed(t *testing.T) {
	f := newFixture(t, 5*time.Second)
	url := f.bff.URL + "/prod-api/api/programa/buildProgramaTree/8"
	resp, plain := get(t, url, "lang", "en")
	etag := resp.Header.Get("ETag")
	require.NotEmpty(t, etag)
	assert.Equal(t, "lang, preview, Accept-Encoding", resp.Header.Get("Vary"))

	resp, body := get(t, url, "lang", "en", "If-None-Match", etag)
	assert.Equal(t, http.StatusNotModified, resp.StatusCode)
	assert.Empty(t, body)

	resp, _ = get(t, url, "lang", "ja", "If-None-Match", etag)
	assert.Equal(t, http.StatusOK, resp.StatusCode, "another language is another version")

	resp, zipped := get(t, url, "lang", "en", "Accept-Encoding", "gzip")
	assert.Equal(t, "gzip", resp.Header.Get("Content-Encoding"))
	zr, err := gzip.NewReader(bytes.NewReader(zipped))
	require.NoError(t, err)
	unzipped, _ := io.ReadAll(zr)
	assert.Equal(t, plain, unzipped)
	assert.Less(t, len(zipped), len(plain))
}

func TestPreviewBypassesTheCacheAndIsNoindex(t *testing.T) {
	f := newFixture(t, 5*time.Second)
	url := f.bff.URL + "/prod-api/api/banner/allList?type=2&status=0"
	_, public := get(t, url, "lang", "en")
	calls := f.cmsCalls.Load()
	resp, draft := get(t, url, "lang", "en", "preview", f.previewLink(t, "li.na@jaka.com", "1h"))
	assert.Equal(t, calls+1, f.cmsCalls.Load(), "previews always ask the CMS")
	assert.Equal(t, "noindex, nofollow", resp.Header.Get("X-Robots-Tag"))
	assert.Contains(t, resp.Header.Get("Cache-Control"), "no-store")
	assert.Greater(t, len(draft), len(public), "previews include drafts")
	_, again := get(t, url, "lang", "en")
	assert.Equal(t, public, again, "a preview never reaches the public cache")
}

func TestReadOnlyPOSTsAreCachedByBody(t *testing.T) {
	f := newFixture(t, 5*time.Second)
	for range 3 {
		f.call(t, "POST", "/prod-api/api/language/list", `{"pageNum":1,"pageSize":10}`, "lang", "en")
	}
	assert.Equal(t, int64(1), f.cmsCalls.Load())
	f.call(t, "POST", "/prod-api/api/language/list", `{"pageNum":2,"pageSize":10}`, "lang", "en")
	assert.Equal(t, int64(2), f.cmsCalls.Load(), "another body is another answer")
	resp, env := f.call(t, "POST", "/prod-api/api/language/list", `{"pageNum":0,"pageSize":10}`, "lang", "en")
	assert.Equal(t, http.StatusBadRequest, resp.StatusCode, "a cache in front never skips validation of a new request")
	assert.Equal(t, "request.invalid", env.ErrorKey)
}

func TestUnknownContentIsA404Envelope(t *testing.T) {
	f := newFixture(t, 5*time.Second)
	for _, path := range []string{
		"/prod-api/api/productCenter/getProductById/1/9999",
		"/prod-api/api/news/getNewsDetail/1/9999",
		"/prod-api/api/service/validateDealer/%E4%B8%8A%E6%B5%B7%E5%90%AF%E5%8D%A1", // a prefix of a dealer's name
		"/prod-api/api/common/getDetails/999999",
	} {
		resp, env := f.call(t, "GET", path, "", "lang", "en")
		assert.Equal(t, http.StatusNotFound, resp.StatusCode, path)
		assert.Equal(t, "resource.not_found", env.ErrorKey, path)
	}
	resp, _ := f.call(t, "GET", "/prod-api/api/productCenter/productContrast/101", "")
	assert.Equal(t, http.StatusBadRequest, resp.StatusCode, "comparing needs at least two products")
}

// Browsers may keep a content answer for a short while and must then revalidate it; they are
// never told to serve it stale while revalidating, which stalls Chromium's later requests of the
// same URL (e2e/tests/browser-cache.spec.ts shows it in a real browser).
func TestContentAnswersTellBrowsersToRevalidateNotToServeStale(t *testing.T) {
	f := newFixture(t, 5*time.Second)
	url := f.bff.URL + "/prod-api/api/programa/buildProgramaTree/8"
	for _, attempt := range []string{"miss", "hit"} {
		resp, _ := get(t, url, "lang", "en")
		require.Equal(t, http.StatusOK, resp.StatusCode, attempt)
		cc := resp.Header.Get("Cache-Control")
		assert.Equal(t, "public, max-age=30", cc, attempt)
		assert.NotEmpty(t, resp.Header.Get("ETag"), attempt)
	}
}

func TestJunkQueryParametersMakeOneCMSCallAndOneCacheEntry(t *testing.T) {
	f := newFixture(t, 5*time.Second)
	// The answer stays fresh however long the requests take: one fetch, no refresh.
	now := time.Now()
	f.cache.SetClock(func() time.Time { return now })
	base := f.bff.URL + "/prod-api/api/news/newsList?pageNum=1&pageSize=10&typeId=1"
	_, want := get(t, base, "lang", "en")
	require.Equal(t, int64(1), f.cmsCalls.Load())

	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 8}}
	defer client.CloseIdleConnections()
	targets := make(chan string)
	var wg sync.WaitGroup
	var mu sync.Mutex
	differ := map[int]int{}
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for target := range targets {
				req, _ := http.NewRequest("GET", target, nil)
				req.Header.Set("lang", "en")
				resp, err := client.Do(req)
				if !assert.NoError(t, err) {
					continue
				}
				body, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK || !bytes.Equal(body, want) {
					mu.Lock()
					differ[resp.StatusCode]++
					mu.Unlock()
				}
			}
		}()
	}
	for i := range 10_000 {
		switch i % 3 {
		case 0:
			targets <- fmt.Sprintf("%s&_=%d", base, i) // a cache buster
		case 1:
			targets <- fmt.Sprintf("%s&junk%d=%x", base, i, i*7919)
		default:
			targets <- fmt.Sprintf("%s&utm_source=%%E2%%80%%AE%d&pageNum=%d", base, i, i) // a repeated declared one
		}
	}
	close(targets)
	wg.Wait()
	assert.Empty(t, differ, "every junk request has the plain request's answer")
	assert.Equal(t, int64(1), f.cmsCalls.Load(), "one CMS call for ten thousand junk variants")
	assert.Equal(t, 1, f.cache.Len(), "one cache entry for ten thousand junk variants")
}

func TestUndeclaredQueryParametersNeverReachTheCMS(t *testing.T) {
	f := newFixture(t, 5*time.Second)
	resp, _ := get(t, f.bff.URL+"/prod-api/api/news/newsList?pageNum=1&junk=zzz&pageSize=10&typeId=1&locale=de", "lang", "en")
	require.Equal(t, http.StatusOK, resp.StatusCode)
	f.cmsMu.Lock()
	defer f.cmsMu.Unlock()
	require.Len(t, f.cmsTargets, 1)
	assert.NotContains(t, f.cmsTargets[0], "zzz")
	assert.Contains(t, f.cmsTargets[0], "locale=en", "the language comes from the lang header only")
}

func TestReorderedQueryParametersShareOneEntry(t *testing.T) {
	f := newFixture(t, 5*time.Second)
	var first []byte
	for _, query := range []string{
		"pageNum=1&pageSize=10&title=robot+arm",
		"title=robot%20arm&pageNum=1&pageSize=10",
		"pageSize=10&title=robot+arm&pageNum=1",
		"pageSize=10&pageNum=1&title=%72obot+arm",
	} {
		resp, body := get(t, f.bff.URL+"/prod-api/api/news/newsListByTitle?"+query, "lang", "en")
		require.Equal(t, http.StatusOK, resp.StatusCode, query)
		if first == nil {
			first = body
		}
		assert.Equal(t, first, body, query)
	}
	assert.Equal(t, int64(1), f.cmsCalls.Load(), "one CMS call whatever the order and escaping")
	assert.Equal(t, 1, f.cache.Len())
}

func TestReadOnlyPOSTsShareOneEntryWhateverTheOrderAndSpacingOfTheirFields(t *testing.T) {
	f := newFixture(t, 5*time.Second)
	for _, body := range []string{
		`{"pageNum":1,"pageSize":10}`,
		`{"pageSize":10,"pageNum":1}`,
		"{ \"pageNum\" : 1,\n  \"pageSize\" : 10 }\n",
	} {
		resp, env := f.call(t, "POST", "/prod-api/api/language/list", body, "lang", "en")
		require.Equal(t, http.StatusOK, resp.StatusCode, body)
		assert.True(t, env.Success)
	}
	assert.Equal(t, int64(1), f.cmsCalls.Load())
	assert.Equal(t, 1, f.cache.Len())

	// The contract allows no other fields: with junk, the request is refused, warm cache or
	// not, and it neither reaches the CMS nor makes an entry.
	for i := range 20 {
		resp, env := f.call(t, "POST", "/prod-api/api/language/list", fmt.Sprintf(`{"pageNum":1,"pageSize":10,"junk%d":%d}`, i, i), "lang", "en")
		assert.Equal(t, http.StatusBadRequest, resp.StatusCode)
		assert.Equal(t, "request.invalid", env.ErrorKey)
	}
	assert.Equal(t, int64(1), f.cmsCalls.Load())
	assert.Equal(t, 1, f.cache.Len())
}

func TestAWarmCacheRefusesWhatValidationRefuses(t *testing.T) {
	f := newFixture(t, 5*time.Second)
	resp, _ := f.call(t, "POST", "/prod-api/api/language/list", `{"pageNum":1,"pageSize":10}`, "lang", "en")
	require.Equal(t, http.StatusOK, resp.StatusCode)
	resp, _ = f.call(t, "GET", "/prod-api/api/programa/buildProgramaTree/8", "")
	require.Equal(t, http.StatusOK, resp.StatusCode)

	resp, env := f.call(t, "POST", "/prod-api/api/language/list", `{"pageNum":1,"pageSize":10}`, "lang", "en", "Content-Type", "text/plain")
	assert.Equal(t, http.StatusBadRequest, resp.StatusCode, "a body of another type is not read as JSON by validation")
	assert.Equal(t, "request.invalid", env.ErrorKey)
	for _, lang := range []string{"xx", "EN", ""} {
		resp, env = f.call(t, "GET", "/prod-api/api/programa/buildProgramaTree/8", "", "lang", lang)
		assert.Equal(t, http.StatusBadRequest, resp.StatusCode, "lang %q is not a language of the contract", lang)
		assert.Equal(t, "request.invalid", env.ErrorKey)
	}
	resp, _ = f.call(t, "POST", "/prod-api/login/industryList", "", "lang", "en")
	require.Equal(t, http.StatusOK, resp.StatusCode)
	resp, env = f.call(t, "POST", "/prod-api/login/industryList", "[1,2]", "lang", "en")
	assert.Equal(t, http.StatusBadRequest, resp.StatusCode, "a body that is not an object, on an operation that declares none")
	assert.Equal(t, "request.invalid", env.ErrorKey)
	assert.Equal(t, int64(3), f.cmsCalls.Load())
	assert.Equal(t, 3, f.cache.Len())
}

func TestNoLangHeaderAndChineseShareOneEntry(t *testing.T) {
	f := newFixture(t, 5*time.Second)
	_, none := get(t, f.bff.URL+"/prod-api/api/programa/buildProgramaTree/8")
	_, zh := get(t, f.bff.URL+"/prod-api/api/programa/buildProgramaTree/8", "lang", "zh")
	assert.Equal(t, none, zh)
	assert.Equal(t, int64(1), f.cmsCalls.Load())
}

func TestTheCachesSizeIsAMetric(t *testing.T) {
	f := newFixture(t, 5*time.Second)
	get(t, f.bff.URL+"/prod-api/api/programa/buildProgramaTree/8", "lang", "en")
	_, body := get(t, f.admin.URL+"/metrics")
	var lines []string
	for _, line := range strings.Split(string(body), "\n") {
		if strings.HasPrefix(line, "bff_cache_") && !strings.HasPrefix(line, "bff_cache_results") {
			lines = append(lines, line)
		}
	}
	metrics := strings.Join(lines, "\n") + "\n"
	assert.Contains(t, metrics, "bff_cache_entries 1\n")
	assert.Regexp(t, `(?m)^bff_cache_bytes [1-9][0-9]{2,}$`, metrics)
	assert.Contains(t, metrics, "bff_cache_max_bytes 2.68435456e+08\n")
	assert.Contains(t, metrics, "bff_cache_evictions_total 0\n")
}
