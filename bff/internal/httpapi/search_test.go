package httpapi_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type searchAnswer struct {
	Query  string `json:"query"`
	Total  int    `json:"total"`
	Groups []struct {
		Type  string `json:"type"`
		Total int    `json:"total"`
		Items []struct {
			Title string `json:"title"`
			Link  string `json:"link"`
		} `json:"items"`
	} `json:"groups"`
}

func searchFor(t *testing.T, f *fixture, q, lang string) searchAnswer {
	t.Helper()
	resp, env := f.call(t, "GET", "/prod-api/bff/search?q="+url.QueryEscape(q), "", "lang", lang)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	var out searchAnswer
	require.NoError(t, json.Unmarshal(env.Data, &out))
	return out
}

func TestSearchFindsEveryKindInThePageLanguage(t *testing.T) {
	f := newFixture(t, 5*time.Second)
	got := searchFor(t, f, "JAKA Zu", "en")
	kinds := map[string]int{}
	for _, g := range got.Groups {
		kinds[g.Type] = g.Total
		assert.LessOrEqual(t, len(g.Items), 5)
		for _, it := range g.Items {
			assert.NotEmpty(t, it.Title)
			assert.Regexp(t, `^/(productDetails|caseDetail|newsDetail|download|commonQuestion)`, it.Link)
		}
	}
	assert.Equal(t, 5, kinds["product"], "the five JAKA Zu models")
	assert.Positive(t, kinds["news"])
	assert.Positive(t, kinds["download"])

	zh := searchFor(t, f, "协作机器人", "zh")
	assert.Positive(t, zh.Total, "Chinese words find Chinese content")

	none := searchFor(t, f, "xyzzy-no-such-thing", "en")
	assert.Zero(t, none.Total)
	assert.Empty(t, none.Groups, "no groups: the page shows 'No relevant results found'")

	resp, env := f.call(t, "GET", "/prod-api/bff/search", "", "lang", "en")
	assert.Equal(t, http.StatusBadRequest, resp.StatusCode, "a search needs words")
	assert.Equal(t, "request.invalid", env.ErrorKey)
}
