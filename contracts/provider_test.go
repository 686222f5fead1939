//go:build pact

// Package contracts verifies the pacts that the BFF's consumer tests write (contracts/pacts)
// against the legacy-system mocks, so that the mocks cannot drift from what the BFF expects. A
// real legacy team can verify the same pact files against its own system.
package contracts

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pact-foundation/pact-go/v2/models"
	"github.com/pact-foundation/pact-go/v2/provider"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/mocks"

	"github.com/jakarobotics/website/contracts/states"
)

// providers maps each pact provider name to its mock and the provider states it knows. The
// seeded mocks hold every state their pacts name, so most handlers have nothing to set up.
var providers = []struct {
	pactName string
	mock     string
	states   []string
}{
	{states.ContentProvider, "content", contentStateNames()},
	{states.VMProvider, "vm", vmStates()},
	{states.CRMProvider, "crm", crmStateNames()},
	{states.AccountProvider, "account", accountStateNames()},
	{states.ITRProvider, "itr", itrStateNames()},
	{states.OCRProvider, "ocr", []string{states.OCRSamples}},
}

// stateSetUps creates the provider states of mocks that are not seeded with them, by pact name:
// each call sets the mock at baseURL up in the named state through its /__admin endpoints.
var stateSetUps = map[string]func(baseURL, state string) error{
	states.VMProvider:      setUpVMState,
	states.CRMProvider:     setUpCRMState,
	states.AccountProvider: setUpAccountState,
	states.ITRProvider:     setUpITRState,
}

// vmSeeds is each provider state of the simulator pool as the trial the pool holds in it
// (POST /__admin/trials); an empty seed is an empty pool.
var vmSeeds = map[string]string{
	states.VMCatalogue:    ``,
	states.VMNoTrial:      ``,
	states.VMEmailNoTrial: ``,
	states.VMRunning:      `{"id":42,"phone":"13800000002","model":"JAKA Zu 7","cabinet":"CAB 3.0","state":"running"}`,
	states.VMProvisioning: `{"id":43,"phone":"13800000003","model":"JAKA Zu 5","cabinet":"CAB 2.1","state":"provisioning"}`,
	states.VMSwitching:    `{"id":44,"phone":"13800000004","model":"JAKA Zu 12","cabinet":"CAB 3.0","state":"switching"}`,
	states.VMReleased:     `{"id":45,"phone":"13800000005","model":"JAKA Pro 5","cabinet":"CAB 3.0","state":"released"}`,
	states.VMEmailRunning: `{"id":46,"email":"trial.user@example.com","model":"JAKA MiniCobo","cabinet":"CAB Mini","state":"running"}`,
}

// stateValues sets up the provider states of mocks whose states may also hand the requests
// values (injected where the pact says fromProviderState), by pact name.
var stateValues = map[string]func(baseURL, state string) (models.ProviderStateResponse, error){
	states.ContentProvider: setUpContentState,
}

func vmStates() []string {
	var out []string
	for state := range vmSeeds {
		out = append(out, state)
	}
	return out
}

// setUpVMState empties the pool and puts in the state's trial.
func setUpVMState(baseURL, state string) error {
	req, _ := http.NewRequest(http.MethodDelete, baseURL+"/__admin/trials", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if vmSeeds[state] == "" {
		return nil
	}
	resp, err = http.Post(baseURL+"/__admin/trials", "application/json", strings.NewReader(vmSeeds[state]))
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		body, _ := io.ReadAll(resp.Body)
		return fmt.Errorf("state %q: %d %s", state, resp.StatusCode, body)
	}
	return nil
}

func TestProvidersHonourThePacts(t *testing.T) {
	for _, p := range providers {
		t.Run(p.pactName, func(t *testing.T) {
			file := filepath.Join("pacts", "website-bff-"+p.pactName+".json")
			if _, err := os.Stat(file); err != nil {
				t.Fatalf("%s is missing: run the consumer tests first (make test-pact does)", file)
			}
			m, err := mocks.New(p.mock, mocks.Options{DataDir: t.TempDir(), PreviewSecret: contentPreviewSecret})
			require.NoError(t, err)
			server := httptest.NewServer(m.Handler)
			defer server.Close()

			handlers := models.StateHandlers{}
			for _, s := range p.states {
				handlers[s] = func(setup bool, _ models.ProviderState) (models.ProviderStateResponse, error) {
					if give := stateValues[p.pactName]; setup && give != nil {
						return give(server.URL, s)
					}
					if set := stateSetUps[p.pactName]; setup && set != nil {
						return nil, set(server.URL, s)
					}
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
