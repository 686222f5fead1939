package httpapi_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/routers"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/cache"
	"github.com/jakarobotics/website/bff/internal/httpapi"
	"github.com/jakarobotics/website/bff/internal/leads"
	"github.com/jakarobotics/website/bff/internal/oapi"
	"github.com/jakarobotics/website/bff/internal/outbox"
	"github.com/jakarobotics/website/bff/internal/pages"
	"github.com/jakarobotics/website/bff/internal/ratelimit"
	"github.com/jakarobotics/website/bff/internal/repair"
	"github.com/jakarobotics/website/bff/internal/upstream"
	"github.com/jakarobotics/website/bff/internal/upstream/account"
	"github.com/jakarobotics/website/bff/internal/upstream/content"
	"github.com/jakarobotics/website/bff/internal/upstream/crm"
	"github.com/jakarobotics/website/bff/internal/upstream/itr"
	"github.com/jakarobotics/website/bff/internal/upstream/ocr"
	"github.com/jakarobotics/website/bff/internal/upstream/vm"
	"github.com/jakarobotics/website/mocks"
)

// A browser is hostile until checked: every operation of the contract, sent malformed JSON,
// wrong types, huge and deeply nested bodies, NUL and bidi characters, `..` in its path
// parameters and trailing garbage after its body, answers within answerLimit with a 4xx (or a
// 2xx) in the envelope — never a 5xx, a hang or anything but the envelope.

// answerLimit bounds the time of every answer to hostile input.
const answerLimit = 2 * time.Second

// hostileFixture is the BFF with every legacy system's stand-in behind it, as `make run` starts
// it, with a durable outbox.
type hostileFixture struct {
	bff    *httptest.Server
	spec   *oapi.Spec
	client *http.Client
}

func newHostileFixture(t *testing.T) *hostileFixture {
	t.Helper()
	clients := map[string]upstream.Client{}
	for _, name := range mocks.Systems {
		m, err := mocks.New(name, mocks.Options{DataDir: t.TempDir()})
		require.NoError(t, err)
		srv := httptest.NewServer(m.Handler)
		t.Cleanup(srv.Close)
		base, _ := url.Parse(srv.URL)
		clients[name] = upstream.Client{System: name, BaseURL: base}
	}
	crmClient, itrClient := crm.New(clients["crm"]), itr.New(clients["itr"])
	box, err := outbox.Open(filepath.Join(t.TempDir(), "outbox.db"), outbox.Options{
		Deliver: repair.OutboxDelivery(leads.Delivery(crmClient), repair.WorkOrderDelivery(itrClient)),
		Log:     slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	require.NoError(t, err)
	t.Cleanup(func() { _ = box.Close() })
	h, err := httpapi.NewServer(httpapi.Deps{
		Spec:        mustServingSpec(t),
		Content:     content.New(clients["content"]),
		Accounts:    account.New(clients["account"]),
		CRM:         crmClient,
		ITR:         itrClient,
		VM:          vm.New(clients["vm"]),
		OCR:         ocr.New(clients["ocr"]),
		Log:         slog.New(slog.NewTextHandler(io.Discard, nil)),
		Timeout:     5 * time.Second,
		LongTimeout: 5 * time.Second,
		Media:       clients["content"].BaseURL,
		Transport:   http.DefaultTransport,
		Outbox:      box,
	})
	require.NoError(t, err)
	f := &hostileFixture{bff: httptest.NewServer(h), spec: mustWholeSpec(t), client: &http.Client{Timeout: answerLimit}}
	t.Cleanup(f.bff.Close)
	return f
}

// login returns a session token of the phone demo user, so that operations behind the login
// check see hostile input too.
func (f *hostileFixture) login(t *testing.T) string {
	t.Helper()
	req, _ := http.NewRequest("POST", f.bff.URL+oapi.BasePath+"/login/phonePasswordLogin",
		strings.NewReader(`{"phone":"13800138000","password":"Jaka@2024"}`))
	req.Header.Set("Content-Type", "application/json")
	resp, err := f.client.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	var env struct {
		Data struct {
			Token string `json:"token"`
		} `json:"data"`
	}
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&env))
	require.NotEmpty(t, env.Data.Token, "the demo user logs in")
	return env.Data.Token
}

// hostileRequest is one request of the test and what its answer must be.
type hostileRequest struct {
	name        string
	path        string // below the base path, escaped
	contentType string
	body        []byte
	header      http.Header
	// want400 demands exactly 400 rather than any answer below 500.
	want400 bool
}

func TestEveryOperationAnswersHostileInputWithAnEnvelopeAndNo5xx(t *testing.T) {
	f := newHostileFixture(t)
	token := f.login(t)
	started := time.Now()
	count := 0
	for _, op := range f.spec.Operations() {
		route, ok := f.spec.Route(op.Method, op.Path)
		require.True(t, ok, op.Key())
		for _, hr := range hostileRequests(route, op, token) {
			count++
			f.check(t, op, hr)
		}
	}
	t.Logf("%d hostile requests over %d operations in %s", count, len(f.spec.Operations()), time.Since(started).Round(time.Millisecond))
}

