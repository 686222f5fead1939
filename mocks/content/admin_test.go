package content

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var testWebhookSecret = []byte("the content CMS's webhook secret in tests")

// delivery is one request the site's webhook endpoint received.
type delivery struct {
	header http.Header
	body   []byte
}

// webhookSite is the site's webhook endpoint: it answers each delivery with the next of statuses
// (the last one from then on) and hands the deliveries to the test.
type webhookSite struct {
	url        string
	deliveries chan delivery
}

func newWebhookSite(t *testing.T, statuses ...int) *webhookSite {
	t.Helper()
	if len(statuses) == 0 {
		statuses = []int{http.StatusAccepted}
	}
	s := &webhookSite{deliveries: make(chan delivery, 16)}
	var mu sync.Mutex
	n := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		status := statuses[min(n, len(statuses)-1)]
		n++
		mu.Unlock()
		s.deliveries <- delivery{header: r.Header.Clone(), body: body}
		w.WriteHeader(status)
	}))
	t.Cleanup(srv.Close)
	s.url = srv.URL + "/hooks/cms"
	return s
}

// next waits for the next delivery.
func (s *webhookSite) next(t *testing.T) delivery {
	t.Helper()
	select {
	case d := <-s.deliveries:
		return d
	case <-time.After(10 * time.Second):
		t.Fatal("no webhook delivery within 10 s")
		return delivery{}
	}
}

// none fails t if a delivery is waiting.
func (s *webhookSite) none(t *testing.T) {
	t.Helper()
	select {
	case d := <-s.deliveries:
		t.Fatalf("unexpected delivery: %s", d.body)
	default:
	}
}

// cmsWithWebhook is the CMS notifying site, with quick retries and its log in logs.
func cmsWithWebhook(t *testing.T, site *webhookSite, logs io.Writer) http.Handler {
	t.Helper()
	store, err := LoadStore()
	require.NoError(t, err)
	if logs == nil {
		logs = io.Discard
	}
	return NewHandler(store, Options{PreviewSecret: testPreviewSecret, Webhook: Webhook{
		URLs: []string{site.url}, Secret: testWebhookSecret, Log: slog.New(slog.NewTextHandler(logs, nil)),
		RetryDelays: []time.Duration{time.Millisecond, time.Millisecond},
	}})
}

func post(t *testing.T, h http.Handler, path, body string) (int, map[string]any) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("POST", path, strings.NewReader(body)))
	var out map[string]any
	require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &out), rec.Body.String())
	return rec.Code, out
}

// checkSigned checks d's signature as the site does: HMAC-SHA256 of "t.body" with the shared
// secret, its time now; and returns its body.
func checkSigned(t *testing.T, d delivery) map[string]any {
	t.Helper()
	assert.Equal(t, "application/json", d.header.Get("Content-Type"))
	parts := strings.Split(d.header.Get("X-CMS-Signature"), ",")
	require.Len(t, parts, 2, d.header.Get("X-CMS-Signature"))
	ts, ok := strings.CutPrefix(parts[0], "t=")
	require.True(t, ok)
	sig, ok := strings.CutPrefix(parts[1], "v1=")
	require.True(t, ok)
	sent, err := strconv.ParseInt(ts, 10, 64)
	require.NoError(t, err)
	assert.WithinDuration(t, time.Now(), time.Unix(sent, 0), 10*time.Second)
	mac := hmac.New(sha256.New, testWebhookSecret)
	mac.Write([]byte(ts + "." + string(d.body)))
	assert.Equal(t, hex.EncodeToString(mac.Sum(nil)), sig, "the signature verifies")
	var body map[string]any
	require.NoError(t, json.Unmarshal(d.body, &body))
	return body
}

