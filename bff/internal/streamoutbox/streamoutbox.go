// Package streamoutbox is the outbox of leads, form records and work orders that BFF replicas
// share in Redis (when REDIS_URL is set): a write accepted by any replica is delivered by
// whichever replica is alive, exactly once at the CRM or work-order system, even when the
// replica that accepted it is killed and never comes back. It is an outbox.Queue, with the
// receipts, idempotency keys and results of the replica's own bbolt outbox (package outbox),
// which stays the default and serves here as the fallback for when Redis cannot be reached.
// It is a package of its own rather than part of package shared because it is a worker with
// a life of its own (Run), not a small primitive behind an existing interface.
//
// # How it works
//
// Everything lives under one hash tag, {outbox}, so that each script's keys are in one slot
// of a Redis Cluster too:
//
//	<prefix>{outbox}:stream       a stream of the writes not yet settled, one entry each (the item's JSON)
//	<prefix>{outbox}:key:<h>      a hash per idempotency key: content hash, state, upstream id, entry
//	<prefix>{outbox}:lease:<h>    a short lease on a key's delivery, held by one attempt (SET NX PX)
//	<prefix>{outbox}:rejected     a stream of writes the upstream refused after they were queued
//
// where <h> is a hash of the idempotency key. Submit runs one script that looks the key (and the
// Earlier keys) up, answers a repeat from its record (same content hash: Duplicate, with what
// became of it; another hash: outbox.ErrConflict) and otherwise writes the record, adds the
// entry to the stream and takes the lease, all at once: two replicas given one key at the same
// moment store it once. Then Submit delivers at once, as the bbolt outbox does. A delivered or
// refused write is settled by one script: the record's state and the upstream's id, an expiry
// of KeepKeys on the record, XACK and XDEL of the entry, the lease dropped.
//
// The worker (Run) of every replica is a consumer of one consumer group, under a name of its
// own (host, process id and random). Each round it claims with XAUTOCLAIM the entries that have
// been idle in some consumer's pending list longer than ClaimIdle (those of a replica that died,
// and its own and others' failed ones, for retry), reads new entries with XREADGROUP, and
// delivers each one whose lease it can take; an entry whose lease is held is being delivered by
// someone else and is left alone. A round in which every delivery failed pauses the worker for a
// back-off step between RetryMin and RetryMax, as the bbolt worker does, so that an unavailable
// upstream is probed rather than flooded; an entry is tried again at most once per ClaimIdle.
// Every delivery carries the write's idempotency key and the upstreams store each key once, so
// the rare second delivery (a lease that ran out in a long attempt, a replica that died between
// the upstream's answer and the settling script) is stored once and settles on the first id.
//
// # When Redis is away
//
// A Submit that cannot reach Redis files the write in the replica's own bbolt outbox (the
// fallback), whose worker Run also runs, and logs that it did: the write is not lost, but it is
// this replica's to deliver until it is. Ready answers ready as long as either Redis or the
// fallback takes writes, so that a load balancer does not take every replica out of service
// because Redis blipped; without a fallback it answers not ready when Redis is unreachable.
//
// # What Redis must run with
//
// Append-only persistence, appendonly yes with appendfsync everysec (docker/compose.yaml) or
// always, and maxmemory-policy noeviction. A replica answers "received" once Redis has the
// write, and from then on Redis holds the only copy: snapshots alone (or no persistence) lose
// every write since the last snapshot when Redis restarts, and an eviction policy may drop
// pending writes or their keys under memory pressure. With everysec a crash of Redis's process
// loses nothing, and a crash of its machine (or a power cut) loses at most the last second of
// acknowledged writes; always closes that window (as the bbolt outbox, which fsyncs every
// commit) at the cost of a disk flush in every write's path. A failover to a Redis replica may
// also lose what the primary had not yet replicated.
package streamoutbox

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/jakarobotics/website/bff/internal/outbox"
)

// DefaultPrefix is the prefix of the outbox's keys when Options.Prefix is empty.
const DefaultPrefix = "jaka:"

// group is the consumer group of every replica's worker.
const group = "deliverers"

