package config

import (
	"bytes"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDownloadLinkTTL(t *testing.T) {
	c, err := Load(env(nil))
	require.NoError(t, err)
	assert.Equal(t, 10*time.Minute, c.DownloadLinkTTL, "short-lived by default")

	c, err = Load(env(map[string]string{"DOWNLOAD_LINK_TTL": "2m"}))
	require.NoError(t, err)
	assert.Equal(t, 2*time.Minute, c.DownloadLinkTTL)
	assert.Contains(t, c.String(), "download_link_ttl=2m0s")

	for _, bad := range []string{"soon", "0s", "-1m", "2h"} {
		_, err = Load(env(map[string]string{"DOWNLOAD_LINK_TTL": bad}))
		require.Error(t, err, bad)
		assert.Contains(t, err.Error(), "DOWNLOAD_LINK_TTL", bad)
	}
	var usage bytes.Buffer
	Usage(&usage)
	assert.Contains(t, usage.String(), "DOWNLOAD_LINK_TTL")
}
