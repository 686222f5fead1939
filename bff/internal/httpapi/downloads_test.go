package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/httpapi"
	"github.com/jakarobotics/website/bff/internal/oapi"
	"github.com/jakarobotics/website/bff/internal/upstream"
	"github.com/jakarobotics/website/bff/internal/upstream/account"
	"github.com/jakarobotics/website/bff/internal/upstream/content"
	"github.com/jakarobotics/website/mocks"
)

// downAccounts is an identity service that cannot be reached.
type downAccounts struct{ account.Service }

func (downAccounts) ValidateToken(context.Context, string) (account.User, error) {
	return account.User{}, apierr.New(apierr.UpstreamUnavailable, nil)
}

// downloadFixture is a BFF in front of the real CMS mock, with an identity service that knows
// one session token (user 7).
type downloadFixture struct {
	bff    *httptest.Server
	cmsURL string
	spec   *oapi.Spec
}

func newDownloadFixture(t *testing.T, accounts account.Service, more ...func(*httpapi.Deps)) *downloadFixture {
	t.Helper()
	spec := mustWholeSpec(t)
	cms, err := mocks.New("content", mocks.Options{})
	require.NoError(t, err)
	cmsServer := httptest.NewServer(cms.Handler)
	t.Cleanup(cmsServer.Close)
	base, _ := url.Parse(cmsServer.URL)
	if accounts == nil {
		accounts = tokenAccounts{users: map[string]account.User{goodToken: {ID: 7, UserName: "张伟", Phone: "13800138000"}}}
	}
	deps := httpapi.Deps{
		Spec:        mustServingSpec(t),
		Content:     content.New(upstream.Client{System: "content", BaseURL: base}),
		Accounts:    accounts,
		Log:         slog.New(slog.NewTextHandler(io.Discard, nil)),
		Timeout:     2 * time.Second,
		LongTimeout: 2 * time.Second,
		Media:       base,
	}
	for _, m := range more {
		m(&deps)
	}
	h, err := httpapi.NewServer(deps)
	require.NoError(t, err)
	f := &downloadFixture{bff: httptest.NewServer(h), cmsURL: cmsServer.URL, spec: spec}
	t.Cleanup(f.bff.Close)
	return f
}

// download asks userDownload and checks the answer against the contract.
func (f *downloadFixture) download(t *testing.T, body string, headers ...string) (*http.Response, envelope) {
	t.Helper()
	req, err := http.NewRequest("POST", f.bff.URL+"/prod-api/api/download/userDownload", strings.NewReader(body))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	var env envelope
	require.NoError(t, json.Unmarshal(raw, &env), "body is not an envelope: %s", raw)
	assert.Equal(t, resp.StatusCode, env.Code)
	route, ok := f.spec.Route("POST", "/api/download/userDownload")
	require.True(t, ok)
	err = openapi3filter.ValidateResponse(context.Background(), &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: req, Route: route},
		Status:                 resp.StatusCode,
		Header:                 resp.Header,
		Body:                   io.NopCloser(bytes.NewReader(raw)),
		Options:                &openapi3filter.Options{MultiError: true},
	})
	assert.NoError(t, err, "the answer follows the contract")
	return resp, env
}

type cmsEvent struct {
	DownloadID int    `json:"downloadId"`
	Action     string `json:"action"`
	UserID     *int64 `json:"userId"`
	Locale     string `json:"locale"`
}

// events are the download events the CMS recorded, newest first.
func (f *downloadFixture) events(t *testing.T) []cmsEvent {
	t.Helper()
	resp, err := http.Get(f.cmsURL + "/__admin/download-events")
	require.NoError(t, err)
	defer resp.Body.Close()
	var out struct {
		Events []cmsEvent `json:"events"`
	}
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&out))
	return out.Events
}

func linkOf(t *testing.T, env envelope) string {
	t.Helper()
	var link struct {
		URL string `json:"url"`
	}
	require.NoError(t, json.Unmarshal(env.Data, &link))
	return link.URL
}

func TestUserDownload200(t *testing.T) {
	f := newDownloadFixture(t, nil)

	resp, env := f.download(t, `{"downloadId":5001,"action":"download"}`, "lang", "ja")
	require.Equal(t, http.StatusOK, resp.StatusCode, env.Msg)
	assert.Equal(t, "/cms-assets/files/JAKA_Zu_User_Manual_V2.4.pdf", linkOf(t, env))
	assert.Equal(t, "private, no-store", resp.Header.Get("Cache-Control"), "personal, never cached")

	resp, env = f.download(t, `{"downloadId":5001,"action":"preview"}`, "token", goodToken)
	require.Equal(t, http.StatusOK, resp.StatusCode, env.Msg)

	resp, env = f.download(t, `{"downloadId":5022,"action":"download"}`, "token", goodToken, "lang", "en")
	require.Equal(t, http.StatusOK, resp.StatusCode, "a logged-in visitor gets the SDK: %s", env.Msg)
	assert.True(t, strings.HasPrefix(linkOf(t, env), "/document-files/download/"), "a signed link of the BFF's own: %s", linkOf(t, env))

	// A public document for a visitor whose session ended still downloads, anonymously.
	resp, _ = f.download(t, `{"downloadId":5026,"action":"download"}`, "token", "an-expired-token")
	require.Equal(t, http.StatusOK, resp.StatusCode)

	events := f.events(t)
	require.Len(t, events, 4, "every preview and download is recorded, and each call records once")
	seven := int64(7)
	assert.Equal(t, cmsEvent{DownloadID: 5026, Action: "download", Locale: "zh"}, events[0], "no lang header is Chinese")
	assert.Equal(t, cmsEvent{DownloadID: 5022, Action: "download", UserID: &seven, Locale: "en"}, events[1])
	assert.Equal(t, cmsEvent{DownloadID: 5001, Action: "preview", UserID: &seven, Locale: "zh"}, events[2], "recorded against the user")
	assert.Equal(t, cmsEvent{DownloadID: 5001, Action: "download", Locale: "ja"}, events[3])
}

