package vitals

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/apierr"
)

func TestCheckAcceptsOnlyTheSitesPagesAndLanguages(t *testing.T) {
	ms := 800
	good := Report{Route: "/productDetails/:id", Lang: "jp", Device: "phone", TTFB: &ms}
	require.NoError(t, good.Check())
	for _, route := range []string{"/index", "/jaka+", "/ESG", "/NotFound", "/imprint", "/commonQuestionDetail", "/repairDetail/:id"} {
		r := good
		r.Route = route
		assert.NoError(t, r.Check(), route)
	}

	for _, tc := range []struct {
		name   string
		change func(*Report)
		field  string
	}{
		{"no page", func(r *Report) { r.Route = "/admin" }, "route"},
		{"an address", func(r *Report) { r.Route = "/productDetails/103" }, "route"},
		{"a prefixed path", func(r *Report) { r.Route = "/en/index" }, "route"},
		{"the wire's Japanese", func(r *Report) { r.Lang = "ja" }, "lang"},
		{"no language", func(r *Report) { r.Lang = "" }, "lang"},
		{"no measurement", func(r *Report) { r.TTFB = nil }, "body"},
	} {
		r := good
		tc.change(&r)
		var e *apierr.Error
		require.ErrorAs(t, r.Check(), &e, tc.name)
		assert.Equal(t, apierr.InvalidRequest, e.Key, tc.name)
		require.Len(t, e.Fields, 1, tc.name)
		assert.Equal(t, tc.field, e.Fields[0].Field, tc.name)
	}
}