// callTimeout bounds one call to Redis.
const callTimeout = 2 * time.Second

// The states of a key's record, as in the bbolt outbox.
const (
	statePending   = "pending"
	stateDelivered = "delivered"
	stateRejected  = "rejected"
)

// Options configure an Outbox. outbox.Options has the delivery, the back-off (RetryMin,
// RetryMax), Workers, AttemptTimeout, KeepKeys, Log, OnResult and Now, with the same defaults;
// its OpenTimeout is not used.
type Options struct {
	outbox.Options
	// Prefix goes before every key (DefaultPrefix when empty).
	Prefix string
	// Lease is how long one delivery attempt keeps the other replicas off a write: longer than
	// an attempt (AttemptTimeout plus 5s when zero, at least AttemptTimeout). A replica that
	// dies while delivering holds its writes no longer than this.
	Lease time.Duration
	// ClaimIdle is how long an entry stays with a consumer before another may claim it: how
	// long a dead replica's writes wait (or its Lease, if that is longer), and the shortest
	// interval between two attempts at one write (RetryMin when zero, as the bbolt outbox's first
	// retry; the pauses after failing rounds, growing to RetryMax, keep a down upstream from being
	// flooded).
	ClaimIdle time.Duration
	// Poll is how often an idle worker looks for new and claimable entries (1s when zero).
	Poll time.Duration
	// Consumer names this replica in the consumer group; empty gets host, process id and a
	// random part, which no other replica has.
	Consumer string
}

// Outbox is an outbox.Queue kept in Redis and shared by every replica that uses the same
// Redis and prefix.
type Outbox struct {
	rdb      redis.UniversalClient
	fallback outbox.Queue
	opts     Options
	log      *slog.Logger

	stream, rejected string

	// claimStart is where the next XAUTOCLAIM goes on in the pending entries.
	claimStart string
	// groupReady is true once the consumer group is known to exist.
	groupReady bool
	// redisDown is true while the worker cannot reach Redis (to log the change, not every try).
	redisDown bool
	// failedRounds counts the rounds in a row in which every delivery failed.
	failedRounds int
	// lastSweep is when the worker last removed consumers of replicas that are gone.
	lastSweep time.Time
}

var _ outbox.Queue = (*Outbox)(nil)

// New returns the outbox kept in rdb, with fallback (the replica's own outbox, whose worker
// Run also runs; nil for none) for writes that arrive while Redis cannot be reached. Nothing
// is asked of Redis yet: a replica starts while Redis is away.
func New(rdb redis.UniversalClient, fallback outbox.Queue, opts Options) (*Outbox, error) {
	if opts.Deliver == nil {
		return nil, errors.New("streamoutbox: Options.Deliver is required")
	}
	if opts.Prefix == "" {
		opts.Prefix = DefaultPrefix
	}
	opts.Options = opts.Options.WithDefaults()
	if opts.Lease <= 0 {
		opts.Lease = opts.AttemptTimeout + 5*time.Second
	}
	opts.Lease = max(opts.Lease, opts.AttemptTimeout)
	if opts.ClaimIdle <= 0 {
		opts.ClaimIdle = opts.RetryMin
	}
	if opts.Poll <= 0 {
		opts.Poll = time.Second
	}
	if opts.Consumer == "" {
		host, _ := os.Hostname()
		opts.Consumer = fmt.Sprintf("%s-%d-%s", host, os.Getpid(), rand.Text()[:8])
	}
	log := opts.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	base := opts.Prefix + "{outbox}:"
	return &Outbox{
		rdb:        rdb,
		fallback:   fallback,
		opts:       opts,
		log:        log,
		stream:     base + "stream",
		rejected:   base + "rejected",
		claimStart: "0-0",
	}, nil
}

// keyHash stands for an idempotency key in the names of Redis keys: keys come from browsers
// and may be long or odd.
func keyHash(key string) string {
	sum := sha256.Sum256([]byte("jaka-outbox\x00" + key))
	return base64.RawURLEncoding.EncodeToString(sum[:])
}

