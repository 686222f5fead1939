package shared

import (
	"context"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/publish"
	"github.com/jakarobotics/website/bff/internal/redistest"
)

// applied is a replica's publish.Applier: it remembers every list of changes it was given.
type applied struct {
	mu    sync.Mutex
	lists [][]publish.Change
}

func (a *applied) Apply(_ context.Context, changes []publish.Change) int {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.lists = append(a.lists, changes)
	return len(changes)
}

func (a *applied) all() [][]publish.Change {
	a.mu.Lock()
	defer a.mu.Unlock()
	return slices.Clone(a.lists)
}

// has reports whether the applier was given changes.
func (a *applied) has(changes []publish.Change) bool {
	return slices.ContainsFunc(a.all(), func(l []publish.Change) bool { return slices.Equal(l, changes) })
}

// fleetReplica is one replica's part of the broadcast: its client (with the BFF's time-outs and
// pause, as app builds it), its broadcast, its applier, and a receiver of the CMS's webhook.
type fleetReplica struct {
	broadcast *Broadcast
	applier   *applied
	receiver  *publish.Receiver
}

var webhookSecret = []byte("the secret of the broadcast tests' webhook")

// startFleet starts n replicas on srv, each subscribed until the test ends, and waits until
// Redis counts n subscribers.
func startFleet(t *testing.T, srv *redistest.Server, n int) []*fleetReplica {
	t.Helper()
	quiet := slog.New(slog.DiscardHandler)
	var fleet []*fleetReplica
	for range n {
		c, err := NewClient("redis://"+srv.Addr+"/0", nil)
		require.NoError(t, err)
		t.Cleanup(func() { _ = c.Close() })
		r := &fleetReplica{broadcast: NewBroadcast(c, testPrefix, quiet, nil), applier: &applied{}}
		r.receiver = publish.NewReceiver(publish.Options{Secret: webhookSecret, Applier: r.applier, Fleet: r.broadcast, Log: quiet})
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { r.broadcast.Run(ctx, r.applier); close(done) }()
		t.Cleanup(func() { cancel(); <-done })
		fleet = append(fleet, r)
	}
	awaitSubscribers(t, srv, n)
	return fleet
}

// awaitSubscribers waits until Redis counts n subscribers of the broadcast's channel: before
// that, a message would reach only some of them (pub/sub keeps nothing for later).
func awaitSubscribers(t *testing.T, srv *redistest.Server, n int) {
	t.Helper()
	c := redis.NewClient(&redis.Options{Addr: srv.Addr})
	defer c.Close()
	channel := testPrefix + "cms-changes"
	require.Eventually(t, func() bool {
		counts, err := c.PubSubNumSub(context.Background(), channel).Result()
		return err == nil && counts[channel] == int64(n)
	}, 20*time.Second, 10*time.Millisecond, "%d subscribers of %s", n, channel)
}

// deliver hands the replica the CMS's webhook delivery of changes under the event id.
func (r *fleetReplica) deliver(t *testing.T, id string, changes string) {
	t.Helper()
	body := `{"id":"` + id + `","changes":` + changes + `}`
	_, err := r.receiver.Receive(context.Background(), publish.Sign(webhookSecret, time.Now(), []byte(body)), strings.NewReader(body))
	require.NoError(t, err)
}

// A change the CMS tells one replica reaches every replica's applier exactly once: the others
// through Redis, the one that took it directly (it leaves its own message alone).
func TestAChangeTakenByOneReplicaIsAppliedOnceByEvery(t *testing.T) {
	srv := redistest.Start(t)
	fleet := startFleet(t, srv, 3)
	product := []publish.Change{{Kind: "product", ID: "101"}}
	news := []publish.Change{{Kind: "news", ID: "41"}, {Kind: "news", ID: ""}}

	fleet[0].deliver(t, "evt-1", `[{"kind":"product","id":"101"}]`)
	require.Eventually(t, func() bool { return fleet[1].applier.has(product) && fleet[2].applier.has(product) },
		10*time.Second, 5*time.Millisecond, "the other replicas apply the change")

	// The next message on the channel, of another replica, reaches replica 0 after its own
	// message did: once it has applied it, its own was seen and left alone.
	fleet[1].deliver(t, "evt-2", `[{"kind":"news","id":"41"},{"kind":"news","id":""}]`)
	require.Eventually(t, func() bool { return fleet[0].applier.has(news) && fleet[2].applier.has(news) },
		10*time.Second, 5*time.Millisecond)
	for i, r := range fleet {
		assert.Equal(t, [][]publish.Change{product, news}, r.applier.all(), "replica %d applied each change once", i)
	}
}

