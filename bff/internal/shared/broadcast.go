package shared

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"log/slog"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/jakarobotics/website/bff/internal/publish"
)

// Broadcast is the publish.Fleet of the replicas that share one Redis and prefix: the replica
// that takes a delivery of the CMS's webhook publishes its changes on the pub/sub channel
// prefix + "cms-changes", and every replica, subscribed from its start (Run), hands the changes
// that another replica published to its own publish.Applier. The publishing replica applies them
// itself as it takes the delivery (publish.Receiver), and leaves its own message alone, so that
// every replica applies a change exactly once.
//
// Redis pub/sub is fire and forget: a replica that is not subscribed when a message is published
// (Redis restarting, the replica starting or cut off) never gets it. Such a replica shows the
// change when its caches' time to live runs out (menus 5 min, catalogue 2 min, news 30 s, pages
// 60 s), as every replica did before the webhook; nothing is retried. The subscription itself is
// renewed by go-redis after Redis comes back (its channel pings an idle connection every few
// seconds and reconnects).
type Broadcast struct {
	rdb     redis.UniversalClient
	channel string
	// origin names this replica in its messages, so that it knows its own.
	origin string
	log    *slog.Logger
	// onApply is told of every message of another replica that was applied here.
	onApply func()
}

// message is what travels on the channel.
type message struct {
	Origin  string           `json:"origin"`
	Changes []publish.Change `json:"changes"`
}

// healthCheckInterval is how long the subscription's connection may be idle before it is pinged
// (and renewed when the ping fails): how soon a replica that missed Redis's restart (a connection
// cut without a reset) listens again.
const healthCheckInterval = 3 * time.Second

// NewBroadcast returns the broadcast of the replicas that share rdb and prefix. log (nil:
// slog.Default) says when a message cannot be read; onApply (nil for none) is called for every
// other replica's message applied here.
func NewBroadcast(rdb redis.UniversalClient, prefix string, log *slog.Logger, onApply func()) *Broadcast {
	var id [8]byte
	_, _ = rand.Read(id[:]) // never fails (crypto/rand)
	if log == nil {
		log = slog.Default()
	}
	if onApply == nil {
		onApply = func() {}
	}
	return &Broadcast{rdb: rdb, channel: prefix + "cms-changes", origin: hex.EncodeToString(id[:]), log: log, onApply: onApply}
}

// Channel is the pub/sub channel of the broadcast.
func (b *Broadcast) Channel() string { return b.channel }

// Publish sends changes to every other replica subscribed now.
func (b *Broadcast) Publish(ctx context.Context, changes []publish.Change) error {
	payload, err := json.Marshal(message{Origin: b.origin, Changes: changes})
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	return b.rdb.Publish(ctx, b.channel, payload).Err()
}

// Run subscribes to the channel and applies, one message at a time, the changes that the other
// replicas publish, until ctx ends. A Redis that is away at the start or later only delays the
// subscription: it is made, and renewed, as soon as Redis answers.
func (b *Broadcast) Run(ctx context.Context, applier publish.Applier) {
	sub := b.rdb.Subscribe(ctx, b.channel)
	defer sub.Close()
	messages := sub.Channel(redis.WithChannelHealthCheckInterval(healthCheckInterval))
	for {
		select {
		case <-ctx.Done():
			return
		case msg, ok := <-messages:
			if !ok {
				return
			}
			b.handle(ctx, applier, msg.Payload)
		}
	}
}

// handle applies one message of another replica.
func (b *Broadcast) handle(ctx context.Context, applier publish.Applier, payload string) {
	var m message
	if err := json.Unmarshal([]byte(payload), &m); err != nil {
		b.log.Warn("a message on the CMS changes channel is not JSON: ignored", "channel", b.channel, "err", err)
		return
	}
	if m.Origin == b.origin {
		return // applied when its delivery was taken
	}
	if err := publish.CheckChanges(m.Changes); err != nil {
		b.log.Warn("a message on the CMS changes channel has changes this replica does not know: ignored", "channel", b.channel, "err", err)
		return
	}
	dropped := applier.Apply(ctx, m.Changes)
	b.onApply()
	b.log.Debug("CMS changes of another replica applied", "changes", len(m.Changes), "dropped", dropped)
}
