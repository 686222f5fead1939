//go:build pact

package pacttest

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"testing"

	"github.com/pact-foundation/pact-go/v2/consumer"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/upstream"
)

// fakeClient stands for an upstream client interface; fakeHTTP implements it over HTTP, one
// method through a closure, and one without sending anything.
type fakeClient interface {
	Direct(ctx context.Context) error
	InClosure(ctx context.Context) error
	Silent(ctx context.Context) error
	Uncalled(ctx context.Context) error
}

type fakeHTTP struct{ upstream.Client }

func (c *fakeHTTP) get(ctx context.Context) error {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, c.URL("/x", nil), nil)
	resp, err := c.HTTP.Do(req)
	if err == nil {
		resp.Body.Close()
	}
	return err
}

func (c *fakeHTTP) Direct(ctx context.Context) error { return c.get(ctx) }
func (c *fakeHTTP) InClosure(ctx context.Context) error {
	do := func() error { return c.get(ctx) }
	return do()
}
func (c *fakeHTTP) Silent(context.Context) error   { return nil }
func (c *fakeHTTP) Uncalled(context.Context) error { return nil }

var _ fakeClient = (*fakeHTTP)(nil)

// A method counts as covered once a request was sent from it, directly or from a closure within
// it; one that was called without sending, or not called, is missing.
func TestCoverageCountsTheMethodsThatSentARequestPact(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	defer srv.Close()
	u, _ := url.Parse(srv.URL)
	port, _ := strconv.Atoi(u.Port())

	cov := NewCoverage[fakeClient]()
	c := &fakeHTTP{cov.Upstream("fake", consumer.MockServerConfig{Host: u.Hostname(), Port: port})}
	require.NoError(t, c.Direct(context.Background()))
	require.NoError(t, c.InClosure(context.Background()))
	require.NoError(t, c.Silent(context.Background()))
	assert.Equal(t, []string{"Silent", "Uncalled"}, cov.Missing())
}

func TestMethodOfPact(t *testing.T) {
	cov := NewCoverage[fakeClient]()
	pkg := "github.com/jakarobotics/website/bff/internal/pacttest"
	for function, want := range map[string]string{
		pkg + ".(*fakeHTTP).Direct":              "Direct",
		pkg + ".(*fakeHTTP).InClosure.func1":     "InClosure",
		pkg + ".fakeHTTP.Direct":                 "Direct",
		pkg + ".(*fakeHTTP).get":                 "",
		pkg + ".Direct":                          "",
		pkg + ".NewCoverage[...]":                "",
		pkg + "x.(*fakeHTTP).Direct":             "",
		"example.com/other.(*fakeHTTP).Direct":   "",
		pkg + ".TestMethodOfPact.func1":          "",
		pkg + ".(*fakeHTTP).Uncalled.deferwrap1": "Uncalled",
	} {
		assert.Equal(t, want, cov.methodOf(function), function)
	}
}
