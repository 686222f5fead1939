package shared

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/jakarobotics/website/bff/internal/cache"
)

// AnswerCache is a cache's shared tier (cache.Shared) in Redis: every replica that uses the same
// Redis and prefix reads the answers the others fetched (content answers, rendered pages), and of
// those that miss one key at once, one takes the key's lock and asks the upstream while the others
// wait for its answer.
//
// An answer is one string key, set with the expiry the cache gives it (until its stale window
// ends) and holding its gzip body, status and fetch time in a few bytes of header (see
// encodeEntry): the plain body and the ETag are rebuilt from the gzip by the replica that reads
// it. Each of an answer's tags (what it was built from) is a set of the keys of the answers that
// carry it, which Drop reads to delete them; a set lives as long as the longest answer added to
// it. A lock is a key of its own taken with SET NX PX and a random token, and given back by the
// script that Locks uses, which deletes it only while it holds that token. Keys carry a hash of
// the cache key, which holds the request's query (a search's words) and is of any length.
//
// Every call has its own time limit (callTimeout), which go-redis applies only with
// ContextTimeoutEnabled; otherwise the client's ReadTimeout and WriteTimeout bound a call, so
// give the client short ones (under a second). A load then waits at most about one of them for
// a Redis that fails or hangs, and answers as a cache without a shared tier does.
//
// The answers take room in a Redis that also holds what must not be lost (the outbox), and so
// runs without eviction: they are kept only for their fresh and stale windows (minutes to an
// hour), compressed. Answers whose keys visitors choose (searches, pages of lists) come and go
// with that expiry; a site whose visitors make very many of them gives the cache a Redis of its
// own.
type AnswerCache struct {
	rdb    redis.UniversalClient
	prefix string
	// kind names the cache in its Redis keys: content, or page plus the web build.
	kind string
}

var _ cache.Shared = (*AnswerCache)(nil)

// NewContentCache returns the shared tier of a content cache kept in rdb under prefix.
func NewContentCache(rdb redis.UniversalClient, prefix string) *AnswerCache {
	return &AnswerCache{rdb: rdb, prefix: prefix, kind: "content"}
}

// NewPageCache returns the shared tier of a cache of rendered pages kept in rdb under prefix.
// build names the web app's build the pages were rendered with: a page names that build's
// hashed scripts, so replicas of another build (during a rolling deployment) keep pages of their
// own.
func NewPageCache(rdb redis.UniversalClient, prefix, build string) *AnswerCache {
	return &AnswerCache{rdb: rdb, prefix: prefix, kind: "page-" + build}
}

// key is the answer of key; lockKey its lock; tagKey the set of the answers that carry tag.
func (c *AnswerCache) key(key string) string {
	return c.prefix + c.kind + ":" + keyHash(c.kind, key)
}

func (c *AnswerCache) lockKey(key string) string {
	return c.prefix + c.kind + "-lock:" + keyHash(c.kind, key)
}

func (c *AnswerCache) tagKey(tag string) string {
	return c.prefix + c.kind + "-tag:" + keyHash(c.kind+"-tag", tag)
}

// Get returns the answer stored under key. An answer that cannot be decoded (written by a later
// version, say) counts as none: it is fetched again and replaced.
func (c *AnswerCache) Get(ctx context.Context, key string) (cache.SharedEntry, bool, error) {
	ctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	b, err := c.rdb.Get(ctx, c.key(key)).Bytes()
	if errors.Is(err, redis.Nil) {
		return cache.SharedEntry{}, false, nil
	}
	if err != nil {
		return cache.SharedEntry{}, false, err
	}
	e, ok := decodeEntry(b)
	return e, ok, nil
}

// Set stores e under key for ttl, and adds it to the set of each of its tags.
func (c *AnswerCache) Set(ctx context.Context, key string, e cache.SharedEntry, ttl time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	stored := c.key(key)
	_, err := c.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.Set(ctx, stored, encodeEntry(e), ttl)
		for _, tag := range e.Tags {
			set := c.tagKey(tag)
			p.SAdd(ctx, set, stored)
			// A set outlives none of its answers: NX gives a new set its expiry, GT lengthens it.
			p.ExpireNX(ctx, set, ttl)
			p.ExpireGT(ctx, set, ttl)
		}
		return nil
	})
	return err
}

// Drop deletes every answer stored with one of tags, and the tags' sets.
func (c *AnswerCache) Drop(ctx context.Context, tags []string) error {
	ctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	for _, tag := range tags {
		set := c.tagKey(tag)
		keys, err := c.rdb.SMembers(ctx, set).Result()
		if err != nil {
			return err
		}
		if err := c.rdb.Del(ctx, append(keys, set)...).Err(); err != nil {
			return err
		}
	}
	return nil
}

// Lock takes the lock of key for lease, unless another replica holds it.
func (c *AnswerCache) Lock(ctx context.Context, key string, lease time.Duration) (func(), bool, error) {
	ctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	lock, token := c.lockKey(key), rand.Text()
	taken, err := c.rdb.SetNX(ctx, lock, token, lease).Result()
	if err != nil {
		if ctx.Err() != nil {
			// The SET may have reached Redis before the time ran out: give back what it may have
			// taken, rather than hold the others up for a whole lease.
			c.release(lock, token)
		}
		return nil, false, err
	}
	if !taken {
		return nil, false, nil
	}
	return func() { c.release(lock, token) }, true, nil
}

// release deletes the lock if it still holds token. A release that fails leaves the lock to run
// out with its lease.
func (c *AnswerCache) release(lock, token string) {
	ctx, cancel := context.WithTimeout(context.Background(), releaseTimeout)
	defer cancel()
	_ = releaseScript.Run(ctx, c.rdb, []string{lock}, token).Err()
}

// entryVersion begins an encoded answer; another layout gets another version.
const entryVersion = 2

// encodeEntry writes e as its version, its status and its fetch time in Unix microseconds
// (varints), its tags (a count, then each as its length and bytes), then its gzip body: some
// ten bytes besides the body and the tags.
func encodeEntry(e cache.SharedEntry) []byte {
	b := make([]byte, 0, 1+3*binary.MaxVarintLen64+len(e.Gzip))
	b = append(b, entryVersion)
	b = binary.AppendUvarint(b, uint64(e.Status))
	b = binary.AppendVarint(b, e.StoredAt.UnixMicro())
	b = binary.AppendUvarint(b, uint64(len(e.Tags)))
	for _, tag := range e.Tags {
		b = binary.AppendUvarint(b, uint64(len(tag)))
		b = append(b, tag...)
	}
	return append(b, e.Gzip...)
}

// decodeEntry reads what encodeEntry wrote; ok is false for anything else.
func decodeEntry(b []byte) (e cache.SharedEntry, ok bool) {
	if len(b) == 0 || b[0] != entryVersion {
		return e, false
	}
	b = b[1:]
	status, n := binary.Uvarint(b)
	if n <= 0 || status < 100 || status > 599 {
		return e, false
	}
	b = b[n:]
	at, n := binary.Varint(b)
	if n <= 0 {
		return e, false
	}
	b = b[n:]
	count, n := binary.Uvarint(b)
	if n <= 0 || count > uint64(len(b)) {
		return e, false
	}
	b = b[n:]
	var tags []string
	for range count {
		size, n := binary.Uvarint(b)
		if n <= 0 || size > uint64(len(b)-n) {
			return e, false
		}
		tags = append(tags, string(b[n:n+int(size)]))
		b = b[n+int(size):]
	}
	return cache.SharedEntry{Gzip: b, Status: int(status), StoredAt: time.UnixMicro(at), Tags: tags}, true
}
