package contentsvc

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/go-chi/chi/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/messages"
	"github.com/jakarobotics/website/bff/internal/oapi"
)

var (
	testKeysOnce sync.Once
	testKeys     *keys
	testSpec     *oapi.Spec
	testKeysErr  error
)

// testBodyLimit is the body limit of keys built before routing (httpapi's maxKeyBody).
const testBodyLimit = 16 << 10

func keysForTest(t testing.TB) *keys {
	t.Helper()
	testKeysOnce.Do(func() {
		testSpec, testKeysErr = oapi.LoadForServing(context.Background())
		if testKeysErr == nil {
			testKeys, testKeysErr = newKeys(testSpec, readOnlyPOSTs)
		}
	})
	require.NoError(t, testKeysErr)
	return testKeys
}

func keyOf(t *testing.T, method, target, body string, headers ...string) (string, bool) {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	r := httptest.NewRequest(method, target, rd)
	if body != "" {
		r.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(headers); i += 2 {
		r.Header.Set(headers[i], headers[i+1])
	}
	key, ok := keysForTest(t).requestKey(nil, r, testBodyLimit)
	if body != "" {
		rest, _ := io.ReadAll(r.Body)
		assert.Equal(t, body, string(rest), "the body is put back for the handler")
	}
	return string(key), ok
}

func TestTheLangValuesOfTheKeysAreTheSitesLanguages(t *testing.T) {
	var want []string
	for _, l := range messages.Languages {
		want = append(want, string(l))
	}
	assert.Equal(t, want, keysForTest(t).langs, "a key's language is the language the answer is served in")
}

func TestTheKeysFindEveryOperationAsTheSitesRouterDoes(t *testing.T) {
	k := keysForTest(t)
	// The site's router, as httpapi.NewServer builds it: the operations below BasePath, and the
	// web app's pages beside them.
	router := chi.NewRouter()
	noop := http.HandlerFunc(func(http.ResponseWriter, *http.Request) {})
	router.Route(oapi.BasePath, func(api chi.Router) {
		for _, op := range testSpec.Operations() {
			api.Method(op.Method, op.Path, noop)
		}
	})
	router.Handle("/*", noop)
	param := regexp.MustCompile(`\{[^}]+\}`)
	n := 0
	for _, op := range testSpec.Operations() {
		if op.Method != http.MethodGet {
			continue
		}
		n++
		pattern := oapi.BasePath + op.Path
		for _, value := range []string{"1", "a%2Fb", "%E4%B8%8A"} {
			target := param.ReplaceAllString(pattern, value) + "?x=1"
			r := httptest.NewRequest(http.MethodGet, target, nil)
			path := r.URL.RawPath
			if path == "" {
				path = r.URL.Path
			}
			assert.Equal(t, pattern, router.Find(chi.NewRouteContext(), http.MethodGet, path), target)
			assert.Same(t, k.getOps[pattern], k.getOp(r), target)
		}
	}
	assert.Greater(t, n, 50)
}

func TestUndeclaredQueryParametersAreNotPartOfTheKey(t *testing.T) {
	plain, ok := keyOf(t, "GET", "/prod-api/api/news/newsList?pageNum=1&pageSize=10&typeId=2", "", "lang", "en")
	require.True(t, ok)
	for _, target := range []string{
		"/prod-api/api/news/newsList?pageNum=1&pageSize=10&typeId=2&_=1732186800",
		"/prod-api/api/news/newsList?junk=1&pageNum=1&pageSize=10&typeId=2&utm_source=x%20y",
		"/prod-api/api/news/newsList?typeId=2&pageSize=10&pageNum=1",
		"/prod-api/api/news/newsList?typeId=2&pageSize=10&&pageNum=1&j%C3%BCnk=%FF",
		"/prod-api/api/news/newsList?page%4Eum=1&pageSize=10&typeId=2",         // an escaped declared name
		"/prod-api/api/news/newsList?pageNum=1&pageSize=10&typeId=2&pageNum=7", // the first value counts
		"/prod-api/api/news/newsList?pageNum=1&pageSize=10&typeId=2&a;b=c",
	} {
		key, ok := keyOf(t, "GET", target, "", "lang", "en")
		assert.True(t, ok, target)
		assert.Equal(t, plain, key, target)
	}
	for _, target := range []string{
		"/prod-api/api/news/newsList?pageNum=2&pageSize=10&typeId=2",
		"/prod-api/api/news/newsList?pageNum=1&pageSize=10",
		"/prod-api/api/news/newsList?pageNum=1&pageSize=10&typeId=",
		"/prod-api/api/news/newsList?pageNum=01&pageSize=10&typeId=2",
		"/prod-api/api/news/newsList?pageNum=7&pageNum=1&pageSize=10&typeId=2",
		"/prod-api/api/news/newsList/?pageNum=1&pageSize=10&typeId=2",
	} {
		key, ok := keyOf(t, "GET", target, "", "lang", "en")
		assert.True(t, ok, target)
		assert.NotEqual(t, plain, key, target)
	}
}

func TestQueryValuesAreKeyedByWhatTheyMean(t *testing.T) {
	a, _ := keyOf(t, "GET", "/prod-api/api/news/newsListByTitle?pageNum=1&pageSize=10&title=robot+arm", "")
	b, _ := keyOf(t, "GET", "/prod-api/api/news/newsListByTitle?title=robot%20arm&pageSize=10&pageNum=1", "")
	c, _ := keyOf(t, "GET", "/prod-api/api/news/newsListByTitle?title=%72obot%20arm&pageSize=10&pageNum=1", "")
	assert.Equal(t, a, b)
	assert.Equal(t, a, c)
	assert.Equal(t, "title=robot+arm&pageNum=1&pageSize=10", Key(a).Query(), "in the contract's order")
}

func TestTheKeysLanguageIsTheLanguageTheAnswerIsIn(t *testing.T) {
	none, ok := keyOf(t, "GET", "/prod-api/api/programa/buildProgramaTree/8", "")
	require.True(t, ok)
	zh, _ := keyOf(t, "GET", "/prod-api/api/programa/buildProgramaTree/8", "", "lang", "zh")
	en, _ := keyOf(t, "GET", "/prod-api/api/programa/buildProgramaTree/8", "", "lang", "en")
	assert.Equal(t, none, zh, "no lang header is served in Chinese")
	assert.NotEqual(t, zh, en)
	for _, lang := range []string{"", "xx", "EN", "jp", "zh-CN"} {
		_, ok := keyOf(t, "GET", "/prod-api/api/programa/buildProgramaTree/8", "", "lang", lang)
		assert.False(t, ok, "lang %q is refused by validation: no key", lang)
	}
}

func TestPathsAreKeyedAsTheRouterSeesThem(t *testing.T) {
	escaped, _ := keyOf(t, "GET", "/prod-api/api/service/validateDealer/a%2Fb", "")
	plain, _ := keyOf(t, "GET", "/prod-api/api/service/validateDealer/a/b", "")
	assert.NotEqual(t, escaped, plain, "an escaped slash is a parameter, not two segments")
	nul, _ := keyOf(t, "GET", "/prod-api/api/service/validateDealer/a%00%3Fb", "")
	assert.Equal(t, "Gzh\x00/prod-api/api/service/validateDealer/a%00%3Fb?\x00", nul)
}

func TestCacheablePOSTBodiesAreKeyedByTheirDeclaredFields(t *testing.T) {
	plain, ok := keyOf(t, "POST", "/prod-api/api/recruit/position/list", `{"pageNum":1,"pageSize":10,"recruitType":1,"keyword":"robot"}`)
	require.True(t, ok)
	assert.True(t, strings.HasSuffix(plain, "\x00"+`{"keyword":"robot","pageNum":1,"pageSize":10,"recruitType":1}`), plain)
	for _, body := range []string{
		`{"recruitType":1,"keyword":"robot","pageSize":10,"pageNum":1}`,
		" {\n  \"pageNum\" : 1 ,\t\"pageSize\": 10, \"recruitType\":1, \"keyword\":\"robot\"\r\n} \n",
		`{"pageNum":1,"pageSize":10,"recruitType":1,"keyword":"\u0072obot"}`,
		`{"pageNum":1,"pageSize":10,"recruitType":1,"keyword":"robot","keyword":"robot"}`,
	} {
		key, ok := keyOf(t, "POST", "/prod-api/api/recruit/position/list", body)
		assert.True(t, ok, body)
		assert.Equal(t, plain, key, body)
	}
	for _, body := range []string{
		`{"pageNum":1,"pageSize":10,"recruitType":2,"keyword":"robot"}`,
		`{"pageNum":1,"pageSize":10,"recruitType":1}`,
		`{"pageNum":1.0,"pageSize":10,"recruitType":1,"keyword":"robot"}`,
		`{"pageNum":"1","pageSize":10,"recruitType":1,"keyword":"robot"}`,
	} {
		key, ok := keyOf(t, "POST", "/prod-api/api/recruit/position/list", body)
		assert.True(t, ok, body)
		assert.NotEqual(t, plain, key, body)
	}
	// What validation refuses has no key: the cache must not answer it.
	for _, body := range []string{
		`{"pageNum":1,"pageSize":10,"recruitType":1,"keyword":"robot","junk":1}`,
		`{"pageNum":1,"pageSize":10,"recruitType":1,"keyword":"robot"} {}`,
		`[1,2]`, `null`, `{"pageNum":1`, ``,
	} {
		_, ok := keyOf(t, "POST", "/prod-api/api/recruit/position/list", body)
		assert.False(t, ok, body)
	}
	_, ok = keyOf(t, "POST", "/prod-api/api/language/list", `{"pageNum":1,"pageSize":10}`, "Content-Type", "text/plain")
	assert.False(t, ok, "a body validation does not read as JSON")
	_, ok = keyOf(t, "POST", "/prod-api/api/language/list", `{"pageNum":1,"pageSize":10}`, "Content-Type", "application/json; charset=utf-8")
	assert.True(t, ok)
	none, ok := keyOf(t, "POST", "/prod-api/login/industryList", "")
	require.True(t, ok)
	for _, body := range []string{"  \n", "{}", `{"x":[1]}`, "null"} {
		key, ok := keyOf(t, "POST", "/prod-api/login/industryList", body)
		assert.True(t, ok, body)
		assert.Equal(t, none, key, "an operation that declares no body ignores it: %q", body)
	}
	for _, body := range []string{"[1]", `"x"`, "{", `{} {}`} {
		_, ok := keyOf(t, "POST", "/prod-api/login/industryList", body)
		assert.False(t, ok, "the handler refuses %q", body)
	}
	_, ok = keyOf(t, "POST", "/prod-api/login/logout", `{}`)
	assert.False(t, ok, "writes have no key")
}

// The plain readings of queries and bodies, which do not allocate, must give exactly the keys
// of the general ones.
func TestPlainReadingsAgreeWithTheGeneralOnes(t *testing.T) {
	k := keysForTest(t)
	op := k.getOps[oapi.BasePath+"/api/faq/selectFaqByTitle"]
	for _, raw := range []string{
		"pageNum=1&pageSize=10&title=arm&typeId=3", "typeId=3&title=arm&pageSize=10&pageNum=1", "title=a&title=b",
		"x=1&&pageNum=2;&pageSize=1", "", "pageNum", "pageNum=", "pageNum=1&junk=a.b~c_d-e",
	} {
		plain, ok := appendPlainQuery(nil, raw, op)
		require.True(t, ok, raw)
		assert.Equal(t, string(appendAnyQuery(nil, raw, op)), string(plain), raw)
	}
	decl := k.postOps[oapi.BasePath+"/api/recruit/position/list"].body
	for _, body := range []string{
		`{"pageNum":1,"pageSize":10,"recruitType":1,"keyword":"robot arm"}`,
		`{"keyword":"a-b_c.d~e!#$%()*+,-./:;=?@[]^{|}","pageNum":-0}`,
		`{"pageNum":true,"pageSize":false,"recruitType":null}`,
		` { } `, `{"pageNum":123456789012345678}`,
	} {
		plain, ok, isPlain := appendPlainBody(nil, []byte(body), decl)
		require.True(t, isPlain, body)
		anyKey, anyOK := appendAnyBody(nil, []byte(body), decl)
		assert.Equal(t, anyOK, ok, body)
		assert.Equal(t, string(anyKey), string(plain), body)
	}
	for _, body := range []string{
		`{"keyword":"<b>"}`, `{"keyword":"\u0041"}`, `{"keyword":"é"}`, `{"pageNum":1e1}`, `{"pageNum":01}`,
		`{"pageNum":1234567890123456789}`, `{"pageNum":[1]}`, `{"pageNum":1,"pageNum":2}`, `{"pageNum":1}x`,
	} {
		_, _, isPlain := appendPlainBody(nil, []byte(body), decl)
		assert.False(t, isPlain, body)
	}
}

func FuzzPlainBodyAgreesWithTheGeneralReading(f *testing.F) {
	for _, seed := range []string{
		`{"pageNum":1,"pageSize":10,"recruitType":1,"keyword":"robot"}`, `{"keyword":"x","pageNum":-1}`,
		` {"pageSize" : 0 } `, `{"recruitType":null,"pageNum":true}`, `{}`, `{"pageNum":1}}`,
	} {
		f.Add(seed)
	}
	decl := keysForTest(f).postOps[oapi.BasePath+"/api/recruit/position/list"].body
	f.Fuzz(func(t *testing.T, body string) {
		plain, ok, isPlain := appendPlainBody(nil, []byte(body), decl)
		if !isPlain {
			return
		}
		anyKey, anyOK := appendAnyBody(nil, []byte(body), decl)
		if ok != anyOK || string(plain) != string(anyKey) {
			t.Fatalf("%q: plain %q %v, general %q %v", body, plain, ok, anyKey, anyOK)
		}
	})
}

func FuzzPlainQueryAgreesWithTheGeneralReading(f *testing.F) {
	for _, seed := range []string{"pageNum=1&pageSize=10&title=arm&typeId=3", "typeId=3&&x;y=1&pageNum=1"} {
		f.Add(seed)
	}
	op := keysForTest(f).getOps[oapi.BasePath+"/api/faq/selectFaqByTitle"]
	f.Fuzz(func(t *testing.T, raw string) {
		plain, ok := appendPlainQuery(nil, raw, op)
		if !ok {
			return
		}
		if anyKey := appendAnyQuery(nil, raw, op); string(plain) != string(anyKey) {
			t.Fatalf("%q: plain %q, general %q", raw, plain, anyKey)
		}
	})
}

// BenchmarkRequestKey measures building keys alone: a path, a list's query as the web client
// sends it and in another order, with junk, and a read-only POST's body.
func BenchmarkRequestKey(b *testing.B) {
	k := keysForTest(b)
	for name, target := range map[string]string{
		"path":     "/prod-api/api/programa/buildProgramaTree/8",
		"query":    "/prod-api/api/news/newsList?pageNum=1&pageSize=10&typeId=1",
		"reversed": "/prod-api/api/news/newsList?typeId=1&pageSize=10&pageNum=1",
		"junk":     "/prod-api/api/news/newsList?pageNum=1&pageSize=10&typeId=1&_=1732186800",
		"escaped":  "/prod-api/api/news/newsListByTitle?pageNum=1&pageSize=10&title=robot%20arm",
	} {
		b.Run(name, func(b *testing.B) {
			r := httptest.NewRequest(http.MethodGet, target, nil)
			r.Header.Set("lang", "en")
			var buf [256]byte
			b.ReportAllocs()
			for b.Loop() {
				if _, ok := k.requestKey(buf[:0], r, testBodyLimit); !ok {
					b.Fatal("no key")
				}
			}
		})
	}
	for name, body := range map[string]string{
		"post":       `{"pageNum":1,"pageSize":10}`,
		"post-other": `{ "pageSize": 10, "pageNum": 1.0 }`,
	} {
		b.Run(name, func(b *testing.B) {
			r := httptest.NewRequest(http.MethodPost, "/prod-api/api/language/list", nil)
			r.Header.Set("lang", "en")
			r.Header.Set("Content-Type", "application/json")
			var rd strings.Reader
			rc := io.NopCloser(&rd)
			var buf [256]byte
			b.ReportAllocs()
			for b.Loop() {
				rd.Reset(body)
				r.Body, r.ContentLength = rc, int64(len(body))
				if _, ok := k.requestKey(buf[:0], r, testBodyLimit); !ok {
					b.Fatal("no key")
				}
			}
		})
	}
}
