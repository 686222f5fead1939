package httpapi_test

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/httpapi"
	"github.com/jakarobotics/website/bff/internal/ratelimit"
)

const vitalsPath = "/prod-api/bff/vitals"

// newVitalsFixture is a BFF without legacy systems, which is all the field measurements need,
// with the field measurements limited to perIP per client address and 127.0.0.1 trusted as a
// proxy (so that a test can speak for other addresses with X-Forwarded-For).
func newVitalsFixture(t *testing.T, perIP ...ratelimit.Rule) *fixture {
	t.Helper()
	limits := ratelimit.DefaultLimits()
	limits.VitalsPerIP = perIP
	limits.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}
	h, err := httpapi.NewServer(httpapi.Deps{
		Spec: mustServingSpec(t), Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Timeout: time.Second, LongTimeout: time.Second, AccountLimits: &limits,
	})
	require.NoError(t, err)
	f := &fixture{bff: httptest.NewServer(h), admin: httptest.NewServer(h.Admin), spec: mustWholeSpec(t)}
	t.Cleanup(f.bff.Close)
	t.Cleanup(f.admin.Close)
	return f
}

func TestAFieldMeasurementIsRecordedByRouteLanguageAndDevice(t *testing.T) {
	f := newVitalsFixture(t, ratelimit.Rule{Limit: 60, Window: time.Minute})
	resp, env := f.call(t, "POST", vitalsPath,
		`{"route":"/productDetails/:id","lang":"jp","device":"phone","lcp":2300,"lcpElement":"image","inp":180,"cls":0.12,"fcp":1200,"ttfb":450}`)
	require.Equal(t, http.StatusOK, resp.StatusCode, env.Msg)
	assert.True(t, env.Success)
	assert.Equal(t, "null", string(env.Data))
	assert.Equal(t, "no-store", resp.Header.Get("Cache-Control"))
	assert.Empty(t, resp.Header.Values("Set-Cookie"))

	metrics := scrape(t, f.admin.URL)
	labels := `device="phone",lang="jp",route="/productDetails/:id"`
	for _, line := range []string{
		// 2.3 s: good (≤ 2.5 s), above 2 s.
		`bff_web_vitals_lcp_seconds_bucket{` + labels + `,le="2"} 0`,
		`bff_web_vitals_lcp_seconds_bucket{` + labels + `,le="2.5"} 1`,
		`bff_web_vitals_lcp_seconds_sum{` + labels + `} 2.3`,
		// 180 ms: good (≤ 200 ms).
		`bff_web_vitals_inp_seconds_bucket{` + labels + `,le="0.15"} 0`,
		`bff_web_vitals_inp_seconds_bucket{` + labels + `,le="0.2"} 1`,
		// 0.12: needs improvement (above 0.1, up to 0.25).
		`bff_web_vitals_cls_bucket{` + labels + `,le="0.1"} 0`,
		`bff_web_vitals_cls_bucket{` + labels + `,le="0.15"} 1`,
		`bff_web_vitals_fcp_seconds_count{` + labels + `} 1`,
		`bff_web_vitals_ttfb_seconds_bucket{` + labels + `,le="0.4"} 0`,
		`bff_web_vitals_ttfb_seconds_bucket{` + labels + `,le="0.6"} 1`,
		`bff_web_vitals_lcp_elements_total{device="phone",element="image",route="/productDetails/:id"} 1`,
	} {
		assert.Contains(t, metrics, line+"\n")
	}

	// A page hidden before any interaction reports no INP: the other histograms count it alone.
	resp, env = f.call(t, "POST", vitalsPath, `{"route":"/productDetails/:id","lang":"jp","device":"phone","ttfb":300}`)
	require.Equal(t, http.StatusOK, resp.StatusCode, env.Msg)
	metrics = scrape(t, f.admin.URL)
	assert.Contains(t, metrics, `bff_web_vitals_ttfb_seconds_count{`+labels+`} 2`+"\n")
	assert.Contains(t, metrics, `bff_web_vitals_inp_seconds_count{`+labels+`} 1`+"\n")
}

