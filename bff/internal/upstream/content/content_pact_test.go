//go:build pact

package content_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"testing"

	"github.com/pact-foundation/pact-go/v2/consumer"
	"github.com/pact-foundation/pact-go/v2/matchers"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/pacttest"
	"github.com/jakarobotics/website/bff/internal/upstream"
	"github.com/jakarobotics/website/bff/internal/upstream/content"
)

// Provider is the CMS's name in the pacts.
const Provider = "content-cms"

func clientFor(cfg consumer.MockServerConfig) *content.HTTPClient {
	base, _ := url.Parse(fmt.Sprintf("http://%s:%d", cfg.Host, cfg.Port))
	return content.New(upstream.Client{System: "content", BaseURL: base})
}

// navItem is what the site needs of every navigation item.
func navItem(id int, name, uniqueness string, children matchers.Matcher) matchers.Map {
	return matchers.Map{
		"id":         matchers.Integer(id),
		"name":       matchers.Like(name),
		"status":     matchers.Integer(0),
		"flag":       matchers.Integer(0),
		"uniqueness": matchers.Like(uniqueness),
		"children":   children,
	}
}

func TestContentCMSPact(t *testing.T) {
	pact := pacttest.NewPact(t, Provider)

	t.Run("language configuration, one page", func(t *testing.T) {
		err := pact.AddInteraction().
			Given("the site's language configuration exists").
			UponReceiving("a request for the first ten languages").
			WithRequest("GET", "/cms/v2/languages", func(b *consumer.V4RequestBuilder) {
				b.Query("offset", matchers.S("0")).Query("limit", matchers.S("10")).Query("locale", matchers.S("en"))
			}).
			WillRespondWith(200, func(b *consumer.V4ResponseBuilder) {
				b.Header("Content-Type", matchers.Regex("application/json; charset=utf-8", `application/json.*`))
				b.JSONBody(matchers.Map{
					"total": matchers.Integer(12),
					"rows": matchers.EachLike(matchers.Map{
						"languageCode": matchers.Regex("zh", `^(zh|zh_tw|en|en_eu|en_us|jp|ko|th|es|fr|de|ru)$`),
						"languageName": matchers.Like("简体中文"),
						"isShow":       matchers.Integer(0),
					}, 1),
				})
			}).
			ExecuteTest(t, func(cfg consumer.MockServerConfig) error {
				raw, err := clientFor(cfg).Get(context.Background(), content.Request{
					Resource: "/languages", Query: url.Values{"offset": {"0"}, "limit": {"10"}}, Locale: "en",
				})
				if err != nil {
					return err
				}
				var page struct {
					Total int               `json:"total"`
					Rows  []json.RawMessage `json:"rows"`
				}
				require.NoError(t, json.Unmarshal(raw, &page))
				assert.NotEmpty(t, page.Rows)
				return nil
			})
		require.NoError(t, err)
	})

	t.Run("navigation menu in a locale", func(t *testing.T) {
		err := pact.AddInteraction().
			Given("menu 8 exists").
			UponReceiving("a request for menu 8 in English").
			WithRequest("GET", "/cms/v2/menus/8", func(b *consumer.V4RequestBuilder) {
				b.Query("locale", matchers.S("en"))
			}).
			WillRespondWith(200, func(b *consumer.V4ResponseBuilder) {
				b.JSONBody(matchers.EachLike(matchers.Map{
					"id":            matchers.Integer(1),
					"name":          matchers.Like("Products"),
					"status":        matchers.Integer(0),
					"flag":          matchers.Integer(0),
					"uniqueness":    matchers.Like("products"),
					"templateStyle": matchers.Regex("products", `^(products|solutions|serviceSupport|aboutJaka|insights)$`),
					"router":        matchers.Like("/productList"),
					"children":      matchers.EachLike(navItem(11, "JAKA Zu Cobots", "line-zu", matchers.Like([]any{})), 1),
				}, 1))
			}).
			ExecuteTest(t, func(cfg consumer.MockServerConfig) error {
				raw, err := clientFor(cfg).Get(context.Background(), content.Request{Resource: "/menus/8", Locale: "en"})
				if err != nil {
					return err
				}
				assert.True(t, json.Valid(raw))
				return nil
			})
		require.NoError(t, err)
	})

	t.Run("a menu that does not exist", func(t *testing.T) {
		err := pact.AddInteraction().
			Given("menu 9999 does not exist").
			UponReceiving("a request for menu 9999").
			WithRequest("GET", "/cms/v2/menus/9999", func(b *consumer.V4RequestBuilder) {
				b.Query("locale", matchers.S("zh"))
			}).
			WillRespondWith(404, func(b *consumer.V4ResponseBuilder) {
				b.JSONBody(matchers.Map{"error": matchers.Like("no such menu")})
			}).
			ExecuteTest(t, func(cfg consumer.MockServerConfig) error {
				_, err := clientFor(cfg).Get(context.Background(), content.Request{Resource: "/menus/9999", Locale: "zh"})
				var apiErr *apierr.Error
				if !errors.As(err, &apiErr) || apiErr.Key != apierr.NotFound {
					return fmt.Errorf("want resource.not_found, got %v", err)
				}
				return nil
			})
		require.NoError(t, err)
	})

	t.Run("published banners of a placement", func(t *testing.T) {
		err := pact.AddInteraction().
			Given("home banners are published").
			UponReceiving("a request for the home carousel banners in French").
			WithRequest("GET", "/cms/v2/banners", func(b *consumer.V4RequestBuilder) {
				b.Query("placement", matchers.S("2")).Query("locale", matchers.S("fr"))
			}).
			WillRespondWith(200, func(b *consumer.V4ResponseBuilder) {
				b.JSONBody(matchers.EachLike(matchers.Map{
					"id":    matchers.Integer(1001),
					"type":  matchers.Integer(2),
					"image": matchers.Like("/cms-assets/banners/home-zu.svg"),
					"title": matchers.Like("Robots collaboratifs JAKA Zu"),
					"color": matchers.Regex("#ffffff", `^#[0-9a-fA-F]{6}$`),
					"sort":  matchers.Integer(1),
				}, 1))
			}).
			ExecuteTest(t, func(cfg consumer.MockServerConfig) error {
				raw, err := clientFor(cfg).Get(context.Background(), content.Request{
					Resource: "/banners", Query: url.Values{"placement": {"2"}}, Locale: "fr",
				})
				if err != nil {
					return err
				}
				assert.True(t, json.Valid(raw))
				return nil
			})
		require.NoError(t, err)
	})
}