func TestUserDownload401(t *testing.T) {
	f := newDownloadFixture(t, nil)
	for _, tc := range []struct {
		name    string
		headers []string
		key     string
		msg     string
	}{
		{"no token", []string{"lang", "en"}, "download.login_required", "This document requires login to preview / download"},
		{"no token, in Chinese", nil, "download.login_required", "该文档需要登录后才能预览/下载"},
		{"an expired token", []string{"token", "an-expired-token"}, "account.token_expired", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, env := f.download(t, `{"downloadId":5014,"action":"download"}`, tc.headers...)
			assert.Equal(t, http.StatusUnauthorized, resp.StatusCode)
			assert.Equal(t, tc.key, env.ErrorKey)
			if tc.msg != "" {
				assert.Equal(t, tc.msg, env.Msg)
			}
		})
	}
	assert.Empty(t, f.events(t), "a refused download is not recorded")
}

func TestUserDownloadWithTheIdentityServiceDown(t *testing.T) {
	f := newDownloadFixture(t, downAccounts{})
	resp, _ := f.download(t, `{"downloadId":5001,"action":"download"}`, "token", goodToken)
	assert.Equal(t, http.StatusOK, resp.StatusCode, "a public document does not depend on the identity service")
	resp, env := f.download(t, `{"downloadId":5014,"action":"download"}`, "token", goodToken)
	assert.Equal(t, http.StatusServiceUnavailable, resp.StatusCode, "the visitor is not told to log in again")
	assert.Equal(t, "upstream.unavailable", env.ErrorKey)
}

func TestUserDownload400And404(t *testing.T) {
	f := newDownloadFixture(t, nil)
	for _, tc := range []struct {
		body   string
		status int
		key    string
	}{
		{`{"downloadId":5001,"action":"print"}`, http.StatusBadRequest, "request.invalid"},
		{`{"downloadId":5001}`, http.StatusBadRequest, "request.invalid"},
		{`{"downloadId":5001,"action":"download","extra":1}`, http.StatusBadRequest, "request.invalid"},
		{`{"downloadId":9999,"action":"download"}`, http.StatusNotFound, "resource.not_found"},
		{`{"downloadId":5040,"action":"download"}`, http.StatusNotFound, "resource.not_found"},
		{`{"downloadId":5014,"action":"preview"}`, http.StatusUnauthorized, "download.login_required"},
	} {
		resp, env := f.download(t, tc.body)
		assert.Equal(t, tc.status, resp.StatusCode, tc.body)
		assert.Equal(t, tc.key, env.ErrorKey, tc.body)
	}
	resp, env := f.download(t, `{"downloadId":5014,"action":"preview"}`, "token", goodToken)
	assert.Equal(t, http.StatusNotFound, resp.StatusCode, "a zip has no online preview")
	assert.Equal(t, "resource.not_found", env.ErrorKey)
	assert.Empty(t, f.events(t))
}

func TestUserDownloadUpstreamFailures(t *testing.T) {
	spec := mustWholeSpec(t)
	for _, tc := range []struct {
		name   string
		cms    http.HandlerFunc
		status int
		key    string
	}{
		{"cms errors", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusInternalServerError) }, http.StatusBadGateway, "upstream.bad_gateway"},
		{"cms answers without a url", func(w http.ResponseWriter, _ *http.Request) {
			w.WriteHeader(http.StatusCreated)
			_, _ = w.Write([]byte(`{"id":1}`))
		}, http.StatusBadGateway, "upstream.bad_gateway"},
		{"cms answers 200 instead of 201", func(w http.ResponseWriter, _ *http.Request) {
			_, _ = w.Write([]byte(`{"url":"/x"}`))
		}, http.StatusBadGateway, "upstream.bad_gateway"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cms := httptest.NewServer(tc.cms)
			defer cms.Close()
			base, _ := url.Parse(cms.URL)
			h, err := httpapi.NewServer(httpapi.Deps{
				Spec: mustServingSpec(t), Content: content.New(upstream.Client{System: "content", BaseURL: base}),
				Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Timeout: time.Second, LongTimeout: time.Second,
			})
			require.NoError(t, err)
			f := &downloadFixture{bff: httptest.NewServer(h), spec: spec}
			defer f.bff.Close()
			resp, env := f.download(t, `{"downloadId":5001,"action":"download"}`)
			assert.Equal(t, tc.status, resp.StatusCode)
			assert.Equal(t, tc.key, env.ErrorKey)
		})
	}
}
