// Package upstream holds what every legacy-system client shares: an HTTP transport, reading
// bounded responses, and turning transport failures into the BFF's typed errors. Each system has
// its own subpackage with an interface and its HTTP client.
package upstream

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/jakarobotics/website/bff/internal/apierr"
)

// MaxResponseBytes bounds what the BFF reads from a legacy system, so that a misbehaving
// upstream cannot exhaust the BFF's memory.
const MaxResponseBytes = 16 << 20

// NewTransport returns the transport shared by the upstream clients: keep-alive connections
// sized for a busy site, and connect time-outs well under the request time-out.
func NewTransport() *http.Transport {
	return &http.Transport{
		Proxy:                 http.ProxyFromEnvironment,
		DialContext:           (&net.Dialer{Timeout: 5 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
		MaxIdleConns:          512,
		MaxIdleConnsPerHost:   128,
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   5 * time.Second,
		ExpectContinueTimeout: time.Second,
		ForceAttemptHTTP2:     true,
	}
}

// NewHTTPClient returns the HTTP client of the upstream calls over transport: it never follows a
// redirect. A legacy system that answers 3xx is answering something else than what was asked (a
// path it normalised, a login page, another host); following it would let a request built from
// a visitor's input reach a resource the BFF never meant to read.
func NewHTTPClient(transport http.RoundTripper) *http.Client {
	return &http.Client{Transport: transport, CheckRedirect: refuseRedirect}
}

// refuseRedirect is the CheckRedirect of every upstream call: the 3xx itself is the answer,
// which Do and OpenFile treat as a failure of the system.
func refuseRedirect(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }

// httpClient is the client of c's calls: c.HTTP (or one over a new transport) that does not
// follow redirects, whatever c.HTTP says.
func (c *Client) httpClient() *http.Client {
	if c.HTTP == nil {
		return NewHTTPClient(NewTransport())
	}
	hc := *c.HTTP
	hc.CheckRedirect = refuseRedirect
	return &hc
}

// Response is a legacy system's answer, read whole.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
}

// Client calls one legacy system. Its zero value is not usable; set System and BaseURL.
type Client struct {
	// System names the legacy system in logs, metrics and errors (content, crm, …).
	System string
	// BaseURL is the system's root; request paths are joined below it.
	BaseURL *url.URL
	// HTTP sends the requests; nil means a client over a new NewTransport.
	HTTP *http.Client
	// OnFailure, when set, is told about every failed call (for metrics).
	OnFailure func(system string, key apierr.Key)
	// Observe, when set, is told about every call: its operation (Operation), its outcome
	// (Outcome) and how long it took, for the per-system metrics.
	Observe func(system, operation, outcome string, took time.Duration)
	// Breaker, when set, fails the calls at once while the system keeps failing.
	Breaker *Breaker
}

// Operation names a call for metrics and traces by its method and the first three segments of
// its path below the system's base (`GET /cms/v2/products`, `POST /pool/v1/trials`): the BFF
// builds those from constants, while later segments hold ids and visitors' text, which would
// make the set of names unbounded.
//
// A media library (a path below a first segment "assets") is named by that segment alone: its
// folders and files are named by whoever asks for a picture.
func Operation(method, path string) string {
	rest := strings.TrimPrefix(path, "/")
	if first, _, ok := strings.Cut(rest, "/"); ok && first == MediaLibrary {
		return method + " /" + MediaLibrary
	}
	segments := strings.SplitN(rest, "/", 4)
	if len(segments) > 3 {
		segments = segments[:3]
	}
	for i, segment := range segments {
		if !isNameSegment(segment) {
			segments[i] = "{}"
		}
	}
	return method + " /" + strings.Join(segments, "/")
}

// MediaLibrary is the first segment of the paths of a system's media library (the CMS's
// /assets/), which Operation names without the rest.
const MediaLibrary = "assets"

func isNameSegment(segment string) bool {
	if segment == "" || len(segment) > 40 {
		return false
	}
	for _, r := range segment {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// Outcome names what a call came to, from its error: "ok" (the system answered, whatever its
// status below 500), "timeout", "unavailable", "bad_gateway" or "open" (the breaker did not
// send it).
func Outcome(err error) string {
	if err == nil {
		return "ok"
	}
	var open *OpenError
	if errors.As(err, &open) {
		return "open"
	}
	var e *apierr.Error
	if errors.As(err, &e) {
		switch e.Key {
		case apierr.UpstreamTimeout:
			return "timeout"
		case apierr.UpstreamUnavailable:
			return "unavailable"
		case apierr.UpstreamBadGateway:
			return "bad_gateway"
		}
		return "ok"
	}
	return "bad_gateway"
}

// named is req carrying the name of its call, "<system> <operation>", for its span (CallName).
func (c *Client) named(req *http.Request) (*http.Request, string) {
	operation := Operation(req.Method, strings.TrimPrefix(req.URL.Path, strings.TrimSuffix(c.BaseURL.Path, "/")))
	return req.WithContext(context.WithValue(req.Context(), callNameKey{}, c.System+" "+operation)), operation
}

type callNameKey struct{}

// CallName names the span of a call to a legacy system ("content GET /cms/v2/products"), for
// the traced transport (telemetry.Client); a request that is no such call is named by its method.
func CallName(r *http.Request) string {
	if name, ok := r.Context().Value(callNameKey{}).(string); ok {
		return name
	}
	return r.Method
}

// observe reports a call of req that started at started: to the breaker, the metrics and the
// request's access line.
func (c *Client) observe(req *http.Request, operation string, started time.Time, done func(error), err error) {
	if done != nil {
		done(err)
	}
	took, outcome := time.Since(started), Outcome(err)
	if c.Observe != nil {
		c.Observe(c.System, operation, outcome, took)
	}
	record(req.Context(), Call{Name: c.System + " " + operation, Outcome: outcome, Took: took})
}

// refuseOpen answers a call that the open breaker does not send: upstream.unavailable at once,
// with the time to wait in the error (RetryAfterSeconds).
func (c *Client) refuseOpen(req *http.Request, operation string, open error) error {
	err := c.fail(apierr.UpstreamUnavailable, fmt.Errorf("%s %s: %w", req.Method, req.URL.Path, open))
	c.observe(req, operation, time.Now(), nil, err)
	return err
}

// URL returns the absolute URL of escapedPath below the system's base, with query. The path is
// taken in its escaped form so that a segment holding a slash or non-ASCII text (a company
// name) stays one segment.
func (c *Client) URL(escapedPath string, query url.Values) string {
	u := *c.BaseURL
	unescaped, err := url.PathUnescape(escapedPath)
	if err != nil {
		unescaped = escapedPath
	}
	u.RawPath = singleJoin(c.BaseURL.EscapedPath(), escapedPath)
	u.Path = singleJoin(u.Path, unescaped)
	u.RawQuery = query.Encode()
	return u.String()
}

func singleJoin(base, path string) string {
	switch {
	case base == "" || base == "/":
		return path
	case base[len(base)-1] == '/' && len(path) > 0 && path[0] == '/':
		return base + path[1:]
	default:
		return base + path
	}
}

// Do sends req and reads the answer. Transport failures, redirects and 5xx answers come back as
// *apierr.Error: time-outs as upstream.timeout, refused or broken connections and 503 as
// upstream.unavailable, redirects (never followed), other 5xx and unreadable answers as
// upstream.bad_gateway. Answers below
// 500 are returned as they are, for the system's client to interpret.
func (c *Client) Do(req *http.Request) (*Response, error) {
	if err := sendable(req.Header); err != nil {
		// The request carries what HTTP cannot (a NUL in a token from a query string): it is the
		// visitor's input, refused before it leaves, and no failure of the system.
		return nil, apierr.New(apierr.InvalidRequest, fmt.Errorf("%s: %s %s: %w", c.System, req.Method, req.URL.Path, err))
	}
	return guarded(c, req, c.send)
}

// guarded sends req with send past the system's breaker, and reports the call (breaker,
// metrics, the request's access line): the one way both Do and OpenFile call a system.
func guarded[T any](c *Client, req *http.Request, send func(*http.Request) (T, error)) (T, error) {
	req, operation := c.named(req)
	done, open := c.Breaker.allow(req.Context())
	if open != nil {
		var none T
		return none, c.refuseOpen(req, operation, open)
	}
	started := time.Now()
	answer, err := send(req)
	c.observe(req, operation, started, done, err)
	return answer, err
}

// send sends req and reads its answer (Do, past the breaker).
func (c *Client) send(req *http.Request) (*Response, error) {
	resp, err := c.httpClient().Do(req)
	if err != nil {
		return nil, c.fail(Classify(req.Context(), err), fmt.Errorf("%s %s: %w", req.Method, req.URL.Path, err))
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, MaxResponseBytes+1))
	if err != nil {
		return nil, c.fail(Classify(req.Context(), err), fmt.Errorf("read %s %s: %w", req.Method, req.URL.Path, err))
	}
	if len(body) > MaxResponseBytes {
		return nil, c.fail(apierr.UpstreamBadGateway, fmt.Errorf("%s %s: answer larger than %d bytes", req.Method, req.URL.Path, MaxResponseBytes))
	}
	switch {
	case resp.StatusCode >= 300 && resp.StatusCode < 400:
		// Not followed (NewHTTPClient): a redirect is no answer to what was asked.
		return nil, c.fail(apierr.UpstreamBadGateway, fmt.Errorf("%s %s: redirect %d to %q not followed", req.Method, req.URL.Path, resp.StatusCode, resp.Header.Get("Location")))
	case resp.StatusCode == http.StatusServiceUnavailable:
		return nil, c.fail(apierr.UpstreamUnavailable, fmt.Errorf("%s %s: status %d", req.Method, req.URL.Path, resp.StatusCode))
	case resp.StatusCode == http.StatusGatewayTimeout:
		return nil, c.fail(apierr.UpstreamTimeout, fmt.Errorf("%s %s: status %d", req.Method, req.URL.Path, resp.StatusCode))
	case resp.StatusCode >= 500:
		return nil, c.fail(apierr.UpstreamBadGateway, fmt.Errorf("%s %s: status %d", req.Method, req.URL.Path, resp.StatusCode))
	}
	return &Response{Status: resp.StatusCode, Header: resp.Header, Body: body}, nil
}

// streamedFileHeaders are the request headers a streamed file passes on to the system: ranges
// (to resume a download, for video players) and conditional requests (for caches).
var streamedFileHeaders = []string{"Range", "If-Range", "If-None-Match", "If-Modified-Since"}

// OpenFile starts a GET of a file at escapedPath (with query) that is streamed to the browser,
// never read whole: files run to hundreds of MB. The range and conditional headers of h are
// passed on, and the file is asked for unencoded: files are compressed already, and a byte range
// of a gzipped answer would be another range than the one asked for. A 200, 206, 304 or 416 is
// the answer, whose body the caller closes; a 404 is notFound; anything else a failure of the
// system.
func (c *Client) OpenFile(ctx context.Context, escapedPath string, query url.Values, h http.Header, notFound apierr.Key) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.URL(escapedPath, query), nil)
	if err != nil {
		return nil, err
	}
	for _, name := range streamedFileHeaders {
		if v := h.Get(name); v != "" {
			req.Header.Set(name, v)
		}
	}
	req.Header.Set("Accept-Encoding", "identity")
	// The outcome is the system's answer to the request; the file's bytes follow at the
	// visitor's pace, which says nothing about the system.
	return guarded(c, req, func(req *http.Request) (*http.Response, error) { return c.openFile(req, notFound) })
}

