package vm_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/upstream"
	"github.com/jakarobotics/website/bff/internal/upstream/vm"
)

// answering returns a client of a pool that answers every call with status and body.
func answering(t *testing.T, status int, body string) *vm.HTTPClient {
	t.Helper()
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = w.Write([]byte(body))
	}))
	t.Cleanup(s.Close)
	base, _ := url.Parse(s.URL)
	return vm.New(upstream.Client{System: "vm", BaseURL: base})
}

const goodTrial = `{"id":7,"model":"JAKA Zu 7","cabinet":"CAB 3.0","state":"running","requestedAt":"2026-05-04T08:00:00Z",
"expiresAt":"2026-05-04T12:00:30Z","lifetimeHours":4,"secondsLeft":600,"accessCode":"JK-7Q2M9X","consoleUrl":"http://pool/console/JK-7Q2M9X","password":"p"}`

// Answers the client cannot use are upstream.bad_gateway (502), never an internal error.
func TestUnusableAnswersAreBadGateway(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name, body string
		status     int
	}{
		{"a state the site does not know", `{"id":7,"model":"m","cabinet":"c","state":"paused","requestedAt":"2026-05-04T08:00:00Z","lifetimeHours":4,"secondsLeft":1}`, 200},
		{"a trial length outside 1 to 24 hours", `{"id":7,"model":"m","cabinet":"c","state":"running","requestedAt":"2026-05-04T08:00:00Z","lifetimeHours":0,"secondsLeft":1}`, 200},
		{"no trial at all", `{}`, 200},
		{"not JSON", `<html>`, 200},
		{"a refusal the client does not know", `{"error":"quota_exceeded"}`, 429},
		{"an unexpected success status", goodTrial, 204},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := answering(t, tc.status, tc.body).Current(ctx, vm.Owner{Phone: "1"})
			var e *apierr.Error
			require.True(t, errors.As(err, &e), "got %v", err)
			assert.Equal(t, apierr.UpstreamBadGateway, e.Key)
		})
	}
}

func TestAnswersTheClientUses(t *testing.T) {
	ctx := context.Background()
	tr, err := answering(t, 200, goodTrial).Current(ctx, vm.Owner{Email: "a@b.c"})
	require.NoError(t, err)
	require.NotNil(t, tr)
	assert.Equal(t, int64(7), tr.ID)
	assert.Equal(t, "JK-7Q2M9X", *tr.AccessCode)

	tr, err = answering(t, 404, `{"error":"no_trial","message":"never had one"}`).Current(ctx, vm.Owner{Phone: "1"})
	assert.NoError(t, err)
	assert.Nil(t, tr, "an owner without a trial is no error")

	_, err = answering(t, 409, `{"error":"owner_has_trial","trial":`+goodTrial+`}`).Apply(ctx, vm.Owner{Phone: "1"}, vm.Choice{Model: "JAKA Zu 7", Cabinet: "CAB 3.0"})
	assert.ErrorIs(t, err, vm.ErrHasTrial)
}
