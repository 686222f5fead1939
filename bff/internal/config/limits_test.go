package config

import (
	"bytes"
	"net/netip"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/ratelimit"
)

func TestAccountLimitsDefaultToTheDocumentedValues(t *testing.T) {
	c, err := Load(env(nil))
	require.NoError(t, err)
	assert.Equal(t, 30*time.Second, c.TokenCacheTTL)
	d := ratelimit.DefaultLimits()
	assert.Equal(t, d.CodePerTarget, c.Limits.CodePerTarget)
	assert.Equal(t, d.CodePerIP, c.Limits.CodePerIP)
	assert.Equal(t, d.AttemptsPerAccount, c.Limits.AttemptsPerAccount)
	assert.Equal(t, d.LookupPerIP, c.Limits.LookupPerIP)
	assert.Empty(t, c.Limits.TrustedProxies, "X-Forwarded-For is not believed by default")
	assert.Contains(t, c.String(), "code_per_target=1/1m0s,10/24h0m0s")
}

func TestAccountLimitsAreConfigurable(t *testing.T) {
	c, err := Load(env(map[string]string{
		"TOKEN_CACHE_TTL": "0", "LIMIT_CODE_PER_TARGET": "off", "LIMIT_CODE_PER_IP": "5/10m",
		"LIMIT_ATTEMPTS_PER_ACCOUNT": "3/1h,20/24h", "LIMIT_LOOKUP_PER_IP": "OFF", "TRUSTED_PROXIES": "10.0.0.0/8, 192.0.2.1",
	}))
	require.NoError(t, err)
	assert.Zero(t, c.TokenCacheTTL, "0 turns the cache off")
	assert.Empty(t, c.Limits.CodePerTarget)
	assert.Equal(t, []ratelimit.Rule{{Limit: 5, Window: 10 * time.Minute}}, c.Limits.CodePerIP)
	assert.Equal(t, []ratelimit.Rule{{Limit: 3, Window: time.Hour}, {Limit: 20, Window: 24 * time.Hour}}, c.Limits.AttemptsPerAccount)
	assert.Empty(t, c.Limits.LookupPerIP)
	assert.Equal(t, []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("192.0.2.1/32")}, c.Limits.TrustedProxies)
}

func TestInvalidAccountLimitsAreReported(t *testing.T) {
	_, err := Load(env(map[string]string{
		"TOKEN_CACHE_TTL": "-5s", "LIMIT_CODE_PER_TARGET": "1 per minute", "LIMIT_ATTEMPTS_PER_ACCOUNT": "0/15m",
		"TRUSTED_PROXIES": "proxy.internal",
	}))
	require.Error(t, err)
	for _, name := range []string{"TOKEN_CACHE_TTL", "LIMIT_CODE_PER_TARGET", "LIMIT_ATTEMPTS_PER_ACCOUNT", "TRUSTED_PROXIES"} {
		assert.Contains(t, err.Error(), name)
	}
}

func TestUsageListsTheAccountSettings(t *testing.T) {
	var b bytes.Buffer
	Usage(&b)
	for _, name := range []string{"TOKEN_CACHE_TTL", "LIMIT_CODE_PER_TARGET", "LIMIT_CODE_PER_IP", "LIMIT_ATTEMPTS_PER_ACCOUNT", "LIMIT_LOOKUP_PER_IP", "TRUSTED_PROXIES"} {
		assert.Contains(t, b.String(), name)
	}
}

func TestSiteOrigins(t *testing.T) {
	c, err := Load(env(map[string]string{"SITE_ORIGINS": "https://www.JAKA.com, https://jaka.com/"}))
	require.NoError(t, err)
	assert.Equal(t, []string{"https://www.jaka.com", "https://jaka.com"}, c.SiteOrigins)
	for _, bad := range []string{"www.jaka.com", "https://jaka.com/login", "ftp://jaka.com", "https://user@jaka.com"} {
		_, err := Load(env(map[string]string{"SITE_ORIGINS": bad}))
		assert.ErrorContains(t, err, "SITE_ORIGINS", bad)
	}
}