func (o *Outbox) recordKey(key string) string {
	return o.opts.Prefix + "{outbox}:key:" + keyHash(key)
}

func (o *Outbox) leaseKey(key string) string {
	return o.opts.Prefix + "{outbox}:lease:" + keyHash(key)
}

// submitScript files a write unless its key or an earlier one is known, atomically.
//
// KEYS: the stream, the lease of the key, the record of the key, then the records of the
// earlier keys. ARGV: the content hash, the item's JSON, the kind, now (ms), the lease's token,
// the lease (ms). It answers {"conflict"}; {"known", index of the key in the records, state,
// ref, reason}; or {"new", entry id}.
var submitScript = redis.NewScript(`
for i = 3, #KEYS do
	local r = redis.call("HMGET", KEYS[i], "hash", "state", "ref", "reason")
	if r[1] then
		if r[1] ~= ARGV[1] then return {"conflict"} end
		return {"known", tostring(i - 3), r[2] or "", r[3] or "", r[4] or ""}
	end
end
local id = redis.call("XADD", KEYS[1], "*", "item", ARGV[2])
redis.call("HSET", KEYS[3], "hash", ARGV[1], "kind", ARGV[3], "state", "pending", "entry", id, "created", ARGV[4])
redis.call("SET", KEYS[2], ARGV[5], "PX", ARGV[6])
return {"new", id}`)

// claimScript takes the lease of an entry's write for one delivery attempt. An entry whose
// write is settled already, or that another entry has replaced, is removed instead.
//
// KEYS: the stream, the record, the lease. ARGV: the group, the entry id, the lease's token,
// the lease (ms). It answers "ok" (the lease is taken), "busy" (someone else holds it) or
// "settled" (nothing to deliver).
var claimScript = redis.NewScript(`
local r = redis.call("HMGET", KEYS[2], "state", "entry")
if r[1] and (r[1] ~= "pending" or r[2] ~= ARGV[2]) then
	redis.call("XACK", KEYS[1], ARGV[1], ARGV[2])
	redis.call("XDEL", KEYS[1], ARGV[2])
	return "settled"
end
if redis.call("SET", KEYS[3], ARGV[3], "NX", "PX", ARGV[4]) then return "ok" end
return "busy"`)

// settleScript notes what became of a delivered or refused write and removes its entry.
//
// KEYS: the stream, the record, the lease, the rejected stream. ARGV: the group, the entry id,
// the lease's token, the state, the upstream's id, the reason, now (ms), KeepKeys (ms), and the
// dead letter's JSON ("" unless it is kept for operators). A record settled already (by another
// replica's attempt) is left as it is.
var settleScript = redis.NewScript(`
local r = redis.call("HMGET", KEYS[2], "state", "entry")
if r[1] == "pending" and r[2] == ARGV[2] then
	redis.call("HSET", KEYS[2], "state", ARGV[4], "ref", ARGV[5], "reason", ARGV[6], "settled", ARGV[7])
	redis.call("PEXPIRE", KEYS[2], ARGV[8])
	if ARGV[9] ~= "" then redis.call("XADD", KEYS[4], "*", "rejected", ARGV[9]) end
end
redis.call("XACK", KEYS[1], ARGV[1], ARGV[2])
redis.call("XDEL", KEYS[1], ARGV[2])
if redis.call("GET", KEYS[3]) == ARGV[3] then redis.call("DEL", KEYS[3]) end
return 1`)

// releaseScript drops a lease if it is still this attempt's.
var releaseScript = redis.NewScript(`
if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) end
return 0`)

// entry is one write in the stream.
type entry struct {
	id   string
	item outbox.Item
}

// DeadLetter is a write the upstream refused after it had been queued, kept for operators.
type DeadLetter struct {
	Item     outbox.Item `json:"item"`
	Reason   string      `json:"reason"`
	Rejected time.Time   `json:"rejected"`
}

// storeCtx bounds a call to Redis that files or settles a write: it is not cut short when the
// visitor leaves (as the bbolt outbox's commit is not).
func storeCtx(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.WithoutCancel(ctx), callTimeout)
}

