// Package mockkit holds what every legacy-system mock shares: fault switches that make a mock
// slow, flaky or down for tests, and small JSON helpers.
package mockkit

import (
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"time"
)

// Faults are the switches of one mock. The zero value is a healthy mock.
type Faults struct {
	// Latency is added before every answer (bounded by the caller's patience).
	Latency time.Duration `json:"-"`
	// ErrorRate is the share of requests, 0 to 1, answered 500.
	ErrorRate float64 `json:"errorRate"`
	// Down makes the mock drop every connection without an answer, as a crashed system would.
	Down bool `json:"down"`
}

// faultsJSON is the admin endpoint's representation, with latency in milliseconds.
type faultsJSON struct {
	LatencyMs int64   `json:"latencyMs"`
	ErrorRate float64 `json:"errorRate"`
	Down      bool    `json:"down"`
}

// Switch holds a mock's current faults; it is safe for concurrent use.
type Switch struct {
	mu     sync.RWMutex
	faults Faults
}

// Get returns the current faults.
func (s *Switch) Get() Faults {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.faults
}

// Set replaces the current faults.
func (s *Switch) Set(f Faults) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = f
}

// AdminPrefix is where every mock serves its test and developer endpoints.
const AdminPrefix = "/__admin"

// Wrap returns next behind the fault switches, with the admin endpoint
// GET/PUT /__admin/faults ({"latencyMs":…, "errorRate":…, "down":…}) and GET /__admin/health,
// which are never faulted so that tests can always heal a mock.
func (s *Switch) Wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case AdminPrefix + "/faults":
			s.serveAdmin(w, r)
			return
		case AdminPrefix + "/health":
			WriteJSON(w, http.StatusOK, map[string]string{"status": "ok"})
			return
		}
		if strings.HasPrefix(r.URL.Path, AdminPrefix+"/") {
			next.ServeHTTP(w, r)
			return
		}
		f := s.Get()
		if f.Down {
			drop(w)
			return
		}
		if f.Latency > 0 {
			t := time.NewTimer(f.Latency)
			select {
			case <-t.C:
			case <-r.Context().Done():
				t.Stop()
				return
			}
		}
		if f.ErrorRate > 0 && rand.Float64() < f.ErrorRate {
			WriteJSON(w, http.StatusInternalServerError, map[string]string{"error": "injected fault"})
			return
		}
		next.ServeHTTP(w, r)
	})
}

func (s *Switch) serveAdmin(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodGet:
	case http.MethodPut, http.MethodPost:
		var in faultsJSON
		if err := json.NewDecoder(r.Body).Decode(&in); err != nil || in.LatencyMs < 0 || in.ErrorRate < 0 || in.ErrorRate > 1 {
			WriteJSON(w, http.StatusBadRequest, map[string]string{"error": "want {latencyMs >= 0, errorRate 0..1, down}"})
			return
		}
		s.Set(Faults{Latency: time.Duration(in.LatencyMs) * time.Millisecond, ErrorRate: in.ErrorRate, Down: in.Down})
	default:
		w.Header().Set("Allow", "GET, PUT, POST")
		WriteJSON(w, http.StatusMethodNotAllowed, map[string]string{"error": "method not allowed"})
		return
	}
	f := s.Get()
	WriteJSON(w, http.StatusOK, faultsJSON{LatencyMs: f.Latency.Milliseconds(), ErrorRate: f.ErrorRate, Down: f.Down})
}

// drop closes the connection without answering, so that the caller sees a broken connection.
func drop(w http.ResponseWriter) {
	if hj, ok := w.(http.Hijacker); ok {
		if conn, _, err := hj.Hijack(); err == nil {
			_ = conn.Close()
			return
		}
	}
	// HTTP/2 cannot be hijacked: abort the stream instead.
	panic(http.ErrAbortHandler)
}

// WriteJSON answers with v as JSON.
func WriteJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// WriteRaw answers with body, which must be JSON.
func WriteRaw(w http.ResponseWriter, status int, body []byte) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write(body)
}
