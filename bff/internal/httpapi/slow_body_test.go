package httpapi_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/httpapi"
	"github.com/jakarobotics/website/bff/internal/upstream"
	"github.com/jakarobotics/website/bff/internal/upstream/account"
	"github.com/jakarobotics/website/bff/internal/upstream/content"
	"github.com/jakarobotics/website/mocks"
	"github.com/jakarobotics/website/mocks/mockkit"
)

// patience is how long a test waits for the BFF's answer to a slow body: far more than the
// short deadlines configured here, far less than the defaults the BFF had before.
const patience = 10 * time.Second

// slowAnswer is what the BFF answered a body sent slowly, and whether it closed the connection.
type slowAnswer struct {
	status int
	header http.Header
	env    envelope
	closed bool
	took   time.Duration
}

// sendSlowly sends a chunked request of head (request line and headers, without the final
// blank line) over a raw connection, then its body as send writes it, and reads the answer
// (waiting at most patience).
func sendSlowly(t *testing.T, base, head string, send func(w io.Writer)) slowAnswer {
	t.Helper()
	u, _ := url.Parse(base)
	conn, err := net.Dial("tcp", u.Host)
	require.NoError(t, err)
	defer conn.Close()
	start := time.Now()
	_, err = io.WriteString(conn, head+"Host: "+u.Host+"\r\nTransfer-Encoding: chunked\r\n\r\n")
	require.NoError(t, err)
	go send(chunked{conn})
	require.NoError(t, conn.SetReadDeadline(start.Add(patience)))
	br := bufio.NewReader(conn)
	resp, err := http.ReadResponse(br, nil)
	require.NoError(t, err, "the BFF answers within %s", patience)
	raw, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	resp.Body.Close()
	a := slowAnswer{status: resp.StatusCode, header: resp.Header, took: time.Since(start)}
	require.NoError(t, json.Unmarshal(raw, &a.env), "an envelope: %s", raw)
	// The connection is closed: the next read ends at once, with no more to read.
	_, err = br.ReadByte()
	a.closed = errors.Is(err, io.EOF) || (err != nil && !errors.Is(err, os.ErrDeadlineExceeded))
	return a
}

// chunked writes each Write as one chunk of a chunked body; write errors (the server closed
// the connection) end nothing here, the answer tells.
type chunked struct{ w io.Writer }

func (c chunked) Write(p []byte) (int, error) {
	_, err := fmt.Fprintf(c.w, "%x\r\n%s\r\n", len(p), p)
	return len(p), err
}

// stall sends prefix, then nothing more: the body never ends.
func stall(prefix string) func(io.Writer) {
	return func(w io.Writer) { _, _ = io.WriteString(w, prefix) }
}

// trickle sends prefix, then three bytes at every tick until the connection breaks: 3 bytes a
// tick, far below any minimum rate.
func trickle(prefix string, tick time.Duration) func(io.Writer) {
	return func(w io.Writer) {
		if _, err := io.WriteString(w, prefix); err != nil {
			return
		}
		t := time.NewTicker(tick)
		defer t.Stop()
		for range t.C {
			if _, err := io.WriteString(w, "xxx"); err != nil {
				return
			}
		}
	}
}

func assertTooSlow(t *testing.T, a slowAnswer, what string) {
	t.Helper()
	assert.Equal(t, http.StatusRequestTimeout, a.status, what)
	assert.Equal(t, http.StatusRequestTimeout, a.env.Code, what)
	assert.False(t, a.env.Success, what)
	assert.Equal(t, "request.too_slow", a.env.ErrorKey, what)
	assert.NotEmpty(t, a.env.Msg, what)
	assert.True(t, a.closed, "%s: the connection is closed", what)
}

// slowIdP is an identity service that takes its time over a login, as a busy one does, and
// gives up when the BFF does.
type slowIdP struct {
	account.Service // nil: a login is all these tests ask of it
	latency         time.Duration
}

func (p slowIdP) Login(ctx context.Context, _ account.Credentials) (account.Session, error) {
	select {
	case <-time.After(p.latency):
		return account.Session{Token: "t", User: account.Profile{User: account.User{ID: 1, UserName: "Demo", Phone: "13800138000"}}}, nil
	case <-ctx.Done():
		return account.Session{}, apierr.New(apierr.UpstreamTimeout, ctx.Err())
	}
}

