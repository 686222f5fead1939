// Package contentsvc is the site's one way of reading content through the cache. It owns the
// content cache and everything about it: the keys of the answers (built from what the contract
// declares, see keys), how long each kind of content stays fresh, stale and usable while the
// CMS fails, and the coalescing of concurrent misses into one CMS read. The HTTP edge asks it
// for answers by key and never builds a key or reads an entry itself; other areas ask it typed
// questions (FormDefinition, SitePages).
package contentsvc

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"go.opentelemetry.io/otel/trace"
	"golang.org/x/sync/errgroup"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/cache"
	"github.com/jakarobotics/website/bff/internal/messages"
	"github.com/jakarobotics/website/bff/internal/oapi"
	"github.com/jakarobotics/website/bff/internal/sitemap"
	"github.com/jakarobotics/website/bff/internal/telemetry"
	"github.com/jakarobotics/website/bff/internal/upstream/content"
)

// Freshness is a kind of content, which says how long its answers stay fresh, stale while they
// are refreshed, and stale while the CMS fails.
type Freshness int

// The kinds of content. Structure (menus, languages, site info, legal texts, form definitions)
// changes rarely; the catalogue changes with editors' work; news and the home page change most
// often. Every kind survives a day of CMS outage.
const (
	Structure Freshness = iota
	Catalogue
	News
)

var policies = [...]cache.Policy{
	Structure: {Fresh: 5 * time.Minute, Stale: time.Hour, IfError: 24 * time.Hour},
	Catalogue: {Fresh: 2 * time.Minute, Stale: 30 * time.Minute, IfError: 24 * time.Hour},
	News:      {Fresh: 30 * time.Second, Stale: 10 * time.Minute, IfError: 24 * time.Hour},
}

// How long the lists of pages and the sitemaps built from them stay fresh, stale while they are
// rebuilt, and stale while the CMS fails: crawlers read sitemaps a few times a day, so a sitemap
// may lag the CMS by minutes, and a day of CMS outage still serves the last good one.
var (
	sitemapPolicy = cache.Policy{Fresh: 10 * time.Minute, Stale: time.Hour, IfError: 24 * time.Hour}
	// Sitemaps are XML; browsers and crawlers may keep one for an hour.
	sitemapFormat = cache.NewFormat(SitemapContentType, "Accept-Encoding", "public, max-age=3600")
	// The lists of pages are kept as JSON for building sitemaps; they are never served.
	sitemapPagesPolicy = cache.Policy{Fresh: 10 * time.Minute, Stale: time.Hour, IfError: 24 * time.Hour}
)

// SitemapContentType is the type of the sitemaps the service keeps.
const SitemapContentType = "application/xml; charset=utf-8"

// readOnlyPOSTs are the read-only POST operations of the legacy API, whose body is part of the
// key. Other POSTs are writes: they have no key, and their bodies are never read for one.
var readOnlyPOSTs = map[string]bool{
	oapi.BasePath + "/api/language/list":               true,
	oapi.BasePath + "/api/recruit/position/list":       true,
	oapi.BasePath + "/api/recruit/positionConfig/list": true,
	oapi.BasePath + "/api/dict/data/list":              true,
	oapi.BasePath + "/api/getFormContent":              true,
	oapi.BasePath + "/login/industryList":              true,
}

// Options are what a Service is built from. Every field is required unless its comment says
// otherwise.
type Options struct {
	// Spec is the contract whose operations the keys are made from.
	Spec *oapi.Spec
	// CMS reads the content; nil serves the keys and the cache only (form definitions and site
	// pages then fail).
	CMS content.Client
	// Cache keeps the answers; nil gets a new one of cache.DefaultMaxBytes.
	Cache *cache.Cache
	// Timeout bounds a read of the CMS for a visitor; LongTimeout a sitemap's reads.
	Timeout     time.Duration
	LongTimeout time.Duration
	Log         *slog.Logger
	// Tracing makes a span of every cache fill; nil makes none.
	Tracing trace.TracerProvider
}

