package publish

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"time"

	"github.com/jakarobotics/website/bff/internal/apierr"
)

// The answers of the webhook beside request.invalid (malformed) and request.too_large.
const (
	// Unauthorized: the signature is missing, forged, made with another secret, or its time is
	// more than Tolerance from the BFF's clock. Nothing is applied.
	Unauthorized apierr.Key = "webhook.unauthorized" // 401
	// Replayed: an event with this id was taken in the last ReplayWindow. The request is
	// authentic (its signature is good), so it is not an authentication failure: the CMS's retry
	// of a delivery whose answer it lost learns that the event arrived, and stops. Nothing is
	// applied again.
	Replayed apierr.Key = "webhook.replayed" // 409
)

// Outcome is what became of one delivery of the webhook, for the metrics.
type Outcome string

// The outcomes, every one a series of bff_cms_webhooks_total from the start.
const (
	OK           Outcome = "ok"
	BadSignature Outcome = "bad_signature"
	Stale        Outcome = "stale"
	Replay       Outcome = "replay"
	Malformed    Outcome = "malformed"
)

// Outcomes lists every Outcome.
var Outcomes = []Outcome{OK, BadSignature, Stale, Replay, Malformed}

// Fleet tells the other replicas of the site about changes: Publish sends them to every other
// replica, whose own Applier applies them (shared.Broadcast, over Redis pub/sub).
type Fleet interface {
	Publish(ctx context.Context, changes []Change) error
}

// Options configure a Receiver. Secret and Applier are required.
type Options struct {
	// Secret is CMS_WEBHOOK_SECRET, shared with the CMS.
	Secret []byte
	// Applier drops this replica's cached content and pages of the changed items.
	Applier Applier
	// Fleet tells the other replicas; nil when there are none to tell (no REDIS_URL).
	Fleet Fleet
	// Seen remembers the events taken; nil gets a MemorySeen of this replica.
	Seen Seen
	// Observe counts each delivery's outcome; nil counts nothing.
	Observe func(Outcome)
	// Log receives a line per change taken and per failure to tell the fleet; nil: slog.Default.
	Log *slog.Logger
	// Now is the clock the signatures' times are checked on; nil: time.Now.
	Now func() time.Time
}

// Receiver takes the deliveries of the CMS's webhook.
type Receiver struct {
	o Options
}

// NewReceiver returns a Receiver of o.
func NewReceiver(o Options) *Receiver {
	if o.Seen == nil {
		o.Seen = NewMemorySeen(o.Now)
	}
	if o.Observe == nil {
		o.Observe = func(Outcome) {}
	}
	if o.Log == nil {
		o.Log = slog.Default()
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return &Receiver{o: o}
}

// Receive takes one delivery: its signature header and its body. It checks, in this order, the
// body's size (request.too_large beyond MaxBodyBytes), the signature and its time (Unauthorized),
// the event's shape (request.invalid) and its id (Replayed when taken before); only then does it
// tell the other replicas and apply the changes on this one, and returns how many cached answers
// and pages the Applier dropped here. A refused delivery applies nothing anywhere.
//
// A failure to tell the other replicas is logged, not answered: this replica has applied the
// changes, and the others reach them when their caches' time to live runs out, as they do with
// any broadcast they miss.
func (r *Receiver) Receive(ctx context.Context, signature string, body io.Reader) (int, error) {
	raw, err := io.ReadAll(io.LimitReader(body, MaxBodyBytes+1))
	if err != nil {
		// Cut off or too slow (the edge tells the two apart): a client's failure, never ours.
		r.o.Observe(Malformed)
		return 0, &apierr.Error{Key: apierr.InvalidRequest, Fields: []apierr.FieldError{{Field: "body", Message: "did not arrive whole"}}, Err: err}
	}
	if len(raw) > MaxBodyBytes {
		r.o.Observe(Malformed)
		return 0, apierr.New(apierr.RequestTooLarge, nil)
	}
	if err := Verify(r.o.Secret, signature, raw, r.o.Now()); err != nil {
		if errors.Is(err, ErrStale) {
			r.o.Observe(Stale)
		} else {
			r.o.Observe(BadSignature)
		}
		return 0, apierr.New(Unauthorized, err)
	}
	event, err := ParseEvent(raw)
	if err != nil {
		r.o.Observe(Malformed)
		return 0, err
	}
	if !r.o.Seen.First(event.ID, ReplayWindow) {
		r.o.Observe(Replay)
		return 0, apierr.New(Replayed, nil)
	}
	// The others first: they drop their caches while this replica drops its own.
	if r.o.Fleet != nil {
		if err := r.o.Fleet.Publish(ctx, event.Changes); err != nil {
			r.o.Log.WarnContext(ctx, "the CMS's changes were not passed on to the other replicas: they show them when their caches' time to live runs out",
				"event", event.ID, "err", err)
		}
	}
	dropped := r.o.Applier.Apply(ctx, event.Changes)
	r.o.Observe(OK)
	r.o.Log.InfoContext(ctx, "CMS changes applied", "event", event.ID, "changes", len(event.Changes), "dropped", dropped)
	return dropped, nil
}
