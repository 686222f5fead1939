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
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/httpapi"
	"github.com/jakarobotics/website/bff/internal/leads"
	"github.com/jakarobotics/website/bff/internal/messages"
	"github.com/jakarobotics/website/bff/internal/metrics"
	"github.com/jakarobotics/website/bff/internal/oapi"
	"github.com/jakarobotics/website/bff/internal/outbox"
	"github.com/jakarobotics/website/bff/internal/upstream"
	"github.com/jakarobotics/website/bff/internal/upstream/account"
	"github.com/jakarobotics/website/bff/internal/upstream/content"
	"github.com/jakarobotics/website/bff/internal/upstream/crm"
	"github.com/jakarobotics/website/mocks"
	"github.com/jakarobotics/website/mocks/mockkit"
)

// tokenAccounts is the identity service of the tests whose operations need a logged-in visitor
// and nothing else of it: it knows a fixed set of session tokens. It embeds the interface (nil)
// to be a whole account.Service; any other call panics (answered 500), and no such test makes one.
type tokenAccounts struct {
	account.Service
	users map[string]account.User
}

func (a tokenAccounts) ValidateToken(_ context.Context, token string) (account.User, error) {
	if u, ok := a.users[token]; ok {
		return u, nil
	}
	return account.User{}, apierr.New(httpapi.TokenExpired, nil)
}

// crmFixture is a BFF in front of real CRM and CMS mocks, with an outbox in a temporary
// directory and its worker running.
type crmFixture struct {
	bff    *httptest.Server
	admin  *httptest.Server
	crm    *mocks.Mock
	crmURL string
	spec   *oapi.Spec
	outbox *outbox.Outbox
}

const goodToken = "token-of-zhang-wei"

// newCRMFixture builds the fixture; more changes the BFF's dependencies.
func newCRMFixture(t *testing.T, more ...func(*httpapi.Deps)) *crmFixture {
	t.Helper()
	spec := mustWholeSpec(t)
	cms, err := mocks.New("content", mocks.Options{})
	require.NoError(t, err)
	cmsServer := httptest.NewServer(cms.Handler)
	t.Cleanup(cmsServer.Close)
	crmMock, err := mocks.New("crm", mocks.Options{DataDir: t.TempDir()})
	require.NoError(t, err)
	crmServer := httptest.NewServer(crmMock.Handler)
	t.Cleanup(crmServer.Close)
	cmsBase, _ := url.Parse(cmsServer.URL)
	crmBase, _ := url.Parse(crmServer.URL)
	crmClient := crm.New(upstream.Client{System: "crm", BaseURL: crmBase})

	m := metrics.New()
	var ob *outbox.Outbox
	om := m.RegisterOutbox(func() (int, time.Duration, error) { return ob.Stats() })
	ob, err = outbox.Open(filepath.Join(t.TempDir(), "outbox.db"), outbox.Options{
		Deliver: leads.Delivery(crmClient), RetryMin: 20 * time.Millisecond, RetryMax: 100 * time.Millisecond,
		OnResult: om.Result, AttemptTimeout: 2 * time.Second,
	})
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { ob.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done; ob.Close() })

	deps := httpapi.Deps{
		Spec:        mustServingSpec(t),
		Content:     content.New(upstream.Client{System: "content", BaseURL: cmsBase}),
		Accounts:    tokenAccounts{users: map[string]account.User{goodToken: {ID: 7, UserName: "张伟", Phone: "13800138000"}}},
		CRM:         crmClient,
		Outbox:      ob,
		Ready:       ob.Ready,
		Metrics:     m,
		Log:         slog.New(slog.NewTextHandler(io.Discard, nil)),
		Timeout:     2 * time.Second,
		LongTimeout: 2 * time.Second,
	}
	for _, change := range more {
		change(&deps)
	}
	h, err := httpapi.NewServer(deps)
	require.NoError(t, err)
	f := &crmFixture{bff: httptest.NewServer(h), admin: httptest.NewServer(h.Admin), crm: crmMock, crmURL: crmServer.URL, spec: spec, outbox: ob}
	t.Cleanup(f.bff.Close)
	t.Cleanup(f.admin.Close)
	return f
}