// An editor's new name of a product shows wherever the CMS sends the product, in every language,
// and the site is told of the product and of the menus that link to it.
func TestAnEditorRenamesAProductEverywhere(t *testing.T) {
	site := newWebhookSite(t)
	h := cmsWithWebhook(t, site, nil)
	status, out := post(t, h, "/__admin/products/101", `{"name": "  JAKA Zu 3 Neo  "}`)
	require.Equal(t, http.StatusOK, status, out)
	assert.Equal(t, "JAKA Zu 3 Neo", out["productName"])
	event, _ := out["event"].(string)
	assert.Regexp(t, `^evt-\d{8}T\d{6}Z-[0-9a-f]{8}$`, event)

	for _, locale := range []string{"zh", "en", "en_us", "ja", "ru"} {
		for _, path := range []string{
			"/cms/v2/products/101", "/cms/v2/product-lines", "/cms/v2/product-lines/1", "/cms/v2/products/compare?ids=101,102",
			"/cms/v2/industries/2", "/cms/v2/applications/1", "/cms/v2/product-levels/1", "/cms/v2/cases/3", "/cms/v2/menus/8",
		} {
			code, body := get(t, h, catWithLocale(path, locale))
			require.Equal(t, http.StatusOK, code, path)
			assert.Contains(t, string(body), `"JAKA Zu 3 Neo"`, "%s in %s", path, locale)
			assert.NotContains(t, string(body), `"JAKA Zu 3"`, "%s in %s", path, locale)
		}
	}

	body := checkSigned(t, site.next(t))
	assert.Equal(t, map[string]any{"id": event, "changes": []any{
		map[string]any{"kind": "product", "id": "101"},
		map[string]any{"kind": "menu", "id": ""},
	}}, body)
	site.none(t)
}

// A name in one language leaves the others as they were; the regional Englishes follow English.
func TestAnEditorRenamesAProductInOneLanguage(t *testing.T) {
	site := newWebhookSite(t)
	h := cmsWithWebhook(t, site, nil)
	status, _ := post(t, h, "/__admin/products/102", `{"lang": "en", "name": "JAKA Zu 5 Plus"}`)
	require.Equal(t, http.StatusOK, status)
	status, _ = post(t, h, "/__admin/products/102", `{"lang": "ja", "name": "JAKA Zu 5 プラス"}`)
	require.Equal(t, http.StatusOK, status)
	for locale, want := range map[string]string{
		"en": "JAKA Zu 5 Plus", "en_eu": "JAKA Zu 5 Plus", "en_us": "JAKA Zu 5 Plus", "ja": "JAKA Zu 5 プラス",
		"zh": "JAKA Zu 5", "de": "JAKA Zu 5", "th": "JAKA Zu 5",
	} {
		var p struct{ ProductName string }
		catGetJSON(t, h, "/cms/v2/products/102?locale="+locale, &p)
		assert.Equal(t, want, p.ProductName, locale)
	}
	site.next(t)
	site.next(t)
}

// Bad requests change nothing and tell the site nothing.
func TestRenamingAProductRefusesBadRequests(t *testing.T) {
	site := newWebhookSite(t)
	h := cmsWithWebhook(t, site, nil)
	for _, tc := range []struct {
		path, body string
		status     int
	}{
		{"/__admin/products/999", `{"name": "x"}`, http.StatusNotFound},
		{"/__admin/products/abc", `{"name": "x"}`, http.StatusBadRequest},
		{"/__admin/products/101", `{"name": "  "}`, http.StatusBadRequest},
		{"/__admin/products/101", `{}`, http.StatusBadRequest},
		{"/__admin/products/101", `{"name": "` + strings.Repeat("x", 201) + `"}`, http.StatusBadRequest},
		{"/__admin/products/101", `{"name": "a\u0000b"}`, http.StatusBadRequest},
		{"/__admin/products/101", `{"name": "x", "lang": "jp"}`, http.StatusBadRequest},
		{"/__admin/products/101", `{"name": "x", "title": "y"}`, http.StatusBadRequest},
		{"/__admin/products/101", `{"name": "x"} {}`, http.StatusBadRequest},
		{"/__admin/products/101", `name=x`, http.StatusBadRequest},
	} {
		status, _ := post(t, h, tc.path, tc.body)
		assert.Equal(t, tc.status, status, "%s %s", tc.path, tc.body)
	}
	var p struct{ ProductName string }
	catGetJSON(t, h, "/cms/v2/products/101?locale=en", &p)
	assert.Equal(t, "JAKA Zu 3", p.ProductName)
	site.none(t)
}

