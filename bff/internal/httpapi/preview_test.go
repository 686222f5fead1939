package httpapi_test

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/httpapi"
	"github.com/jakarobotics/website/bff/internal/preview"
	"github.com/jakarobotics/website/bff/internal/ratelimit"
)

// draftURL is an unpublished CMS item: the unannounced investor-day announcement.
const draftURL = "/prod-api/api/common/getDetails/303/3035"

// previewLink asks the CMS for an editor's preview link, as the CMS's preview button does, and
// returns its token.
func (f *fixture) previewLink(t *testing.T, editor, ttl string) string {
	t.Helper()
	body := `{"path": "/en/preview/investment", "editor": "` + editor + `", "ttl": "` + ttl + `"}`
	resp, err := http.Post(f.cmsURL+"/__admin/preview-links", "application/json", strings.NewReader(body))
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusCreated, resp.StatusCode)
	var link struct{ Token, URL string }
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&link))
	require.Contains(t, link.URL, "previewToken="+link.Token)
	return link.Token
}

// forgedPreviews are preview headers that are not an editor's valid token.
func forgedPreviews(t *testing.T, f *fixture) map[string]string {
	t.Helper()
	valid := preview.Mint(testPreviewSecret, preview.Claims{Subject: "editor", Path: "/en/preview/investment", Expires: f.previewClock().Add(time.Hour)})
	parts := strings.Split(valid, ".")
	rewritten := base64.RawURLEncoding.EncodeToString([]byte(`{"sub":"editor","exp":4102444800}`))
	return map[string]string{
		"the old flag":       "1",
		"garbage":            "let me in",
		"expired":            preview.Mint(testPreviewSecret, preview.Claims{Subject: "editor", Path: "/en/preview/investment", Expires: f.previewClock().Add(-time.Minute)}),
		"another secret":     preview.Mint([]byte("a secret the attacker made up, long enough"), preview.Claims{Subject: "editor", Path: "/en/preview/investment", Expires: f.previewClock().Add(time.Hour)}),
		"tampered payload":   parts[0] + "." + rewritten + "." + parts[2],
		"tampered signature": parts[0] + "." + parts[1] + "." + strings.Repeat("A", len(parts[2])),
	}
}

func TestWithoutAValidTokenAPreviewIsAnOrdinaryRequest(t *testing.T) {
	f := newFixture(t, 5*time.Second)

	// A draft stays unpublished: 404, as for any visitor.
	for name, header := range forgedPreviews(t, f) {
		resp, env := f.call(t, "GET", draftURL, "", "lang", "en", "preview", header)
		assert.Equal(t, http.StatusNotFound, resp.StatusCode, "%s: the draft is not shown", name)
		assert.Equal(t, "resource.not_found", env.ErrorKey, name)
		assert.Empty(t, resp.Header.Get("X-Robots-Tag"), name)
	}

	// A published list is the published answer, from the cache: no draft, and no free path to
	// the CMS.
	url := f.bff.URL + "/prod-api/api/banner/allList?type=2&status=0"
	_, public := get(t, url, "lang", "en")
	calls := f.cmsCalls.Load()
	for name, header := range forgedPreviews(t, f) {
		resp, body := get(t, url, "lang", "en", "preview", header)
		assert.Equal(t, http.StatusOK, resp.StatusCode, name)
		assert.Equal(t, public, body, "%s: the published answer", name)
		assert.Equal(t, "HIT", resp.Header.Get("X-Cache"), "%s: served from the cache", name)
		assert.Contains(t, resp.Header.Get("Vary"), "preview", name)
		assert.Empty(t, resp.Header.Get("X-Robots-Tag"), name)
	}
	assert.Equal(t, calls, f.cmsCalls.Load(), "no forged preview reached the CMS")
}