// A message that is not a broadcast of this BFF (a stray publisher, an unknown kind from a newer
// replica) is ignored, and the subscription goes on.
func TestAStrayMessageIsIgnored(t *testing.T) {
	srv := redistest.Start(t)
	fleet := startFleet(t, srv, 2)
	c := redis.NewClient(&redis.Options{Addr: srv.Addr})
	defer c.Close()
	ctx := context.Background()
	require.NoError(t, c.Publish(ctx, testPrefix+"cms-changes", "not json").Err())
	require.NoError(t, c.Publish(ctx, testPrefix+"cms-changes", `{"origin":"x","changes":[{"kind":"weather","id":"1"}]}`).Err())
	require.NoError(t, c.Publish(ctx, testPrefix+"cms-changes", `{"origin":"x","changes":[]}`).Err())
	faq := []publish.Change{{Kind: "faq", ID: "7"}}
	fleet[0].deliver(t, "evt-1", `[{"kind":"faq","id":"7"}]`)
	require.Eventually(t, func() bool { return fleet[1].applier.has(faq) }, 10*time.Second, 5*time.Millisecond)
	assert.Equal(t, [][]publish.Change{faq}, fleet[1].applier.all())
}

// After Redis restarts, every replica subscribes again by itself and gets the next change.
func TestTheSubscriptionsComeBackAfterARestartOfRedis(t *testing.T) {
	srv := redistest.Start(t)
	fleet := startFleet(t, srv, 2)
	srv.Kill()
	srv.Restart(t)
	awaitSubscribers(t, srv, 2)
	banner := []publish.Change{{Kind: "banner", ID: "3"}}
	fleet[0].deliver(t, "evt-after-restart", `[{"kind":"banner","id":"3"}]`)
	require.Eventually(t, func() bool { return fleet[1].applier.has(banner) }, 10*time.Second, 5*time.Millisecond)
}

// Replicas refuse an event that any of them took; without Redis each remembers its own.
func TestSeenEventsAreSharedAndFallBackToTheReplicasMemory(t *testing.T) {
	_, c := replicas(t, 2)
	a := NewSeenEvents(c[0], testPrefix, publish.NewMemorySeen(nil))
	b := NewSeenEvents(c[1], testPrefix, publish.NewMemorySeen(nil))
	assert.True(t, a.First("evt-1", time.Minute))
	assert.False(t, b.First("evt-1", time.Minute), "taken on the other replica")
	assert.False(t, a.First("evt-1", time.Minute))
	assert.True(t, b.First("evt-2", time.Minute))
	keys, err := c[0].Keys(context.Background(), testPrefix+"cms-event:*").Result()
	require.NoError(t, err)
	require.Len(t, keys, 2)
	assert.NotContains(t, keys[0]+keys[1], "evt-", "keys carry a hash of the id")
	ttl, err := c[0].PTTL(context.Background(), keys[0]).Result()
	require.NoError(t, err)
	assert.InDelta(t, time.Minute, ttl, float64(5*time.Second), "kept for the window only")

	away := NewSeenEvents(unreachable(t), testPrefix, publish.NewMemorySeen(nil))
	assert.True(t, away.First("evt-1", time.Minute), "this replica's memory knows nothing of the others")
	assert.False(t, away.First("evt-1", time.Minute), "but refuses what it took itself")
}
