// Package apierr defines the one error type the BFF answers with, and the table that maps each
// stable error key to its HTTP status.
package apierr

import (
	"errors"
	"fmt"
	"net/http"
)

// Key is the stable, language-independent name of a failure, sent to the browser as errorKey.
// The web maps keys to its message catalogue; the BFF maps them to localized msg texts.
type Key string

// The keys of failures that any operation can meet. Feature areas add their own keys.
const (
	InvalidRequest      Key = "request.invalid"
	RequestTooLarge     Key = "request.too_large"
	RouteNotFound       Key = "route.not_found"
	MethodNotAllowed    Key = "route.method_not_allowed"
	NotFound            Key = "resource.not_found"
	NotImplemented      Key = "not_implemented"
	UpstreamBadGateway  Key = "upstream.bad_gateway"
	UpstreamUnavailable Key = "upstream.unavailable"
	UpstreamTimeout     Key = "upstream.timeout"
	Internal            Key = "internal"
)

// statusByKey is the single place where a failure's HTTP status is decided.
var statusByKey = map[Key]int{
	InvalidRequest:      http.StatusBadRequest,
	RequestTooLarge:     http.StatusRequestEntityTooLarge,
	RouteNotFound:       http.StatusNotFound,
	MethodNotAllowed:    http.StatusMethodNotAllowed,
	NotFound:            http.StatusNotFound,
	NotImplemented:      http.StatusNotImplemented,
	UpstreamBadGateway:  http.StatusBadGateway,
	UpstreamUnavailable: http.StatusServiceUnavailable,
	UpstreamTimeout:     http.StatusGatewayTimeout,
	Internal:            http.StatusInternalServerError,
}

// Register adds a feature's key with its HTTP status. It panics on a key registered twice with
// another status, which is a programming error found at start-up.
func Register(key Key, status int) {
	if old, ok := statusByKey[key]; ok && old != status {
		panic(fmt.Sprintf("apierr: key %q registered with status %d and %d", key, old, status))
	}
	statusByKey[key] = status
}

// Status is the HTTP status of key; unknown keys are internal errors.
func Status(key Key) int {
	if s, ok := statusByKey[key]; ok {
		return s
	}
	return http.StatusInternalServerError
}

// FieldError names one invalid input and why it was refused.
type FieldError struct {
	Field   string `json:"field"`
	Message string `json:"message"`
}

// Error is a failure the BFF reports to the browser. Err, when set, is the cause, logged but
// never sent: its text may describe internals.
type Error struct {
	Key    Key
	Fields []FieldError
	Err    error
}

// New returns an Error of key with an optional cause.
func New(key Key, cause error) *Error {
	return &Error{Key: key, Err: cause}
}

// Invalid returns a request.invalid Error listing the fields at fault.
func Invalid(fields ...FieldError) *Error {
	return &Error{Key: InvalidRequest, Fields: fields}
}

// Status is the HTTP status of the error's key.
func (e *Error) Status() int { return Status(e.Key) }

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %v", e.Key, e.Err)
	}
	return string(e.Key)
}

func (e *Error) Unwrap() error { return e.Err }

// From returns err as an *Error; any other error becomes an internal error wrapping it.
func From(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return &Error{Key: Internal, Err: err}
}
