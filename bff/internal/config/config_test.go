package config

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestDefaultsServeTheSiteOnLoopbackWithEveryMockEmbedded(t *testing.T) {
	c, err := Load(env(nil))
	require.NoError(t, err)
	assert.Equal(t, "127.0.0.1:8080", c.Addr())
	assert.Equal(t, ".data", c.DataDir)
	assert.Equal(t, 10*time.Second, c.Timeout)
	assert.Equal(t, 60*time.Second, c.LongTimeout)
	assert.Equal(t, Upstreams, c.Embedded())
}

func TestUpstreamURLsReplaceTheirMocks(t *testing.T) {
	c, err := Load(env(map[string]string{"CONTENT_URL": "https://user:secret@cms.example.com/base", "PORT": "9000", "DATA_DIR": "/var/lib/site"}))
	require.NoError(t, err)
	assert.Equal(t, "cms.example.com", c.UpstreamURLs[Content].Host)
	assert.NotContains(t, c.Embedded(), Content)
	assert.Contains(t, c.Embedded(), CRM)
	assert.Equal(t, 9000, c.Port)
	assert.Equal(t, "/var/lib/site", c.DataDir)
	assert.NotContains(t, c.String(), "secret", "credentials never reach the start-up log")
}

func TestInvalidSettingsAreAllReported(t *testing.T) {
	_, err := Load(env(map[string]string{
		"PORT": "eighty", "UPSTREAM_TIMEOUT": "-1s", "LOG_LEVEL": "loud", "CRM_URL": "crm.internal", "LOG_JSON": "maybe",
	}))
	require.Error(t, err)
	for _, name := range []string{"PORT", "UPSTREAM_TIMEOUT", "LOG_LEVEL", "CRM_URL", "LOG_JSON"} {
		assert.Contains(t, err.Error(), name)
	}
}

func TestMockBasePortFixesTheEmbeddedMocksPorts(t *testing.T) {
	c, err := Load(env(map[string]string{"MOCK_BASE_PORT": "9101"}))
	require.NoError(t, err)
	assert.Equal(t, "127.0.0.1:9101", c.MockAddr(Content))
	assert.Equal(t, "127.0.0.1:9105", c.MockAddr(Account))
	c, err = Load(env(nil))
	require.NoError(t, err)
	assert.Equal(t, "127.0.0.1:0", c.MockAddr(Account))
	_, err = Load(env(map[string]string{"MOCK_BASE_PORT": "-3"}))
	assert.Error(t, err)
}

// productionEnv is a complete production start: every upstream's URL and every secret.
func productionEnv() map[string]string {
	m := map[string]string{
		"UPLOAD_URL_SECRET": "0123456789abcdef0123456789abcdef", "PREVIEW_SECRET": "fedcba9876543210fedcba9876543210",
		"LEAD_CHALLENGE_SECRET": "00112233445566778899aabbccddeeff",
		"CMS_WEBHOOK_SECRET":    "99887766554433221100ffeeddccbbaa",
		"RENDERER_URL":          "http://renderer.internal.example.com:9300",
	}
	for _, u := range Upstreams {
		m[u.EnvVar()] = "https://" + string(u) + ".internal.example.com"
	}
	return m
}

func TestAProductionStartWithEveryURLAndSecretLoads(t *testing.T) {
	c, err := LoadProduction(env(productionEnv()))
	require.NoError(t, err)
	assert.Empty(t, c.Embedded(), "no system is left to a stand-in")
	assert.Equal(t, "0123456789abcdef0123456789abcdef", c.UploadURLSecret)
}

func TestAProductionStartNamesEveryMissingURLAndSecretInOneError(t *testing.T) {
	_, err := LoadProduction(env(nil))
	require.Error(t, err)
	for _, u := range Upstreams {
		assert.Contains(t, err.Error(), u.EnvVar())
	}
	assert.Contains(t, err.Error(), "UPLOAD_URL_SECRET")
	assert.Contains(t, err.Error(), "PREVIEW_SECRET")
	assert.Contains(t, err.Error(), "RENDERER_URL")
	assert.Contains(t, err.Error(), "CMS_WEBHOOK_SECRET")

	for _, missing := range append([]string{"UPLOAD_URL_SECRET", "PREVIEW_SECRET", "LEAD_CHALLENGE_SECRET", "CMS_WEBHOOK_SECRET", "RENDERER_URL"}, CRM.EnvVar(), OCR.EnvVar()) {
		e := productionEnv()
		e[missing] = "  "
		_, err := LoadProduction(env(e))
		require.Error(t, err, "%s missing", missing)
		assert.Contains(t, err.Error(), missing)
		for name := range e {
			if name != missing {
				assert.NotContains(t, err.Error(), name, "%s is set", name)
			}
		}
	}

	e := productionEnv()
	e["UPLOAD_URL_SECRET"] = "secret"
	_, err = LoadProduction(env(e))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "UPLOAD_URL_SECRET: want at least 32")

	// The development binary starts stand-ins for the same settings.
	_, err = Load(env(nil))
	assert.NoError(t, err)
}

