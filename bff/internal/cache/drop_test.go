package cache

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// tagged is a fetch of body whose answer was built from tags.
func tagged(n *atomic.Int32, body string, tags ...string) AnswerFetch {
	return func(context.Context) (Answer, error) {
		n.Add(1)
		return Answer{Body: []byte(body), Tags: tags}, nil
	}
}

// Drop removes exactly the answers built from a dropped tag, on this replica and in the shared
// tier, so that another replica fetches them again too; the others stay; an answer that could
// not say what it was built from goes with every drop.
func TestDropRemovesTheAnswersBuiltFromATag(t *testing.T) {
	s := newMemShared()
	a, b, _ := twoReplicas(s)
	ctx := context.Background()
	var fetches atomic.Int32
	load := func(c *Cache, key string, tags ...string) Result {
		_, res, err := c.LoadAnswer(ctx, key, "page", JSON, policy, time.Second, tagged(&fetches, key, tags...))
		require.NoError(t, err)
		return res
	}
	load(a, "/product/101", "product|101", "menu")
	load(a, "/news/39", "news|39", "menu")
	load(a, "/odd", EverythingTag)
	require.Equal(t, Hit, load(b, "/product/101"), "the other replica reads it from the shared tier")

	removed, err := a.Drop(ctx, []string{"product|101"})
	require.NoError(t, err)
	assert.ElementsMatch(t, []string{"/product/101", "/odd"}, removed, "the product's page and the page built from everything")

	_, res := a.Peek("/news/39")
	assert.Equal(t, Hit, res, "a page built from other things stays")
	_, res = a.Peek("/product/101")
	assert.Equal(t, Miss, res)
	before := fetches.Load()
	assert.Equal(t, Hit, load(b, "/product/101"), "the replica that read it keeps its copy until the drop reaches it")
	_, err = b.Drop(ctx, []string{"product|101"})
	require.NoError(t, err)
	assert.Equal(t, Miss, load(b, "/product/101"), "then renders it again: the shared tier no longer has it")
	assert.Equal(t, before+1, fetches.Load())
}

// An answer fetched while a drop ran may be built from what was dropped: those who asked get
// it, but it is stored already stale and kept out of the shared tier, so the next request
// fetches it again.
func TestAnAnswerFetchedDuringADropIsNotKeptFresh(t *testing.T) {
	s := newMemShared()
	a, _, _ := twoReplicas(s)
	ctx := context.Background()
	var fetches atomic.Int32
	fetch := func(ctx context.Context) (Answer, error) {
		fetches.Add(1)
		if fetches.Load() == 1 {
			_, _ = a.Drop(ctx, []string{"product|101"})
		}
		return Answer{Body: []byte("old"), Tags: []string{"product|101"}}, nil
	}
	e, res, err := a.LoadAnswer(ctx, "/product/101", "page", JSON, policy, time.Second, fetch)
	require.NoError(t, err)
	assert.Equal(t, Miss, res)
	assert.Equal(t, "old", string(e.Body))
	_, res, err = a.LoadAnswer(ctx, "/product/101", "page", JSON, policy, time.Second, fetch)
	require.NoError(t, err)
	assert.Equal(t, Miss, res, "fetched again")
	assert.EqualValues(t, 2, fetches.Load())
}

// TagsOf tags the answers whose fetch names no tags (content answers, by their key).
func TestTagsOfTagsAnswersByTheirKey(t *testing.T) {
	c, _ := newTestCache()
	c.TagsOf = func(key string) []string { return []string{"route:" + key} }
	var fetches atomic.Int32
	_, _, err := c.Load(context.Background(), "k", "/r", policy, time.Second, counting(&fetches, "{}"))
	require.NoError(t, err)
	removed, err := c.Drop(context.Background(), []string{"route:k"})
	require.NoError(t, err)
	assert.Equal(t, []string{"k"}, removed)
	c.checkAccounting(t)
}
