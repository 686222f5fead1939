//go:build pact

package contracts

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/pact-foundation/pact-go/v2/models"

	"github.com/jakarobotics/website/contracts/states"
)

// contentPreviewSecret is the PREVIEW_SECRET of the CMS under verification.
var contentPreviewSecret = []byte("the CMS's preview secret while its pact is verified")

// contentStates are the provider states of the CMS's pact (bff/internal/upstream/content). The
// published content is the seed; a grant of a login-only file is put in through
// /__admin/file-grants under the ref the pact names, as if user 7 had just asked for the SDK; an
// editor's preview link is asked of the CMS the way its preview button does
// (POST /__admin/preview-links), and its token is handed to the requests as previewToken.
var contentStates = map[string]func(baseURL string) (models.ProviderStateResponse, error){
	states.ContentPublished: func(string) (models.ProviderStateResponse, error) { return nil, nil },
	states.ContentSDKGrant: func(base string) (models.ProviderStateResponse, error) {
		resp, err := http.Post(base+"/__admin/file-grants", "application/json",
			strings.NewReader(`{"ref":"pact-grant-of-the-sdk-0001","downloadId":5022,"userId":7}`))
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusCreated {
			body, _ := io.ReadAll(resp.Body)
			return nil, fmt.Errorf("grant of the SDK: %d %s", resp.StatusCode, body)
		}
		return nil, nil
	},
	states.ContentEditorLink: mintPreviewLink,
}

func contentStateNames() []string {
	var out []string
	for s := range contentStates {
		out = append(out, s)
	}
	return out
}

func setUpContentState(baseURL, state string) (models.ProviderStateResponse, error) {
	set, ok := contentStates[state]
	if !ok {
		return nil, fmt.Errorf("unknown CMS state %q", state)
	}
	return set(baseURL)
}

func mintPreviewLink(baseURL string) (models.ProviderStateResponse, error) {
	resp, err := http.Post(baseURL+"/__admin/preview-links", "application/json",
		strings.NewReader(`{"path": "/en/preview/investment", "editor": "pact-editor@jaka.com", "ttl": "1h"}`))
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var link struct {
		Token string `json:"token"`
	}
	if resp.StatusCode != http.StatusCreated || json.NewDecoder(resp.Body).Decode(&link) != nil || link.Token == "" {
		return nil, fmt.Errorf("preview link: status %d", resp.StatusCode)
	}
	return models.ProviderStateResponse{"previewToken": link.Token}, nil
}
