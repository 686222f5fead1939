package config

import (
	"bytes"
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