// check sends hr and asserts the rules of the house on its answer.
func (f *hostileFixture) check(t *testing.T, op oapi.Operation, hr hostileRequest) {
	t.Helper()
	what := fmt.Sprintf("%s (%s %s) %s", op.ID, op.Method, hr.path, hr.name)
	req, err := http.NewRequest(op.Method, f.bff.URL+oapi.BasePath+hr.path, bytes.NewReader(hr.body))
	require.NoError(t, err, what)
	for k, v := range hr.header {
		req.Header[k] = v
	}
	if hr.contentType != "" {
		req.Header.Set("Content-Type", hr.contentType)
	}
	start := time.Now()
	resp, err := f.client.Do(req)
	if err != nil {
		var netErr interface{ Timeout() bool }
		if errors.As(err, &netErr) && netErr.Timeout() {
			t.Errorf("%s: no answer within %s", what, answerLimit)
			return
		}
		t.Errorf("%s: %v", what, err)
		return
	}
	raw, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		t.Errorf("%s: reading the answer: %v", what, err)
		return
	}
	took := time.Since(start)
	if resp.StatusCode >= 500 {
		t.Errorf("%s: %d %s", what, resp.StatusCode, raw)
		return
	}
	if hr.want400 && resp.StatusCode != http.StatusBadRequest {
		t.Errorf("%s: want 400, got %d %s", what, resp.StatusCode, raw)
	}
	var env struct {
		Success *bool   `json:"success"`
		Code    *int    `json:"code"`
		Msg     *string `json:"msg"`
	}
	if err := json.Unmarshal(raw, &env); err != nil || env.Success == nil || env.Code == nil || env.Msg == nil {
		t.Errorf("%s: %d, not the envelope: %.200s", what, resp.StatusCode, raw)
		return
	}
	if *env.Code != resp.StatusCode {
		t.Errorf("%s: code %d repeats not the status %d", what, *env.Code, resp.StatusCode)
	}
	if took > answerLimit {
		t.Errorf("%s: answered in %s", what, took)
	}
}

// Hostile values: NUL and bidi controls, path traversal, and text far longer than any field.
var (
	nulAndBidi      = "a\x00b\u202egnp.exe\u2066c"
	traversals      = []string{"..", "%2e%2e", "..%2f..%2fetc%2fpasswd", "%2e%2e%5c%2e%2e", "%00", "%E2%80%AE", "a%20b", "%FF%FE"}
	longText        = strings.Repeat("x", 5000)
	hugeBody        = append(append([]byte(`{"x":"`), bytes.Repeat([]byte("a"), 2<<20)...), '"', '}')
	deeplyNested    = bytes.Repeat([]byte("["), 200_000)
	malformedBodies = map[string][]byte{
		"truncated JSON": []byte(`{"a":`),
		"not JSON":       []byte(`garbage`),
		"a JSON string":  []byte(`"text"`),
		"JSON null":      []byte(`null`),
		"an array":       []byte(`[1,2,3]`),
		"empty":          nil,
	}
)

// hostileRequests lists the requests of one operation: a plausible one, then each kind of
// hostile input in the part of the request where it can go.
func hostileRequests(route *routers.Route, op oapi.Operation, token string) []hostileRequest {
	header := http.Header{"Lang": {"en"}, "Token": {token}}
	params := map[string]*openapi3.Parameter{}
	var pathNames, queryNames []string
	for _, p := range route.Operation.Parameters {
		switch p.Value.In {
		case "path":
			pathNames = append(pathNames, p.Value.Name)
		case "query":
			queryNames = append(queryNames, p.Value.Name)
		default:
			continue
		}
		params[p.Value.Name] = p.Value
	}
	sort.Strings(queryNames)
	plainPath := map[string]string{}
	for _, name := range pathNames {
		plainPath[name] = url.PathEscape(fmt.Sprint(sample(params[name].Schema, 0)))
	}
	plainQuery := url.Values{}
	for _, name := range queryNames {
		plainQuery.Set(name, fmt.Sprint(sample(params[name].Schema, 0)))
	}
	target := func(path map[string]string, query url.Values) string {
		p := op.Path
		for name, v := range path {
			p = strings.ReplaceAll(p, "{"+name+"}", v)
		}
		if len(query) > 0 {
			p += "?" + query.Encode()
		}
		return p
	}

	jsonBody, multipart := requestBody(route)
	var plainBody []byte
	contentType := ""
	switch {
	case jsonBody != nil:
		plainBody, _ = json.Marshal(sampleOf(jsonBody, 0))
		contentType = "application/json"
	case multipart:
		contentType = "multipart/form-data; boundary=xyz"
		plainBody = []byte("--xyz\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a\x00\u202egnp.exe\"\r\nContent-Type: image/png\r\n\r\nnot a picture\r\n--xyz--\r\n")
	}
	plain := hostileRequest{name: "plausible", path: target(plainPath, plainQuery), contentType: contentType, body: plainBody, header: header}
	out := []hostileRequest{plain}
	with := func(name string, change func(*hostileRequest)) {
		r := plain
		r.name = name
		r.header = header.Clone()
		change(&r)
		out = append(out, r)
	}

	with("no token and an unknown language", func(r *hostileRequest) { r.header.Del("Token"); r.header.Set("Lang", "../../xx") })
	with("a token with NUL-like and bidi bytes", func(r *hostileRequest) { r.header.Set("Token", "\u202e"+longText) })
	for _, name := range pathNames {
		for _, v := range append(traversals, url.PathEscape(longText)) {
			with(fmt.Sprintf("path %s=%.40s", name, v), func(r *hostileRequest) {
				path := maps(plainPath)
				path[name] = v
				r.path = target(path, plainQuery)
			})
		}
	}
	for _, name := range queryNames {
		for _, v := range []string{nulAndBidi, longText, "-1", "1e309", "../../etc/passwd", "[]"} {
			with(fmt.Sprintf("query %s=%.40q", name, v), func(r *hostileRequest) {
				q := url.Values{}
				for k, vs := range plainQuery {
					q[k] = vs
				}
				q.Set(name, v)
				r.path = target(plainPath, q)
			})
		}
		with("query "+name+" twice", func(r *hostileRequest) { r.path += "&" + url.QueryEscape(name) + "=2" })
	}
	with("an undeclared query parameter", func(r *hostileRequest) {
		if strings.Contains(r.path, "?") {
			r.path += "&junk=" + url.QueryEscape(nulAndBidi)
		} else {
			r.path += "?junk=" + url.QueryEscape(nulAndBidi)
		}
	})

	if jsonBody != nil {
		for name, body := range malformedBodies {
			with("body "+name, func(r *hostileRequest) { r.body = body })
		}
		with("a body of 2 MiB", func(r *hostileRequest) { r.body = hugeBody })
		with("a body nested 200,000 deep", func(r *hostileRequest) { r.body = deeplyNested })
		with("trailing garbage after the body", func(r *hostileRequest) {
			r.body = append(append([]byte{}, plainBody...), []byte(` {"again":1}`)...)
			r.want400 = true
		})
		with("two bodies", func(r *hostileRequest) {
			r.body = append(append(append([]byte{}, plainBody...), ' '), plainBody...)
			r.want400 = true
		})
		with("a plain-text content type", func(r *hostileRequest) { r.contentType = "text/plain" })
		with("every field of the wrong type", func(r *hostileRequest) { r.body, _ = json.Marshal(wrongTypes(jsonBody)) })
		with("every text field with NUL, bidi and ..", func(r *hostileRequest) { r.body, _ = json.Marshal(hostileStrings(jsonBody, nulAndBidi+"/../..")) })
		with("every text field 5,000 characters long", func(r *hostileRequest) { r.body, _ = json.Marshal(hostileStrings(jsonBody, longText)) })
	}
	if multipart {
		with("a multipart body without its boundary", func(r *hostileRequest) { r.contentType = "multipart/form-data" })
		with("a multipart body that ends early", func(r *hostileRequest) { r.body = r.body[:len(r.body)/2] })
		with("JSON where a file is expected", func(r *hostileRequest) { r.contentType, r.body = "application/json", []byte(`{"file":1}`) })
	}
	return out
}

