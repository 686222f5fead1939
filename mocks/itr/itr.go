// Package itr is a stand-in for the ITR work-order system of the after-sales service: customers'
// photos and videos of faults (attachments), repair reports and technical consultations (work
// orders) that move from online report to in service to service completed, and the customer
// companies the service team visits. Its API is its own (see API.md): plain HTTP statuses, JSON
// bodies, no envelope, raw bytes for files, and an idempotency key on every work order.
package itr

import (
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/jakarobotics/website/mocks/mockkit"
)

// Options configure the work-order system. Zero values get the defaults in their comments.
type Options struct {
	// DataDir keeps the state (DataDir/itr/state.json) and the files (DataDir/itr/files) between
	// runs. Empty keeps the state in memory and the files in a temporary directory that Close
	// removes.
	DataDir string
	// Now is the system's clock (time.Now).
	Now func() time.Time
	// AutoAdvance, when positive, moves every open work order to its next status once it has
	// stayed this long in its current one (demo mode: a report becomes "in service" and then
	// "service completed" by itself). 0 leaves orders where they are until an admin advances
	// them.
	AutoAdvance time.Duration
	// MaxImageBytes and MaxVideoBytes bound a stored photo (10 MiB) and video (100 MiB).
	MaxImageBytes int64
	MaxVideoBytes int64
	// KeepUnattached is how long an attachment that no work order uses is kept (24h): the
	// photos of a report that was never sent are removed after it.
	KeepUnattached time.Duration
	// Seed puts the demo data (work orders of the demo account 1001) into a new state. The
	// company list is always there: it is reference data, not state.
	Seed bool
}

// Environment variables of the system when it runs as a mock (embedded in the BFF or standalone).
const (
	EnvAutoAdvance   = "ITR_AUTO_ADVANCE"
	EnvMaxImageBytes = "ITR_MAX_IMAGE_BYTES"
	EnvMaxVideoBytes = "ITR_MAX_VIDEO_BYTES"
)

// OptionsFromEnv reads ITR_AUTO_ADVANCE (a duration such as 2m; 0 or unset: off),
// ITR_MAX_IMAGE_BYTES and ITR_MAX_VIDEO_BYTES (bytes) through getenv, reporting every invalid
// setting at once. The demo seed is on.
func OptionsFromEnv(getenv func(string) string) (Options, error) {
	o := Options{Seed: true}
	var errs []error
	if v := strings.TrimSpace(getenv(EnvAutoAdvance)); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 {
			errs = append(errs, fmt.Errorf("%s %q: want a duration such as 2m, or 0", EnvAutoAdvance, v))
		}
		o.AutoAdvance = d
	}
	for _, s := range []struct {
		name string
		into *int64
	}{{EnvMaxImageBytes, &o.MaxImageBytes}, {EnvMaxVideoBytes, &o.MaxVideoBytes}} {
		if v := strings.TrimSpace(getenv(s.name)); v != "" {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n < 1 {
				errs = append(errs, fmt.Errorf("%s %q: want a positive number of bytes", s.name, v))
			}
			*s.into = n
		}
	}
	return o, errors.Join(errs...)
}

func (o Options) withDefaults() Options {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.MaxImageBytes <= 0 {
		o.MaxImageBytes = 10 << 20
	}
	if o.MaxVideoBytes <= 0 {
		o.MaxVideoBytes = 100 << 20
	}
	if o.KeepUnattached <= 0 {
		o.KeepUnattached = 24 * time.Hour
	}
	return o
}

// Server is the work-order system's HTTP handler and its state.
type Server struct {
	opts  Options
	mux   *http.ServeMux
	store *store
}

// New opens (or creates) the system's state.
func New(opts Options) (*Server, error) {
	opts = opts.withDefaults()
	st, err := openStore(opts.DataDir, opts.Now)
	if err != nil {
		return nil, fmt.Errorf("itr store: %w", err)
	}
	s := &Server{opts: opts, mux: http.NewServeMux(), store: st}
	if opts.Seed && st.fresh {
		if err := s.seedDemo(); err != nil {
			st.close()
			return nil, fmt.Errorf("itr seed: %w", err)
		}
	}
	s.mux.HandleFunc("POST /itr/v1/attachments", s.uploadAttachment)
	s.mux.HandleFunc("GET /itr/v1/attachments", s.listAttachments)
	s.mux.HandleFunc("GET /itr/v1/attachments/{id}/content", s.attachmentContent)
	s.mux.HandleFunc("DELETE /itr/v1/attachments/{id}", s.deleteAttachment)
	s.mux.HandleFunc("POST /itr/v1/work-orders", s.createWorkOrder)
	s.mux.HandleFunc("GET /itr/v1/work-orders", s.listWorkOrders)
	s.mux.HandleFunc("GET /itr/v1/work-orders/{id}", s.workOrder)
	s.mux.HandleFunc("GET /itr/v1/companies", s.companies)
	s.adminRoutes()
	s.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		mockkit.WriteJSON(w, http.StatusNotFound, errorBody{Error: "not_found", Message: "no such endpoint"})
	})
	return s, nil
}

// Close releases the state's files; a system without a DataDir forgets everything.
func (s *Server) Close() error { return s.store.close() }

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

// errorBody is every failure answer: a code word, a human message, and for refusals the reason
// and the field at fault.
type errorBody struct {
	Error   string `json:"error"`
	Reason  string `json:"reason,omitempty"`
	Field   string `json:"field,omitempty"`
	Message string `json:"message"`
	// Limit is the size limit of a file refused as too large, in bytes.
	Limit int64 `json:"limit,omitempty"`
}

func badRequest(w http.ResponseWriter, field, msg string) {
	mockkit.WriteJSON(w, http.StatusBadRequest, errorBody{Error: "bad_request", Field: field, Message: msg})
}

func notFound(w http.ResponseWriter, msg string) {
	mockkit.WriteJSON(w, http.StatusNotFound, errorBody{Error: "not_found", Message: msg})
}

func storageFailed(w http.ResponseWriter, err error) {
	mockkit.WriteJSON(w, http.StatusInternalServerError, errorBody{Error: "storage", Message: err.Error()})
}

// ownerParam is the customer account named by the owner query parameter: every attachment and
// work order belongs to one account, and a caller only ever sees that account's.
func ownerParam(w http.ResponseWriter, r *http.Request) (int64, bool) {
	owner, err := strconv.ParseInt(r.URL.Query().Get("owner"), 10, 64)
	if err != nil || owner < 1 {
		badRequest(w, "owner", "owner must be the customer's account id")
		return 0, false
	}
	return owner, true
}

// dataPath is where a system with a DataDir keeps its files.
func dataPath(dataDir string) string {
	if dataDir == "" {
		return ""
	}
	return filepath.Join(dataDir, "itr")
}

// removeAll is os.RemoveAll for a directory the system created itself.
func removeAll(dir string) error {
	if dir == "" {
		return nil
	}
	return os.RemoveAll(dir)
}