// leadPaths are the operations whose requests carry a proof of work.
var leadPaths = map[string]bool{"/crm/addSaleClue": true, "/crm/addOverseasSaleClue": true, "/api/customFormRecord": true}

// solvedProof fetches a puzzle from the BFF at base and solves it.
func solvedProof(t *testing.T, base string) string {
	t.Helper()
	resp, err := http.Get(base + "/prod-api/api/leads/challenge")
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	var env struct {
		Data leads.Challenge `json:"data"`
	}
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&env))
	proof, ok := leads.Solve(env.Data)
	require.True(t, ok, "the puzzle has a solution")
	return proof
}

// call sends one request to the BFF and decodes the envelope; when the answer is a success, it
// is validated against the contract.
func (f *crmFixture) call(t *testing.T, method, path, body string, headers ...string) (*http.Response, envelope) {
	t.Helper()
	req, err := http.NewRequest(method, f.bff.URL+"/prod-api"+path, strings.NewReader(body))
	require.NoError(t, err)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	if leadPaths[path] && req.Header.Get(httpapi.LeadProofHeader) == "" {
		// A lead carries a solved puzzle, as the web's forms send it; tests of the proof set
		// their own.
		req.Header.Set(httpapi.LeadProofHeader, solvedProof(t, f.bff.URL))
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	var env envelope
	require.NoError(t, json.Unmarshal(raw, &env), "body is not an envelope: %s", raw)
	assert.Equal(t, resp.StatusCode, env.Code, "code repeats the HTTP status")

	template := strings.SplitN(path, "?", 2)[0]
	route, ok := f.spec.Route(method, template)
	require.True(t, ok, template)
	err = openapi3filter.ValidateResponse(context.Background(), &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: req, Route: route},
		Status:                 resp.StatusCode,
		Header:                 resp.Header,
		Body:                   io.NopCloser(bytes.NewReader(raw)),
		Options:                &openapi3filter.Options{MultiError: true},
	})
	assert.NoError(t, err, "the answer of %s %s follows the contract", method, path)
	return resp, env
}

// setFaults flips the CRM mock's fault switches.
func (f *crmFixture) setFaults(faults mockkit.Faults) { f.crm.Faults.Set(faults) }

// stored reads the CRM's admin list of clues and form records.
func (f *crmFixture) stored(t *testing.T) (clues []map[string]any, records []map[string]any) {
	t.Helper()
	resp, err := http.Get(f.crmURL + "/__admin/leads")
	require.NoError(t, err)
	defer resp.Body.Close()
	var out struct {
		Clues       []map[string]any `json:"clues"`
		FormRecords []map[string]any `json:"formRecords"`
	}
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&out))
	return out.Clues, out.FormRecords
}