func maps(m map[string]string) map[string]string {
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// requestBody is the JSON schema of the operation's body, or whether it takes a multipart body.
func requestBody(route *routers.Route) (*openapi3.Schema, bool) {
	rb := route.Operation.RequestBody
	if rb == nil || rb.Value == nil {
		return nil, false
	}
	if mt := rb.Value.Content.Get("application/json"); mt != nil && mt.Schema != nil {
		return mt.Schema.Value, false
	}
	return nil, rb.Value.Content.Get("multipart/form-data") != nil
}

// sample is a plausible value of schema s: its example or first enum value where it has one,
// else the smallest value of its type with every required property.
func sample(ref *openapi3.SchemaRef, depth int) any {
	if ref == nil || ref.Value == nil || depth > 8 {
		return "x"
	}
	return sampleOf(ref.Value, depth)
}

func sampleOf(s *openapi3.Schema, depth int) any {
	switch {
	case s.Example != nil:
		return s.Example
	case len(s.Enum) > 0:
		return s.Enum[0]
	case len(s.OneOf) > 0:
		return sample(s.OneOf[0], depth+1)
	case len(s.AnyOf) > 0:
		return sample(s.AnyOf[0], depth+1)
	case len(s.AllOf) > 0:
		merged := map[string]any{}
		for _, part := range s.AllOf {
			if m, ok := sample(part, depth+1).(map[string]any); ok {
				for k, v := range m {
					merged[k] = v
				}
			}
		}
		return merged
	}
	switch {
	case s.Type.Is("object"):
		m := map[string]any{}
		for _, name := range s.Required {
			m[name] = sample(s.Properties[name], depth+1)
		}
		return m
	case s.Type.Is("array"):
		return []any{sample(s.Items, depth+1)}
	case s.Type.Is("integer"), s.Type.Is("number"):
		if s.Min != nil {
			return *s.Min
		}
		return 1
	case s.Type.Is("boolean"):
		return true
	}
	if s.MinLength > 0 {
		return strings.Repeat("a", int(s.MinLength))
	}
	return "abc"
}

// wrongTypes is an object with every property of s given a value of another type.
func wrongTypes(s *openapi3.Schema) map[string]any {
	out := map[string]any{}
	for name, p := range allProperties(s) {
		switch {
		case p.Type.Is("string"):
			out[name] = 12345
		case p.Type.Is("integer"), p.Type.Is("number"):
			out[name] = "one"
		case p.Type.Is("boolean"):
			out[name] = "yes"
		case p.Type.Is("array"):
			out[name] = map[string]any{"not": "a list"}
		default:
			out[name] = []any{nil}
		}
	}
	return out
}

// hostileStrings is the plausible object of s with every text property set to text.
func hostileStrings(s *openapi3.Schema, text string) map[string]any {
	out, _ := sampleOf(s, 0).(map[string]any)
	if out == nil {
		out = map[string]any{}
	}
	for name, p := range allProperties(s) {
		if p.Type.Is("string") || p.Type == nil {
			out[name] = text
		}
	}
	return out
}

// allProperties are the properties of s, also those its allOf parts declare.
func allProperties(s *openapi3.Schema) map[string]*openapi3.Schema {
	out := map[string]*openapi3.Schema{}
	for name, p := range s.Properties {
		if p.Value != nil {
			out[name] = p.Value
		}
	}
	for _, part := range s.AllOf {
		if part.Value != nil {
			for name, p := range allProperties(part.Value) {
				out[name] = p
			}
		}
	}
	return out
}

// TestLeadsAgainstBotsAndFloods sends leads as a bot and a flood would: from one address, under
// one e-mail address, with the trap field filled, with no, forged, wrong, expired and replayed
// proofs of work. Each is refused with an envelope (never a success that drops the lead), and
// only accepted leads reach the CRM, once each.
func TestLeadsAgainstBotsAndFloods(t *testing.T) {
	overseas := func(i int, email string) string {
		return fmt.Sprintf(`{"userName":"Visitor %d","phone":"+49 151 2345678","email":%q,"companyName":"Schmidt GmbH","industry":["automotive"],"companyType":"end_user","comment":"Palletising cell %d","country":"DE","sourcePage":"/de/productList"}`, i, email, i)
	}

	t.Run("a 31st enquiry from one address within the hour is refused with Retry-After", func(t *testing.T) {
		f := newCRMFixture(t)
		for i := range 30 {
			resp, env := f.call(t, "POST", "/crm/addOverseasSaleClue", overseas(i, fmt.Sprintf("visitor%d@example.de", i)), "lang", "en")
			require.Equal(t, http.StatusOK, resp.StatusCode, "enquiry %d: %s", i+1, env.Msg)
		}
		resp, env := f.call(t, "POST", "/crm/addOverseasSaleClue", overseas(30, "visitor30@example.de"), "lang", "de")
		require.Equal(t, http.StatusTooManyRequests, resp.StatusCode)
		require.Equal(t, "lead.too_many", env.ErrorKey)
		require.Equal(t, "Zu viele Anfragen aus Ihrem Netzwerk oder von Ihrer E-Mail-Adresse. Bitte versuchen Sie es später erneut.", env.Msg)
		retry, err := time.ParseDuration(resp.Header.Get("Retry-After") + "s")
		require.NoError(t, err)
		require.Greater(t, retry, 59*time.Minute, "the first of the hour's leads leaves the window in an hour")
		clues, _ := f.stored(t)
		require.Len(t, clues, 30, "the refused one never reached the CRM")
	})

	t.Run("a sixth enquiry under one e-mail address within the hour is refused; another address is not", func(t *testing.T) {
		f := newCRMFixture(t)
		var last string
		for i := range 5 {
			last = solvedProof(t, f.bff.URL)
			resp, env := f.call(t, "POST", "/crm/addOverseasSaleClue", overseas(i, "Anna@Example.de"), "Idempotency-Key", fmt.Sprintf("email-limit-%d", i), "X-Lead-Proof", last)
			require.Equal(t, http.StatusOK, resp.StatusCode, env.Msg)
		}
		// The same submission again (its key and proof) is answered as the first time, neither
		// counted nor refused, though the e-mail address has no room left.
		resp, again := f.call(t, "POST", "/crm/addOverseasSaleClue", overseas(4, "Anna@Example.de"), "Idempotency-Key", "email-limit-4", "X-Lead-Proof", last)
		require.Equal(t, http.StatusOK, resp.StatusCode, again.Msg)
		_, dup, _ := receipt(t, again)
		require.True(t, dup)
		resp, env := f.call(t, "POST", "/crm/addOverseasSaleClue", overseas(5, "anna@example.DE"), "lang", "en")
		require.Equal(t, http.StatusTooManyRequests, resp.StatusCode)
		require.Equal(t, "lead.too_many", env.ErrorKey)
		require.NotEmpty(t, resp.Header.Get("Retry-After"))
		resp, _ = f.call(t, "POST", "/crm/addOverseasSaleClue", overseas(6, "ben@example.de"))
		require.Equal(t, http.StatusOK, resp.StatusCode, "a colleague at the same address")
		clues, _ := f.stored(t)
		require.Len(t, clues, 6)
	})

	t.Run("a form record is limited under its e-mail or phone field", func(t *testing.T) {
		f := newCRMFixture(t, func(d *httpapi.Deps) {
			d.LeadLimits = &leads.Limits{PerEmail: []ratelimit.Rule{{Limit: 1, Window: time.Hour}}}
		})
		resp, _ := f.call(t, "POST", "/api/customFormRecord", cooperation)
		require.Equal(t, http.StatusOK, resp.StatusCode)
		resp, env := f.call(t, "POST", "/api/customFormRecord", strings.Replace(cooperation, "王经理", "李经理", 1))
		require.Equal(t, http.StatusTooManyRequests, resp.StatusCode, "the same phone number")
		require.Equal(t, "lead.too_many", env.ErrorKey)
	})

	t.Run("a filled trap field is refused openly and nothing reaches the CRM", func(t *testing.T) {
		f := newCRMFixture(t)
		for _, path := range []string{"/crm/addSaleClue", "/api/customFormRecord"} {
			body := chineseLead
			if path == "/api/customFormRecord" {
				body = cooperation
			}
			resp, env := f.call(t, "POST", path, body, "X-Lead-Trap", "https://spam.example", "lang", "en")
			require.Equal(t, http.StatusBadRequest, resp.StatusCode, path)
			require.Equal(t, "lead.refused", env.ErrorKey)
			require.False(t, env.Success)
			require.Contains(t, env.Msg, "not accepted")
		}
		clues, records := f.stored(t)
		require.Empty(t, clues)
		require.Empty(t, records)
	})

	t.Run("a missing, unreadable, forged, wrong, expired or replayed proof is refused", func(t *testing.T) {
		clock := &stoppedClock{}
		f := newCRMFixture(t, func(d *httpapi.Deps) { d.Clock = clock.Now })
		proof := solvedProof(t, f.bff.URL)
		var solution leads.Solution
		raw, err := base64.StdEncoding.DecodeString(proof)
		require.NoError(t, err)
		require.NoError(t, json.Unmarshal(raw, &solution))
		tampered := func(change func(*leads.Solution)) string {
			s := solution
			change(&s)
			out, err := json.Marshal(s)
			require.NoError(t, err)
			return base64.StdEncoding.EncodeToString(out)
		}
		for _, c := range []struct{ name, proof string }{
			{"missing", " "},
			{"not base64", "%%%"},
			{"not ALTCHA's payload", base64.StdEncoding.EncodeToString([]byte(`[1,2]`))},
			{"signed with another key", tampered(func(s *leads.Solution) { s.Signature = strings.Repeat("ab", 32) })},
			{"a wrong number", tampered(func(s *leads.Solution) { s.Number++ })},
			{"another salt, so another expiry", tampered(func(s *leads.Solution) { s.Salt = "00?expires=9999999999" })},
		} {
			resp, env := f.call(t, "POST", "/crm/addSaleClue", chineseLead, "X-Lead-Proof", c.proof, "lang", "en")
			require.Equal(t, http.StatusBadRequest, resp.StatusCode, c.name)
			require.Equal(t, "lead.proof_invalid", env.ErrorKey, c.name)
		}

		resp, env := f.call(t, "POST", "/crm/addSaleClue", chineseLead, "X-Lead-Proof", proof, "Idempotency-Key", "proof-key-1")
		require.Equal(t, http.StatusOK, resp.StatusCode, env.Msg)
		_, again := f.call(t, "POST", "/crm/addSaleClue", chineseLead, "X-Lead-Proof", proof, "Idempotency-Key", "proof-key-1")
		_, dup, _ := receipt(t, again)
		require.True(t, dup, "the same submission sent again with its proof gets the first answer")
		other := strings.Replace(chineseLead, "张先生", "王先生", 1)
		resp, env = f.call(t, "POST", "/crm/addSaleClue", other, "X-Lead-Proof", proof, "Idempotency-Key", "proof-key-2")
		require.Equal(t, http.StatusBadRequest, resp.StatusCode, "a spent proof on another submission")
		require.Equal(t, "lead.proof_invalid", env.ErrorKey)
		resp, _ = f.call(t, "POST", "/crm/addSaleClue", other, "X-Lead-Proof", proof)
		require.Equal(t, http.StatusBadRequest, resp.StatusCode, "a spent proof without a key")

		late := solvedProof(t, f.bff.URL)
		clock.Set(time.Now().Add(leads.DefaultProofTTL + time.Second))
		resp, env = f.call(t, "POST", "/crm/addSaleClue", other, "X-Lead-Proof", late)
		require.Equal(t, http.StatusBadRequest, resp.StatusCode, "an expired proof")
		require.Equal(t, "lead.proof_invalid", env.ErrorKey)

		clues, _ := f.stored(t)
		require.Len(t, clues, 1, "the one valid lead reached the CRM once")
	})

	t.Run("the challenge is never cached and carries ALTCHA's fields", func(t *testing.T) {
		f := newCRMFixture(t)
		resp, env := f.call(t, "GET", "/api/leads/challenge", "")
		require.Equal(t, http.StatusOK, resp.StatusCode)
		require.Equal(t, "no-store", resp.Header.Get("Cache-Control"))
		var c leads.Challenge
		require.NoError(t, json.Unmarshal(env.Data, &c))
		require.Equal(t, "SHA-256", c.Algorithm)
		require.Regexp(t, `^[0-9a-f]{24}\?expires=\d+$`, c.Salt)
		require.Equal(t, leads.DefaultMaxNumber, c.MaxNumber)
	})
}

// The media library is read-only: a write method is answered by the BFF itself (405 with Allow,
// in the envelope) and never reaches the CMS, and a read passes on no credential of the site.
func TestHostileMediaMethodsAndCredentialsStayAtTheBFF(t *testing.T) {
	var mu sync.Mutex
	var seen []*http.Request
	cms := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.Clone(r.Context()))
		mu.Unlock()
		w.Header().Set("Content-Type", "image/svg+xml")
		_, _ = w.Write([]byte("<svg/>"))
	}))
	t.Cleanup(cms.Close)
	base, _ := url.Parse(cms.URL)
	h, err := httpapi.NewServer(httpapi.Deps{
		Spec: mustServingSpec(t), Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Timeout: 5 * time.Second, LongTimeout: 5 * time.Second, Media: base,
	})
	require.NoError(t, err)
	bff := httptest.NewServer(h)
	t.Cleanup(bff.Close)
	client := &http.Client{Timeout: answerLimit}

	for _, method := range []string{"DELETE", "PUT", "POST", "PATCH", "OPTIONS", "TRACE"} {
		req, _ := http.NewRequest(method, bff.URL+"/cms-assets/banners/home-zu.svg", strings.NewReader("x"))
		resp, err := client.Do(req)
		require.NoError(t, err, method)
		raw, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		require.Equal(t, http.StatusMethodNotAllowed, resp.StatusCode, "%s: %s", method, raw)
		require.Equal(t, "GET, HEAD", resp.Header.Get("Allow"), method)
		require.Contains(t, string(raw), `"code":405`, method)
	}
	mu.Lock()
	require.Empty(t, seen, "no write method reached the CMS")
	mu.Unlock()

	req, _ := http.NewRequest("GET", bff.URL+"/cms-assets/banners/home-zu.svg", nil)
	for name, value := range map[string]string{
		"preview": "v1.a.b", "token": "session", "Cookie": "lang=en; sid=1", "Authorization": "Bearer x",
		"X-Preview-Token": "v1.a.b", "X-CMS-Preview-Token": "v1.a.b", "Proxy-Authorization": "Basic eA==",
	} {
		req.Header.Set(name, value)
	}
	resp, err := client.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	mu.Lock()
	defer mu.Unlock()
	require.Len(t, seen, 1)
	for _, name := range []string{"preview", "token", "Cookie", "Authorization", "X-Preview-Token", "X-CMS-Preview-Token", "Proxy-Authorization"} {
		require.Empty(t, seen[0].Header.Values(name), "%s reached the CMS", name)
	}
}

