package content

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func callsOf(t *testing.T, h http.Handler, path string) int64 {
	t.Helper()
	code, body := get(t, h, "/__admin/calls?path="+path)
	require.Equal(t, http.StatusOK, code)
	var out struct {
		Path  string `json:"path"`
		Calls int64  `json:"calls"`
	}
	require.NoError(t, json.Unmarshal(body, &out))
	assert.Equal(t, path, out.Path)
	return out.Calls
}

func TestCallsAreCountedPerPathOfTheAPI(t *testing.T) {
	h := newHandler(t)
	assert.Zero(t, callsOf(t, h, "/cms/v2/product-lines"), "a new CMS has had no call")

	// Every locale of one resource counts under its path, answered or refused.
	for _, path := range []string{
		"/cms/v2/product-lines?locale=en", "/cms/v2/product-lines?locale=ja", "/cms/v2/product-lines?locale=xx",
		"/cms/v2/menus/8?locale=en",
	} {
		get(t, h, path)
	}
	assert.Equal(t, int64(3), callsOf(t, h, "/cms/v2/product-lines"))
	assert.Equal(t, int64(1), callsOf(t, h, "/cms/v2/menus/8"))

	// The admin endpoints, reading the counts included, and the media library are not calls of the API.
	get(t, h, "/__admin/calls")
	get(t, h, "/assets/logo.svg")
	code, body := get(t, h, "/__admin/calls")
	require.Equal(t, http.StatusOK, code)
	var all struct {
		Calls map[string]int64 `json:"calls"`
	}
	require.NoError(t, json.Unmarshal(body, &all))
	assert.Equal(t, map[string]int64{"/cms/v2/product-lines": 3, "/cms/v2/menus/8": 1}, all.Calls)
}
