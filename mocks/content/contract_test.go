package content

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/openapi"
)

// The CMS answers with exactly the data of the site's operations, which the BFF wraps in its
// envelope without changing it. These helpers check an answer against the data schema of the
// operation it serves, so that the seed content cannot drift from the contract.

var (
	contractOnce sync.Once
	contractDoc  *openapi3.T
	contractErr  error
)

func contract(t *testing.T) *openapi3.T {
	t.Helper()
	contractOnce.Do(func() {
		contractDoc, contractErr = openapi3.NewLoader().LoadFromData(openapi.YAML)
		if contractErr == nil {
			contractErr = contractDoc.Validate(context.Background())
		}
	})
	require.NoError(t, contractErr)
	return contractDoc
}

// dataSchema finds the schema of `data` in the 200 answer of operationID.
func dataSchema(t *testing.T, operationID string) *openapi3.Schema {
	t.Helper()
	for _, item := range contract(t).Paths.Map() {
		for _, op := range item.Operations() {
			if op.OperationID != operationID {
				continue
			}
			resp := op.Responses.Status(200)
			require.NotNil(t, resp, "%s has no 200 answer", operationID)
			envelope := resp.Value.Content.Get("application/json").Schema.Value
			for _, part := range append([]*openapi3.SchemaRef{{Value: envelope}}, envelope.AllOf...) {
				if data, ok := part.Value.Properties["data"]; ok {
					return data.Value
				}
			}
			t.Fatalf("%s: no data schema in its 200 answer", operationID)
		}
	}
	t.Fatalf("no operation %s in the contract", operationID)
	return nil
}

// assertContract checks that body is valid data for operationID.
func assertContract(t *testing.T, operationID string, body []byte) {
	t.Helper()
	var v any
	require.NoError(t, json.Unmarshal(body, &v), "%s: not JSON: %s", operationID, body)
	err := dataSchema(t, operationID).VisitJSON(v, openapi3.MultiErrors())
	require.NoError(t, err, "%s: the CMS answer does not match the contract", operationID)
}

// getOK fetches path from the CMS handler and requires a 200.
func getOK(t *testing.T, h http.Handler, path string, headers ...string) []byte {
	t.Helper()
	req := httptest.NewRequest("GET", path, nil)
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	require.Equal(t, http.StatusOK, rec.Code, "GET %s: %s", path, rec.Body.String())
	return rec.Body.Bytes()
}

func TestSiteResourcesMatchTheContract(t *testing.T) {
	h := newHandler(t)
	for _, locale := range Locales {
		assertContract(t, "languageList", getOK(t, h, "/cms/v2/languages?offset=0&limit=10&locale="+locale))
		for _, menu := range []string{"8", "37", "71", "108"} {
			assertContract(t, "buildProgramaTree", getOK(t, h, "/cms/v2/menus/"+menu+"?locale="+locale))
		}
		assertContract(t, "bannerAllList", getOK(t, h, "/cms/v2/banners?placement=2&locale="+locale))
		assertContract(t, "bannerAllList", getOK(t, h, "/cms/v2/banners?placement=2&locale="+locale, PreviewTokenHeader, previewToken))
	}
}
