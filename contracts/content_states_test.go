//go:build pact

package contracts

import (
	"fmt"
	"io"
	"net/http"
	"strings"
)

// contentStates are the provider states of the CMS's pact. The published content is the seed;
// a grant of a login-only file is put in through /__admin/file-grants under the ref the pact
// names, as if user 7 had just asked for the SDK.
var contentStates = map[string]func(baseURL string) error{
	"the CMS holds the site's published content": func(string) error { return nil },
	"the CMS has granted the SDK (5022) to user 7 as pact-grant-of-the-sdk-0001": func(base string) error {
		resp, err := http.Post(base+"/__admin/file-grants", "application/json",
			strings.NewReader(`{"ref":"pact-grant-of-the-sdk-0001","downloadId":5022,"userId":7}`))
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusCreated {
			body, _ := io.ReadAll(resp.Body)
			return fmt.Errorf("grant of the SDK: %d %s", resp.StatusCode, body)
		}
		return nil
	},
}

func contentStateNames() []string {
	var out []string
	for s := range contentStates {
		out = append(out, s)
	}
	return out
}

func setUpContentState(baseURL, state string) error {
	set, ok := contentStates[state]
	if !ok {
		return fmt.Errorf("unknown CMS state %q", state)
	}
	return set(baseURL)
}
