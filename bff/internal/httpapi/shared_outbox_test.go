package httpapi_test

import (
	"context"
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/httpapi"
	"github.com/jakarobotics/website/bff/internal/leads"
	"github.com/jakarobotics/website/bff/internal/outbox"
	"github.com/jakarobotics/website/bff/internal/redistest"
	"github.com/jakarobotics/website/bff/internal/streamoutbox"
	"github.com/jakarobotics/website/bff/internal/upstream"
	"github.com/jakarobotics/website/bff/internal/upstream/crm"
	"github.com/jakarobotics/website/mocks/mockkit"
)

// Two replicas in front of one CRM share their outbox in Redis: a lead one accepted while the
// CRM was down is a repeat on the other, and the other delivers it though the first never
// runs a worker (it died); the CRM has it once.
func TestALeadAcceptedByOneReplicaIsDeliveredByAnother(t *testing.T) {
	srv := redistest.Start(t)
	var crmBase *url.URL
	shared := func(worker bool) func(*httpapi.Deps) {
		return func(d *httpapi.Deps) {
			if crmBase != nil { // the second replica calls the first one's CRM
				d.CRM = crm.New(upstream.Client{System: "crm", BaseURL: crmBase})
			}
			rdb := redis.NewClient(&redis.Options{Addr: srv.Addr})
			t.Cleanup(func() { _ = rdb.Close() })
			q, err := streamoutbox.New(rdb, nil, streamoutbox.Options{
				Options: outbox.Options{Deliver: leads.Delivery(d.CRM), RetryMin: 20 * time.Millisecond, RetryMax: 100 * time.Millisecond},
				Prefix:  "test:", ClaimIdle: 200 * time.Millisecond, Poll: 10 * time.Millisecond,
			})
			require.NoError(t, err)
			d.Outbox = q
			if worker {
				ctx, cancel := context.WithCancel(context.Background())
				done := make(chan struct{})
				go func() { q.Run(ctx); close(done) }()
				t.Cleanup(func() { cancel(); <-done })
			}
		}
	}
	a := newCRMFixture(t, shared(false))
	crmBase, _ = url.Parse(a.crmURL)
	b := newCRMFixture(t, shared(true))

	a.setFaults(mockkit.Faults{Down: true})
	const key = "web-key-shared"
	resp, env := a.call(t, "POST", "/crm/addSaleClue", chineseLead, "Idempotency-Key", key, "lang", "en")
	require.Equal(t, http.StatusOK, resp.StatusCode)
	_, _, queued := receipt(t, env)
	assert.True(t, queued, "accepted while the CRM is down")
	_, again := b.call(t, "POST", "/crm/addSaleClue", chineseLead, "Idempotency-Key", key)
	_, dup, queued := receipt(t, again)
	assert.True(t, dup && queued, "the other replica knows the key")

	a.setFaults(mockkit.Faults{})
	require.Eventually(t, func() bool {
		_, env := a.call(t, "POST", "/crm/addSaleClue", chineseLead, "Idempotency-Key", key)
		id, _, _ := receipt(t, env)
		return id != nil
	}, 10*time.Second, 20*time.Millisecond, "delivered by the replica whose worker runs")
	clues, _ := a.stored(t)
	assert.Len(t, clues, 1)
}
