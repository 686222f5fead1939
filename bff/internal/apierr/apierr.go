// Package apierr defines the one error type the BFF answers with. The HTTP status of each stable
// error key is in the site's one catalogue (messages/keys.json), beside its texts.
package apierr

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/jakarobotics/website/bff/internal/messages"
)

// Key is the stable, language-independent name of a failure, sent to the browser as errorKey.
// The web maps keys to its message catalogue; the BFF maps them to localized msg texts.
type Key string

// The keys of failures that any operation can meet. Feature areas declare their own keys; every
// key has its status in messages/keys.json and its texts in the language files beside it.
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

// Status is the HTTP status of key, as the catalogue's key table (messages/keys.json) gives it;
// a key the table does not have is an internal error.
func Status(key Key) int {
	if s, ok := messages.Status(string(key)); ok {
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
