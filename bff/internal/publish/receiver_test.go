package publish_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"testing/iotest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/publish"
)

var secret = []byte("the webhook secret the CMS and the BFF share")

// recorder is an Applier and a Fleet that remember what they were given.
type recorder struct {
	mu        sync.Mutex
	applied   [][]publish.Change
	published [][]publish.Change
	failFleet error
}

func (r *recorder) Apply(_ context.Context, changes []publish.Change) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.applied = append(r.applied, changes)
	return 3 * len(changes)
}

func (r *recorder) Publish(_ context.Context, changes []publish.Change) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.published = append(r.published, changes)
	return r.failFleet
}

// receiver is a Receiver at a fixed time, with its applier, fleet and counted outcomes.
type receiver struct {
	*publish.Receiver
	rec      *recorder
	now      time.Time
	outcomes map[publish.Outcome]int
}

func newReceiver(t *testing.T) *receiver {
	t.Helper()
	r := &receiver{rec: &recorder{}, now: time.Unix(1_764_400_000, 0), outcomes: map[publish.Outcome]int{}}
	r.Receiver = publish.NewReceiver(publish.Options{
		Secret:  secret,
		Applier: r.rec,
		Fleet:   r.rec,
		Observe: func(o publish.Outcome) { r.outcomes[o]++ },
		Now:     func() time.Time { return r.now },
		Log:     slog.New(slog.DiscardHandler),
	})
	return r
}

// deliver sends body signed with key at sent.
func (r *receiver) deliver(key []byte, sent time.Time, body string) (int, error) {
	return r.Receive(context.Background(), publish.Sign(key, sent, []byte(body)), strings.NewReader(body))
}

const productRenamed = `{"id":"evt-1","changes":[{"kind":"product","id":"101"}]}`

func statusOf(err error) int { return apierr.From(err).Status() }

func TestAGoodDeliveryIsPassedOnAndApplied(t *testing.T) {
	r := newReceiver(t)
	dropped, err := r.deliver(secret, r.now.Add(-time.Minute), productRenamed)
	require.NoError(t, err)
	want := []publish.Change{{Kind: "product", ID: "101"}}
	assert.Equal(t, [][]publish.Change{want}, r.rec.published, "the other replicas are told")
	assert.Equal(t, [][]publish.Change{want}, r.rec.applied, "and this one applies it")
	assert.Equal(t, 3, dropped, "what this replica's applier dropped")
	assert.Equal(t, map[publish.Outcome]int{publish.OK: 1}, r.outcomes)
}

// The other replicas that miss a broadcast converge through their TTLs; this one has the change,
// and the CMS is told it arrived (a retry would be refused as a replay anyway).
func TestAFleetThatCannotBeToldStillLeavesTheChangeAppliedHere(t *testing.T) {
	r := newReceiver(t)
	r.rec.failFleet = errors.New("redis: connection refused")
	_, err := r.deliver(secret, r.now, productRenamed)
	require.NoError(t, err)
	assert.Len(t, r.rec.applied, 1)
}

func TestWithoutAFleetTheChangeIsAppliedHereOnly(t *testing.T) {
	rec := &recorder{}
	now := time.Unix(1_764_400_000, 0)
	r := publish.NewReceiver(publish.Options{Secret: secret, Applier: rec, Now: func() time.Time { return now }, Log: slog.New(slog.DiscardHandler)})
	_, err := r.Receive(context.Background(), publish.Sign(secret, now, []byte(productRenamed)), strings.NewReader(productRenamed))
	require.NoError(t, err)
	assert.Len(t, rec.applied, 1)
}

