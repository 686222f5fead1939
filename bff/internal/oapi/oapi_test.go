package oapi_test

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/oapi"
)

func loadBoth(t *testing.T) (whole, serving *oapi.Spec) {
	t.Helper()
	whole, err := oapi.Load(context.Background())
	require.NoError(t, err)
	serving, err = oapi.LoadForServing(context.Background())
	require.NoError(t, err)
	return whole, serving
}

func TestServingContractKeepsEveryRequestAndNoAnswer(t *testing.T) {
	whole, serving := loadBoth(t)
	require.Equal(t, whole.Operations(), serving.Operations())
	for _, op := range whole.Operations() {
		full, _ := whole.Route(op.Method, op.Path)
		lean, ok := serving.Route(op.Method, op.Path)
		require.True(t, ok, op.Key())
		assert.Len(t, lean.Operation.Parameters, len(full.Operation.Parameters), op.Key())
		assert.Equal(t, full.Operation.RequestBody != nil, lean.Operation.RequestBody != nil, op.Key())
		assert.Nil(t, lean.Operation.Responses, op.Key())
		assert.NotNil(t, full.Operation.Responses, op.Key())
	}
	assert.Empty(t, serving.Doc.Components.Schemas)
	assert.NotEmpty(t, whole.Doc.Components.Schemas)
}

func TestServingContractValidatesRequestsAsTheWholeContract(t *testing.T) {
	whole, serving := loadBoth(t)
	for _, tc := range []struct {
		name, method, path, query, body string
		headers                         map[string]string
		valid                           bool
	}{
		{"list with a good page", "POST", "/api/language/list", "", `{"pageNum":1,"pageSize":10}`, nil, true},
		{"list with a page that is no number", "POST", "/api/language/list", "", `{"pageNum":"x","pageSize":10}`, nil, false},
		{"list with trailing garbage after its body", "POST", "/api/language/list", "", `{"pageNum":1,"pageSize":10} garbage`, nil, false},
		{"list with two bodies", "POST", "/api/language/list", "", `{"pageNum":1,"pageSize":10}{"pageNum":2,"pageSize":10}`, nil, false},
		{"list with white space around its body", "POST", "/api/language/list", "", " {\"pageNum\":1,\"pageSize\":10}\n", nil, true},
		{"banners of a known type", "GET", "/api/banner/allList", "?type=2", "", nil, true},
		{"banners of an unknown type", "GET", "/api/banner/allList", "?type=3", "", nil, false},
		{"enquiry without its fields", "POST", "/crm/addSaleClue", "", `{}`,
			map[string]string{"Idempotency-Key": "0b5a4f0e-3f7c-4c3e-9a51-0f0e4c1d2b3a"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			results := map[string]error{}
			for name, spec := range map[string]*oapi.Spec{"whole": whole, "serving": serving} {
				route, ok := spec.Route(tc.method, tc.path)
				require.True(t, ok)
				req := httptest.NewRequest(tc.method, oapi.BasePath+tc.path+tc.query, strings.NewReader(tc.body))
				if tc.body != "" {
					req.Header.Set("Content-Type", "application/json")
				}
				for k, v := range tc.headers {
					req.Header.Set(k, v)
				}
				results[name] = oapi.Validate(req, route, nil)
			}
			if tc.valid {
				assert.NoError(t, results["whole"])
				assert.NoError(t, results["serving"])
				return
			}
			var wholeErr, servingErr *apierr.Error
			require.ErrorAs(t, results["whole"], &wholeErr)
			require.ErrorAs(t, results["serving"], &servingErr)
			assert.NotEmpty(t, wholeErr.Fields)
			assert.Equal(t, wholeErr.Fields, servingErr.Fields)
		})
	}
}