// Submit files a write under its key in Redis and delivers it at once with ctx, with the
// receipts of (*outbox.Outbox).Submit. When Redis cannot be reached the write goes to the
// fallback instead; an error means it could be stored nowhere and was not accepted.
func (o *Outbox) Submit(ctx context.Context, s outbox.Submission) (outbox.Receipt, error) {
	if s.Key == "" || s.Kind == "" {
		return outbox.Receipt{}, errors.New("outbox: a submission needs a key and a kind")
	}
	now := o.opts.Now()
	item := outbox.Item{Key: s.Key, Kind: s.Kind, Payload: s.Payload, Enqueued: now}
	raw, err := json.Marshal(item)
	if err != nil {
		return outbox.Receipt{}, err
	}
	keys := []string{o.stream, o.leaseKey(s.Key), o.recordKey(s.Key)}
	for _, k := range s.Earlier {
		keys = append(keys, o.recordKey(k))
	}
	token := rand.Text()
	sctx, cancel := storeCtx(ctx)
	res, err := submitScript.Run(sctx, o.rdb, keys, s.Hash, raw, s.Kind, now.UnixMilli(), token, o.opts.Lease.Milliseconds()).StringSlice()
	cancel()
	if err != nil {
		return o.submitLocally(ctx, s, err)
	}
	switch {
	case len(res) == 1 && res[0] == "conflict":
		return outbox.Receipt{}, outbox.ErrConflict
	case len(res) == 5 && res[0] == "known":
		i, _ := strconv.Atoi(res[1])
		key := s.Key
		if i > 0 && i <= len(s.Earlier) {
			key = s.Earlier[i-1]
		}
		return receiptOf(key, res[2], res[3], res[4], true), nil
	case len(res) == 2 && res[0] == "new":
	default:
		return outbox.Receipt{}, fmt.Errorf("streamoutbox: unexpected answer %q from Redis", res)
	}

	// Deliver now, under the lease the script took. An attempt that fails leaves the entry to
	// the workers: one reads it as new, or claims it once it has been idle for ClaimIdle.
	e := entry{id: res[1], item: item}
	actx, acancel := context.WithTimeout(ctx, o.opts.AttemptTimeout)
	defer acancel()
	d, derr := o.safeDeliver(actx, item)
	switch {
	case derr == nil:
		o.settle(ctx, e, token, stateDelivered, d.Ref, "", false)
		o.report(d)
		return outbox.Receipt{Key: s.Key, Ref: d.Ref}, nil
	case outbox.IsPermanent(derr):
		o.settle(ctx, e, token, stateRejected, "", derr.Error(), false)
		o.result(outbox.ResultRejected)
		return outbox.Receipt{Key: s.Key, Rejected: true, Reason: derr.Error()}, nil
	default:
		o.release(ctx, item.Key, token)
		o.result(outbox.ResultFailed)
		o.log.Warn("delivery failed; the write is queued in Redis", "kind", item.Kind, "key", item.Key, "err", derr)
		return outbox.Receipt{Key: s.Key, Queued: true}, nil
	}
}

// submitLocally files a write that Redis could not take in the fallback.
func (o *Outbox) submitLocally(ctx context.Context, s outbox.Submission, redisErr error) (outbox.Receipt, error) {
	if o.fallback == nil {
		return outbox.Receipt{}, fmt.Errorf("streamoutbox: Redis cannot take the write and there is no local outbox: %w", redisErr)
	}
	o.log.Warn("Redis cannot take a write; it is kept in this replica's own outbox, which delivers it",
		"kind", s.Kind, "key", s.Key, "err", redisErr)
	return o.fallback.Submit(ctx, s)
}

func receiptOf(key, state, ref, reason string, duplicate bool) outbox.Receipt {
	switch state {
	case stateDelivered:
		return outbox.Receipt{Key: key, Ref: ref, Duplicate: duplicate}
	case stateRejected:
		return outbox.Receipt{Key: key, Rejected: true, Reason: reason, Duplicate: duplicate}
	default:
		return outbox.Receipt{Key: key, Queued: true, Duplicate: duplicate}
	}
}

