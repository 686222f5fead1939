//go:build pact

package content_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"testing"

	"github.com/pact-foundation/pact-go/v2/consumer"
	"github.com/pact-foundation/pact-go/v2/matchers"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/pacttest"
	"github.com/jakarobotics/website/bff/internal/upstream/content"
	"github.com/jakarobotics/website/contracts/states"
)

// Provider is the CMS's name in the pacts.
const Provider = states.ContentProvider

// coverage finds the methods of content.Client that no interaction calls.
var coverage = pacttest.NewCoverage[content.Client]()

func clientFor(cfg consumer.MockServerConfig) *content.HTTPClient {
	return content.New(coverage.Upstream("content", cfg))
}

// cmsRead is one content read the BFF makes, with the site operation whose data it answers.
type cmsRead struct {
	operation string
	resource  string
	query     url.Values
	locale    string
}

func qs(kv ...string) url.Values {
	v := url.Values{}
	for i := 0; i+1 < len(kv); i += 2 {
		v.Set(kv[i], kv[i+1])
	}
	return v
}

// contentReads covers every CMS resource the BFF reads (see mocks/content/API.md), with ids of
// the seeded content. Resources that serve two operations appear once.
var contentReads = []cmsRead{
	{"languageList", "/languages", qs("offset", "0", "limit", "10"), "en"},
	{"buildProgramaTree", "/menus/8", nil, "en"},
	{"bannerAllList", "/banners", qs("placement", "2"), "fr"},
	{"commonAllList", "/site", nil, "zh"},
	{"commonSelectPublishDataById", "/columns/1", nil, "en"},
	{"commonSelectPublishDataByGeneId", "/columns/by-gene/101", nil, "de"},
	{"commonGetDetails", "/articles/301", nil, "ja"},
	{"commonGetChildDetails", "/articles/302/children/3021", nil, "en"},
	{"homeGetDetails", "/home", nil, "ko"},
	{"homeRecommendNews", "/news", qs("recommended", "true"), "en"},
	{"homeCardModelList", "/home/cards/1", nil, "th"},
	{"homeRecommendIndustry", "/industries", qs("recommendedIn", "2"), "es"},
	{"noticeAllList", "/notices", nil, "zh"},
	{"keyWord", "/keywords", nil, "ru"},
	{"customForm", "/forms/1", nil, "zh"},
	{"newsListByTitle", "/news", qs("q", "JAKA", "offset", "0", "limit", "10"), "en"},
	{"newsTypeList", "/news-types", qs("column", "5"), "zh_tw"},
	{"newsList", "/news", qs("type", "1", "offset", "0", "limit", "10"), "en"},
	{"getNewsDetail", "/news/4", qs("type", "1"), "fr"},
	{"newsTopList", "/news", qs("top", "true"), "zh"},
	{"productLinePullDown", "/product-lines", qs("column", "1"), "en"},
	{"productLineList", "/product-lines", nil, "de"},
	{"getProductLineDetails", "/product-lines/1", qs("column", "1"), "en"},
	{"getProductDetails", "/products/103", qs("line", "1"), "ja"},
	{"getProductById", "/products/201", nil, "en"},
	{"productContrast", "/products/compare", qs("ids", "101,102,201"), "en"},
	{"solutionPullDown", "/solutions/menu", qs("column", "2"), "zh"},
	{"getIndustryDetails", "/industries/1", nil, "en"},
	{"getProductApplyDetails", "/product-levels/1", nil, "ko"},
	{"getApplyDetails", "/applications/1", nil, "en"},
	{"applicationsList", "/cases", qs("industry", "1", "offset", "0", "limit", "10"), "en"},
	{"getApplicationsDetails", "/cases/1", nil, "es"},
	{"jakaPlusAllList", "/partners", nil, "en"},
	{"jakaPlusGetProductListById", "/partners/1/products", nil, "en"},
	{"jakaPlusGetProductDetails", "/partner-products/1", nil, "zh"},
	{"downloadTreeList", "/downloads/tree", nil, "en"},
	{"downloadGetDetails", "/downloads/5001", nil, "en"},
	{"selectDownloadByTitle", "/downloads", qs("q", "manual", "offset", "0", "limit", "10"), "en"},
	{"selectDownloadByParentId", "/downloads", qs("parent", "1", "offset", "0", "limit", "10"), "zh"},
	{"faqTypeList", "/faq-types", nil, "en"},
	{"selectFaqByTitle", "/faqs", qs("type", "1", "offset", "0", "limit", "10"), "en"},
	{"curriculumsList", "/academy/curriculums", nil, "zh"},
	{"courseList", "/academy/courses", qs("type", "601", "offset", "0", "limit", "10"), "en"},
	{"courseTypeList", "/academy/course-types", qs("column", "6"), "en"},
	{"instructorList", "/academy/instructors", nil, "zh"},
	{"validateDealer", "/dealers/by-name/" + url.PathEscape("上海启卡自动化设备有限公司"), nil, "zh"},
	{"selectCustomerRegion", "/dealers", qs("region", "华东"), "zh"},
	{"contactUsList", "/offices", nil, "en"},
	{"developingCourseList", "/milestones", qs("column", "4"), "en"},
	{"recruitPositionList", "/positions", qs("type", "social", "offset", "0", "limit", "10"), "zh"},
	{"recruitPositionConfigList", "/position-config", qs("type", "campus"), "en"},
	{"dictDataList", "/dictionaries/industry_tags", nil, "en"},
	{"getFormContent", "/legal/privacy", nil, "de"},
	{"industryList", "/industry-codes", nil, "zh"},
	// The search page's reads (bffSearch).
	{"applicationsList", "/cases", qs("q", "JAKA", "offset", "0", "limit", "5"), "en"},
	{"selectFaqByTitle", "/faqs", qs("q", "robot", "offset", "0", "limit", "5"), "en"},
	// The sitemap's reads of whole lists (bff/internal/sitemap), the CMS's largest page at a
	// time; its other reads (product lines, the solution menu, partners and their products, the
	// site's legal links and texts) are those above.
	{"newsList", "/news", qs("offset", "0", "limit", "200"), "ja"},
	{"applicationsList", "/cases", qs("offset", "0", "limit", "200"), "zh_tw"},
	{"recruitPositionList", "/positions", qs("type", "campus", "offset", "0", "limit", "200"), "en"},
}

