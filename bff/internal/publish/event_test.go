package publish_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/publish"
)

func TestParseEventReadsTheCMSsEvent(t *testing.T) {
	e, err := publish.ParseEvent([]byte(`{"id":"evt-20261129-0001","changes":[{"kind":"product","id":"101"},{"kind":"legal","id":"privacy"},{"kind":"menu","id":""}]}`))
	require.NoError(t, err)
	assert.Equal(t, publish.Event{ID: "evt-20261129-0001", Changes: []publish.Change{
		{Kind: "product", ID: "101"}, {Kind: "legal", ID: "privacy"}, {Kind: "menu", ID: ""},
	}}, e)
}

func TestParseEventRefusesWhatIsNotAnEvent(t *testing.T) {
	many := make([]string, publish.MaxChanges+1)
	for i := range many {
		many[i] = fmt.Sprintf(`{"kind":"news","id":"%d"}`, i)
	}
	for _, tc := range []struct{ body, field string }{
		{``, "body"},
		{`[]`, "body"},
		{`null`, "id"},
		{`{"id":"e","changes":[{"kind":"news","id":"1"}]} {}`, "body"},
		{`{"id":"e","changes":[{"kind":"news","id":1}]}`, "body"},
		{`{"id":"e","changes":[{"kind":"news","id":"1","extra":true}]}`, "body"},
		{`{"id":"e","type":"published","changes":[{"kind":"news","id":"1"}]}`, "body"},
		{`{"id":"","changes":[{"kind":"news","id":"1"}]}`, "id"},
		{`{"id":"a b","changes":[{"kind":"news","id":"1"}]}`, "id"},
		{`{"id":"` + strings.Repeat("e", 129) + `","changes":[{"kind":"news","id":"1"}]}`, "id"},
		{`{"id":"e"}`, "changes"},
		{`{"id":"e","changes":null}`, "changes"},
		{`{"id":"e","changes":[` + strings.Join(many, ",") + `]}`, "changes"},
		{`{"id":"e","changes":[{"kind":"news","id":"1"},{"kind":"News","id":"1"}]}`, "changes[1]"},
		{`{"id":"e","changes":[{"kind":"","id":"1"}]}`, "changes[0]"},
		{`{"id":"e","changes":[{"kind":"news","id":"a\u0000b"}]}`, "changes[0]"},
		{`{"id":"e","changes":[{"kind":"news","id":"` + strings.Repeat("9", publish.MaxIDBytes+1) + `"}]}`, "changes[0]"},
	} {
		_, err := publish.ParseEvent([]byte(tc.body))
		if assert.Error(t, err, "%.80s", tc.body) {
			e := apierr.From(err)
			assert.Equal(t, apierr.InvalidRequest, e.Key, "%.80s", tc.body)
			if assert.Len(t, e.Fields, 1, "%.80s", tc.body) {
				assert.Equal(t, tc.field, e.Fields[0].Field, "%.80s", tc.body)
			}
		}
	}
}

func TestKindsAreDistinctAndKnown(t *testing.T) {
	seen := map[string]bool{}
	for _, k := range publish.Kinds {
		assert.False(t, seen[k], "%s is listed twice", k)
		seen[k] = true
		assert.True(t, publish.KnownKind(k))
	}
	assert.False(t, publish.KnownKind("Product"), "kinds are case-sensitive")
}

func TestMemorySeenRemembersAnIDForItsWindow(t *testing.T) {
	now := time.Unix(1_764_400_000, 0)
	seen := publish.NewMemorySeen(func() time.Time { return now })
	assert.True(t, seen.First("evt-1", publish.ReplayWindow))
	assert.False(t, seen.First("evt-1", publish.ReplayWindow))
	assert.True(t, seen.First("evt-2", publish.ReplayWindow), "another id")
	now = now.Add(publish.ReplayWindow - time.Second)
	assert.False(t, seen.First("evt-1", publish.ReplayWindow))
	now = now.Add(time.Second)
	assert.True(t, seen.First("evt-1", publish.ReplayWindow), "forgotten after the window, when its signature is stale anyway")
}