// settle notes the outcome of a write and removes its entry; keep puts a refused write in the
// rejected stream. If that fails the entry stays, and is claimed and delivered again later:
// the upstream then answers with the id it stored the first time.
func (o *Outbox) settle(ctx context.Context, e entry, token, state, ref, reason string, keep bool) {
	now := o.opts.Now()
	dead := ""
	if keep {
		raw, err := json.Marshal(DeadLetter{Item: e.item, Reason: reason, Rejected: now})
		if err == nil {
			dead = string(raw)
		}
	}
	sctx, cancel := storeCtx(ctx)
	defer cancel()
	keys := []string{o.stream, o.recordKey(e.item.Key), o.leaseKey(e.item.Key), o.rejected}
	err := settleScript.Run(sctx, o.rdb, keys, group, e.id, token, state, ref, reason,
		now.UnixMilli(), o.opts.KeepKeys.Milliseconds(), dead).Err()
	if err != nil {
		o.log.Error("outbox: could not settle a delivered write; it will be delivered again", "key", e.item.Key, "err", err)
	}
}

// release drops the lease of key if it is still token's. A release that fails leaves the lease
// to run out.
func (o *Outbox) release(ctx context.Context, key, token string) {
	sctx, cancel := storeCtx(ctx)
	defer cancel()
	_ = releaseScript.Run(sctx, o.rdb, []string{o.leaseKey(key)}, token).Err()
}

func (o *Outbox) report(d outbox.Delivery) {
	if d.Duplicate {
		o.result(outbox.ResultDuplicate)
	} else {
		o.result(outbox.ResultDelivered)
	}
}

func (o *Outbox) result(r string) {
	if o.opts.OnResult != nil {
		o.opts.OnResult(r)
	}
}

// safeDeliver turns a panicking DeliverFunc into a retryable error.
func (o *Outbox) safeDeliver(ctx context.Context, it outbox.Item) (d outbox.Delivery, err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("outbox: delivery panicked: %v", v)
		}
	}()
	return o.opts.Deliver(ctx, it)
}

// backoff is the pause after n failed rounds in a row (from 1), drawn as the bbolt outbox
// draws its retries, so that replicas do not probe in step.
func (o *Outbox) backoff(n int) time.Duration {
	return outbox.Backoff(n, o.opts.RetryMin, o.opts.RetryMax)
}