// State is the provider state of every content read: the CMS holds the site's published
// content (the mock's seed).
const State = states.ContentPublished

// StateSDKGrant is the provider state of the deliveries of a login-only file: the CMS has granted
// the SDK (document 5022) to user 7 under the ref SDKGrant.
const StateSDKGrant = states.ContentSDKGrant

// SDKGrant is the ref of the grant of StateSDKGrant.
const SDKGrant = "pact-grant-of-the-sdk-0001"

func TestContentCMSPact(t *testing.T) {
	pact := pacttest.NewPact(t, Provider)

	for _, read := range contentReads {
		t.Run(read.operation+" "+read.resource, func(t *testing.T) {
			query := url.Values{"locale": {read.locale}}
			for k, v := range read.query {
				query[k] = v
			}
			err := pact.AddInteraction().
				Given(State).
				UponReceiving(fmt.Sprintf("a read of %s?%s for %s in %s", read.resource, read.query.Encode(), read.operation, read.locale)).
				WithRequest("GET", content.APIPrefix+read.resource, func(b *consumer.V4RequestBuilder) {
					for k, v := range query {
						b.Query(k, matchers.S(v[0]))
					}
				}).
				WillRespondWith(200, func(b *consumer.V4ResponseBuilder) {
					b.Header("Content-Type", matchers.Regex("application/json; charset=utf-8", `application/json.*`))
					b.JSONBody(pacttest.FromSchema(pacttest.DataSchema(t, read.operation)))
				}).
				ExecuteTest(t, func(cfg consumer.MockServerConfig) error {
					raw, err := clientFor(cfg).Get(context.Background(), content.Request{
						Resource: read.resource, Query: read.query, Locale: read.locale,
					})
					if err != nil {
						return err
					}
					if !json.Valid(raw) {
						return errors.New("the client returned invalid JSON")
					}
					return nil
				})
			require.NoError(t, err)
		})
	}

	for _, missing := range []struct{ name, resource string }{
		{"a menu that does not exist", "/menus/9999"},
		{"a product that does not exist", "/products/9999"},
		{"a dealer looked up by a prefix of its name (no fuzzy match)", "/dealers/by-name/" + url.PathEscape("上海启卡")},
	} {
		t.Run(missing.name, func(t *testing.T) {
			err := pact.AddInteraction().
				Given(State).
				UponReceiving(missing.name).
				WithRequest("GET", content.APIPrefix+missing.resource, func(b *consumer.V4RequestBuilder) {
					b.Query("locale", matchers.S("zh"))
				}).
				WillRespondWith(404, func(b *consumer.V4ResponseBuilder) {
					b.JSONBody(matchers.Map{"error": matchers.Like("no such item")})
				}).
				ExecuteTest(t, func(cfg consumer.MockServerConfig) error {
					_, err := clientFor(cfg).Get(context.Background(), content.Request{Resource: missing.resource, Locale: "zh"})
					var apiErr *apierr.Error
					if !errors.As(err, &apiErr) || apiErr.Key != apierr.NotFound {
						return fmt.Errorf("want resource.not_found, got %v", err)
					}
					return nil
				})
			require.NoError(t, err)
		})
	}

	// The one write: a preview or download recorded with the CMS, which answers the URL to open
	// (userDownload). Documents that need login get their URL only for a named user.
	seven := int64(7)
	for _, event := range []struct {
		name   string
		event  content.DownloadEvent
		status int
		answer any
		want   func(content.DownloadLink, error) error
	}{
		{
			name:   "an anonymous download of a public manual",
			event:  content.DownloadEvent{DownloadID: 5001, Action: "download", Locale: "en"},
			status: 201,
			answer: matchers.Map{"id": matchers.Integer(1), "url": matchers.Regex("/cms-assets/files/JAKA_Zu_User_Manual_V2.4.pdf", `^/cms-assets/files/.+`)},
			want:   wantURL,
		},
		{
			name:   "a logged-in user's preview of a public manual",
			event:  content.DownloadEvent{DownloadID: 5001, Action: "preview", UserID: &seven, Locale: "zh"},
			status: 201,
			answer: matchers.Map{"id": matchers.Integer(1), "url": matchers.Regex("/cms-assets/files/JAKA_Zu_User_Manual_V2.4.pdf", `^/cms-assets/files/.+`)},
			want:   wantURL,
		},
		{
			name:   "a logged-in user's download of the SDK (login required)",
			event:  content.DownloadEvent{DownloadID: 5022, Action: "download", UserID: &seven, Locale: "en"},
			status: 201,
			answer: matchers.Map{"id": matchers.Integer(1), "file": matchers.StructMatcher{
				"ref":       matchers.Regex("Xq3r7Vb2Kc9Lm1Np4Tz8Wd6F", content.FileRefPattern.String()),
				"expiresAt": matchers.Regex("2026-11-21T13:00:00Z", `^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$`),
			}},
			want: wantGrant,
		},
		{
			name:   "an anonymous download of the SDK (login required)",
			event:  content.DownloadEvent{DownloadID: 5022, Action: "download", Locale: "en"},
			status: 403,
			answer: matchers.Map{"error": matchers.Like("this document is for logged-in users only")},
			want:   wantKey(content.LoginRequired),
		},
		{
			name:   "a download of a document that does not exist",
			event:  content.DownloadEvent{DownloadID: 9999, Action: "download", Locale: "en"},
			status: 404,
			answer: matchers.Map{"error": matchers.Like("no such document")},
			want:   wantKey(apierr.NotFound),
		},
	} {
		t.Run(event.name, func(t *testing.T) {
			body := map[string]any{"action": event.event.Action, "userId": nil}
			if event.event.UserID != nil {
				body["userId"] = *event.event.UserID
			}
			err := pact.AddInteraction().
				Given(State).
				UponReceiving(event.name).
				WithRequest("POST", content.APIPrefix+content.DownloadEventPath(event.event.DownloadID), func(b *consumer.V4RequestBuilder) {
					b.Query("locale", matchers.S(event.event.Locale))
					b.Header("Content-Type", matchers.S("application/json"))
					b.JSONBody(body)
				}).
				WillRespondWith(event.status, func(b *consumer.V4ResponseBuilder) {
					b.Header("Content-Type", matchers.Regex("application/json; charset=utf-8", `application/json.*`))
					b.JSONBody(event.answer)
				}).
				ExecuteTest(t, func(cfg consumer.MockServerConfig) error {
					return event.want(clientFor(cfg).RecordDownload(context.Background(), event.event))
				})
			require.NoError(t, err)
		})
	}

	// The file of a grant, fetched by the BFF alone for a logged-in user's link: whole, as a range
	// (a download resumed), and once the grant has expired. The bytes are the file's own and not
	// pinned; its type, length and name are.
	for _, file := range []struct {
		name, state, ref string
		headers          map[string]string
		status           int
		answerHeaders    map[string]matchers.Matcher
		want             func(*http.Response, error) error
	}{
		{
			name: "the file of a grant of the SDK", state: StateSDKGrant, ref: SDKGrant, status: 200,
			answerHeaders: map[string]matchers.Matcher{
				"Content-Type":        matchers.Regex("application/zip", `^application/[a-z0-9.+-]+$`),
				"Content-Length":      matchers.Regex("142", `^\d+$`),
				"Content-Disposition": matchers.Regex("attachment; filename=JAKA_SDK_2.3.1.zip", `^attachment; filename=.+`),
			},
			want: wantStatus(200),
		},
		{
			name: "a range of the file of a grant of the SDK", state: StateSDKGrant, ref: SDKGrant,
			headers: map[string]string{"Range": "bytes=0-3"}, status: 206,
			answerHeaders: map[string]matchers.Matcher{
				"Content-Range": matchers.Regex("bytes 0-3/142", `^bytes 0-3/\d+$`),
			},
			want: wantStatus(206),
		},
		{
			name: "the file of a grant that has expired", state: State, ref: "pact-grant-that-expired-0001", status: 404,
			want: func(resp *http.Response, err error) error {
				if resp != nil {
					resp.Body.Close()
				}
				var apiErr *apierr.Error
				if !errors.As(err, &apiErr) || apiErr.Key != apierr.NotFound {
					return fmt.Errorf("want resource.not_found, got %v", err)
				}
				return nil
			},
		},
	} {
		t.Run(file.name, func(t *testing.T) {
			err := pact.AddInteraction().
				Given(file.state).
				UponReceiving(file.name).
				WithRequest("GET", content.APIPrefix+content.FilePath(file.ref), func(b *consumer.V4RequestBuilder) {
					b.Header("Accept-Encoding", matchers.S("identity"))
					for k, v := range file.headers {
						b.Header(k, matchers.S(v))
					}
				}).
				WillRespondWith(file.status, func(b *consumer.V4ResponseBuilder) {
					for k, v := range file.answerHeaders {
						b.Header(k, v)
					}
					if file.status == 404 {
						b.Header("Content-Type", matchers.Regex("application/json; charset=utf-8", `application/json.*`))
						b.JSONBody(matchers.Map{"error": matchers.Like("no such file")})
					}
				}).
				ExecuteTest(t, func(cfg consumer.MockServerConfig) error {
					h := http.Header{}
					for k, v := range file.headers {
						h.Set(k, v)
					}
					return file.want(clientFor(cfg).OpenFile(context.Background(), file.ref, h))
				})
			require.NoError(t, err)
		})
	}

	// The pictures the BFF resizes: a file of the public media library, read whole (the name is
	// one the CMS stand-in has; a logo stays a drawing when the photographs become rasters), and
	// one it does not have.
	for _, media := range []struct {
		name, file string
		status     int
		want       func(*http.Response, error) error
	}{
		{"a file of the media library read whole for its variants", "logos/JAKA.svg", 200, wantStatus(200)},
		{"a file the media library does not have", "pictures/no-such-picture.jpg", 404, func(resp *http.Response, err error) error {
			if resp != nil {
				resp.Body.Close()
			}
			var apiErr *apierr.Error
			if !errors.As(err, &apiErr) || apiErr.Key != apierr.NotFound {
				return fmt.Errorf("want resource.not_found, got %v", err)
			}
			return nil
		}},
	} {
		t.Run(media.name, func(t *testing.T) {
			err := pact.AddInteraction().
				Given(State).
				UponReceiving(media.name).
				WithRequest("GET", content.MediaPath(media.file), func(b *consumer.V4RequestBuilder) {
					b.Header("Accept-Encoding", matchers.S("identity"))
				}).
				WillRespondWith(media.status, func(b *consumer.V4ResponseBuilder) {
					if media.status == 200 {
						b.Header("Content-Type", matchers.Regex("image/svg+xml", `^image/.+`))
					}
				}).
				ExecuteTest(t, func(cfg consumer.MockServerConfig) error {
					return media.want(clientFor(cfg).OpenMedia(context.Background(), media.file))
				})
			require.NoError(t, err)
		})
	}

	// Drafts need an editor's preview token at both ends: the BFF checks it, and passes it on
	// for the CMS to check too (without it the CMS answers the draft 404).
	t.Run("drafts for an editor's preview", func(t *testing.T) {
		err := pact.AddInteraction().
			Given(EditorState).
			UponReceiving("an editor's preview read of a draft announcement").
			WithRequest("GET", content.APIPrefix+"/articles/303/children/3035", func(b *consumer.V4RequestBuilder) {
				b.Query("locale", matchers.S("en"))
				b.Header(content.PreviewTokenHeader, matchers.FromProviderState("${previewToken}", examplePreviewToken))
			}).
			WillRespondWith(200, func(b *consumer.V4ResponseBuilder) {
				b.JSONBody(pacttest.FromSchema(pacttest.DataSchema(t, "commonGetChildDetails")))
			}).
			ExecuteTest(t, func(cfg consumer.MockServerConfig) error {
				_, err := clientFor(cfg).Get(context.Background(), content.Request{
					Resource: "/articles/303/children/3035", Locale: "en", PreviewToken: examplePreviewToken,
				})
				return err
			})
		require.NoError(t, err)
	})
	coverage.Require(t)
}