func TestAnEditorsPreviewLinkReadsDraftsUncachedAndNoindex(t *testing.T) {
	f := newFixture(t, 5*time.Second)
	token := f.previewLink(t, "li.na@jaka.com", "1h")

	calls := f.cmsCalls.Load()
	resp, env := f.call(t, "GET", draftURL, "", "lang", "en", "preview", token)
	require.Equal(t, http.StatusOK, resp.StatusCode, "the editor sees the draft")
	assert.Contains(t, string(env.Data), "Invitation to the 2026 investor day")
	assert.Equal(t, "private, no-store", resp.Header.Get("Cache-Control"))
	assert.Equal(t, "noindex, nofollow", resp.Header.Get("X-Robots-Tag"))
	assert.Contains(t, resp.Header.Get("Vary"), "preview")
	f.call(t, "GET", draftURL, "", "lang", "en", "preview", token)
	assert.Equal(t, calls+2, f.cmsCalls.Load(), "previews always ask the CMS")

	resp, _ = f.call(t, "GET", draftURL, "", "lang", "en")
	assert.Equal(t, http.StatusNotFound, resp.StatusCode, "visitors still do not see the draft")

	// The link expires by the BFF's clock, whatever the CMS would say.
	f.advancePreviewClock(time.Hour)
	resp, _ = f.call(t, "GET", draftURL, "", "lang", "en", "preview", token)
	assert.Equal(t, http.StatusNotFound, resp.StatusCode, "an expired link shows no draft")
}

func TestWithoutASecretNobodyPreviews(t *testing.T) {
	f := newFixtureWith(t, 5*time.Second, func(d *httpapi.Deps) { d.Preview = nil })
	token := f.previewLink(t, "li.na@jaka.com", "1h")
	resp, _ := f.call(t, "GET", draftURL, "", "lang", "en", "preview", token)
	assert.Equal(t, http.StatusNotFound, resp.StatusCode, "a BFF without PREVIEW_SECRET serves no drafts")
}

func TestPreviewsAreRateLimitedPerAddressAndPerEditor(t *testing.T) {
	f := newFixtureWith(t, 5*time.Second, func(d *httpapi.Deps) {
		d.PreviewLimits = &preview.Limits{
			PerIP:     []ratelimit.Rule{{Limit: 3, Window: time.Hour}},
			PerEditor: []ratelimit.Rule{{Limit: 2, Window: time.Hour}},
		}
	})
	ana, ben := f.previewLink(t, "ana@jaka.com", "1h"), f.previewLink(t, "ben@jaka.com", "1h")

	for range 2 {
		resp, _ := f.call(t, "GET", draftURL, "", "lang", "en", "preview", ana)
		require.Equal(t, http.StatusOK, resp.StatusCode)
	}
	calls := f.cmsCalls.Load()
	resp, env := f.call(t, "GET", draftURL, "", "lang", "en", "preview", ana)
	assert.Equal(t, http.StatusTooManyRequests, resp.StatusCode, "an editor's third preview read")
	assert.Equal(t, "preview.too_many_requests", env.ErrorKey)
	assert.Equal(t, "Too many preview requests. Please try again later.", env.Msg)
	assert.NotEmpty(t, resp.Header.Get("Retry-After"))
	assert.Equal(t, "private, no-store", resp.Header.Get("Cache-Control"))
	assert.Equal(t, calls, f.cmsCalls.Load(), "a refused preview does not reach the CMS")

	// The address had room (the refused read is not counted against it): one more editor's read,
	// then the address's limit of three is reached.
	resp, _ = f.call(t, "GET", draftURL, "", "lang", "en", "preview", ben)
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	resp, env = f.call(t, "GET", draftURL, "", "lang", "en", "preview", ben)
	assert.Equal(t, http.StatusTooManyRequests, resp.StatusCode, "the address's fourth preview read")
	assert.Equal(t, "preview.too_many_requests", env.ErrorKey)

	// Visitors are not affected: the published site answers as before.
	resp, _ = f.call(t, "GET", "/prod-api/api/banner/allList?type=2&status=0", "", "lang", "en")
	assert.Equal(t, http.StatusOK, resp.StatusCode)
}
