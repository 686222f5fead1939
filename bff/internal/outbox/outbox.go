// Package outbox keeps the writes that must not be lost (sales leads, form records) on local
// disk until the upstream system has accepted them, and remembers each write's idempotency key
// so that a repeated submission is answered from memory instead of being written twice.
//
// A submission is written to the outbox first, in a bbolt transaction that is fsync'd before
// Submit goes on; then it is delivered at once. When the upstream accepts it, the outbox
// remembers the upstream's id under the key; when the upstream refuses it on business grounds,
// the refusal; when the upstream is unreachable, slow or failing, the item stays in the outbox
// and the worker (Run) delivers it later, with exponential back-off and jitter, also after a
// crash and restart of the process. Every delivery carries the item's idempotency key, and the
// upstream stores each key once: an item delivered twice (the process died between the
// upstream's answer and the outbox's note of it) is stored once.
package outbox

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"go.etcd.io/bbolt"
)

// Buckets of the outbox file.
var (
	// pendingBucket holds the items not yet delivered: big-endian sequence → Item, so that a
	// cursor walks them oldest first.
	pendingBucket = []byte("pending")
	// keysBucket holds what became of each idempotency key: key → record.
	keysBucket = []byte("keys")
	// rejectedBucket holds the items the upstream refused after they had been queued (the
	// visitor was already told they were received), for an operator to follow up.
	rejectedBucket = []byte("rejected")
)

// Item is one write waiting for delivery.
type Item struct {
	// Seq orders the items: lower is older.
	Seq uint64 `json:"-"`
	// Key is the idempotency key the upstream deduplicates by.
	Key string `json:"key"`
	// Kind names what the payload is and where it goes, e.g. crm.chinese_lead.
	Kind    string          `json:"kind"`
	Payload json.RawMessage `json:"payload"`
	// Enqueued is when the submission arrived.
	Enqueued time.Time `json:"enqueued"`
}

// Delivery is what an upstream answered to a delivered item.
type Delivery struct {
	// Ref is the upstream's id of what it stored.
	Ref string
	// Duplicate is true when the upstream already had the item's key (an earlier delivery got
	// through, but its answer was lost).
	Duplicate bool
}

// DeliverFunc delivers one item. An error wrapped by Permanent is a refusal that retrying cannot
// change; any other error is retried.
type DeliverFunc func(ctx context.Context, it Item) (Delivery, error)

// permanentError marks a delivery error that retrying cannot fix.
type permanentError struct{ err error }

func (e *permanentError) Error() string { return e.err.Error() }
func (e *permanentError) Unwrap() error { return e.err }

// Permanent marks err as a refusal on business grounds: the item is not retried.
func Permanent(err error) error { return &permanentError{err: err} }

// IsPermanent reports whether err was marked by Permanent.
func IsPermanent(err error) bool {
	var p *permanentError
	return errors.As(err, &p)
}

// ErrConflict is returned by Submit for a key that was used before with a different body.
var ErrConflict = errors.New("outbox: idempotency key reused with a different body")

// The states of a key.
const (
	statePending   = "pending"
	stateDelivered = "delivered"
	stateRejected  = "rejected"
)

// record is what became of one idempotency key.
type record struct {
	Hash    string    `json:"hash"`
	Kind    string    `json:"kind"`
	State   string    `json:"state"`
	Seq     uint64    `json:"seq"`
	Ref     string    `json:"ref,omitempty"`
	Reason  string    `json:"reason,omitempty"`
	Created time.Time `json:"created"`
	Settled time.Time `json:"settled,omitzero"`
}

// deadLetter is an item the upstream refused after it had been queued.
type deadLetter struct {
	Item     Item      `json:"item"`
	Reason   string    `json:"reason"`
	Rejected time.Time `json:"rejected"`
}

// Results of a delivery attempt, as OnResult reports them.
const (
	ResultDelivered = "delivered"
	ResultDuplicate = "duplicate"
	ResultRejected  = "rejected"
	ResultFailed    = "failed"
)