// dotSegments are the path parameter values that would move an upstream request built from them
// to another resource: dot segments and slashes, plain and percent-encoded.
var dotSegments = []string{".", "..", "%2e", "%2e%2e", "%2E%2E", ".%2e", "%2e.", "a%2fb", "a%2Fb", "..%2f..%2fsite", "a%5cb", "%5c"}

// Every path parameter of every operation refuses dot segments and slashes with 400 and the
// envelope naming the parameter, before anything reaches a legacy system.
func TestHostileDotSegmentsInEveryPathParameterAre400(t *testing.T) {
	f := newHostileFixture(t)
	token := f.login(t)
	count := 0
	for _, op := range f.spec.Operations() {
		route, ok := f.spec.Route(op.Method, op.Path)
		require.True(t, ok, op.Key())
		plain := hostileRequests(route, op, token)[0]
		for _, p := range route.Operation.Parameters {
			if p.Value.In != "path" {
				continue
			}
			for _, v := range dotSegments {
				count++
				// The plausible request's path with this parameter's value replaced.
				path := op.Path
				for _, q := range route.Operation.Parameters {
					if q.Value.In == "path" {
						value := url.PathEscape(fmt.Sprint(sample(q.Value.Schema, 0)))
						if q.Value.Name == p.Value.Name {
							value = v
						}
						path = strings.ReplaceAll(path, "{"+q.Value.Name+"}", value)
					}
				}
				what := fmt.Sprintf("%s %s", op.ID, path)
				req, _ := http.NewRequest(op.Method, f.bff.URL+"/", bytes.NewReader(plain.body))
				req.URL.Opaque = oapi.BasePath + path // sent exactly as written
				req.Header = plain.header.Clone()
				if plain.contentType != "" {
					req.Header.Set("Content-Type", plain.contentType)
				}
				resp, err := f.client.Do(req)
				require.NoError(t, err, what)
				var env envelope
				raw, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				require.NoError(t, json.Unmarshal(raw, &env), "%s: %s", what, raw)
				require.Equal(t, http.StatusBadRequest, resp.StatusCode, "%s: %s", what, raw)
				require.Equal(t, "request.invalid", env.ErrorKey, what)
				require.NotEmpty(t, env.Errors, what)
				require.Equal(t, p.Value.Name, env.Errors[0].Field, what)
				require.Equal(t, "must not be a dot segment or contain a slash", env.Errors[0].Message, what)
			}
		}
	}
	require.Greater(t, count, 100)
}

