package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/textproto"
	"net/url"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/httpapi"
	"github.com/jakarobotics/website/bff/internal/oapi"
	"github.com/jakarobotics/website/bff/internal/outbox"
	"github.com/jakarobotics/website/bff/internal/repair"
	"github.com/jakarobotics/website/bff/internal/upstream"
	"github.com/jakarobotics/website/bff/internal/upstream/itr"
	"github.com/jakarobotics/website/bff/internal/upstream/ocr"
	"github.com/jakarobotics/website/mocks"
)

// The users of the repair tests, by session token.
const (
	annaToken = "token-anna"
	benToken  = "token-ben"
)

var repairUsers = fakeAccounts{
	annaToken: {ID: 101, UserName: "Anna Weber", Email: "anna@example.de"},
	benToken:  {ID: 102, UserName: "王强", Phone: "13900000002"},
}

// repairFixture is the BFF in front of real work-order and OCR mocks, with a real outbox, all
// on httptest servers.
type repairFixture struct {
	bff    *httptest.Server
	itr    *mocks.Mock
	itrURL string
	spec   *oapi.Spec
	outbox *outbox.Outbox
	// uploadBytes counts the bytes of upload bodies the work-order system has read so far.
	uploadBytes atomic.Int64
	// runOutbox starts the outbox's worker (tests of queued reports start it when they need it).
	runOutbox func()
}

// newRepairFixture builds the fixture with the upload limits; more changes the BFF's
// dependencies.
func newRepairFixture(t *testing.T, limits httpapi.UploadLimits, more ...func(*httpapi.Deps)) *repairFixture {
	t.Helper()
	f := &repairFixture{spec: mustWholeSpec(t)}

	var err error
	f.itr, err = mocks.New("itr", mocks.Options{DataDir: t.TempDir()})
	require.NoError(t, err)
	itrServer := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && r.URL.Path == itr.AttachmentsPath {
			r.Body = countingBody{ReadCloser: r.Body, n: &f.uploadBytes}
		}
		f.itr.Handler.ServeHTTP(w, r)
	}))
	t.Cleanup(itrServer.Close)
	f.itrURL = itrServer.URL
	// The tests start from an empty system, without the demo data.
	reset, err := http.Post(f.itrURL+"/__admin/reset", "application/json", nil)
	require.NoError(t, err)
	reset.Body.Close()
	require.Equal(t, http.StatusNoContent, reset.StatusCode)
	ocrMock, err := mocks.New("ocr", mocks.Options{})
	require.NoError(t, err)
	ocrServer := httptest.NewServer(ocrMock.Handler)
	t.Cleanup(ocrServer.Close)
	itrBase, _ := url.Parse(itrServer.URL)
	ocrBase, _ := url.Parse(ocrServer.URL)
	itrClient := itr.New(upstream.Client{System: "itr", BaseURL: itrBase})

	noCRM := func(context.Context, outbox.Item) (outbox.Delivery, error) {
		return outbox.Delivery{}, errors.New("no CRM here")
	}
	f.outbox, err = outbox.Open(filepath.Join(t.TempDir(), "outbox.db"), outbox.Options{
		Deliver:  repair.OutboxDelivery(noCRM, repair.WorkOrderDelivery(itrClient)),
		RetryMin: 20 * time.Millisecond, RetryMax: 100 * time.Millisecond, AttemptTimeout: 2 * time.Second,
	})
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	started := false
	f.runOutbox = func() {
		started = true
		go func() { f.outbox.Run(ctx); close(done) }()
	}
	t.Cleanup(func() {
		cancel()
		if started {
			<-done
		}
		f.outbox.Close()
	})

	deps := httpapi.Deps{
		Spec:        mustServingSpec(t),
		Accounts:    tokenAccounts{users: repairUsers},
		ITR:         itrClient,
		OCR:         ocr.New(upstream.Client{System: "ocr", BaseURL: ocrBase}),
		Outbox:      f.outbox,
		Uploads:     limits,
		Log:         slog.New(slog.NewTextHandler(io.Discard, nil)),
		Timeout:     2 * time.Second,
		LongTimeout: 2 * time.Second,
	}
	for _, m := range more {
		m(&deps)
	}
	h, err := httpapi.NewServer(deps)
	require.NoError(t, err)
	f.bff = httptest.NewServer(h)
	t.Cleanup(f.bff.Close)
	return f
}

// countingBody counts the bytes read from a request body.
type countingBody struct {
	io.ReadCloser
	n *atomic.Int64
}

func (c countingBody) Read(p []byte) (int, error) {
	n, err := c.ReadCloser.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// send sends one request to the BFF and decodes the envelope; a success is validated against
// the contract.
func (f *repairFixture) send(t *testing.T, req *http.Request, template string) (*http.Response, envelope) {
	t.Helper()
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	var env envelope
	require.NoError(t, json.Unmarshal(raw, &env), "body is not an envelope: %s", raw)
	assert.Equal(t, resp.StatusCode, env.Code, "code repeats the HTTP status")
	route, ok := f.spec.Route(req.Method, template)
	require.True(t, ok, template)
	err = openapi3filter.ValidateResponse(context.Background(), &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: req, Route: route},
		Status:                 resp.StatusCode,
		Header:                 resp.Header,
		Body:                   io.NopCloser(bytes.NewReader(raw)),
		Options:                &openapi3filter.Options{MultiError: true},
	})
	assert.NoError(t, err, "the answer of %s %s follows the contract", req.Method, template)
	return resp, env
}