// Options configure an Outbox. Zero values get the defaults in their comments.
type Options struct {
	// Deliver sends one item to the upstream. Required.
	Deliver DeliverFunc
	// RetryMin is the first retry delay (1s); each failure doubles it up to RetryMax (5m). The
	// actual delay is drawn between half the delay and the delay (jitter), so that items queued
	// together do not retry together.
	RetryMin, RetryMax time.Duration
	// Workers is how many deliveries the worker makes at once (4).
	Workers int
	// AttemptTimeout bounds one delivery by the worker (10s).
	AttemptTimeout time.Duration
	// KeepKeys is how long a settled key is remembered (24h, as the contract promises).
	KeepKeys time.Duration
	// OpenTimeout bounds the wait for the file lock held by another process (5s).
	OpenTimeout time.Duration
	// Log receives delivery failures and refusals; nil discards them.
	Log *slog.Logger
	// OnResult, when set, is told the result of every delivery attempt (Result…), for metrics.
	OnResult func(result string)
	// Now is the clock; nil is time.Now.
	Now func() time.Time
}

// retryState is the worker's schedule of one item. It lives in memory only: after a restart
// every pending item is due at once, which is when a retry is most likely to succeed.
type retryState struct {
	attempts int
	next     time.Time
}

// Outbox is a durable queue of writes with an idempotency-key memory, in one bbolt file.
type Outbox struct {
	db   *bbolt.DB
	opts Options
	log  *slog.Logger
	wake chan struct{}

	mu sync.Mutex
	// owned holds the items the worker is responsible for, by sequence. An item a Submit call
	// is delivering is not in it until that attempt fails, so that the two never race.
	owned map[uint64]*retryState
	// pausedUntil holds back the worker after a round in which every delivery failed: the
	// upstream is down, and probing it with one round per back-off step is enough.
	pausedUntil  time.Time
	failedRounds int

	closed atomic.Bool
}

// WithDefaults fills in the options left zero: retries from 1s to 5m (RetryMax at least
// RetryMin), 4 workers, 10s per attempt, keys kept a day, 5s to open the file, the wall clock.
// The outbox shared by replicas takes the same defaults.
func (o Options) WithDefaults() Options {
	if o.RetryMin <= 0 {
		o.RetryMin = time.Second
	}
	if o.RetryMax <= 0 {
		o.RetryMax = 5 * time.Minute
	}
	o.RetryMax = max(o.RetryMax, o.RetryMin)
	if o.Workers <= 0 {
		o.Workers = 4
	}
	if o.AttemptTimeout <= 0 {
		o.AttemptTimeout = 10 * time.Second
	}
	if o.KeepKeys <= 0 {
		o.KeepKeys = 24 * time.Hour
	}
	if o.OpenTimeout <= 0 {
		o.OpenTimeout = 5 * time.Second
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return o
}

// Open opens (or creates) the outbox file at path. Every item pending in it is due for delivery
// once Run starts.
func Open(path string, opts Options) (*Outbox, error) {
	if opts.Deliver == nil {
		return nil, errors.New("outbox: Options.Deliver is required")
	}
	opts = opts.WithDefaults()
	log := opts.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	// NoSync stays false: every commit is fsync'd (fdatasync) before Update or Batch returns,
	// so an acknowledged submission survives a crash of the process or of the machine.
	db, err := bbolt.Open(path, 0o600, &bbolt.Options{Timeout: opts.OpenTimeout, NoSync: false})
	if err != nil {
		return nil, fmt.Errorf("open outbox %s: %w", path, err)
	}
	// Concurrent submissions share one commit (one fsync) when they arrive within this window;
	// bbolt's default of 10 ms would add that much to every lone submission.
	db.MaxBatchDelay = 2 * time.Millisecond
	o := &Outbox{db: db, opts: opts, log: log, wake: make(chan struct{}, 1), owned: map[uint64]*retryState{}}
	now := opts.Now()
	err = db.Update(func(tx *bbolt.Tx) error {
		for _, b := range [][]byte{pendingBucket, keysBucket, rejectedBucket} {
			if _, err := tx.CreateBucketIfNotExists(b); err != nil {
				return err
			}
		}
		return tx.Bucket(pendingBucket).ForEach(func(k, _ []byte) error {
			o.owned[binary.BigEndian.Uint64(k)] = &retryState{next: now}
			return nil
		})
	})
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("open outbox %s: %w", path, err)
	}
	if n := len(o.owned); n > 0 {
		log.Info("outbox holds undelivered items; delivering them", "items", n)
	}
	return o, nil
}

