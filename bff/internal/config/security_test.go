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
