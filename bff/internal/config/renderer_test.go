package config

import (
	"bytes"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTheRendererAndThePageCacheSettings(t *testing.T) {
	c, err := Load(env(nil))
	require.NoError(t, err)
	assert.Nil(t, c.RendererURL, "bff-dev starts the renderer itself")
	assert.False(t, c.RendererOff)
	assert.Equal(t, 1500*time.Millisecond, c.RendererTimeout)
	assert.Equal(t, time.Minute, c.PageCacheTTL)
	assert.EqualValues(t, 64<<20, c.PageCacheMaxBytes)
	assert.Equal(t, 15*time.Second, c.CrawlerTimeout)
	assert.InDelta(t, 4, c.WarmupRate, 0)
	assert.Contains(t, c.String(), "renderer=started by bff-dev renderer_timeout=1.5s renderer_crawler_timeout=15s page_warmup_rate=4 page_cache_ttl=1m0s page_cache_max_bytes=67108864")

	c, err = Load(env(map[string]string{"RENDERER_URL": "http://render:secret@10.0.0.7:9300", "RENDERER_TIMEOUT": "800ms",
		"PAGE_CACHE_TTL": "5m", "PAGE_CACHE_MAX_BYTES": "1048576", "RENDERER_CRAWLER_TIMEOUT": "30s", "PAGE_WARMUP_RATE": "0"}))
	require.NoError(t, err)
	assert.Equal(t, "10.0.0.7:9300", c.RendererURL.Host)
	assert.Equal(t, 800*time.Millisecond, c.RendererTimeout)
	assert.Equal(t, 5*time.Minute, c.PageCacheTTL)
	assert.EqualValues(t, 1<<20, c.PageCacheMaxBytes)
	assert.Equal(t, 30*time.Second, c.CrawlerTimeout)
	assert.Zero(t, c.WarmupRate, "off")
	assert.Contains(t, c.String(), "renderer=http://10.0.0.7:9300")
	assert.NotContains(t, c.String(), "secret")

	c, err = Load(env(map[string]string{"RENDERER_URL": "OFF"}))
	require.NoError(t, err)
	assert.True(t, c.RendererOff)
	assert.Nil(t, c.RendererURL)
	assert.Contains(t, c.String(), "renderer=off")

	for name, bad := range map[string][]string{
		"RENDERER_URL":         {"10.0.0.7:9300", "ftp://renderer", "http://renderer/?page=1", "no"},
		"RENDERER_TIMEOUT":     {"soon", "0s", "-1s", "2m"},
		"PAGE_CACHE_TTL":       {"0s", "500ms", "48h", "a minute"},
		"PAGE_CACHE_MAX_BYTES": {"64MiB", "0", "1000", "68719476737"},
		// Shorter than a browser's wait, longer than a minute.
		"RENDERER_CRAWLER_TIMEOUT": {"1s", "2m", "later"},
		"PAGE_WARMUP_RATE":         {"-1", "fast", "NaN", "1e6"},
	} {
		for _, v := range bad {
			_, err := Load(env(map[string]string{name: v}))
			assert.ErrorContains(t, err, name, "%s=%s", name, v)
		}
	}
	var usage bytes.Buffer
	Usage(&usage)
	for _, name := range []string{"RENDERER_URL", "RENDERER_TIMEOUT", "RENDERER_CRAWLER_TIMEOUT", "PAGE_WARMUP_RATE", "PAGE_CACHE_TTL", "PAGE_CACHE_MAX_BYTES"} {
		assert.Contains(t, usage.String(), name)
	}
}

func TestAProductionStartMayTurnTheRendererOffButMustSaySo(t *testing.T) {
	e := productionEnv()
	e["RENDERER_URL"] = "off"
	c, err := LoadProduction(env(e))
	require.NoError(t, err)
	assert.True(t, c.RendererOff)
}