// Run delivers the writes in Redis until ctx ends, and runs the fallback's worker beside it.
// The worker's state is its own: Run is called once.
func (o *Outbox) Run(ctx context.Context) {
	var wg sync.WaitGroup
	if o.fallback != nil {
		wg.Go(func() { o.fallback.Run(ctx) })
	}
	defer wg.Wait()
	for {
		wait := o.round(ctx)
		if ctx.Err() != nil {
			return
		}
		if wait <= 0 {
			continue
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
	}
}

// round makes one round of deliveries and says how long to wait before the next: a back-off
// step after a round in which every delivery failed, Poll when there was nothing to do, and 0
// otherwise (there may be more).
func (o *Outbox) round(ctx context.Context) time.Duration {
	entries, err := o.fetch(ctx)
	if err != nil {
		if ctx.Err() == nil && !o.redisDown {
			o.log.Warn("the outbox worker cannot read from Redis; writes queued there wait", "err", err)
		}
		o.redisDown = true
		return o.backoff(1)
	}
	if o.redisDown {
		o.log.Info("the outbox worker reads from Redis again")
		o.redisDown = false
	}
	o.sweepConsumers(ctx)
	var attempted, failed atomic.Int64
	var wg sync.WaitGroup
	for _, e := range entries {
		wg.Go(func() {
			tried, ok := o.attempt(ctx, e)
			if tried {
				attempted.Add(1)
				if !ok {
					failed.Add(1)
				}
			}
		})
	}
	wg.Wait()
	switch {
	case len(entries) == 0:
		return o.opts.Poll
	case attempted.Load() == 0:
		// Every entry was someone else's to deliver, or settled already: there may be more.
		return 0
	case failed.Load() == attempted.Load():
		o.failedRounds++
		return o.backoff(o.failedRounds)
	default:
		o.failedRounds = 0
		return 0
	}
}

// fetch claims up to Workers entries: those idle longer than ClaimIdle first, then new ones.
func (o *Outbox) fetch(ctx context.Context) ([]entry, error) {
	rctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	if !o.groupReady {
		err := o.rdb.XGroupCreateMkStream(rctx, o.stream, group, "0").Err()
		if err != nil && !strings.HasPrefix(err.Error(), "BUSYGROUP") {
			return nil, err
		}
		o.groupReady = true
	}
	msgs, next, err := o.rdb.XAutoClaim(rctx, &redis.XAutoClaimArgs{
		Stream: o.stream, Group: group, Consumer: o.opts.Consumer,
		MinIdle: o.opts.ClaimIdle, Start: o.claimStart, Count: int64(o.opts.Workers),
	}).Result()
	if err != nil {
		o.noGroup(err)
		return nil, err
	}
	o.claimStart = next
	if room := o.opts.Workers - len(msgs); room > 0 {
		streams, err := o.rdb.XReadGroup(rctx, &redis.XReadGroupArgs{
			Group: group, Consumer: o.opts.Consumer, Streams: []string{o.stream, ">"},
			Count: int64(room), Block: -1,
		}).Result()
		if err != nil && !errors.Is(err, redis.Nil) {
			o.noGroup(err)
			return nil, err
		}
		for _, s := range streams {
			msgs = append(msgs, s.Messages...)
		}
	}
	entries := make([]entry, 0, len(msgs))
	for _, m := range msgs {
		raw, _ := m.Values["item"].(string)
		var it outbox.Item
		if err := json.Unmarshal([]byte(raw), &it); err != nil || it.Key == "" {
			// Not one of ours, or unreadable: left in the pending list for an operator.
			o.log.Error("outbox: an entry of the stream cannot be read; it is left for an operator", "entry", m.ID, "err", err)
			continue
		}
		entries = append(entries, entry{id: m.ID, item: it})
	}
	return entries, nil
}

// noGroup notes that the consumer group is gone (the stream was deleted, Redis lost its data),
// so that the next round creates it again.
func (o *Outbox) noGroup(err error) {
	if strings.HasPrefix(err.Error(), "NOGROUP") {
		o.groupReady = false
		o.claimStart = "0-0"
	}
}

// attempt delivers one entry if its lease can be taken. tried is false when someone else holds
// the lease or the write is settled already; ok says whether the write is settled now.
func (o *Outbox) attempt(ctx context.Context, e entry) (tried, ok bool) {
	token := rand.Text()
	rctx, cancel := context.WithTimeout(ctx, callTimeout)
	keys := []string{o.stream, o.recordKey(e.item.Key), o.leaseKey(e.item.Key)}
	got, err := claimScript.Run(rctx, o.rdb, keys, group, e.id, token, o.opts.Lease.Milliseconds()).Text()
	cancel()
	if err != nil || got != "ok" {
		return false, false
	}
	actx, acancel := context.WithTimeout(ctx, o.opts.AttemptTimeout)
	defer acancel()
	d, derr := o.safeDeliver(actx, e.item)
	switch {
	case derr == nil:
		o.settle(ctx, e, token, stateDelivered, d.Ref, "", false)
		o.report(d)
		o.log.Info("outbox delivered a queued write", "kind", e.item.Kind, "key", e.item.Key, "ref", d.Ref,
			"duplicate", d.Duplicate, "waited", o.opts.Now().Sub(e.item.Enqueued).Round(time.Millisecond))
		return true, true
	case outbox.IsPermanent(derr):
		o.settle(ctx, e, token, stateRejected, "", derr.Error(), true)
		o.result(outbox.ResultRejected)
		o.log.Error("the upstream refused a queued write; it is kept for follow-up in the rejected stream",
			"kind", e.item.Kind, "key", e.item.Key, "err", derr)
		return true, true
	default:
		o.release(ctx, e.item.Key, token)
		o.result(outbox.ResultFailed)
		o.log.Debug("outbox delivery failed; will retry", "kind", e.item.Kind, "key", e.item.Key, "err", derr)
		return true, false
	}
}

// consumerSweepEvery is how often the worker removes the consumers of replicas that are gone.
const consumerSweepEvery = time.Hour

// sweepConsumers removes, once an hour, the consumers that have had nothing pending and have
// not been heard of for an hour: replicas that are gone, whose entries were claimed by others.
// A consumer with pending entries is never removed (its entries would no longer be claimed).
func (o *Outbox) sweepConsumers(ctx context.Context) {
	if o.opts.Now().Sub(o.lastSweep) < consumerSweepEvery {
		return
	}
	o.lastSweep = o.opts.Now()
	rctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	consumers, err := o.rdb.XInfoConsumers(rctx, o.stream, group).Result()
	if err != nil {
		return
	}
	for _, c := range consumers {
		if c.Name != o.opts.Consumer && c.Pending == 0 && c.Idle >= consumerSweepEvery {
			_ = o.rdb.XGroupDelConsumer(rctx, o.stream, group, c.Name).Err()
		}
	}
}

// Stats reports how many writes wait for delivery, in Redis (every replica's) and in the
// fallback (this replica's), and how long the oldest has waited. Every replica reports the
// shared part: aggregate the depth across replicas with max, not sum.
func (o *Outbox) Stats() (depth int, oldest time.Duration, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
	defer cancel()
	depth64, err := o.rdb.XLen(ctx, o.stream).Result()
	if err != nil {
		return 0, 0, err
	}
	depth = int(depth64)
	first, err := o.rdb.XRangeN(ctx, o.stream, "-", "+", 1).Result()
	if err != nil {
		return 0, 0, err
	}
	if len(first) > 0 {
		if it, ok := decodeItem(first[0]); ok {
			oldest = o.opts.Now().Sub(it.Enqueued)
		}
	}
	if o.fallback != nil {
		d, old, err := o.fallback.Stats()
		if err != nil {
			return 0, 0, err
		}
		depth += d
		oldest = max(oldest, old)
	}
	return depth, oldest, nil
}

func decodeItem(m redis.XMessage) (outbox.Item, bool) {
	raw, _ := m.Values["item"].(string)
	var it outbox.Item
	if err := json.Unmarshal([]byte(raw), &it); err != nil {
		return outbox.Item{}, false
	}
	return it, true
}

// Pending lists the writes waiting in Redis, oldest first.
func (o *Outbox) Pending(ctx context.Context) ([]outbox.Item, error) {
	msgs, err := o.rdb.XRange(ctx, o.stream, "-", "+").Result()
	if err != nil {
		return nil, err
	}
	items := make([]outbox.Item, 0, len(msgs))
	for _, m := range msgs {
		if it, ok := decodeItem(m); ok {
			items = append(items, it)
		}
	}
	return items, nil
}

// Rejected lists the writes the upstream refused after they had been queued, oldest first.
func (o *Outbox) Rejected(ctx context.Context) ([]DeadLetter, error) {
	msgs, err := o.rdb.XRange(ctx, o.rejected, "-", "+").Result()
	if err != nil {
		return nil, err
	}
	out := make([]DeadLetter, 0, len(msgs))
	for _, m := range msgs {
		raw, _ := m.Values["rejected"].(string)
		var d DeadLetter
		if err := json.Unmarshal([]byte(raw), &d); err == nil {
			out = append(out, d)
		}
	}
	return out, nil
}

// Ready reports whether the outbox can take writes: the fallback can, or else Redis answers.
// A replica whose Redis is away but whose own outbox takes writes stays in service.
func (o *Outbox) Ready() error {
	if o.fallback != nil && o.fallback.Ready() == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
	defer cancel()
	if err := o.rdb.Ping(ctx).Err(); err != nil {
		return fmt.Errorf("outbox: Redis is unreachable and no local outbox takes writes: %w", err)
	}
	return nil
}
