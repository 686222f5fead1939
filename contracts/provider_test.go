//go:build pact

// Package contracts verifies the pacts that the BFF's consumer tests write (contracts/pacts)
// against the legacy-system mocks, so that the mocks cannot drift from what the BFF expects. A
// real legacy team can verify the same pact files against its own system.
package contracts

import (
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/pact-foundation/pact-go/v2/models"
	"github.com/pact-foundation/pact-go/v2/provider"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/mocks"
)

// providers maps each pact provider name to its mock and the provider states it knows. The
// seeded mocks hold every state their pacts name, so most handlers have nothing to set up.
var providers = []struct {
	pactName string
	mock     string
	states   []string
}{
	{"content-cms", "content", []string{"the CMS holds the site's published content"}},
}

func TestProvidersHonourThePacts(t *testing.T) {
	for _, p := range providers {
		t.Run(p.pactName, func(t *testing.T) {
			file := filepath.Join("pacts", "website-bff-"+p.pactName+".json")
			if _, err := os.Stat(file); err != nil {
				t.Fatalf("%s is missing: run the consumer tests first (make test-pact does)", file)
			}
			m, err := mocks.New(p.mock, mocks.Options{DataDir: t.TempDir()})
			require.NoError(t, err)
			server := httptest.NewServer(m.Handler)
			defer server.Close()

			handlers := models.StateHandlers{}
			for _, s := range p.states {
				handlers[s] = func(setup bool, _ models.ProviderState) (models.ProviderStateResponse, error) {
					return nil, nil
				}
			}
			err = provider.NewVerifier().VerifyProvider(t, provider.VerifyRequest{
				ProviderBaseURL:      server.URL,
				Provider:             p.pactName,
				PactFiles:            []string{file},
				StateHandlers:        handlers,
				DisableColoredOutput: true,
			})
			require.NoError(t, err)
		})
	}
}
