package contentsvc

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/cache"
	"github.com/jakarobotics/website/bff/internal/messages"
	"github.com/jakarobotics/website/bff/internal/redistest"
	"github.com/jakarobotics/website/bff/internal/shared"
)

// Two replicas whose content caches share a Redis read a form's definition from the CMS once,
// however many of their visitors ask for it at once, and a visitor's page on one replica fills
// the other's cache too.
func TestReplicasSharingRedisReadTheCMSOnce(t *testing.T) {
	keysForTest(t)
	srv := redistest.Start(t)
	cms := &formCMS{}
	replicas := make([]*Service, 2)
	for i := range replicas {
		rdb := redis.NewClient(&redis.Options{Addr: srv.Addr})
		t.Cleanup(func() { _ = rdb.Close() })
		c := cache.New(time.Minute)
		c.SetShared(shared.NewContentCache(rdb, "test:"))
		s, err := New(Options{Spec: testSpec, CMS: cms, Cache: c, Timeout: 5 * time.Second, LongTimeout: 5 * time.Second})
		require.NoError(t, err)
		replicas[i] = s
	}
	var wg sync.WaitGroup
	for i := range 40 {
		wg.Go(func() {
			form, err := replicas[i%2].FormDefinition(context.Background(), 5, "en")
			if assert.NoError(t, err) {
				assert.Equal(t, int64(5), form.ID)
			}
		})
	}
	wg.Wait()
	assert.EqualValues(t, 1, cms.calls.Load(), "CMS reads")

	pageRead(t, replicas[0], cms, "/prod-api/api/customForm/5", "zh", "")
	require.EqualValues(t, 2, cms.calls.Load())
	_, err := replicas[1].FormDefinition(context.Background(), 5, messages.Lang("zh"))
	require.NoError(t, err)
	assert.EqualValues(t, 2, cms.calls.Load(), "the page read on one replica serves the other")
}
