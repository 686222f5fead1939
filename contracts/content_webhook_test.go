//go:build pact

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
	"time"

	"github.com/pact-foundation/pact-go/v2/message"
	"github.com/pact-foundation/pact-go/v2/models"
	"github.com/pact-foundation/pact-go/v2/provider"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/mocks"
	"github.com/jakarobotics/website/mocks/content"

	"github.com/jakarobotics/website/contracts/states"
)

// sentEvent is one delivery of the CMS's webhook as the site's endpoint received it.
type sentEvent struct {
	contentType string
	signed      bool
	body        []byte
}

// The CMS stand-in's change events honour the BFF's message pact: for each interaction its
// editor makes the change through the admin API, and the event the CMS then sends to the site's
// webhook endpoint is the message verified.
func TestCMSWebhookEventsHonourThePact(t *testing.T) {
	file := filepath.Join("pacts", "website-bff-"+states.ContentWebhookProvider+".json")
	if _, err := os.Stat(file); err != nil {
		t.Fatalf("%s is missing: run the consumer tests first (make test-pact does)", file)
	}
	events := make(chan sentEvent, 4)
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		events <- sentEvent{
			contentType: r.Header.Get("Content-Type"),
			signed:      strings.HasPrefix(r.Header.Get(content.WebhookSignatureHeader), "t="),
			body:        body,
		}
		w.WriteHeader(http.StatusAccepted)
	}))
	defer site.Close()
	m, err := mocks.New("content", mocks.Options{Webhook: content.Webhook{
		URLs: []string{site.URL + "/hooks/cms"}, Secret: []byte("the secret of the webhook's pact, provider side"),
	}})
	require.NoError(t, err)
	cms := httptest.NewServer(m.Handler)
	defer cms.Close()

	// edit makes an editor's change and returns the event the CMS sent for it.
	edit := func(path, body string) (message.Body, message.Metadata, error) {
		resp, err := http.Post(cms.URL+path, "application/json", strings.NewReader(body))
		if err != nil {
			return nil, nil, err
		}
		resp.Body.Close()
		if resp.StatusCode/100 != 2 {
			return nil, nil, fmt.Errorf("POST %s: %d", path, resp.StatusCode)
		}
		select {
		case e := <-events:
			if !e.signed {
				return nil, nil, fmt.Errorf("the event came without %s", content.WebhookSignatureHeader)
			}
			return e.body, message.Metadata{"contentType": e.contentType, "signatureHeader": content.WebhookSignatureHeader}, nil
		case <-time.After(10 * time.Second):
			return nil, nil, fmt.Errorf("no event within 10 s of POST %s", path)
		}
	}
	err = provider.NewVerifier().VerifyProvider(t, provider.VerifyRequest{
		Provider:  states.ContentWebhookProvider,
		PactFiles: []string{file},
		MessageHandlers: message.Handlers{
			states.ContentWebhookProductRenamed: func([]models.ProviderState) (message.Body, message.Metadata, error) {
				return edit("/__admin/products/101", `{"name": "JAKA Zu 3 (pact)"}`)
			},
			states.ContentWebhookNewsPublished: func([]models.ProviderState) (message.Body, message.Metadata, error) {
				return edit("/__admin/news", `{"typeId": 1, "title": "Pact news", "content": "<p>Pact news.</p>"}`)
			},
		},
		StateHandlers: models.StateHandlers{
			states.ContentPublished: func(bool, models.ProviderState) (models.ProviderStateResponse, error) { return nil, nil },
		},
		DisableColoredOutput: true,
	})
	require.NoError(t, err)
}
