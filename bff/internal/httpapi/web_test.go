package httpapi_test

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAssetsAreServedInTheSmallestEncodingTheBrowserAccepts(t *testing.T) {
	f := newFixture(t, 5*time.Second)
	assets := filepath.Join(f.webDir, "assets")
	require.NoError(t, os.WriteFile(filepath.Join(assets, "app-1a2b.js.br"), []byte("BROTLI"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(assets, "app-1a2b.js.gz"), []byte("GZIP"), 0o644))

	for _, tc := range []struct{ accept, encoding, body string }{
		{"gzip, deflate, br", "br", "BROTLI"},
		{"gzip", "gzip", "GZIP"},
		{"br;q=0, gzip", "gzip", "GZIP"},
		{"", "", "console.log(1)"},
		{"identity", "", "console.log(1)"},
	} {
		resp, body := getAsset(t, f.bff.URL+"/assets/app-1a2b.js", tc.accept)
		assert.Equal(t, http.StatusOK, resp.StatusCode, tc.accept)
		assert.Equal(t, tc.encoding, resp.Header.Get("Content-Encoding"), tc.accept)
		assert.Equal(t, tc.body, string(body), tc.accept)
		assert.Contains(t, resp.Header.Get("Content-Type"), "javascript", tc.accept)
		assert.Contains(t, resp.Header.Values("Vary"), "Accept-Encoding", tc.accept)
		assert.Contains(t, resp.Header.Get("Cache-Control"), "immutable", tc.accept)
	}

	// An asset the build did not compress is sent as it is.
	require.NoError(t, os.Remove(filepath.Join(assets, "app-1a2b.js.br")))
	require.NoError(t, os.Remove(filepath.Join(assets, "app-1a2b.js.gz")))
	resp, body := getAsset(t, f.bff.URL+"/assets/app-1a2b.js", "br, gzip")
	assert.Empty(t, resp.Header.Get("Content-Encoding"))
	assert.Equal(t, "console.log(1)", string(body))
}

// getAsset asks for url with exactly the Accept-Encoding given (none when empty): the transport
// adds none of its own and unpacks nothing, so the test sees the wire.
func getAsset(t *testing.T, url, acceptEncoding string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	require.NoError(t, err)
	if acceptEncoding != "" {
		req.Header.Set("Accept-Encoding", acceptEncoding)
	}
	resp, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp, body
}
