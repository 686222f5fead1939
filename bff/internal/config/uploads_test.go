package config

import (
	"bytes"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestUploadLimitsDefaultToTheContract(t *testing.T) {
	c, err := Load(env(nil))
	require.NoError(t, err)
	assert.EqualValues(t, 10<<20, c.UploadImageMaxBytes)
	assert.EqualValues(t, 100<<20, c.UploadVideoMaxBytes)
	assert.Equal(t, 10*time.Minute, c.UploadTimeout)
	assert.Empty(t, c.UploadURLSecret)
}

func TestUploadSettings(t *testing.T) {
	c, err := Load(env(map[string]string{"UPLOAD_IMAGE_MAX_BYTES": "2097152", "UPLOAD_VIDEO_MAX_BYTES": "52428800",
		"UPLOAD_TIMEOUT": "3m", "UPLOAD_URL_SECRET": "s3cr3t-preview-key"}))
	require.NoError(t, err)
	assert.EqualValues(t, 2<<20, c.UploadImageMaxBytes)
	assert.EqualValues(t, 50<<20, c.UploadVideoMaxBytes)
	assert.Equal(t, 3*time.Minute, c.UploadTimeout)
	assert.Equal(t, "s3cr3t-preview-key", c.UploadURLSecret)
	assert.NotContains(t, c.String(), "s3cr3t", "the secret never reaches the start-up log")

	_, err = Load(env(map[string]string{"UPLOAD_IMAGE_MAX_BYTES": "ten megs", "UPLOAD_VIDEO_MAX_BYTES": "0", "UPLOAD_TIMEOUT": "-1s"}))
	require.Error(t, err)
	for _, name := range []string{"UPLOAD_IMAGE_MAX_BYTES", "UPLOAD_VIDEO_MAX_BYTES", "UPLOAD_TIMEOUT"} {
		assert.Contains(t, err.Error(), name)
	}
	var usage bytes.Buffer
	Usage(&usage)
	assert.Contains(t, usage.String(), "UPLOAD_VIDEO_MAX_BYTES")
}