func TestABadFieldMeasurementIsRefusedAndRecordsNothing(t *testing.T) {
	f := newVitalsFixture(t, ratelimit.Rule{Limit: 1000, Window: time.Minute})
	for _, tc := range []struct{ name, body, field string }{
		// Shaped like a route template, which the contract lets through; the route table does not.
		{"unknown route", `{"route":"/admin","lang":"en","device":"desktop","ttfb":100}`, "route"},
		{"a page with an id, without it", `{"route":"/productDetails","lang":"en","device":"desktop","ttfb":100}`, "route"},
		{"an unknown page with an id", `{"route":"/admin/:id","lang":"en","device":"desktop","ttfb":100}`, "route"},
		{"a page's address, not its template", `{"route":"/productDetails/103","lang":"en","device":"desktop","ttfb":100}`, "route"},
		{"a query", `{"route":"/news?q=robot","lang":"en","device":"desktop","ttfb":100}`, "route"},
		{"a language prefix", `{"route":"/en/index","lang":"en","device":"desktop","ttfb":100}`, "route"},
		{"a preview page", `{"route":"/preview/index","lang":"en","device":"desktop","ttfb":100}`, "route"},
		{"unknown language", `{"route":"/index","lang":"xx","device":"desktop","ttfb":100}`, "lang"},
		{"the wire's code of Japanese, not the site's", `{"route":"/index","lang":"ja","device":"desktop","ttfb":100}`, "lang"},
		{"unknown device", `{"route":"/index","lang":"en","device":"watch","ttfb":100}`, "device"},
		{"unknown kind of LCP element", `{"route":"/index","lang":"en","device":"desktop","lcp":900,"lcpElement":"h1"}`, "lcpElement"},
		{"negative LCP", `{"route":"/index","lang":"en","device":"desktop","lcp":-1}`, "lcp"},
		{"LCP beyond a minute", `{"route":"/index","lang":"en","device":"desktop","lcp":60001}`, "lcp"},
		{"INP beyond a minute", `{"route":"/index","lang":"en","device":"desktop","inp":600000}`, "inp"},
		{"CLS beyond 10", `{"route":"/index","lang":"en","device":"desktop","cls":11}`, "cls"},
		{"fractional milliseconds", `{"route":"/index","lang":"en","device":"desktop","fcp":812.5}`, "fcp"},
		{"a number as text", `{"route":"/index","lang":"en","device":"desktop","ttfb":"100"}`, "ttfb"},
		{"an extra field", `{"route":"/index","lang":"en","device":"desktop","ttfb":100,"url":"https://www.jaka.com/index?user=1"}`, "url"},
		{"no route", `{"lang":"en","device":"desktop","ttfb":100}`, "route"},
		{"no measurement", `{"route":"/index","lang":"en","device":"desktop"}`, "body"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, env := f.call(t, "POST", vitalsPath, tc.body)
			assert.Equal(t, http.StatusBadRequest, resp.StatusCode, env.Msg)
			assert.Equal(t, "request.invalid", env.ErrorKey)
			var fields []string
			for _, e := range env.Errors {
				fields = append(fields, e.Field)
			}
			assert.Contains(t, fields, tc.field, "the refusal names the field: %+v", env.Errors)
		})
	}
	for _, body := range []string{"", "not json", `{"route":"/index"`, `[]`} {
		resp, env := f.call(t, "POST", vitalsPath, body)
		assert.Equal(t, http.StatusBadRequest, resp.StatusCode, "%q: %s", body, env.Msg)
	}
	assert.NotContains(t, scrape(t, f.admin.URL), "bff_web_vitals_", "refused reports record nothing")
}

func TestAFloodOfFieldMeasurementsFromOneAddressIsRefused(t *testing.T) {
	f := newVitalsFixture(t, ratelimit.Rule{Limit: 3, Window: time.Minute})
	report := `{"route":"/index","lang":"en","device":"desktop","ttfb":100}`
	for i := range 3 {
		resp, env := f.call(t, "POST", vitalsPath, report, "X-Forwarded-For", "203.0.113.7")
		require.Equal(t, http.StatusOK, resp.StatusCode, "report %d: %s", i+1, env.Msg)
	}
	resp, env := f.call(t, "POST", vitalsPath, report, "X-Forwarded-For", "203.0.113.7")
	assert.Equal(t, http.StatusTooManyRequests, resp.StatusCode)
	assert.Equal(t, "vitals.too_many", env.ErrorKey)
	assert.NotEmpty(t, resp.Header.Get("Retry-After"))
	assert.Equal(t, "no-store", resp.Header.Get("Cache-Control"))

	// Another address is not held back by the first one's flood.
	resp, env = f.call(t, "POST", vitalsPath, report, "X-Forwarded-For", "198.51.100.20")
	assert.Equal(t, http.StatusOK, resp.StatusCode, env.Msg)

	labels := `device="desktop",lang="en",route="/index"`
	assert.Contains(t, scrape(t, f.admin.URL), `bff_web_vitals_ttfb_seconds_count{`+labels+`} 4`+"\n", "the refused report is not counted")
}
