package contentsvc

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/upstream/content"
)

// searchCMS answers the search's reads from fixed pages, remembering the requests.
type searchCMS struct {
	content.Client
	pages map[string]string
	reqs  chan content.Request
}

func (c *searchCMS) Get(_ context.Context, req content.Request) (json.RawMessage, error) {
	c.reqs <- req
	if page, ok := c.pages[req.Resource]; ok {
		return json.RawMessage(page), nil
	}
	return json.RawMessage(`{"total":0,"rows":[]}`), nil
}

func TestSearchJoinsTheKindsInOrderAndLeavesOutEmptyOnes(t *testing.T) {
	cms := &searchCMS{reqs: make(chan content.Request, 10), pages: map[string]string{
		"/product-lines": `[{"children":[{"id":103,"productName":"JAKA Zu 7"},{"id":104,"productName":"MiniCobo"},{"id":105,"productName":"JAKA Zu 12"}]}]`,
		"/news":          `{"total":12,"rows":[{"id":9,"typeId":2,"title":"Zu at the fair","publishTime":"2025-05-01"}]}`,
		"/faqs":          `{"total":1,"rows":[{"id":4,"question":"How far does a Zu reach?"}]}`,
	}}
	s := newTestService(t, cms)
	raw, err := s.Search(context.Background(), "zu", "en", "")
	require.NoError(t, err)
	assert.JSONEq(t, `{"query":"zu","total":15,"groups":[
		{"type":"product","total":2,"items":[
			{"type":"product","id":103,"title":"JAKA Zu 7","summary":null,"image":null,"date":null,"link":"/productDetails/103"},
			{"type":"product","id":105,"title":"JAKA Zu 12","summary":null,"image":null,"date":null,"link":"/productDetails/105"}]},
		{"type":"news","total":12,"items":[
			{"type":"news","id":9,"title":"Zu at the fair","summary":null,"image":null,"date":"2025-05-01","link":"/newsDetail/9?typeId=2"}]},
		{"type":"faq","total":1,"items":[
			{"type":"faq","id":4,"title":"How far does a Zu reach?","summary":null,"image":null,"date":null,"link":"/commonQuestion?id=4"}]}]}`, string(raw))
	close(cms.reqs)
	n := 0
	for req := range cms.reqs {
		n++
		assert.Equal(t, "en", req.Locale)
		if req.Resource != "/product-lines" {
			assert.Equal(t, "zu", req.Query.Get("q"))
			assert.Equal(t, "5", req.Query.Get("limit"), "five hits of each kind")
		}
	}
	assert.Equal(t, 5, n, "the catalogue and four searches")
}
