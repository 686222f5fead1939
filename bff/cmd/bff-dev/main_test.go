package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTheDevelopmentStartRunsStandInsForTheSystemsWithoutAURL(t *testing.T) {
	crm := httptest.NewServer(http.NotFoundHandler()) // a "real" CRM: set, so not stood in for
	t.Cleanup(crm.Close)
	env := map[string]string{"PORT": "0", "DATA_DIR": t.TempDir(), "WEB_DIR": t.TempDir(), "CRM_URL": crm.URL}

	ctx, cancel := context.WithCancel(context.Background())
	out, w := io.Pipe()
	done := make(chan error, 1)
	go func() {
		err := run(ctx, nil, func(k string) string { return env[k] }, w)
		_ = w.CloseWithError(err)
		done <- err
	}()
	t.Cleanup(func() {
		cancel()
		assert.NoError(t, <-done)
	})
	var site, admin string
	var logs strings.Builder
	lines := bufio.NewScanner(out)
	for lines.Scan() {
		logs.WriteString(lines.Text() + "\n")
		if addr, ok := strings.CutPrefix(lines.Text(), "The admin endpoints are at "); ok {
			admin = addr
		}
		if addr, ok := strings.CutPrefix(lines.Text(), "The site is at "); ok {
			site = addr
			break
		}
	}
	require.NotEmpty(t, site, "the development start needs no URL and no secret: %v\n%s", lines.Err(), logs.String())
	go func() { _, _ = io.Copy(io.Discard, out) }()

	assert.Contains(t, logs.String(), `msg="embedded mock" system=content`)
	assert.NotContains(t, logs.String(), `msg="embedded mock" system=crm`, "CRM_URL points at the real system")

	req, _ := http.NewRequest(http.MethodGet, site+"/prod-api/api/programa/buildProgramaTree/8", nil)
	req.Header.Set("lang", "en")
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	assert.Equal(t, http.StatusOK, resp.StatusCode, "the content stand-in answers: %s", body)

	require.NotEmpty(t, admin)
	resp, err = http.Get(admin + "/readyz")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusOK, resp.StatusCode)
}
