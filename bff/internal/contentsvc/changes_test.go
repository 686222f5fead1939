package contentsvc

import (
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/cache"
	"github.com/jakarobotics/website/bff/internal/publish"
)

const newsDetail = "/prod-api/api/news/getNewsDetail/{typeId}/{newsId}"

// A content answer is tagged by its operation and its path parameters, whatever its language
// and query; a page by the content requests of its render.
func TestAnswersAndPagesAreTaggedByTheContentTheyShow(t *testing.T) {
	s := newTestService(t, &formCMS{})
	r := httptest.NewRequest("GET", "/prod-api/api/news/getNewsDetail/2/39?junk=1", nil)
	r.Header.Set("lang", "en")
	key, ok := s.RequestKey(nil, r, testBodyLimit)
	require.True(t, ok)
	want := []string{newsDetail, newsDetail + "|typeId=2", newsDetail + "|newsId=39"}
	assert.Equal(t, want, s.keys.tagsOfKey(string(key)))

	tags := s.SourceTags([]string{
		"GET /prod-api/api/news/getNewsDetail/2/39?lang=en",
		" POST /prod-api/api/language/list",
		"GET /prod-api/api/news/newsList?typeId=2",
		"GET /somewhere/else", "nonsense", "DELETE /prod-api/api/news/newsList",
	})
	assert.ElementsMatch(t, append(want, "/prod-api/api/language/list", "/prod-api/api/news/newsList"), tags)
	assert.Equal(t, []string{cache.EverythingTag}, s.SourceTags([]string{"GET /prod-api/api/news/newsList", "*"}))
}

// A change of one news item names that item's answers and every answer that lists news (so
// every page that shows it), and nothing of products; a change of every item of a kind names
// its operations whole.
func TestAChangeNamesTheAnswersThatShowTheItem(t *testing.T) {
	s := newTestService(t, &formCMS{})
	tags, ok := s.ChangeTags("news", "39")
	require.True(t, ok)
	assert.Contains(t, tags, newsDetail+"|newsId=39")
	assert.NotContains(t, tags, newsDetail, "not every news item's page")
	assert.Contains(t, tags, "/prod-api/api/news/newsList")
	assert.Contains(t, tags, "/prod-api/bff/home")
	for _, tag := range tags {
		assert.NotContains(t, tag, "productCenter")
	}

	all, ok := s.ChangeTags("news", "")
	require.True(t, ok)
	assert.Contains(t, all, newsDetail)

	product, ok := s.ChangeTags("product", "101")
	require.True(t, ok)
	assert.Contains(t, product, "/prod-api/api/productCenter/getProductDetails/{programId}/{lineId}/{productId}|productId=101")
	assert.Contains(t, product, "/prod-api/api/productCenter/productLineList")

	_, ok = s.ChangeTags("spaceship", "1")
	assert.False(t, ok)
}

// Every kind of change the CMS may send (publish.Kinds) says what it drops, and no other kind is
// here.
func TestEveryKindOfChangeDropsSomething(t *testing.T) {
	assert.ElementsMatch(t, publish.Kinds, ChangeKinds())
	s := newTestService(t, &formCMS{})
	for _, kind := range publish.Kinds {
		tags, ok := s.ChangeTags(kind, "1")
		assert.True(t, ok, kind)
		assert.NotEmpty(t, tags, kind)
	}
}