// Close closes the file. Stop Run first.
func (o *Outbox) Close() error {
	o.closed.Store(true)
	return o.db.Close()
}

// Path is the outbox file.
func (o *Outbox) Path() string { return o.db.Path() }

// Submission is one write handed to Submit.
type Submission struct {
	// Key is the idempotency key the write is filed and delivered under.
	Key string
	// Earlier are keys under which the same write may have been filed before (the BFF's minted
	// key of the previous minute): a write found under one of them is a repeat.
	Earlier []string
	// Kind names the payload's type and destination.
	Kind string
	// Hash identifies the write's content: the same key with another hash is a conflict.
	Hash    string
	Payload json.RawMessage
}

// Receipt is the answer to a submission.
type Receipt struct {
	// Key is the key the write is filed under (Submission.Key, or an Earlier key it repeats).
	Key string
	// Ref is the upstream's id of the write; empty while it is queued or when it was refused.
	Ref string
	// Queued is true while the write waits in the outbox for the upstream.
	Queued bool
	// Duplicate is true when the key was known: nothing new was written.
	Duplicate bool
	// Rejected is true when the upstream refused the write on business grounds; Reason says why
	// (for logs, not for visitors).
	Rejected bool
	Reason   string
}

// Submit files a write under its key, fsync'd, and delivers it at once with ctx. A key already
// known with the same hash answers what became of it (Duplicate); with another hash, ErrConflict.
// When the delivery fails for any reason but a refusal, the write stays queued for the worker.
// An error means the write could not be stored and was not accepted.
func (o *Outbox) Submit(ctx context.Context, s Submission) (Receipt, error) {
	if s.Key == "" || s.Kind == "" {
		return Receipt{}, errors.New("outbox: a submission needs a key and a kind")
	}
	now := o.opts.Now()
	var (
		known    bool
		knownKey string
		rec      record
		item     Item
	)
	err := o.db.Batch(func(tx *bbolt.Tx) error {
		// Batch may run this function more than once; every result is set afresh.
		known, knownKey, rec, item = false, "", record{}, Item{}
		keys := tx.Bucket(keysBucket)
		for _, k := range append([]string{s.Key}, s.Earlier...) {
			raw := keys.Get([]byte(k))
			if raw == nil {
				continue
			}
			var r record
			if err := json.Unmarshal(raw, &r); err != nil {
				return fmt.Errorf("outbox: key %s: %w", k, err)
			}
			if r.State != statePending && now.Sub(r.Created) > o.opts.KeepKeys {
				continue // forgotten; the sweep will remove it
			}
			if r.Hash != s.Hash {
				return ErrConflict
			}
			known, knownKey, rec = true, k, r
			return nil
		}
		pending := tx.Bucket(pendingBucket)
		seq, err := pending.NextSequence()
		if err != nil {
			return err
		}
		item = Item{Seq: seq, Key: s.Key, Kind: s.Kind, Payload: s.Payload, Enqueued: now}
		rec = record{Hash: s.Hash, Kind: s.Kind, State: statePending, Seq: seq, Created: now}
		if err := putJSON(pending, seqKey(seq), item); err != nil {
			return err
		}
		return putJSON(keys, []byte(s.Key), rec)
	})
	if err != nil {
		return Receipt{}, err
	}
	if known {
		return receiptOf(knownKey, rec, true), nil
	}

	// Deliver now. Whatever happens to this attempt (a failure, a panic, the visitor leaving),
	// an item that is not settled goes to the worker.
	settled := false
	defer func() {
		if !settled {
			o.handOver(item.Seq)
		}
	}()
	d, derr := o.safeDeliver(ctx, item)
	switch {
	case derr == nil:
		o.settle(item, stateDelivered, d.Ref, "", false)
		settled = true
		o.report(d)
		return Receipt{Key: s.Key, Ref: d.Ref, Duplicate: false}, nil
	case IsPermanent(derr):
		o.settle(item, stateRejected, "", derr.Error(), false)
		settled = true
		o.result(ResultRejected)
		return Receipt{Key: s.Key, Rejected: true, Reason: derr.Error()}, nil
	default:
		o.result(ResultFailed)
		o.log.Warn("delivery failed; the write is queued", "kind", item.Kind, "key", item.Key, "err", derr)
		return Receipt{Key: s.Key, Queued: true}, nil
	}
}

