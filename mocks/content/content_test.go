package content

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func get(t *testing.T, h http.Handler, path string, headers ...string) (int, []byte) {
	t.Helper()
	req := httptest.NewRequest("GET", path, nil)
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Code, rec.Body.Bytes()
}

func newHandler(t *testing.T) http.Handler {
	store, err := LoadStore()
	require.NoError(t, err)
	return NewHandler(store, Options{PreviewSecret: testPreviewSecret})
}

// testPreviewSecret signs the preview tokens of the CMS under test.
var testPreviewSecret = []byte("the content CMS's preview secret in tests")

// previewToken is a valid preview token of the CMS under test: reads that carry it see drafts.
var previewToken = MintPreviewToken(testPreviewSecret, "editor@jaka.com", "/preview/investment", time.Now().Add(time.Hour))

type navItem struct {
	Name       string    `json:"name"`
	Uniqueness string    `json:"uniqueness"`
	Status     int       `json:"status"`
	Children   []navItem `json:"children"`
}

func flatten(items []navItem) map[string]navItem {
	out := map[string]navItem{}
	for _, it := range items {
		out[it.Uniqueness] = it
		for k, v := range flatten(it.Children) {
			out[k] = v
		}
	}
	return out
}

func TestEveryLocaleHasATranslatedMenu(t *testing.T) {
	h := newHandler(t)
	seen := map[string]string{}
	for _, locale := range Locales {
		code, body := get(t, h, "/cms/v2/menus/8?locale="+locale)
		require.Equal(t, http.StatusOK, code)
		var items []navItem
		require.NoError(t, json.Unmarshal(body, &items))
		require.Len(t, items, 5, "five mega-menus")
		flat := flatten(items)
		for _, it := range flat {
			assert.NotEmpty(t, it.Name, "%s item %s has a name", locale, it.Uniqueness)
		}
		seen[locale] = items[0].Name
	}
	assert.Equal(t, seen["en"], seen["en_eu"], "regional English falls back to English")
	assert.Equal(t, seen["en"], seen["en_us"])
	distinct := map[string]bool{}
	for _, l := range []string{"zh", "zh_tw", "en", "ja", "ko", "th", "es", "fr", "de", "ru"} {
		distinct[seen[l]] = true
	}
	assert.Len(t, distinct, 10, "every language has its own text")
}

func TestRegionalMenusLeaveOutTheirExclusions(t *testing.T) {
	h := newHandler(t)
	_, body := get(t, h, "/cms/v2/menus/108?locale=th")
	var items []navItem
	require.NoError(t, json.Unmarshal(body, &items))
	flat := flatten(items)
	assert.NotContains(t, flat, "investment")
	assert.NotContains(t, flat, "jakaplus")
	assert.Contains(t, flat, "repair")

	_, body = get(t, h, "/cms/v2/menus/8?locale=zh")
	require.NoError(t, json.Unmarshal(body, &items))
	flat = flatten(items)
	assert.Contains(t, flat, "store", "the online store is a Chinese-only link")
	assert.Equal(t, 1, flat["activity"].Status, "hidden items are sent with status 1")

	code, _ := get(t, h, "/cms/v2/menus/1234?locale=zh")
	assert.Equal(t, http.StatusNotFound, code)
	code, _ = get(t, h, "/cms/v2/menus/8?locale=xx")
	assert.Equal(t, http.StatusBadRequest, code)
}

func TestDraftBannersOnlyInPreview(t *testing.T) {
	h := newHandler(t)
	var banners []map[string]any
	_, body := get(t, h, "/cms/v2/banners?placement=2&locale=zh")
	require.NoError(t, json.Unmarshal(body, &banners))
	assert.Len(t, banners, 3)
	_, body = get(t, h, "/cms/v2/banners?placement=2&locale=zh", PreviewTokenHeader, previewToken)
	require.NoError(t, json.Unmarshal(body, &banners))
	assert.Len(t, banners, 4)
}

func TestLanguagesArePaged(t *testing.T) {
	h := newHandler(t)
	var page struct {
		Total int              `json:"total"`
		Rows  []map[string]any `json:"rows"`
	}
	_, body := get(t, h, "/cms/v2/languages?offset=10&limit=10&locale=zh")
	require.NoError(t, json.Unmarshal(body, &page))
	assert.Equal(t, 12, page.Total)
	assert.Len(t, page.Rows, 2)
	code, _ := get(t, h, "/cms/v2/languages?offset=-1&limit=10")
	assert.Equal(t, http.StatusBadRequest, code)
}

func TestPicturesAreDrawn(t *testing.T) {
	h := newHandler(t)
	for _, name := range []string{"banners/home-zu.svg", "banners/home-virtual-mobile.svg", "products/zu-7.svg", "products/lumi.svg"} {
		code, body := get(t, h, "/assets/"+name)
		assert.Equal(t, http.StatusOK, code, name)
		assert.Contains(t, string(body), "<svg", name)
	}
	code, _ := get(t, h, "/assets/banners/unknown.svg")
	assert.Equal(t, http.StatusNotFound, code)
}