// call sends a JSON request (token and lang first in headers, then any others).
func (f *repairFixture) call(t *testing.T, method, path, template, body string, headers ...string) (*http.Response, envelope) {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, f.bff.URL+"/prod-api"+path, rd)
	require.NoError(t, err)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	return f.send(t, req, template)
}

// form builds a multipart form of fields (name, value) and files (name, file name, declared
// type, bytes).
type formPart struct {
	field, fileName, declared string
	data                      []byte
}

func multipartForm(t *testing.T, parts ...formPart) (body []byte, contentType string) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for _, p := range parts {
		h := textproto.MIMEHeader{}
		if p.fileName != "" {
			h.Set("Content-Disposition", fmt.Sprintf(`form-data; name=%q; filename=%q`, p.field, p.fileName))
			h.Set("Content-Type", p.declared)
		} else {
			h.Set("Content-Disposition", fmt.Sprintf(`form-data; name=%q`, p.field))
		}
		w, err := mw.CreatePart(h)
		require.NoError(t, err)
		_, err = w.Write(p.data)
		require.NoError(t, err)
	}
	require.NoError(t, mw.Close())
	return buf.Bytes(), mw.FormDataContentType()
}

// upload sends one file to uploadRepairFile as user token.
func (f *repairFixture) upload(t *testing.T, token, name, declared string, data []byte, headers ...string) (*http.Response, envelope) {
	t.Helper()
	body, ct := multipartForm(t, formPart{field: "file", fileName: name, declared: declared, data: data})
	req, err := http.NewRequest("POST", f.bff.URL+"/prod-api/api/itr/upload", bytes.NewReader(body))
	require.NoError(t, err)
	req.Header.Set("Content-Type", ct)
	if token != "" {
		req.Header.Set("token", token)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	return f.send(t, req, "/api/itr/upload")
}

// uploaded is the data of a successful upload.
type uploaded struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	URL         string `json:"url"`
	ContentType string `json:"contentType"`
	Size        int64  `json:"size"`
}

func (f *repairFixture) mustUpload(t *testing.T, token, name string, data []byte) uploaded {
	t.Helper()
	resp, env := f.upload(t, token, name, "application/octet-stream", data)
	require.Equal(t, http.StatusOK, resp.StatusCode, env.Msg)
	var u uploaded
	require.NoError(t, json.Unmarshal(env.Data, &u))
	return u
}

// preview opens a file's preview link, as an <img> element does, and returns its status and
// bytes.
func (f *repairFixture) preview(t *testing.T, link string) (int, []byte) {
	t.Helper()
	resp, err := http.Get(f.bff.URL + link)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, body
}

// itrFiles counts the files the work-order system holds: stored ones and partial ones.
func (f *repairFixture) itrFiles(t *testing.T) (stored, partial int) {
	t.Helper()
	resp, err := http.Get(f.itrURL + "/__admin/attachments")
	require.NoError(t, err)
	defer resp.Body.Close()
	var out struct {
		Files        int `json:"files"`
		PartialFiles int `json:"partialFiles"`
	}
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&out))
	return out.Files, out.PartialFiles
}

// itrOrders lists every work order the system holds.
func (f *repairFixture) itrOrders(t *testing.T) []map[string]any {
	t.Helper()
	resp, err := http.Get(f.itrURL + "/__admin/orders")
	require.NoError(t, err)
	defer resp.Body.Close()
	var out struct {
		Orders []map[string]any `json:"orders"`
	}
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&out))
	return out.Orders
}

// advance moves a work order on, as the service team does.
func (f *repairFixture) advance(t *testing.T, serviceNumber string) {
	t.Helper()
	resp, err := http.Post(f.itrURL+"/__admin/orders/"+serviceNumber+"/advance", "application/json", nil)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
}

// Files of every kind, by their first bytes.
var (
	pngPhoto  = append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), bytes.Repeat([]byte{7}, 2000)...)
	jpegPhoto = append([]byte{0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 'J', 'F', 'I', 'F'}, bytes.Repeat([]byte{1}, 3000)...)
	webpPhoto = append([]byte("RIFF\x24\x00\x00\x00WEBPVP8 "), bytes.Repeat([]byte{0}, 500)...)
	mp4Video  = append([]byte("\x00\x00\x00\x18ftypisom\x00\x00\x02\x00isomiso2"), bytes.Repeat([]byte{0}, 5000)...)
	movVideo  = append([]byte("\x00\x00\x00\x14ftypqt  \x00\x00\x02\x00qt  "), bytes.Repeat([]byte{0}, 5000)...)
)