func TestHelpSaysWhichSettingsAProductionStartNeeds(t *testing.T) {
	var usage bytes.Buffer
	Usage(&usage)
	lines := map[string]string{}
	for _, l := range strings.Split(usage.String(), "\n") {
		if f := strings.Fields(l); len(f) > 0 {
			lines[f[0]] = l
		}
	}
	for _, name := range []string{"CONTENT_URL", "CRM_URL", "OCR_URL", "UPLOAD_URL_SECRET", "PREVIEW_SECRET", "CMS_WEBHOOK_SECRET", "RENDERER_URL"} {
		assert.Contains(t, lines[name], "required by bff", name)
	}
	assert.NotContains(t, lines["PORT"], "required")
}

func TestTheAdminListenerIsOnLoopbackBesideTheSite(t *testing.T) {
	c, err := Load(env(nil))
	require.NoError(t, err)
	assert.Equal(t, "127.0.0.1:9080", c.AdminAddr(), "loopback, PORT+1000")

	c, err = Load(env(map[string]string{"PORT": "0"}))
	require.NoError(t, err)
	assert.Equal(t, "127.0.0.1:0", c.AdminAddr(), "a free port beside a free port")

	c, err = Load(env(map[string]string{"PORT": "18700", "ADMIN_HOST": "10.0.0.5", "ADMIN_PORT": "9090"}))
	require.NoError(t, err)
	assert.Equal(t, "10.0.0.5:9090", c.AdminAddr())
	assert.Contains(t, c.String(), "admin_addr=10.0.0.5:9090")

	for _, bad := range []map[string]string{
		{"ADMIN_PORT": "metrics"}, {"ADMIN_PORT": "70000"}, {"PORT": "9000", "ADMIN_PORT": "9000"}, {"PORT": "65000"},
	} {
		_, err := Load(env(bad))
		require.Error(t, err, "%v", bad)
		assert.Contains(t, err.Error(), "ADMIN_PORT")
	}
}

func TestCacheMaxBytesBoundsTheContentCache(t *testing.T) {
	c, err := Load(env(nil))
	require.NoError(t, err)
	assert.EqualValues(t, 256<<20, c.CacheMaxBytes)
	assert.Contains(t, c.String(), "cache_max_bytes=268435456")
	c, err = Load(env(map[string]string{"CACHE_MAX_BYTES": "1073741824"}))
	require.NoError(t, err)
	assert.EqualValues(t, 1<<30, c.CacheMaxBytes)
	for _, bad := range []string{"256MiB", "-1", "0", "1000", "68719476737"} {
		_, err = Load(env(map[string]string{"CACHE_MAX_BYTES": bad}))
		assert.ErrorContains(t, err, "CACHE_MAX_BYTES", bad)
	}
	var usage bytes.Buffer
	Usage(&usage)
	assert.Contains(t, usage.String(), "CACHE_MAX_BYTES")
}

func TestUpstreamBreakerSetting(t *testing.T) {
	for raw, want := range map[string]Breaker{
		"failures=5,open=10s,trials=3":   {Failures: 5, OpenFor: 10 * time.Second, Trials: 3},
		" trials=1, failures=2,open=1m ": {Failures: 2, OpenFor: time.Minute, Trials: 1},
		"off":                            {Off: true},
	} {
		got, err := parseBreaker(raw)
		if err != nil || got != want {
			t.Errorf("parseBreaker(%q) = %+v, %v; want %+v", raw, got, err, want)
		}
	}
	for _, bad := range []string{"", "failures=5", "failures=0,open=1s,trials=1", "failures=5,open=1ms,trials=1", "failures=5,open=10s,trials=3,x=1", "failures=5,failures=6,open=1s,trials=1", "on"} {
		if _, err := parseBreaker(bad); err == nil {
			t.Errorf("parseBreaker(%q) accepted", bad)
		}
	}
}

// The CMS's webhook secret: at least 32 bytes when set, never printed, and in production only
// a start without it is refused (bff-dev gives the CMS stand-in's).
func TestTheCMSWebhookSecretIsLongAndNeverPrinted(t *testing.T) {
	c, err := Load(env(nil))
	require.NoError(t, err)
	assert.Empty(t, c.CMSWebhookSecret)
	assert.Contains(t, c.String(), "cms_webhook_key=unset")
	secret := "0f1e2d3c4b5a69788796a5b4c3d2e1f0"
	c, err = Load(env(map[string]string{"CMS_WEBHOOK_SECRET": " " + secret + " "}))
	require.NoError(t, err)
	assert.Equal(t, secret, c.CMSWebhookSecret)
	assert.Contains(t, c.String(), "cms_webhook_key=set")
	assert.NotContains(t, c.String(), secret)
	_, err = Load(env(map[string]string{"CMS_WEBHOOK_SECRET": "short"}))
	assert.ErrorContains(t, err, "CMS_WEBHOOK_SECRET: want at least 32 bytes")
}
