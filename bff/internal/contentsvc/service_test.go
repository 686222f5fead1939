package contentsvc

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/cache"
	"github.com/jakarobotics/website/bff/internal/messages"
	"github.com/jakarobotics/website/bff/internal/upstream/content"
)

// formCMS answers every read of form 5 with the same small definition, and any other read
// resource.not_found, counting the reads.
type formCMS struct {
	content.Client
	calls atomic.Int32
}

func (c *formCMS) Get(_ context.Context, req content.Request) (json.RawMessage, error) {
	c.calls.Add(1)
	if req.Resource != "/forms/5" {
		return nil, apierr.New(apierr.NotFound, nil)
	}
	return json.RawMessage(`{"id":5,"fields":[{"name":"remark","type":"text","required":false,"maxLength":200,"options":[]}]}`), nil
}

func newTestService(t *testing.T, cms content.Client) *Service {
	t.Helper()
	keysForTest(t)
	s, err := New(Options{Spec: testSpec, CMS: cms, Cache: cache.New(time.Minute), Timeout: time.Second, LongTimeout: time.Second})
	require.NoError(t, err)
	return s
}

// pageRead answers a visitor's request for target as the server does: under the request's key,
// with the envelope of the CMS's data.
func pageRead(t *testing.T, s *Service, cms content.Client, target string, lang messages.Lang, header string) {
	t.Helper()
	r := httptest.NewRequest(http.MethodGet, target, nil)
	if header != "" {
		r.Header.Set("lang", header)
	}
	key, ok := s.RequestKey(nil, r, testBodyLimit)
	require.True(t, ok)
	_, _, err := s.Answer(context.Background(), Key(key), formRoute, Structure, func(ctx context.Context) ([]byte, error) {
		data, err := cms.Get(ctx, content.Request{Resource: "/forms/5", Locale: string(lang)})
		return Envelope(lang, data), err
	})
	require.NoError(t, err)
}

func TestAFormsDefinitionIsReadUnderTheKeyOfItsPagesRequest(t *testing.T) {
	cms := &formCMS{}
	s := newTestService(t, cms)
	for _, tc := range []struct {
		header string
		lang   messages.Lang
	}{{"", "zh"}, {"en", "en"}} {
		pageRead(t, s, cms, "/prod-api/api/customForm/5?utm_source=mail", tc.lang, tc.header)
		e, _ := s.cache.Peek(s.keys.contentKey("/api/customForm/5", tc.lang))
		assert.NotNil(t, e, "the form record's check finds the definition the page loaded in %s", tc.lang)
	}
	require.Equal(t, int32(2), cms.calls.Load())
	for _, lang := range []messages.Lang{"zh", "en"} {
		form, err := s.FormDefinition(context.Background(), 5, lang)
		require.NoError(t, err)
		assert.Equal(t, int64(5), form.ID)
		require.Len(t, form.Fields, 1)
		assert.Equal(t, "remark", form.Fields[0].Name)
		assert.Equal(t, 200, *form.Fields[0].MaxLength)
	}
	assert.Equal(t, int32(2), cms.calls.Load(), "the definitions came from the pages' answers, not the CMS")
}

func TestAFormsDefinitionReadFirstServesThePage(t *testing.T) {
	cms := &formCMS{}
	s := newTestService(t, cms)
	_, err := s.FormDefinition(context.Background(), 5, "ja")
	require.NoError(t, err)
	r := httptest.NewRequest(http.MethodGet, "/prod-api/api/customForm/5", nil)
	r.Header.Set("lang", "ja")
	key, ok := s.RequestKey(nil, r, testBodyLimit)
	require.True(t, ok)
	e, res := s.Peek(key)
	require.NotNil(t, e, "the page's request finds the definition the check read")
	assert.Equal(t, cache.Hit, res)
	var env struct {
		Success bool            `json:"success"`
		Msg     string          `json:"msg"`
		Data    json.RawMessage `json:"data"`
	}
	require.NoError(t, json.Unmarshal(e.Body, &env))
	assert.True(t, env.Success)
	assert.Equal(t, messages.Text(messages.OK, "ja"), env.Msg, "the envelope of the page's language")
	assert.Equal(t, formRoute, e.Route)
}

func TestAFormTheCMSDoesNotHaveIsAnInvalidFormID(t *testing.T) {
	s := newTestService(t, &formCMS{})
	_, err := s.FormDefinition(context.Background(), 999, "en")
	e := apierr.From(err)
	require.Equal(t, apierr.InvalidRequest, e.Key)
	require.Len(t, e.Fields, 1)
	assert.Equal(t, "formId", e.Fields[0].Field)
}

// editedCMS answers every read with the form's current title.
type editedCMS struct {
	content.Client
	title atomic.Value
}

func (c *editedCMS) Get(context.Context, content.Request) (json.RawMessage, error) {
	return json.RawMessage(`{"id":5,"title":"` + c.title.Load().(string) + `","fields":[]}`), nil
}

// A refresh that finds an answer changed names what was built from it (the pages of that form);
// the same answer again names nothing.
func TestAChangedAnswerNamesWhatWasBuiltFromIt(t *testing.T) {
	cms := &editedCMS{}
	cms.title.Store("Cooperation")
	s := newTestService(t, cms)
	var changed [][]string
	s.OnAnswerChange(func(tags []string) { changed = append(changed, tags) })
	var elapsed atomic.Int64
	start := time.Date(2025, 6, 1, 9, 0, 0, 0, time.UTC)
	s.cache.SetClock(func() time.Time { return start.Add(time.Duration(elapsed.Load())) })
	pageRead(t, s, cms, "/prod-api/api/customForm/5", "zh", "")

	elapsed.Add(int64(2 * time.Hour)) // past the stale window: the next read fetches again
	pageRead(t, s, cms, "/prod-api/api/customForm/5", "zh", "")
	assert.Empty(t, changed, "the same answer again changes nothing")

	elapsed.Add(int64(2 * time.Hour))
	cms.title.Store("Partnership")
	pageRead(t, s, cms, "/prod-api/api/customForm/5", "zh", "")
	assert.Equal(t, [][]string{{"/prod-api/api/customForm/{id}|id=5"}}, changed, "the pages built from form 5")
}

func TestEachKindOfContentSurvivesADayOfCMSOutage(t *testing.T) {
	for kind, p := range policies {
		assert.Equal(t, 24*time.Hour, p.IfError, "kind %d", kind)
		assert.Positive(t, p.Fresh)
		assert.Greater(t, p.Stale, p.Fresh)
	}
	assert.Less(t, policies[News].Fresh, policies[Catalogue].Fresh)
	assert.Less(t, policies[Catalogue].Fresh, policies[Structure].Fresh)
}

func TestAKeysQueryIsItsCanonicalQuery(t *testing.T) {
	s := newTestService(t, &formCMS{})
	r := httptest.NewRequest(http.MethodGet, "/prod-api/api/news/newsList?typeId=2&junk=1&pageSize=10&pageNum=1", nil)
	key, ok := s.RequestKey(nil, r, testBodyLimit)
	require.True(t, ok)
	assert.Equal(t, "typeId=2&pageNum=1&pageSize=10", Key(key).Query(), "the declared parameters in the contract's order")
}