// Service reads content through the cache.
type Service struct {
	cms         content.Client
	cache       *cache.Cache
	keys        *keys
	changes     changeTags
	timeout     time.Duration
	longTimeout time.Duration
	// answerChanged, when set, is told the tags of a cached answer that a refresh changed.
	answerChanged func(tags []string)
	// tracing makes the spans of cache fills; nil makes none.
	tracing trace.TracerProvider
}

// New returns the service. It fails when the contract's operations cannot be keyed.
func New(o Options) (*Service, error) {
	k, err := newKeys(o.Spec, readOnlyPOSTs)
	if err != nil {
		return nil, fmt.Errorf("cache keys: %w", err)
	}
	ct, err := newChangeTags(k)
	if err != nil {
		return nil, err
	}
	c := o.Cache
	if c == nil {
		c = cache.New(10 * time.Minute)
	}
	c.TagsOf = k.tagsOfKey
	s := &Service{cms: o.CMS, cache: c, keys: k, changes: ct, timeout: o.Timeout, longTimeout: o.LongTimeout, tracing: o.Tracing}
	log := o.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	c.OnRefreshError = func(key string, err error) {
		log.Warn("content refresh failed; serving the stale answer", "err", err)
	}
	c.OnChange = func(key string) {
		if s.answerChanged != nil {
			s.answerChanged(k.changedTags(key))
		}
	}
	return s, nil
}

// OnAnswerChange makes fn hear of every cached answer that a refresh found changed (the CMS
// changed it without telling), with the tags of what was built from it: the pages rendered from
// the old answer are out of date. Set it before the service is used.
func (s *Service) OnAnswerChange(fn func(tags []string)) { s.answerChanged = fn }

// Stats are the content cache's size figures.
func (s *Service) Stats() cache.Stats { return s.cache.Stats() }

// Key is the cache key of a content request, as RequestKey builds it; the HTTP edge hands it
// from the front of the server to the handler and never looks inside but for Query.
type Key string

// Query is the canonical query of the request the key was built from: its declared
// parameters, in the contract's order.
func (k Key) Query() string {
	_, rest, _ := strings.Cut(string(k), "?")
	q, _, _ := strings.Cut(rest, "\x00")
	return q
}

// RequestKey appends the key of r to dst, without allocating on the common requests. It reads
// the body of a read-only POST, at most bodyLimit bytes of it, and puts it back for the
// handler. ok is false when r has no key: it is not a content read, or validation would refuse
// it, or its body is larger than bodyLimit. Two requests with one key get one answer.
func (s *Service) RequestKey(dst []byte, r *http.Request, bodyLimit int64) (key []byte, ok bool) {
	return s.keys.requestKey(dst, r, bodyLimit)
}

// Peek returns the cached answer under key, if there is one that may be served now.
func (s *Service) Peek(key []byte) (*cache.Entry, cache.Result) {
	return s.cache.PeekBytes(key)
}

// Answer returns the answer under key: from the cache, or made by fetch (one fetch for all the
// requests that miss at once) and kept as long as kind says. route names the operation in the
// metrics of answers served from the cache; fetch makes the whole envelope (see Envelope).
func (s *Service) Answer(ctx context.Context, key Key, route string, kind Freshness, fetch cache.Fetch) (*cache.Entry, cache.Result, error) {
	return s.cache.Load(ctx, string(key), route, policies[kind], s.timeout, telemetry.Fill(s.tracing, route, fetch))
}

// formRoute is the content operation whose answer holds a form's definition.
const formRoute = oapi.BasePath + "/api/customForm/{id}"

// Form is the part of a CMS form definition (customForm) that a filled-in form is checked
// against.
type Form struct {
	ID     int64       `json:"id"`
	Fields []FormField `json:"fields"`
}

// FormField is one field of a Form.
type FormField struct {
	Name      string       `json:"name"`
	Type      string       `json:"type"`
	Required  bool         `json:"required"`
	MaxLength *int         `json:"maxLength"`
	Options   []FormOption `json:"options"`
}

// FormOption is one of the choices of a select, radio or checkbox FormField.
type FormOption struct {
	Value string `json:"value"`
}

