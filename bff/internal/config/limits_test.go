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
	assert.Equal(t, d.FailuresPerAccountIP, c.Limits.FailuresPerAccountIP)
	assert.Equal(t, d.FailuresPerIP, c.Limits.FailuresPerIP)
	assert.Equal(t, d.FailuresPerAccount, c.Limits.FailuresPerAccount)
	assert.Equal(t, d.LookupPerIP, c.Limits.LookupPerIP)
	assert.Equal(t, d.CertificatePerIP, c.Limits.CertificatePerIP)
	assert.Equal(t, d.CertificatePerUser, c.Limits.CertificatePerUser)
	assert.Equal(t, d.CompanyPerIP, c.Limits.CompanyPerIP)
	assert.Equal(t, d.CompanyPerUser, c.Limits.CompanyPerUser)
	assert.Equal(t, []ratelimit.Rule{{Limit: 60, Window: time.Minute}}, c.Limits.VitalsPerIP, "a visitor sends one report per sampled page view")
	assert.Empty(t, c.Limits.TrustedProxies, "X-Forwarded-For is not believed by default")
	assert.Contains(t, c.String(), "code_per_target=1/1m0s,10/24h0m0s")
	assert.Contains(t, c.String(), "failures_per_account_ip=free=5,delay=1s..15m0s,window=24h0m0s")
}

func TestAccountLimitsAreConfigurable(t *testing.T) {
	c, err := Load(env(map[string]string{
		"TOKEN_CACHE_TTL": "0", "LIMIT_CODE_PER_TARGET": "off", "LIMIT_CODE_PER_IP": "5/10m",
		"LIMIT_LOGIN_FAILURES_PER_ACCOUNT_IP": "free=3,delay=2s..1h,window=24h", "LIMIT_LOGIN_FAILURES_PER_IP": "off",
		"LIMIT_LOGIN_FAILURES_PER_ACCOUNT": "window=2h,free=50,delay=1s..30s", "LIMIT_LOOKUP_PER_IP": "OFF",
		"LIMIT_CERTIFICATE_LOOKUP_PER_IP": "5/1h", "LIMIT_CERTIFICATE_LOOKUP_PER_USER": "off",
		"LIMIT_COMPANY_LOOKUP_PER_IP": "7/1m", "LIMIT_COMPANY_LOOKUP_PER_USER": "3/1h,9/24h", "LIMIT_VITALS_PER_IP": "off",
		"TRUSTED_PROXIES": "10.0.0.0/8, 192.0.2.1",
	}))
	require.NoError(t, err)
	assert.Zero(t, c.TokenCacheTTL, "0 turns the cache off")
	assert.Empty(t, c.Limits.CodePerTarget)
	assert.Equal(t, []ratelimit.Rule{{Limit: 5, Window: 10 * time.Minute}}, c.Limits.CodePerIP)
	assert.Equal(t, ratelimit.Backoff{Free: 3, Base: 2 * time.Second, Max: time.Hour, Window: 24 * time.Hour}, c.Limits.FailuresPerAccountIP)
	assert.False(t, c.Limits.FailuresPerIP.On())
	assert.Equal(t, ratelimit.Backoff{Free: 50, Base: time.Second, Max: 30 * time.Second, Window: 2 * time.Hour}, c.Limits.FailuresPerAccount)
	assert.Empty(t, c.Limits.LookupPerIP)
	assert.Equal(t, []ratelimit.Rule{{Limit: 5, Window: time.Hour}}, c.Limits.CertificatePerIP)
	assert.Empty(t, c.Limits.CertificatePerUser)
	assert.Equal(t, []ratelimit.Rule{{Limit: 7, Window: time.Minute}}, c.Limits.CompanyPerIP)
	assert.Equal(t, []ratelimit.Rule{{Limit: 3, Window: time.Hour}, {Limit: 9, Window: 24 * time.Hour}}, c.Limits.CompanyPerUser)
	assert.Empty(t, c.Limits.VitalsPerIP)
	assert.Equal(t, []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("192.0.2.1/32")}, c.Limits.TrustedProxies)
}

func TestInvalidAccountLimitsAreReported(t *testing.T) {
	_, err := Load(env(map[string]string{
		"TOKEN_CACHE_TTL": "-5s", "LIMIT_CODE_PER_TARGET": "1 per minute", "LIMIT_LOGIN_FAILURES_PER_ACCOUNT_IP": "10/15m",
		"LIMIT_LOGIN_FAILURES_PER_IP": "free=5,delay=1s..1h,window=10m", "LIMIT_LOGIN_FAILURES_PER_ACCOUNT": "free=-1,delay=1s..1m,window=1h",
		"LIMIT_CERTIFICATE_LOOKUP_PER_USER": "ten/1h", "LIMIT_COMPANY_LOOKUP_PER_IP": "5/0s", "TRUSTED_PROXIES": "proxy.internal",
	}))
	require.Error(t, err)
	for _, name := range []string{
		"TOKEN_CACHE_TTL", "LIMIT_CODE_PER_TARGET", "LIMIT_LOGIN_FAILURES_PER_ACCOUNT_IP", "LIMIT_LOGIN_FAILURES_PER_IP",
		"LIMIT_LOGIN_FAILURES_PER_ACCOUNT", "LIMIT_CERTIFICATE_LOOKUP_PER_USER", "LIMIT_COMPANY_LOOKUP_PER_IP", "TRUSTED_PROXIES",
	} {
		assert.Contains(t, err.Error(), name)
	}
}

func TestTheOldHardLockSettingIsRefused(t *testing.T) {
	_, err := Load(env(map[string]string{"LIMIT_ATTEMPTS_PER_ACCOUNT": "10/15m"}))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "LIMIT_LOGIN_FAILURES_PER_ACCOUNT_IP", "the message names what replaced it")
}

func TestUsageListsTheAccountSettings(t *testing.T) {
	var b bytes.Buffer
	Usage(&b)
	for _, name := range []string{
		"TOKEN_CACHE_TTL", "LIMIT_CODE_PER_TARGET", "LIMIT_CODE_PER_IP", "LIMIT_LOGIN_FAILURES_PER_ACCOUNT_IP", "LIMIT_LOGIN_FAILURES_PER_IP",
		"LIMIT_LOGIN_FAILURES_PER_ACCOUNT", "LIMIT_LOOKUP_PER_IP", "LIMIT_CERTIFICATE_LOOKUP_PER_IP", "LIMIT_CERTIFICATE_LOOKUP_PER_USER",
		"LIMIT_COMPANY_LOOKUP_PER_IP", "LIMIT_COMPANY_LOOKUP_PER_USER", "TRUSTED_PROXIES",
	} {
		assert.Contains(t, b.String(), name)
	}
	assert.NotContains(t, b.String(), "LIMIT_ATTEMPTS_PER_ACCOUNT", "the hard lock is gone")
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