// Refused deliveries apply nothing anywhere, and each is counted under its outcome.
func TestRefusedDeliveriesApplyNothing(t *testing.T) {
	now := time.Unix(1_764_400_000, 0)
	signed := func(body string) string { return publish.Sign(secret, now, []byte(body)) }
	for _, tc := range []struct {
		name      string
		signature string
		body      string
		status    int
		outcome   publish.Outcome
	}{
		{"no signature", "", productRenamed, http.StatusUnauthorized, publish.BadSignature},
		{"another secret", publish.Sign([]byte("a secret the CMS does not hold!!"), now, []byte(productRenamed)), productRenamed, http.StatusUnauthorized, publish.BadSignature},
		{"a body changed after signing", signed(productRenamed), strings.Replace(productRenamed, "101", "102", 1), http.StatusUnauthorized, publish.BadSignature},
		{"garbage", "sha256=deadbeef", productRenamed, http.StatusUnauthorized, publish.BadSignature},
		{"six minutes old", publish.Sign(secret, now.Add(-6*time.Minute), []byte(productRenamed)), productRenamed, http.StatusUnauthorized, publish.Stale},
		{"six minutes ahead", publish.Sign(secret, now.Add(6*time.Minute), []byte(productRenamed)), productRenamed, http.StatusUnauthorized, publish.Stale},
		{"not JSON", signed(`{"id":`), `{"id":`, http.StatusBadRequest, publish.Malformed},
		{"an unknown kind", signed(`{"id":"e","changes":[{"kind":"weather","id":"1"}]}`), `{"id":"e","changes":[{"kind":"weather","id":"1"}]}`, http.StatusBadRequest, publish.Malformed},
		{"an unknown field", signed(`{"id":"e","changes":[{"kind":"news","id":"1"}],"x":1}`), `{"id":"e","changes":[{"kind":"news","id":"1"}],"x":1}`, http.StatusBadRequest, publish.Malformed},
		{"no changes", signed(`{"id":"e","changes":[]}`), `{"id":"e","changes":[]}`, http.StatusBadRequest, publish.Malformed},
		{"no id", signed(`{"changes":[{"kind":"news","id":"1"}]}`), `{"changes":[{"kind":"news","id":"1"}]}`, http.StatusBadRequest, publish.Malformed},
		{"two values", signed(productRenamed + productRenamed), productRenamed + productRenamed, http.StatusBadRequest, publish.Malformed},
		{"over 64 KiB", signed(strings.Repeat(" ", publish.MaxBodyBytes+1)), strings.Repeat(" ", publish.MaxBodyBytes+1), http.StatusRequestEntityTooLarge, publish.Malformed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newReceiver(t)
			_, err := r.Receive(context.Background(), tc.signature, strings.NewReader(tc.body))
			require.Error(t, err)
			assert.Equal(t, tc.status, statusOf(err))
			assert.Empty(t, r.rec.applied, "applied")
			assert.Empty(t, r.rec.published, "passed on")
			assert.Equal(t, map[publish.Outcome]int{tc.outcome: 1}, r.outcomes)
		})
	}
}

func TestABodyThatFailsToArriveAppliesNothing(t *testing.T) {
	r := newReceiver(t)
	_, err := r.Receive(context.Background(), publish.Sign(secret, r.now, nil), iotest.ErrReader(io.ErrUnexpectedEOF))
	assert.Equal(t, http.StatusBadRequest, statusOf(err))
	assert.Empty(t, r.rec.applied)
	assert.Equal(t, map[publish.Outcome]int{publish.Malformed: 1}, r.outcomes)
}

// An event is taken once: its retry, or a captured request sent again, is refused as a replay
// (409) and applies nothing, even signed anew.
func TestAnEventIsTakenOnce(t *testing.T) {
	r := newReceiver(t)
	_, err := r.deliver(secret, r.now, productRenamed)
	require.NoError(t, err)
	r.now = r.now.Add(4 * time.Minute) // the captured request is still within its tolerance
	_, err = r.deliver(secret, r.now.Add(-4*time.Minute), productRenamed)
	assert.Equal(t, http.StatusConflict, statusOf(err))
	_, err = r.deliver(secret, r.now, productRenamed)
	assert.Equal(t, http.StatusConflict, statusOf(err), "a retry signed anew")
	assert.Len(t, r.rec.applied, 1)
	assert.Equal(t, map[publish.Outcome]int{publish.OK: 1, publish.Replay: 2}, r.outcomes)

	_, err = r.deliver(secret, r.now, `{"id":"evt-2","changes":[{"kind":"product","id":"101"}]}`)
	require.NoError(t, err, "another event of the same change is taken")
	assert.Len(t, r.rec.applied, 2)
}

// A refused delivery does not spend its id: the CMS's corrected delivery is taken.
func TestARefusedDeliveryLeavesItsIDFree(t *testing.T) {
	r := newReceiver(t)
	_, err := r.deliver([]byte("a secret the CMS does not hold!!"), r.now, productRenamed)
	require.Error(t, err)
	_, err = r.deliver(secret, r.now, productRenamed)
	require.NoError(t, err)
}

// Without a secret nothing can be verified, so nothing is taken.
func TestAReceiverWithoutASecretTakesNothing(t *testing.T) {
	rec := &recorder{}
	r := publish.NewReceiver(publish.Options{Applier: rec})
	_, err := r.Receive(context.Background(), publish.Sign(nil, time.Now(), []byte(productRenamed)), strings.NewReader(productRenamed))
	assert.Equal(t, http.StatusUnauthorized, statusOf(err))
	assert.Empty(t, rec.applied)
}