// FormDefinition reads the definition of form id in lang. It is the answer of the customForm
// operation, under the same key as a visitor's request for it: the definition the visitor's page
// has just loaded is usually there, and it stays usable for a day while the CMS is down. A form
// the CMS does not have is an invalid formId (400).
func (s *Service) FormDefinition(ctx context.Context, id int64, lang messages.Lang) (Form, error) {
	idText := strconv.FormatInt(id, 10)
	key := s.keys.contentKey("/api/customForm/"+idText, lang)
	entry, _, err := s.cache.Load(ctx, key, formRoute, policies[Structure], s.timeout, func(ctx context.Context) ([]byte, error) {
		data, err := s.cms.Get(ctx, content.Request{Resource: "/forms/" + idText, Locale: string(lang)})
		if err != nil {
			return nil, err
		}
		return Envelope(lang, data), nil
	})
	if err != nil {
		if apierr.From(err).Key == apierr.NotFound {
			return Form{}, apierr.Invalid(apierr.FieldError{Field: "formId", Message: "no such form"})
		}
		return Form{}, err
	}
	var env struct {
		Data Form `json:"data"`
	}
	if err := json.Unmarshal(entry.Body, &env); err != nil {
		return Form{}, apierr.New(apierr.UpstreamBadGateway, fmt.Errorf("form %d: %w", id, err))
	}
	return env.Data, nil
}

// Sitemap returns the sitemap at path for origin: from the cache, or made by build and kept as
// sitemaps are. The long time-out bounds build: a sitemap reads some twenty lists of every
// language, and no visitor waits for it.
func (s *Service) Sitemap(ctx context.Context, origin, path string, build func(ctx context.Context) ([]byte, error)) (*cache.Entry, cache.Result, error) {
	return s.cache.LoadAnswer(ctx, "sitemap\x00"+origin+path, path, sitemapFormat, sitemapPolicy, s.longTimeout,
		func(ctx context.Context) (cache.Answer, error) {
			body, err := build(ctx)
			return cache.Answer{Body: body}, err
		})
}

// SitePages lists the pages of every language by its code, each list through the cache (one
// CMS read of a language's lists for all the sitemaps, kept while the CMS is down). One
// language that cannot be listed fails them all: its pages are every other sitemap's
// alternates.
func (s *Service) SitePages(ctx context.Context) (map[string][]sitemap.Page, error) {
	lists := make([][]sitemap.Page, len(sitemap.Languages))
	g, ctx := errgroup.WithContext(ctx)
	for i, l := range sitemap.Languages {
		g.Go(func() error {
			entry, _, err := s.cache.Load(ctx, "sitemap-pages\x00"+l.Code, sitemap.SitemapPath(l), sitemapPagesPolicy, s.longTimeout,
				func(ctx context.Context) ([]byte, error) {
					pages, err := sitemap.Collect(ctx, s.cms, l)
					if err != nil {
						return nil, err
					}
					return json.Marshal(pages)
				})
			if err != nil {
				return err
			}
			if err := json.Unmarshal(entry.Body, &lists[i]); err != nil {
				return fmt.Errorf("pages of %s: %w", l.Code, err)
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	out := make(map[string][]sitemap.Page, len(lists))
	for i, l := range sitemap.Languages {
		out[l.Code] = lists[i]
	}
	return out, nil
}

// successPrefix holds, per language, the bytes of a success envelope up to its data, so that raw
// CMS JSON can be wrapped without decoding and encoding it again.
var successPrefix = func() map[messages.Lang][]byte {
	m := map[messages.Lang][]byte{}
	for _, l := range messages.Languages {
		msg, _ := json.Marshal(messages.Text(messages.OK, l))
		m[l] = []byte(`{"success":true,"code":200,"msg":` + string(msg) + `,"data":`)
	}
	return m
}()

// Envelope returns the success envelope in lang around data, which must be valid JSON: what
// the service keeps of a content answer.
func Envelope(lang messages.Lang, data []byte) []byte {
	prefix := successPrefix[lang]
	out := make([]byte, 0, len(prefix)+len(data)+1)
	out = append(out, prefix...)
	out = append(out, data...)
	return append(out, '}')
}

func firstValue(values []string) string {
	if len(values) == 0 {
		return ""
	}
	return values[0]
}