// EditorState is the provider state of preview reads: an editor asked the CMS for a preview
// link, whose token the state gives as previewToken.
const EditorState = states.ContentEditorLink

// examplePreviewToken stands for the token of EditorState in the consumer test; the provider
// injects a real one.
const examplePreviewToken = "v1.eyJzdWIiOiJlZGl0b3IiLCJwYXRoIjoiL2VuL3ByZXZpZXcvaW52ZXN0bWVudCIsImV4cCI6MTg5MzQ1NjAwMH0.c2lnbmF0dXJlLW9mLXRoZS1leGFtcGxlLXRva2Vu"

func wantURL(link content.DownloadLink, err error) error {
	if err != nil {
		return err
	}
	if link.URL == "" || link.File != nil {
		return fmt.Errorf("want a url, got %+v", link)
	}
	return nil
}

func wantGrant(link content.DownloadLink, err error) error {
	if err != nil {
		return err
	}
	if link.URL != "" || link.File == nil || link.File.Ref == "" || link.File.ExpiresAt.IsZero() {
		return fmt.Errorf("want a file grant and no url, got %+v", link)
	}
	return nil
}

func wantStatus(status int) func(*http.Response, error) error {
	return func(resp *http.Response, err error) error {
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if resp.StatusCode != status {
			return fmt.Errorf("want status %d, got %d", status, resp.StatusCode)
		}
		return nil
	}
}

func wantKey(key apierr.Key) func(content.DownloadLink, error) error {
	return func(_ content.DownloadLink, err error) error {
		var apiErr *apierr.Error
		if !errors.As(err, &apiErr) || apiErr.Key != key {
			return fmt.Errorf("want %s, got %v", key, err)
		}
		return nil
	}
}
