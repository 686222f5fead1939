package upstream

import (
	"context"
	"io"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/apierr"
)

// An idempotent write is one POST of JSON under its key, whatever system it goes to.
func TestPostIdempotentSendsTheWriteUnderItsKey(t *testing.T) {
	var got *http.Request
	var body []byte
	c := clientFor(t, func(w http.ResponseWriter, r *http.Request) {
		got = r
		body, _ = io.ReadAll(r.Body)
		w.WriteHeader(http.StatusCreated)
		_, _ = w.Write([]byte(`{"id":1}`))
	})
	ans, err := c.PostIdempotent(context.Background(), "/sys/v1/things", "key-1", map[string]any{"name": "Anna"})
	require.NoError(t, err)
	assert.Equal(t, WriteAnswer{Outcome: Stored, Status: http.StatusCreated, Body: []byte(`{"id":1}`)}, ans)
	assert.Equal(t, http.MethodPost, got.Method)
	assert.Equal(t, "/sys/v1/things", got.URL.Path)
	assert.Equal(t, "key-1", got.Header.Get("Idempotency-Key"))
	assert.Equal(t, "application/json", got.Header.Get("Content-Type"))
	assert.Equal(t, "application/json", got.Header.Get("Accept"))
	assert.JSONEq(t, `{"name":"Anna"}`, string(body))
}

// What is an answer, and what the outbox retries: everything but a refusal.
func TestPostIdempotentAnswers(t *testing.T) {
	for _, tc := range []struct {
		status  int
		outcome WriteOutcome
		key     apierr.Key
	}{
		{http.StatusOK, Stored, ""},
		{http.StatusCreated, Stored, ""},
		{http.StatusConflict, Duplicate, ""},
		{http.StatusUnprocessableEntity, Refused, ""},
		{http.StatusBadRequest, 0, apierr.UpstreamBadGateway}, // the BFF's mistake: retried, never dropped
		{http.StatusNotFound, 0, apierr.UpstreamBadGateway},
		{http.StatusInternalServerError, 0, apierr.UpstreamBadGateway},
		{http.StatusServiceUnavailable, 0, apierr.UpstreamUnavailable},
		{http.StatusGatewayTimeout, 0, apierr.UpstreamTimeout},
	} {
		c := clientFor(t, func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(tc.status)
			_, _ = w.Write([]byte(`{"message":"why"}`))
		})
		ans, err := c.PostIdempotent(context.Background(), "/w", "k", struct{}{})
		if tc.key != "" {
			assert.Equal(t, tc.key, keyOf(err), "%d", tc.status)
			continue
		}
		require.NoError(t, err, "%d", tc.status)
		assert.Equal(t, tc.outcome, ans.Outcome, "%d", tc.status)
		assert.Equal(t, tc.status, ans.Status)
		assert.JSONEq(t, `{"message":"why"}`, string(ans.Body))
	}
}
