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
	resp, err := c.httpClient().Do(req)
	if err != nil {
		return nil, c.fail(Classify(ctx, err), fmt.Errorf("GET %s: %w", req.URL.Path, err))
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
