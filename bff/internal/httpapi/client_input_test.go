package httpapi_test

import (
	"bytes"
	"log/slog"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/jakarobotics/website/bff/internal/httpapi"
)

// syncBuffer is a log destination that tests read while the server writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// Input that a legacy system cannot take is the visitor's fault, never the site's: a 4xx with
// the envelope, and nothing logged as an error.
func TestClientInputThatUpstreamsRefuseIsA4xx(t *testing.T) {
	t.Run("a token with a NUL", func(t *testing.T) {
		var logs syncBuffer
		f := newAccountFixture(t, nil, func(d *httpapi.Deps) {
			d.Log = slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelInfo}))
		})
		for _, token := range []string{"%00", "abc%0Adef", "%7F"} {
			resp, env := f.do(t, "POST", "/login/validateToken?token="+token, "")
			assert.Equal(t, http.StatusUnauthorized, resp.StatusCode, token)
			assert.Equal(t, "account.token_expired", env.ErrorKey, token)
		}
		assert.NotContains(t, logs.String(), "level=ERROR")
	})
	t.Run("a company name the CMS refuses", func(t *testing.T) {
		f := newFixture(t, 5*time.Second)
		for _, name := range []string{"%201", "%20%20x%20"} {
			resp, env := f.call(t, "GET", "/prod-api/api/service/validateDealer/"+name, "", "lang", "en")
			assert.Equal(t, http.StatusBadRequest, resp.StatusCode, name)
			assert.Equal(t, "request.invalid", env.ErrorKey, name)
			assert.False(t, env.Success)
		}
	})
}