// newBodyFixture is a BFF with a content mock, a slow identity service and a short body
// deadline.
func newBodyFixture(t *testing.T, bodyTimeout time.Duration) (*httptest.Server, *mocks.Mock) {
	t.Helper()
	cms, err := mocks.New("content", mocks.Options{})
	require.NoError(t, err)
	cmsServer := httptest.NewServer(cms.Handler)
	t.Cleanup(cmsServer.Close)
	base, _ := url.Parse(cmsServer.URL)
	h, err := httpapi.NewServer(httpapi.Deps{
		Spec:        mustServingSpec(t),
		Content:     content.New(upstream.Client{System: "content", BaseURL: base}),
		Accounts:    slowIdP{latency: 3 * bodyTimeout},
		Log:         slog.New(slog.NewTextHandler(io.Discard, nil)),
		Timeout:     5 * time.Second,
		LongTimeout: 5 * time.Second,
		BodyTimeout: bodyTimeout,
	})
	require.NoError(t, err)
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv, cms
}

func TestAJSONBodyMustArriveWithinItsDeadline(t *testing.T) {
	srv, cms := newBodyFixture(t, 300*time.Millisecond)
	for _, tc := range []struct{ what, head string }{
		{"a read-only POST (its body is a cache key)", "POST /prod-api/api/language/list HTTP/1.1\r\nContent-Type: application/json\r\n"},
		{"a login", "POST /prod-api/login/phonePasswordLogin HTTP/1.1\r\nContent-Type: application/json\r\n"},
		{"a lead", "POST /prod-api/crm/addSaleClue HTTP/1.1\r\nContent-Type: application/json\r\n"},
	} {
		t.Run(tc.what, func(t *testing.T) {
			a := sendSlowly(t, srv.URL, tc.head, stall(`{"pageNum":1,`))
			assertTooSlow(t, a, "a body that never ends")
			a = sendSlowly(t, srv.URL, tc.head, trickle(`{"pageNum":1,`, 20*time.Millisecond))
			assertTooSlow(t, a, "a body that trickles")
		})
	}

	t.Run("an operation that takes longer than the body's deadline, once the body is in", func(t *testing.T) {
		req, _ := http.NewRequest("POST", srv.URL+"/prod-api/login/phonePasswordLogin", strings.NewReader(`{"phone":"13800138000","password":"Jaka@2024"}`))
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		assert.Equal(t, http.StatusOK, resp.StatusCode, "the deadline was the body's, not the operation's")
		cms.Faults.Set(mockkit.Faults{Latency: 3 * 300 * time.Millisecond})
		t.Cleanup(func() { cms.Faults.Set(mockkit.Faults{}) })
		req, _ = http.NewRequest("POST", srv.URL+"/prod-api/api/language/list", strings.NewReader(`{"pageNum":1,"pageSize":10}`))
		req.Header.Set("Content-Type", "application/json")
		resp, err = http.DefaultClient.Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		assert.Equal(t, http.StatusOK, resp.StatusCode, "a slow content answer too")
	})
}

func TestAnUploadMustKeepUpItsMinimumRate(t *testing.T) {
	f := newRepairFixture(t, httpapi.UploadLimits{MinRate: 8 << 10, RateWindow: 300 * time.Millisecond})
	head := "POST /prod-api/api/itr/upload HTTP/1.1\r\ntoken: " + annaToken + "\r\nContent-Type: multipart/form-data; boundary=b0undary\r\n"
	form := "--b0undary\r\nContent-Disposition: form-data; name=\"file\"; filename=\"alarm.png\"\r\nContent-Type: image/png\r\n\r\n" + string(pngPhoto)

	a := sendSlowly(t, f.bff.URL, head, stall(form))
	assertTooSlow(t, a, "an upload that stops")
	a = sendSlowly(t, f.bff.URL, head, trickle(form, 20*time.Millisecond))
	assertTooSlow(t, a, "an upload at 150 bytes a second")
	stored, _ := f.itrFiles(t)
	assert.Zero(t, stored, "nothing of them is kept")
	// The work-order system drops a partial file once it sees the upload's connection end,
	// which may be just after the visitor's answer.
	assert.Eventually(t, func() bool { _, partial := f.itrFiles(t); return partial == 0 }, 5*time.Second, 10*time.Millisecond,
		"the partial files are dropped")

	// A file that arrives at a good pace is taken, however long the window is.
	u := f.mustUpload(t, annaToken, "alarm.png", pngPhoto)
	assert.Equal(t, "alarm.png", u.Name)
}