// A dealer's name of dot segments never reaches the CMS, and a CMS that answers a lookup with a
// redirect is not followed: the redirect is a failure of the CMS (502), whatever it points at.
func TestHostileDealerLookupNeitherWalksNorFollowsRedirects(t *testing.T) {
	var mu sync.Mutex
	var calls []string
	cms := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		calls = append(calls, r.URL.EscapedPath())
		mu.Unlock()
		if strings.HasPrefix(r.URL.Path, "/cms/v2/dealers/by-name/") {
			http.Redirect(w, r, "/cms/v2/site", http.StatusFound)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"secret":"the whole site"}`))
	}))
	t.Cleanup(cms.Close)
	base, _ := url.Parse(cms.URL)
	h, err := httpapi.NewServer(httpapi.Deps{
		Spec: mustServingSpec(t), Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Content: content.New(upstream.Client{System: "content", BaseURL: base}),
		Timeout: 5 * time.Second, LongTimeout: 5 * time.Second,
	})
	require.NoError(t, err)
	bff := httptest.NewServer(h)
	t.Cleanup(bff.Close)

	for _, name := range []string{"..", "%2e%2e", "a%2f..%2f..%2fsite"} {
		resp := rawGet(t, bff.URL, oapi.BasePath+"/api/service/validateDealer/"+name)
		require.Equal(t, http.StatusBadRequest, resp.StatusCode, name)
	}
	mu.Lock()
	require.Empty(t, calls, "no dot segment reached the CMS")
	mu.Unlock()

	resp := rawGet(t, bff.URL, oapi.BasePath+"/api/service/validateDealer/JAKA%20Partner%20Ltd")
	require.Equal(t, http.StatusBadGateway, resp.StatusCode, "a redirect is no answer")
	mu.Lock()
	defer mu.Unlock()
	require.Equal(t, []string{"/cms/v2/dealers/by-name/JAKA%20Partner%20Ltd"}, calls, "the redirect was not followed")
}

// Every answer of a personal operation of the contract (one that takes a session token or is
// marked x-personal), success or failure, is for the visitor's browser only and kept by no cache.
func TestHostileEveryPersonalAnswerIsPrivateNoStore(t *testing.T) {
	f := newHostileFixture(t)
	token := f.login(t)
	// The operations without the token header that hand out a token or tell about one person:
	// the contract must mark them, or their answers could be kept by a shared cache.
	markedPersonal := map[string]bool{}
	count := 0
	for _, op := range f.spec.Operations() {
		route, ok := f.spec.Route(op.Method, op.Path)
		require.True(t, ok, op.Key())
		takesToken := false
		for _, p := range route.Operation.Parameters {
			takesToken = takesToken || p.Value.Name == "token"
		}
		marked, _ := route.Operation.Extensions["x-personal"].(bool)
		if marked {
			markedPersonal[op.ID] = true
		}
		if !takesToken && !marked {
			continue
		}
		plain := hostileRequests(route, op, token)[0]
		failing := plain
		failing.header = plain.header.Clone()
		if takesToken {
			failing.header.Set("Token", "no-such-session")
		} else {
			failing.body = []byte(`{"truncated":`)
		}
		for _, hr := range []hostileRequest{plain, failing} {
			count++
			req, _ := http.NewRequest(op.Method, f.bff.URL+oapi.BasePath+hr.path, bytes.NewReader(hr.body))
			req.Header = hr.header.Clone()
			if hr.contentType != "" {
				req.Header.Set("Content-Type", hr.contentType)
			}
			resp, err := f.client.Do(req)
			require.NoError(t, err, op.ID)
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			require.Equal(t, "private, no-store", resp.Header.Get("Cache-Control"), "%s answered %d", op.ID, resp.StatusCode)
		}
	}
	for _, id := range []string{
		"phonePasswordLogin", "phoneCodeLogin", "emailPasswordLogin", "emailCodeLogin", "phoneRegister", "emailRegister",
		"overseasEmailRegister", "phoneResetPass", "emailResetPass", "thirdPartyLogin", "thirdPartyAuthorize", "wxCode",
		"inspectUserIsExit", "phoneVerificationCode", "emailVerificationCode",
	} {
		require.True(t, markedPersonal[id], "%s hands out a token or tells about someone: x-personal", id)
	}
	require.Greater(t, count, 40)
}

// junkRenderer is a page renderer after the renderer's contract whose pages below /en/junk do
// not exist (a public 404), and that counts its renders and the origins it was asked for.
type junkRenderer struct {
	*httptest.Server
	mu      sync.Mutex
	renders int
	origins []string
}

func newJunkRenderer(t *testing.T) *junkRenderer {
	rd := &junkRenderer{}
	rd.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rd.mu.Lock()
		rd.renders++
		rd.origins = append(rd.origins, r.Header.Get("X-Site-Origin"))
		rd.mu.Unlock()
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "public, max-age=60")
		w.Header().Set("Server-Timing", "render;dur=12, data;dur=40")
		if strings.HasPrefix(r.URL.Path, "/en/junk") {
			w.WriteHeader(http.StatusNotFound)
		}
		fmt.Fprintf(w, "<!doctype html><link rel=canonical href=%q><p>%s</p>%s", r.Header.Get("X-Site-Origin")+r.URL.Path, r.URL.RequestURI(), strings.Repeat("robot ", 2000))
	}))
	t.Cleanup(rd.Close)
	return rd
}

func (rd *junkRenderer) count() (int, []string) {
	rd.mu.Lock()
	defer rd.mu.Unlock()
	return rd.renders, append([]string(nil), rd.origins...)
}

// getAs sends a GET of path with Host host and, when client is set, X-Forwarded-For client.
func getAs(t *testing.T, base, path, host, client string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", base+path, nil)
	req.Host = host
	if client != "" {
		req.Header.Set("X-Forwarded-For", client)
	}
	resp, err := (&http.Client{Timeout: answerLimit}).Do(req)
	require.NoError(t, err, path)
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(raw)
}

// A Host header that is not the site's (without SITE_ORIGINS: not this machine) makes no render,
// no cache entry and no link naming it; robots.txt does not name it either.
func TestHostileMadeUpHostsNeitherRenderNorFillThePageCache(t *testing.T) {
	rd := newJunkRenderer(t)
	pageCache := cache.NewBounded(pages.DefaultMaxBytes, time.Minute)
	f := newFixtureWith(t, 5*time.Second, func(d *httpapi.Deps) {
		d.Renderer, _ = url.Parse(rd.URL)
		d.PageCache = pageCache
	})
	for i := range 20 {
		host := fmt.Sprintf("evil-%d.example", i)
		status, body := getAs(t, f.bff.URL, "/en/productList", host, "")
		require.Equal(t, http.StatusOK, status, host)
		require.NotContains(t, body, host, "the page names no made-up host")
		status, body = getAs(t, f.bff.URL, "/robots.txt", host, "")
		require.Equal(t, http.StatusOK, status)
		require.NotContains(t, body, host, "robots.txt names no made-up host")
		require.Contains(t, body, "Sitemap: /sitemap.xml")
	}
	renders, origins := rd.count()
	require.Zero(t, renders, "no render for a made-up host: %v", origins)
	require.Zero(t, pageCache.Len(), "no cache entry for a made-up host")

	// This machine's own host is the site's: rendered once and cached.
	host := strings.TrimPrefix(f.bff.URL, "http://")
	for range 2 {
		status, body := getAs(t, f.bff.URL, "/en/productList", host, "")
		require.Equal(t, http.StatusOK, status)
		require.Contains(t, body, "http://"+host+"/en/productList")
	}
	renders, _ = rd.count()
	require.Equal(t, 1, renders)
	require.Equal(t, 1, pageCache.Len())
}

// Pages that do not exist are kept apart from the site's pages: a flood of made-up paths fills
// only the tail of the page cache (with its own metrics) and the site's pages stay cached.
func TestHostileNotFoundPagesNeverEvictTheSitesPages(t *testing.T) {
	rd := newJunkRenderer(t)
	pageCache := cache.NewBounded(1<<20, time.Minute) // the smallest PAGE_CACHE_MAX_BYTES
	f := newFixtureWith(t, 5*time.Second, func(d *httpapi.Deps) {
		d.Renderer, _ = url.Parse(rd.URL)
		d.PageCache = pageCache
		d.PageLimits = &pages.Limits{} // no limit: the bound alone is under test here
	})
	host := strings.TrimPrefix(f.bff.URL, "http://")
	status, _ := getAs(t, f.bff.URL, "/en/productList", host, "")
	require.Equal(t, http.StatusOK, status)
	for i := range 300 {
		status, _ := getAs(t, f.bff.URL, fmt.Sprintf("/en/junk-%d", i), host, "")
		require.Equal(t, http.StatusNotFound, status)
	}
	require.Equal(t, 1, pageCache.Len(), "only the site's page is in the page cache")
	before, _ := rd.count()
	status, _ = getAs(t, f.bff.URL, "/en/productList", host, "")
	require.Equal(t, http.StatusOK, status)
	after, _ := rd.count()
	require.Equal(t, before, after, "the site's page is still cached")
	// A not-found page is cached too, in the tail.
	status, _ = getAs(t, f.bff.URL, "/en/junk-299", host, "")
	require.Equal(t, http.StatusNotFound, status)
	again, _ := rd.count()
	require.Equal(t, after, again)

	_, metricsText := getAs(t, f.admin.URL, "/metrics", strings.TrimPrefix(f.admin.URL, "http://"), "")
	require.Contains(t, metricsText, "bff_page_tail_cache_entries")
	require.Contains(t, metricsText, "bff_page_tail_cache_evictions_total")
}

// Renders of made-up pages (not found, or with a query) are limited per client address: past the
// limit the client gets the client-rendered app, with no render and no entry, while renders of
// the site's pages are never counted and other clients are not affected.
func TestHostileRendersOfMadeUpPagesAreLimitedPerClient(t *testing.T) {
	rd := newJunkRenderer(t)
	pageCache := cache.NewBounded(pages.DefaultMaxBytes, time.Minute)
	f := newFixtureWith(t, 5*time.Second, func(d *httpapi.Deps) {
		d.Renderer, _ = url.Parse(rd.URL)
		d.PageCache = pageCache
		d.PageLimits = &pages.Limits{PerIP: []ratelimit.Rule{{Limit: 5, Window: time.Minute}}}
		d.AccountLimits = &ratelimit.Limits{TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}}
	})
	host := strings.TrimPrefix(f.bff.URL, "http://")
	// The site's pages, however many, are not counted.
	for _, p := range []string{"/en/productList", "/en/about", "/en/news", "/en/case", "/en/service", "/en/contact", "/en/join", "/en/download"} {
		status, _ := getAs(t, f.bff.URL, p, host, "203.0.113.7")
		require.Equal(t, http.StatusOK, status, p)
	}
	// Made-up pages are, up to the limit.
	for i := range 5 {
		status, _ := getAs(t, f.bff.URL, fmt.Sprintf("/en/news?q=junk-%d", i), host, "203.0.113.7")
		require.Equal(t, http.StatusOK, status)
	}
	renders, _ := rd.count()
	require.Equal(t, 13, renders)
	for i := range 20 {
		status, body := getAs(t, f.bff.URL, fmt.Sprintf("/en/junk-%d", i), host, "203.0.113.7")
		require.Equal(t, http.StatusOK, status)
		require.Equal(t, "<!doctype html><title>site</title>", body, "past the limit: the client-rendered app")
	}
	renders, _ = rd.count()
	require.Equal(t, 13, renders, "no render past the limit")
	// Cached pages are still served to that client, and another client still gets renders.
	_, body := getAs(t, f.bff.URL, "/en/about", host, "203.0.113.7")
	require.Contains(t, body, "/en/about")
	status, _ := getAs(t, f.bff.URL, "/en/junk-1", host, "198.51.100.9")
	require.Equal(t, http.StatusNotFound, status)
	renders, _ = rd.count()
	require.Equal(t, 14, renders)

	_, metricsText := getAs(t, f.admin.URL, "/metrics", strings.TrimPrefix(f.admin.URL, "http://"), "")
	require.Contains(t, metricsText, `bff_render_fallbacks_total{reason="limit"} 20`)
}

// previewLinkToken asks the CMS for an editor's preview link of page, as its preview button does,
// and returns the link's token.
func previewLinkToken(t *testing.T, cmsURL, page string) string {
	t.Helper()
	resp, err := http.Post(cmsURL+"/__admin/preview-links", "application/json",
		strings.NewReader(`{"path": "`+page+`", "editor": "li.na@jaka.com"}`))
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusCreated, resp.StatusCode)
	var link struct{ Token string }
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&link))
	return link.Token
}

// A preview token opens the page it was issued for: the link of news 38 shows no other draft,
// neither news 40 nor the drafts in lists or on other pages; each draft needs its own page's link.
func TestHostilePreviewTokensOpenOnlyTheirPage(t *testing.T) {
	f := newFixture(t, 5*time.Second)
	news38 := previewLinkToken(t, f.cmsURL, "/en/preview/newsDetail/38")
	news40 := previewLinkToken(t, f.cmsURL, "/preview/newsDetail/40")
	newsList := previewLinkToken(t, f.cmsURL, "/en/preview/news")
	investment := previewLinkToken(t, f.cmsURL, "/en/preview/investment")
	read := func(path, token string) (int, string) {
		req, _ := http.NewRequest("GET", f.bff.URL+oapi.BasePath+path, nil)
		req.Header.Set("lang", "en")
		req.Header.Set("preview", token)
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		defer resp.Body.Close()
		raw, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(raw)
	}
	const draftNews, draftAnnouncement = "/api/news/getNewsDetail/2/40", "/api/common/getDetails/303/3035"
	const newsOfType2 = "/api/news/newsList?typeId=2&pageNum=1&pageSize=50"

	status, _ := read(draftNews, news38)
	require.Equal(t, http.StatusNotFound, status, "the link of news 38 does not open the draft of news 40")
	status, _ = read(draftAnnouncement, news38)
	require.Equal(t, http.StatusNotFound, status, "nor a draft of another page")
	_, list := read(newsOfType2, news38)
	require.NotContains(t, list, `"id":40,`, "nor a draft in a list")

	status, _ = read(draftNews, news40)
	require.Equal(t, http.StatusOK, status, "the link of news 40 opens it")
	status, _ = read(draftAnnouncement, news40)
	require.Equal(t, http.StatusNotFound, status, "and nothing else")

	_, list = read(newsOfType2, newsList)
	require.Contains(t, list, `"id":40,`, "the news list's link shows the draft in the list")
	status, _ = read(draftNews, newsList)
	require.Equal(t, http.StatusNotFound, status, "not the item's own page, which has links of its own")
	status, _ = read(draftAnnouncement, investment)
	require.Equal(t, http.StatusOK, status, "a page's link opens the drafts the page reads")
}

// The mini-program's SDK may load scripts inside the mini-program only: every other visitor's
// page allows the site's own scripts alone, and pages vary by User-Agent. The renderer's
// Server-Timing never reaches a visitor.
func TestHostilePagesAllowTheMiniProgramSDKOnlyInsideIt(t *testing.T) {
	rd := newJunkRenderer(t)
	f := newFixtureWith(t, 5*time.Second, func(d *httpapi.Deps) { d.Renderer, _ = url.Parse(rd.URL) })
	page := func(path, ua string) *http.Response {
		req, _ := http.NewRequest("GET", f.bff.URL+path, nil)
		req.Header.Set("User-Agent", ua)
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp
	}
	browser := "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0"
	inside := "Mozilla/5.0 (iPhone) MicroMessenger/8.0.50 miniProgram/wx123"
	for _, path := range []string{"/en/productList", "/en/login"} {
		resp := page(path, browser)
		require.NotContains(t, resp.Header.Get("Content-Security-Policy"), "res.wx.qq.com", path)
		require.Empty(t, resp.Header.Get("Server-Timing"), path)
		resp = page(path, inside)
		require.Contains(t, resp.Header.Get("Content-Security-Policy"), "script-src 'self' https://res.wx.qq.com", path)
	}
	require.Contains(t, page("/en/productList", browser).Header.Get("Vary"), "User-Agent")
}