func TestGetDistrict(t *testing.T) {
	f := newCRMFixture(t)
	for _, tc := range []struct {
		name, query, lang string
		province          string
		city, district    any
		msg               string
	}{
		{"province and city", "province=" + url.QueryEscape("广东省") + "&city=" + url.QueryEscape("深圳市"), "zh", "广东省", "深圳市", "福田区", "操作成功"},
		{"province alone", "province=" + url.QueryEscape("浙江省"), "zh", "浙江省", "杭州市", "上城区", "操作成功"},
		{"falls back to the city", "province=" + url.QueryEscape("华南") + "&city=" + url.QueryEscape("佛山市"), "zh", "广东省", "佛山市", "禅城区", "操作成功"},
		{"not served", "province=" + url.QueryEscape("火星省") + "&city=" + url.QueryEscape("奥林匹斯市"), "en", "火星省", "奥林匹斯市", nil, "This city is not yet available"},
		{"not served, no city", "province=Atlantis", "zh", "Atlantis", nil, nil, "该城市暂未开通"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, env := f.call(t, "GET", "/crm/getDistrict?"+tc.query, "", "lang", tc.lang)
			require.Equal(t, http.StatusOK, resp.StatusCode)
			assert.True(t, env.Success)
			assert.Equal(t, tc.msg, env.Msg)
			var d map[string]any
			require.NoError(t, json.Unmarshal(env.Data, &d))
			assert.Equal(t, map[string]any{"province": tc.province, "city": tc.city, "district": tc.district}, d)
		})
	}

	t.Run("served from the cache while the CRM is down", func(t *testing.T) {
		q := "/crm/getDistrict?province=" + url.QueryEscape("四川省") + "&city=" + url.QueryEscape("绵阳市")
		resp, _ := f.call(t, "GET", q, "")
		assert.Equal(t, "MISS", resp.Header.Get("X-Cache"))
		f.setFaults(mockkit.Faults{Down: true})
		defer f.setFaults(mockkit.Faults{})
		resp, env := f.call(t, "GET", q, "")
		assert.Equal(t, "HIT", resp.Header.Get("X-Cache"))
		assert.Contains(t, string(env.Data), "涪城区")
		resp, env = f.call(t, "GET", "/crm/getDistrict?province="+url.QueryEscape("湖南省"), "")
		assert.Equal(t, http.StatusServiceUnavailable, resp.StatusCode, "a region never looked up needs the CRM")
		assert.Equal(t, "upstream.unavailable", env.ErrorKey)
	})

	t.Run("bad input", func(t *testing.T) {
		resp, env := f.call(t, "GET", "/crm/getDistrict", "")
		assert.Equal(t, http.StatusBadRequest, resp.StatusCode)
		assert.Equal(t, "request.invalid", env.ErrorKey)
		resp, _ = f.call(t, "GET", "/crm/getDistrict?province="+strings.Repeat("省", 51), "")
		assert.Equal(t, http.StatusBadRequest, resp.StatusCode, "longer than maxLength")
	})
}

func TestCertificates200(t *testing.T) {
	// The certificate picture is drawn by the stand-in, which under the race detector on a busy
	// machine takes seconds; nothing here waits for a time-out.
	f := newCRMFixture(t, func(d *httpapi.Deps) { d.Timeout, d.LongTimeout = 15*time.Second, 15*time.Second })
	for _, tc := range []struct {
		name, codeOrPhone, lang string
		numbers                 []string
		course                  string
	}{
		{"by phone", "13800138000", "en", []string{"JK-P-2023-0001", "JK-I-2024-0107"}, "Certified Cobot Operator (Primary)"},
		{"by number", "JK-A-2024-0012", "de", []string{"JK-A-2024-0012"}, "Zertifizierte/r Cobot-Applikationsexperte/in (Expertenstufe)"},
		{"by number, any case", "jk-p-2024-1001", "ja", []string{"JK-P-2024-1001"}, "協働ロボット オペレーター認定（初級）"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, env := f.call(t, "GET", "/crm/getExamResultByCodeOrPhone?codeOrPhone="+url.QueryEscape(tc.codeOrPhone), "",
				"lang", tc.lang, "token", goodToken)
			require.Equal(t, http.StatusOK, resp.StatusCode)
			assert.Equal(t, "private, no-store", resp.Header.Get("Cache-Control"), "certificates are personal")
			var certs []map[string]any
			require.NoError(t, json.Unmarshal(env.Data, &certs))
			var numbers []string
			for _, c := range certs {
				numbers = append(numbers, c["certificateNo"].(string))
			}
			assert.Equal(t, tc.numbers, numbers)
			assert.Equal(t, tc.course, certs[0]["course"])
		})
	}

	t.Run("image", func(t *testing.T) {
		resp, env := f.call(t, "POST", "/crm/generateImage", `{"certificateNo":"JK-I-2023-0318"}`, "token", goodToken)
		require.Equal(t, http.StatusOK, resp.StatusCode)
		var img map[string]string
		require.NoError(t, json.Unmarshal(env.Data, &img))
		assert.True(t, strings.HasPrefix(img["image"], "data:image/png;base64,iVBORw0KGgo"), "a PNG data URL")
		assert.Equal(t, "certificate-JK-I-2023-0318.png", img["fileName"])
	})
}