// A published news item is in its type's list, the search, the home page's news and on its own
// page, in every locale, and the site is told of it.
func TestAnEditorPublishesANewsItem(t *testing.T) {
	site := newWebhookSite(t)
	h := cmsWithWebhook(t, site, nil)
	status, out := post(t, h, "/__admin/news", `{
		"typeId": 1,
		"title": {"en": "JAKA opens its Munich showroom", "zh": "JAKA 慕尼黑展厅开幕"},
		"summary": "Every cobot of the range, on show in Bavaria.",
		"content": "<p>The showroom opens on Monday.</p>",
		"recommended": true
	}`)
	require.Equal(t, http.StatusCreated, status, out)
	assert.EqualValues(t, 41, out["id"], "after the seed's 40")
	published, err := time.Parse(time.RFC3339, out["publishTime"].(string))
	require.NoError(t, err)
	assert.WithinDuration(t, time.Now(), published, 10*time.Second)
	assert.Contains(t, out["publishTime"], "+08:00")

	var list struct {
		Total int
		Rows  []struct {
			ID    int
			Title string
		}
	}
	catGetJSON(t, h, "/cms/v2/news?type=1&locale=en&limit=200", &list)
	assert.Contains(t, list.Rows, struct {
		ID    int
		Title string
	}{41, "JAKA opens its Munich showroom"})
	catGetJSON(t, h, "/cms/v2/news?q="+url.QueryEscape("opens its Munich showroom")+"&locale=en", &list)
	require.Equal(t, 1, list.Total)
	var recommended []struct{ ID int }
	catGetJSON(t, h, "/cms/v2/news?recommended=true&locale=en", &recommended)
	assert.Contains(t, recommended, struct{ ID int }{41})

	var detail struct {
		ID       int
		Title    string
		Content  string
		Summary  string
		Image    string
		Previous *struct{ ID int }
		Next     *struct{ ID int }
	}
	catGetJSON(t, h, "/cms/v2/news/41?type=1&locale=en", &detail)
	assert.Equal(t, "JAKA opens its Munich showroom", detail.Title)
	assert.Equal(t, "<p>The showroom opens on Monday.</p>", detail.Content)
	assert.Nil(t, detail.Next, "the newest of its type")
	assert.NotNil(t, detail.Previous)
	catGetJSON(t, h, "/cms/v2/news/41?locale=zh", &detail)
	assert.Equal(t, "JAKA 慕尼黑展厅开幕", detail.Title)
	catGetJSON(t, h, "/cms/v2/news/41?locale=ko", &detail)
	assert.Equal(t, "JAKA opens its Munich showroom", detail.Title, "falls back to English")
	code, _ := get(t, h, "/assets/"+strings.TrimPrefix(detail.Image, "/cms-assets/"))
	assert.Equal(t, http.StatusOK, code, "its picture is drawn: %s", detail.Image)

	body := checkSigned(t, site.next(t))
	assert.Equal(t, []any{map[string]any{"kind": "news", "id": "41"}}, body["changes"])
	assert.Equal(t, out["event"], body["id"])
}

func TestPublishingNewsRefusesBadRequests(t *testing.T) {
	site := newWebhookSite(t)
	h := cmsWithWebhook(t, site, nil)
	for _, tc := range []struct {
		body   string
		status int
	}{
		{`{"title": "t", "content": "c"}`, http.StatusNotFound}, // no type: 0 is none
		{`{"typeId": 99, "title": "t", "content": "c"}`, http.StatusNotFound},
		{`{"typeId": 1, "content": "c"}`, http.StatusBadRequest},
		{`{"typeId": 1, "title": "t"}`, http.StatusBadRequest},
		{`{"typeId": 1, "title": {"xx": "t"}, "content": "c"}`, http.StatusBadRequest},
		{`{"typeId": 1, "title": {"ja": "t"}, "content": "c"}`, http.StatusBadRequest},
		{`{"typeId": 1, "title": 5, "content": "c"}`, http.StatusBadRequest},
		{`{"typeId": 1, "title": "t", "content": "c", "publishTime": "yesterday"}`, http.StatusBadRequest},
		{`{"typeId": 1, "title": "t", "content": "c", "image": "https://evil.example/x.svg"}`, http.StatusBadRequest},
		{`{"typeId": 1, "title": "t", "content": "c", "locales": ["en", "mars"]}`, http.StatusBadRequest},
		{`{"typeId": 1, "title": "t", "content": "c", "draft": true}`, http.StatusBadRequest},
	} {
		status, _ := post(t, h, "/__admin/news", tc.body)
		assert.Equal(t, tc.status, status, tc.body)
	}
	var list struct{ Total int }
	catGetJSON(t, h, "/cms/v2/news?type=1&locale=zh", &list)
	before := list.Total
	status, _ := post(t, h, "/__admin/news", `{"typeId": 1, "title": "Only in Chinese", "content": "<p>x</p>", "locales": ["zh"], "publishTime": "2020-01-01T00:00:00Z"}`)
	require.Equal(t, http.StatusCreated, status)
	catGetJSON(t, h, "/cms/v2/news?type=1&locale=zh", &list)
	assert.Equal(t, before+1, list.Total)
	catGetJSON(t, h, "/cms/v2/news?q="+url.QueryEscape("Only in Chinese")+"&locale=en", &list)
	assert.Zero(t, list.Total, "limited to its locales")
	site.next(t)
	site.none(t)
}

