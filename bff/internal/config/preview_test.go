package config

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/preview"
	"github.com/jakarobotics/website/bff/internal/ratelimit"
)

func TestPreviewSettingsDefaults(t *testing.T) {
	c, err := Load(env(nil))
	require.NoError(t, err)
	assert.Empty(t, c.PreviewSecret)
	assert.Equal(t, preview.DefaultLimits(), c.PreviewLimits)
	assert.Contains(t, c.String(), "preview_key=unset preview_per_ip=300/1m0s preview_per_editor=300/1m0s")
}

func TestPreviewSettings(t *testing.T) {
	secret := "wq3Lr0pN6d0bV8dJ3V+fQk2m5o1s8Y0vXz9Aa7Bc4De="
	c, err := Load(env(map[string]string{"PREVIEW_SECRET": secret, "LIMIT_PREVIEW_PER_IP": "60/1m,600/1h", "LIMIT_PREVIEW_PER_EDITOR": "off"}))
	require.NoError(t, err)
	assert.Equal(t, secret, c.PreviewSecret)
	assert.Equal(t, []ratelimit.Rule{{Limit: 60, Window: time.Minute}, {Limit: 600, Window: time.Hour}}, c.PreviewLimits.PerIP)
	assert.Empty(t, c.PreviewLimits.PerEditor)
	assert.Contains(t, c.String(), "preview_key=set")
	assert.NotContains(t, c.String(), secret[:8], "the secret never reaches the start-up log")

	_, err = Load(env(map[string]string{"PREVIEW_SECRET": "short", "LIMIT_PREVIEW_PER_IP": "lots", "LIMIT_PREVIEW_PER_EDITOR": "0/1m"}))
	require.Error(t, err)
	for _, name := range []string{"PREVIEW_SECRET", "LIMIT_PREVIEW_PER_IP", "LIMIT_PREVIEW_PER_EDITOR"} {
		assert.Contains(t, err.Error(), name)
	}
	assert.NotContains(t, err.Error(), "short", "not even a wrong secret is printed")

	var usage bytes.Buffer
	Usage(&usage)
	for _, name := range []string{"PREVIEW_SECRET", "LIMIT_PREVIEW_PER_IP", "LIMIT_PREVIEW_PER_EDITOR"} {
		assert.True(t, strings.Contains(usage.String(), name), name)
	}
}