func TestCertificates4xx(t *testing.T) {
	f := newCRMFixture(t)
	for _, tc := range []struct {
		name, method, path, body string
		headers                  []string
		status                   int
		key, msg                 string
	}{
		{"no token", "GET", "/crm/getExamResultByCodeOrPhone?codeOrPhone=13800138000", "", nil, 401, "account.not_logged_in", ""},
		{"expired token", "GET", "/crm/getExamResultByCodeOrPhone?codeOrPhone=13800138000", "", []string{"token", "stale"}, 401, "account.token_expired", ""},
		{"none found", "GET", "/crm/getExamResultByCodeOrPhone?codeOrPhone=JK-X-9999", "", []string{"token", goodToken, "lang", "en"}, 404, "certificate.not_found", "Sorry! No certificate with this number was found"},
		{"unknown phone", "GET", "/crm/getExamResultByCodeOrPhone?codeOrPhone=13999999999", "", []string{"token", goodToken, "lang", "zh"}, 404, "certificate.not_found", "抱歉！未查询到该编号的证书"},
		// 13 characters: the contract takes it as a certificate number, not as a phone number.
		{"a phone number with separators", "GET", "/crm/getExamResultByCodeOrPhone?codeOrPhone=186-1234-5678", "", []string{"token", goodToken}, 404, "certificate.not_found", ""},
		{"11 characters that are no phone number", "GET", "/crm/getExamResultByCodeOrPhone?codeOrPhone=JK-P-202300", "", []string{"token", goodToken}, 400, "request.invalid", ""},
		{"image without token", "POST", "/crm/generateImage", `{"certificateNo":"JK-I-2023-0318"}`, nil, 401, "account.not_logged_in", ""},
		{"image of an unknown certificate", "POST", "/crm/generateImage", `{"certificateNo":"JK-X-0000"}`, []string{"token", goodToken, "lang", "fr"}, 404, "certificate.image_failed", "Impossible d’obtenir le certificat !"},
		{"image of a malformed number", "POST", "/crm/generateImage", `{"certificateNo":"../../etc"}`, []string{"token", goodToken}, 400, "request.invalid", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, env := f.call(t, tc.method, tc.path, tc.body, tc.headers...)
			assert.Equal(t, tc.status, resp.StatusCode)
			assert.False(t, env.Success)
			assert.Equal(t, tc.key, env.ErrorKey)
			if tc.msg != "" {
				assert.Equal(t, tc.msg, env.Msg)
			}
		})
	}
}

// Every text of the CRM area exists in the ten languages with texts of their own.
func TestCRMTextsInEveryLanguage(t *testing.T) {
	for _, key := range []string{
		string(crm.Rejected), httpapi.CityUnavailable, string(httpapi.CertificateNotFound), string(httpapi.CertificateImageFailed),
		string(httpapi.IdempotencyConflict), httpapi.LeadSubmitted, httpapi.FormSubmitted,
	} {
		english := messages.Text(key, "en")
		assert.NotEqual(t, key, english, "%s has an English text", key)
		for _, lang := range []messages.Lang{"zh", "zh_tw", "ja", "ko", "th", "es", "fr", "de", "ru"} {
			assert.NotEqual(t, english, messages.Text(key, lang), "%s has a %s text of its own", key, lang)
		}
	}
}
