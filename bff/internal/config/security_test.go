package config

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestHSTSIsOffUnlessConfigured(t *testing.T) {
	c, err := Load(env(nil))
	require.NoError(t, err)
	assert.Zero(t, c.HSTSMaxAge)
	c, err = Load(env(map[string]string{"HSTS_MAX_AGE": "8760h"}))
	require.NoError(t, err)
	assert.Equal(t, 365*24*time.Hour, c.HSTSMaxAge)
	for _, bad := range []string{"-1s", "a year", "31536000"} {
		_, err = Load(env(map[string]string{"HSTS_MAX_AGE": bad}))
		assert.ErrorContains(t, err, "HSTS_MAX_AGE", bad)
	}
}

func TestAPublicSiteNamesItsOrigins(t *testing.T) {
	for _, host := range []string{"0.0.0.0", "::", "10.1.2.3", "www.jaka.com"} {
		_, err := Load(env(map[string]string{"HOST": host}))
		assert.ErrorContains(t, err, "SITE_ORIGINS", "HOST=%s", host)
		_, err = Load(env(map[string]string{"HOST": host, "SITE_ORIGINS": "https://www.jaka.com"}))
		assert.NoError(t, err, "HOST=%s with SITE_ORIGINS", host)
	}
	// An unset HOST is the default, 127.0.0.1.
	for _, host := range []string{"", "127.0.0.1", "127.0.0.2", "::1", "[::1]", "localhost"} {
		_, err := Load(env(map[string]string{"HOST": host}))
		assert.NoError(t, err, "a developer machine: HOST=%s", host)
	}
}

func TestSlowBodiesHaveDeadlines(t *testing.T) {
	c, err := Load(env(nil))
	require.NoError(t, err)
	assert.Equal(t, 10*time.Second, c.BodyTimeout)
	assert.EqualValues(t, 8192, c.UploadMinRate)
	assert.Equal(t, 10*time.Second, c.UploadRateWindow)
	c, err = Load(env(map[string]string{"BODY_TIMEOUT": "3s", "UPLOAD_MIN_RATE": "16384", "UPLOAD_RATE_WINDOW": "20s"}))
	require.NoError(t, err)
	assert.Equal(t, 3*time.Second, c.BodyTimeout)
	assert.EqualValues(t, 16384, c.UploadMinRate)
	assert.Equal(t, 20*time.Second, c.UploadRateWindow)
	_, err = Load(env(map[string]string{"BODY_TIMEOUT": "0", "UPLOAD_MIN_RATE": "fast", "UPLOAD_RATE_WINDOW": "10ms"}))
	for _, name := range []string{"BODY_TIMEOUT", "UPLOAD_MIN_RATE", "UPLOAD_RATE_WINDOW"} {
		assert.ErrorContains(t, err, name)
	}
}