func receiptOf(key string, r record, duplicate bool) Receipt {
	switch r.State {
	case stateDelivered:
		return Receipt{Key: key, Ref: r.Ref, Duplicate: duplicate}
	case stateRejected:
		return Receipt{Key: key, Rejected: true, Reason: r.Reason, Duplicate: duplicate}
	default:
		return Receipt{Key: key, Queued: true, Duplicate: duplicate}
	}
}

// handOver makes the worker responsible for an item after a failed attempt by Submit.
func (o *Outbox) handOver(seq uint64) {
	o.mu.Lock()
	st := &retryState{attempts: 1}
	st.next = o.opts.Now().Add(o.backoff(1))
	o.owned[seq] = st
	o.mu.Unlock()
	o.signal()
}

func (o *Outbox) signal() {
	select {
	case o.wake <- struct{}{}:
	default:
	}
}

func (o *Outbox) report(d Delivery) {
	if d.Duplicate {
		o.result(ResultDuplicate)
	} else {
		o.result(ResultDelivered)
	}
}

func (o *Outbox) result(r string) {
	if o.opts.OnResult != nil {
		o.opts.OnResult(r)
	}
}

// settle removes a delivered or refused item from the outbox and notes the outcome under its
// key; keep puts a refused item in the rejected bucket. If the note cannot be written the item stays pending and is delivered again; the
// upstream then answers with the id it stored the first time.
func (o *Outbox) settle(it Item, state, ref, reason string, keep bool) {
	now := o.opts.Now()
	err := o.db.Batch(func(tx *bbolt.Tx) error {
		if err := tx.Bucket(pendingBucket).Delete(seqKey(it.Seq)); err != nil {
			return err
		}
		keys := tx.Bucket(keysBucket)
		var r record
		if raw := keys.Get([]byte(it.Key)); raw != nil {
			if err := json.Unmarshal(raw, &r); err != nil {
				return err
			}
		} else {
			r = record{Kind: it.Kind, Seq: it.Seq, Created: it.Enqueued}
		}
		r.State, r.Ref, r.Reason, r.Settled = state, ref, reason, now
		if err := putJSON(keys, []byte(it.Key), r); err != nil {
			return err
		}
		if state == stateRejected && keep {
			return putJSON(tx.Bucket(rejectedBucket), seqKey(it.Seq), deadLetter{Item: it, Reason: reason, Rejected: now})
		}
		return nil
	})
	if err != nil {
		o.log.Error("outbox: could not settle a delivered item; it will be delivered again", "key", it.Key, "err", err)
		o.mu.Lock()
		o.owned[it.Seq] = &retryState{next: now.Add(o.opts.RetryMin)}
		o.mu.Unlock()
	}
}

// backoff is the delay before retry number n (from 1), as Backoff draws it.
func (o *Outbox) backoff(n int) time.Duration { return Backoff(n, o.opts.RetryMin, o.opts.RetryMax) }

// Backoff is the delay before retry number n (from 1): least doubled n-1 times, at most most,
// drawn between half of it and all of it, so that retries (and replicas) do not come in step.
func Backoff(n int, least, most time.Duration) time.Duration {
	d := least
	for i := 1; i < n && d < most; i++ {
		d *= 2
	}
	d = min(d, most)
	half := d / 2
	return half + rand.N(d-half+1)
}