// openFile sends the GET of OpenFile (past the breaker) and sorts its answer.
func (c *Client) openFile(req *http.Request, notFound apierr.Key) (*http.Response, error) {
	resp, err := c.httpClient().Do(req)
	if err != nil {
		return nil, c.fail(Classify(req.Context(), err), fmt.Errorf("GET %s: %w", req.URL.Path, err))
	}
	switch resp.StatusCode {
	case http.StatusOK, http.StatusPartialContent, http.StatusNotModified, http.StatusRequestedRangeNotSatisfiable:
		return resp, nil
	}
	resp.Body.Close()
	switch resp.StatusCode {
	case http.StatusNotFound:
		return nil, apierr.New(notFound, nil)
	case http.StatusServiceUnavailable:
		return nil, c.fail(apierr.UpstreamUnavailable, fmt.Errorf("GET %s: status %d", req.URL.Path, resp.StatusCode))
	}
	return nil, c.BadAnswer("GET %s: status %d", req.URL.Path, resp.StatusCode)
}

// BadAnswer reports an answer the system's client cannot use (an unexpected status or shape).
func (c *Client) BadAnswer(format string, args ...any) error {
	return c.fail(apierr.UpstreamBadGateway, fmt.Errorf(c.System+": "+format, args...))
}

// Unexpected reports an answer status the system's client has no meaning for. The BFF builds
// its requests from the visitor's input (a company name, a token, an address), which the
// contract cannot check in every respect the system does: a 400 (or 414) is the system refusing
// that input, answered 400 request.invalid, and a 413 request.too_large; neither is a failure of
// the system. Any other status is upstream.bad_gateway.
func (c *Client) Unexpected(status int, format string, args ...any) error {
	switch status {
	case http.StatusBadRequest, http.StatusRequestURITooLong:
		return apierr.New(apierr.InvalidRequest, fmt.Errorf(c.System+": "+format, args...))
	case http.StatusRequestEntityTooLarge:
		return apierr.New(apierr.RequestTooLarge, fmt.Errorf(c.System+": "+format, args...))
	}
	return c.BadAnswer(format, args...)
}

// sendable reports a header value that HTTP cannot carry: control characters other than tab.
// net/http would refuse to send it with an error that reads like a broken connection.
func sendable(h http.Header) error {
	for name, values := range h {
		for _, v := range values {
			for i := 0; i < len(v); i++ {
				if b := v[i]; (b < 0x20 && b != '\t') || b == 0x7f {
					return fmt.Errorf("header %s holds a control character", name)
				}
			}
		}
	}
	return nil
}

func (c *Client) fail(key apierr.Key, err error) error {
	if c.OnFailure != nil {
		c.OnFailure(c.System, key)
	}
	return &apierr.Error{Key: key, Err: fmt.Errorf("%s: %w", c.System, err)}
}

// Classify tells a time-out from an unavailable system.
func Classify(ctx context.Context, err error) apierr.Key {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) || errors.Is(err, context.DeadlineExceeded) {
		return apierr.UpstreamTimeout
	}
	var netErr net.Error
	if errors.As(err, &netErr) && netErr.Timeout() {
		return apierr.UpstreamTimeout
	}
	return apierr.UpstreamUnavailable
}
