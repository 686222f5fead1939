package config

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Without REDIS_URL the state stays in the process, with the default prefix.
func TestRedisIsOffUnlessConfigured(t *testing.T) {
	c, err := Load(env(nil))
	require.NoError(t, err)
	assert.Empty(t, c.RedisURL)
	assert.Equal(t, "jaka:", c.RedisPrefix)
	assert.Contains(t, c.String(), "redis=per-process")

	// A production start may run one replica without Redis.
	_, err = LoadProduction(env(productionEnv()))
	assert.NoError(t, err)
}

// REDIS_URL is read as the client reads it, and its password never reaches the start-up log.
func TestRedisURLIsCheckedAtLoadAndItsPasswordNeverPrinted(t *testing.T) {
	for _, good := range []string{
		"redis://127.0.0.1:6379", "redis://:s3cr3t-pw@redis.internal:6379/2", "rediss://bff:s3cr3t-pw@redis.internal:6380/0",
		"redis://redis.internal/0?dial_timeout=250ms",
	} {
		c, err := Load(env(map[string]string{"REDIS_URL": good, "REDIS_PREFIX": "staging:"}))
		require.NoError(t, err, good)
		assert.Equal(t, good, c.RedisURL)
		assert.Equal(t, "staging:", c.RedisPrefix)
		assert.NotContains(t, c.String(), "s3cr3t-pw", good)
		assert.Contains(t, c.String(), "redis=redis", good)
	}
	for _, bad := range []string{
		"127.0.0.1:6379", "http://redis.internal", "unix:///run/redis.sock", "redis://", "redis://h/notadb",
		"redis://:s3cr3t-pw@h:6379/x", "redis://h:6379/0?no_such_option=1",
	} {
		_, err := Load(env(map[string]string{"REDIS_URL": bad}))
		require.Error(t, err, bad)
		assert.Contains(t, err.Error(), "REDIS_URL", bad)
		assert.NotContains(t, err.Error(), "s3cr3t-pw", bad)
	}
	_, err := Load(env(map[string]string{"REDIS_PREFIX": "a b"}))
	assert.ErrorContains(t, err, "REDIS_PREFIX")
}

func TestHelpListsTheRedisSettings(t *testing.T) {
	var usage bytes.Buffer
	Usage(&usage)
	assert.Contains(t, usage.String(), "REDIS_URL")
	assert.Contains(t, usage.String(), `REDIS_PREFIX`)
}