// Run delivers the pending items until ctx ends: the oldest due items first, Workers at a
// time. A round in which every delivery failed pauses the worker for a back-off step, so that an
// unavailable upstream is probed rather than flooded. Run also forgets settled keys older than
// KeepKeys, once an hour.
func (o *Outbox) Run(ctx context.Context) {
	const sweepEvery = time.Hour
	o.sweep()
	lastSweep := o.opts.Now()
	for {
		wait := o.round(ctx)
		if ctx.Err() != nil {
			return
		}
		if o.opts.Now().Sub(lastSweep) >= sweepEvery {
			o.sweep()
			lastSweep = o.opts.Now()
		}
		if wait <= 0 {
			continue
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-o.wake:
		case <-t.C:
		}
		t.Stop()
	}
}

// idleWait is how long the worker sleeps when nothing is pending (a new failure wakes it).
const idleWait = time.Minute

// round makes one round of deliveries and says how long to wait before the next.
func (o *Outbox) round(ctx context.Context) time.Duration {
	now := o.opts.Now()
	o.mu.Lock()
	if now.Before(o.pausedUntil) {
		wait := o.pausedUntil.Sub(now)
		o.mu.Unlock()
		return wait
	}
	var due []uint64
	next := now.Add(idleWait)
	for seq, st := range o.owned {
		if !st.next.After(now) {
			due = append(due, seq)
		} else if st.next.Before(next) {
			next = st.next
		}
	}
	o.mu.Unlock()
	if len(due) == 0 {
		return next.Sub(now)
	}
	sort.Slice(due, func(i, j int) bool { return due[i] < due[j] })
	if len(due) > o.opts.Workers {
		due = due[:o.opts.Workers]
	}

	items, err := o.load(due)
	if err != nil {
		o.log.Error("outbox: cannot read pending items", "err", err)
		return o.opts.RetryMin
	}
	var failed atomic.Int64
	var wg sync.WaitGroup
	for _, it := range items {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if !o.deliver(ctx, it) {
				failed.Add(1)
			}
		}()
	}
	wg.Wait()

	o.mu.Lock()
	defer o.mu.Unlock()
	if len(items) > 0 && failed.Load() == int64(len(items)) {
		o.failedRounds++
		pause := o.backoff(o.failedRounds)
		o.pausedUntil = o.opts.Now().Add(pause)
		return pause
	}
	o.failedRounds = 0
	return 0
}

// load reads the items with the given sequences; items no longer pending are forgotten.
func (o *Outbox) load(seqs []uint64) ([]Item, error) {
	var items []Item
	err := o.db.View(func(tx *bbolt.Tx) error {
		b := tx.Bucket(pendingBucket)
		for _, seq := range seqs {
			raw := b.Get(seqKey(seq))
			if raw == nil {
				o.mu.Lock()
				delete(o.owned, seq)
				o.mu.Unlock()
				continue
			}
			var it Item
			if err := json.Unmarshal(raw, &it); err != nil {
				return fmt.Errorf("item %d: %w", seq, err)
			}
			it.Seq = seq
			items = append(items, it)
		}
		return nil
	})
	return items, err
}

// deliver makes one attempt at an item owned by the worker; it reports whether the item is
// settled (delivered or refused).
func (o *Outbox) deliver(ctx context.Context, it Item) bool {
	actx, cancel := context.WithTimeout(ctx, o.opts.AttemptTimeout)
	defer cancel()
	d, err := o.safeDeliver(actx, it)
	switch {
	case err == nil:
		o.forget(it.Seq)
		o.settle(it, stateDelivered, d.Ref, "", false)
		o.report(d)
		o.log.Info("outbox delivered a queued write", "kind", it.Kind, "key", it.Key, "ref", d.Ref, "duplicate", d.Duplicate,
			"waited", o.opts.Now().Sub(it.Enqueued).Round(time.Millisecond))
		return true
	case IsPermanent(err):
		o.forget(it.Seq)
		o.settle(it, stateRejected, "", err.Error(), true)
		o.result(ResultRejected)
		o.log.Error("the upstream refused a queued write; it is kept for follow-up in the rejected bucket",
			"kind", it.Kind, "key", it.Key, "err", err)
		return true
	default:
		o.result(ResultFailed)
		o.mu.Lock()
		st := o.owned[it.Seq]
		if st == nil {
			st = &retryState{}
			o.owned[it.Seq] = st
		}
		st.attempts++
		st.next = o.opts.Now().Add(o.backoff(st.attempts))
		attempts, next := st.attempts, st.next
		o.mu.Unlock()
		o.log.Debug("outbox delivery failed; will retry", "kind", it.Kind, "key", it.Key, "attempts", attempts,
			"next", next.Format(time.RFC3339Nano), "err", err)
		return false
	}
}