// Each URL gets one attempt and up to two retries; 409 (taken before) is delivered, another 4xx
// is not retried.
func TestTheWebhookIsRetriedAFewTimesThenGivenUp(t *testing.T) {
	for _, tc := range []struct {
		name     string
		statuses []int
		attempts int
		logged   string
	}{
		{"delivered after two failures", []int{503, 502, 202}, 3, "CMS change event delivered"},
		{"given up after three", []int{503}, 3, "CMS change event not delivered"},
		{"taken before", []int{409}, 1, "CMS change event delivered"},
		{"refused", []int{401}, 1, "CMS change event refused by the site"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			site := newWebhookSite(t, tc.statuses...)
			logs := &lockedBuffer{}
			h := cmsWithWebhook(t, site, logs)
			status, _ := post(t, h, "/__admin/products/303", `{"name": "JAKA MiniCobo 2"}`)
			require.Equal(t, http.StatusOK, status)
			require.Eventually(t, func() bool { return strings.Contains(logs.String(), tc.logged) }, 10*time.Second, time.Millisecond)
			var ids []string
			for range tc.attempts {
				ids = append(ids, checkSigned(t, site.next(t))["id"].(string))
			}
			site.none(t)
			for _, id := range ids {
				assert.Equal(t, ids[0], id, "every attempt carries the event's id")
			}
		})
	}
}

// Without a webhook URL the CMS changes its content and tells nobody.
func TestWithoutAWebhookURLNoEventIsSent(t *testing.T) {
	h := newHandler(t)
	status, out := post(t, h, "/__admin/products/101", `{"name": "JAKA Zu 3 Neo"}`)
	require.Equal(t, http.StatusOK, status)
	assert.Nil(t, out["event"])
}

func TestWebhookFromEnv(t *testing.T) {
	env := map[string]string{"CMS_WEBHOOK_URL": " http://127.0.0.1:8080/hooks/cms, https://bff.internal/hooks/cms "}
	w, err := WebhookFromEnv(func(k string) string { return env[k] })
	require.NoError(t, err)
	assert.Equal(t, []string{"http://127.0.0.1:8080/hooks/cms", "https://bff.internal/hooks/cms"}, w.URLs)
	assert.Equal(t, []byte(StandInWebhookSecret), w.Secret, "the stand-in's secret when none is set")
	env["CMS_WEBHOOK_SECRET"] = "a secret of at least thirty-two characters"
	w, err = WebhookFromEnv(func(k string) string { return env[k] })
	require.NoError(t, err)
	assert.Equal(t, []byte("a secret of at least thirty-two characters"), w.Secret)
	for _, bad := range []string{"127.0.0.1:8080/hooks/cms", "ftp://x/y", "http://"} {
		env["CMS_WEBHOOK_URL"] = bad
		_, err = WebhookFromEnv(func(k string) string { return env[k] })
		assert.ErrorContains(t, err, "CMS_WEBHOOK_URL", bad)
	}
}

// Reads and editors' changes at once: the race detector checks the store's lock.
func TestReadsAndChangesAtOnce(t *testing.T) {
	h := newHandler(t)
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Go(func() {
			for j := range 20 {
				if i == 0 {
					post(t, h, "/__admin/products/101", `{"lang": "en", "name": "JAKA Zu 3 v`+strconv.Itoa(j)+`"}`)
					post(t, h, "/__admin/news", `{"typeId": 2, "title": "News `+strconv.Itoa(j)+`", "content": "<p>x</p>"}`)
					continue
				}
				for _, path := range []string{"/cms/v2/products/compare?ids=101,102&locale=en", "/cms/v2/menus/8?locale=en", "/cms/v2/news?type=2&locale=en"} {
					code, _ := get(t, h, path)
					assert.Equal(t, http.StatusOK, code)
				}
			}
		})
	}
	wg.Wait()
}

// lockedBuffer is a log destination written by the notifier's goroutines and read by the test.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