// safeDeliver turns a panicking DeliverFunc into a retryable error, so that one bad item cannot
// stop the worker.
func (o *Outbox) safeDeliver(ctx context.Context, it Item) (d Delivery, err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("outbox: delivery panicked: %v", v)
		}
	}()
	return o.opts.Deliver(ctx, it)
}

func (o *Outbox) forget(seq uint64) {
	o.mu.Lock()
	delete(o.owned, seq)
	o.mu.Unlock()
}

// sweep removes settled keys older than KeepKeys.
func (o *Outbox) sweep() {
	cutoff := o.opts.Now().Add(-o.opts.KeepKeys)
	err := o.db.Update(func(tx *bbolt.Tx) error {
		keys := tx.Bucket(keysBucket)
		var old [][]byte
		err := keys.ForEach(func(k, v []byte) error {
			var r record
			if err := json.Unmarshal(v, &r); err != nil {
				return nil // an unreadable record is left for an operator
			}
			if r.State != statePending && r.Created.Before(cutoff) {
				old = append(old, append([]byte(nil), k...))
			}
			return nil
		})
		if err != nil {
			return err
		}
		for _, k := range old {
			if err := keys.Delete(k); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		o.log.Error("outbox: sweeping old keys failed", "err", err)
	}
}

// Stats reports how many items wait for delivery and how long the oldest has waited.
func (o *Outbox) Stats() (depth int, oldest time.Duration, err error) {
	err = o.db.View(func(tx *bbolt.Tx) error {
		b := tx.Bucket(pendingBucket)
		depth = b.Stats().KeyN
		_, v := b.Cursor().First()
		if v == nil {
			return nil
		}
		var it Item
		if err := json.Unmarshal(v, &it); err != nil {
			return err
		}
		oldest = o.opts.Now().Sub(it.Enqueued)
		return nil
	})
	return depth, oldest, err
}

// Pending lists the items waiting for delivery, oldest first.
func (o *Outbox) Pending() ([]Item, error) {
	var items []Item
	err := o.db.View(func(tx *bbolt.Tx) error {
		return tx.Bucket(pendingBucket).ForEach(func(k, v []byte) error {
			var it Item
			if err := json.Unmarshal(v, &it); err != nil {
				return err
			}
			it.Seq = binary.BigEndian.Uint64(k)
			items = append(items, it)
			return nil
		})
	})
	return items, err
}

// Rejected lists the items the upstream refused after they had been queued.
func (o *Outbox) Rejected() ([]Item, error) {
	var items []Item
	err := o.db.View(func(tx *bbolt.Tx) error {
		return tx.Bucket(rejectedBucket).ForEach(func(_, v []byte) error {
			var d deadLetter
			if err := json.Unmarshal(v, &d); err != nil {
				return err
			}
			items = append(items, d.Item)
			return nil
		})
	})
	return items, err
}

// Ready reports whether the outbox can take submissions: its file is open and readable. It does
// not depend on the upstream, so that the site keeps taking writes while the upstream is down.
func (o *Outbox) Ready() error {
	if o.closed.Load() {
		return errors.New("outbox is closed")
	}
	return o.db.View(func(tx *bbolt.Tx) error {
		if tx.Bucket(pendingBucket) == nil {
			return errors.New("outbox file has no pending bucket")
		}
		return nil
	})
}

func seqKey(seq uint64) []byte {
	var k [8]byte
	binary.BigEndian.PutUint64(k[:], seq)
	return k[:]
}

func putJSON(b *bbolt.Bucket, k []byte, v any) error {
	raw, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return b.Put(k, raw)
}
