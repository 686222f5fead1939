// Package variants makes and keeps the variants of the CMS's raster pictures that the site
// serves at /cms-assets/{name}?w={width}: it reads the picture from the CMS's media library,
// refuses what is too large or broken before decoding it, has package images make the variant in
// the format the browser reads best, and keeps the result (and the refusals, which stay true of a
// file) in a cache of its own, which the replicas can share. The HTTP handler (package httpapi)
// reads the request and writes what Get returns.
package variants

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/cache"
	"github.com/jakarobotics/website/bff/internal/images"
	"github.com/jakarobotics/website/bff/internal/metrics"
	"github.com/jakarobotics/website/bff/internal/upstream"
)

// Widths are the widths, in pixels, of the variants. The web's CmsImage offers exactly these in
// its srcset (a test holds the two lists together); any other width is refused, so that the
// variants of a picture are a handful, not one per number a visitor can type.
var Widths = []int{160, 320, 480, 640, 960, 1280, 1600, 1920, 2400}

// The failures of a variant, besides the CMS's own.
const (
	// TooLarge is a source over Options.MaxSourceBytes: refused unread.
	TooLarge apierr.Key = "image.too_large"
	// TooManyPixels is a source whose header claims more pixels than images.Limits allow:
	// refused undecoded.
	TooManyPixels apierr.Key = "image.too_many_pixels"
	// Unreadable is a file that claims to be a JPEG, PNG or WebP and does not decode.
	Unreadable apierr.Key = "image.unreadable"
	// Busy is a variant not made because every encoder is busy and the queue is full, or because
	// it took longer than Options.Timeout: asked again shortly, it may be made.
	Busy apierr.Key = "image.busy"
)

// refusalReasons are the metric reasons (metrics.ImageRefusalReasons) of the refusals that are
// kept in the cache, by their key: a source that is too large or broken stays so.
var refusalReasons = map[apierr.Key]string{
	TooLarge:      "bytes",
	TooManyPixels: "pixels",
	Unreadable:    "unreadable",
}

// Media reads the files of the CMS's media library (content.Client does).
type Media interface {
	OpenMedia(ctx context.Context, name string) (*http.Response, error)
}

// Options configure the variants. The zero value has the defaults below.
type Options struct {
	// Cache keeps the variants (and the refusals of sources too large or broken), keyed by
	// picture, width and format; nil gets one of DefaultCacheBytes. Give it a shared tier
	// (cache.SetShared) for the replicas to make each variant once between them.
	Cache *cache.Cache
	// TTL is how long a variant is fresh in Cache (DefaultTTL when 0): a picture's URL names one
	// version of it, so this bounds only how long a picture the CMS replaced under the same name
	// keeps its old variants here (browsers keep them a year, see CacheControl).
	TTL time.Duration
	// Encoders is how many variants are made at once (1 when 0), Queue how many more may wait
	// for their turn (DefaultQueue when 0; negative: none); past that, image.busy.
	Encoders, Queue int
	// Timeout bounds the making of one variant: reading the source, waiting for an encoder and
	// encoding (DefaultTimeout when 0).
	Timeout time.Duration
	// MaxSourceBytes bounds a source read from the CMS (DefaultSourceBytes when 0).
	MaxSourceBytes int64
	// Limits bound the pixels of a source (images.DefaultLimits when zero).
	Limits images.Limits
	// Encoder, when set, makes the variants instead of one built from Encoders, Queue and
	// Limits (tests hold its turns).
	Encoder *images.Encoder
}

// The defaults of Options.
const (
	DefaultCacheBytes  = 128 << 20
	DefaultTTL         = 24 * time.Hour
	DefaultQueue       = 32
	DefaultTimeout     = 30 * time.Second
	DefaultSourceBytes = 25 << 20
)

// CacheControl is what browsers and CDNs are told of a variant: a picture's URL names one version
// of it (the CMS gives a changed picture a new name), so its variants never change.
const CacheControl = "public, max-age=31536000, immutable"

// passThrough is the status under which the cache remembers a file that is no raster picture
// (an SVG, a PDF): it is served as it is. It is never sent to a browser.
const passThrough = http.StatusNoContent

// format is the cache.Format of the entries; the handler writes them itself, with the type their
// bytes say (images.FormatOf).
var format = cache.NewFormat("application/octet-stream", "Accept", CacheControl)

// route names the variants' entries in the cache.
const route = "/cms-assets/*?w"

// Service makes, keeps and hands out the variants.
type Service struct {
	media    Media
	encoder  *images.Encoder
	cache    *cache.Cache
	policy   cache.Policy
	timeout  time.Duration
	maxBytes int64
	metrics  *metrics.Images
	log      *slog.Logger
}

// New returns the variants of the pictures media holds, with their metrics registered in m.
func New(media Media, o Options, m *metrics.Metrics, log *slog.Logger) *Service {
	if o.Cache == nil {
		o.Cache = cache.NewBounded(DefaultCacheBytes, 10*time.Minute)
	}
	if o.TTL <= 0 {
		o.TTL = DefaultTTL
	}
	if o.Queue == 0 {
		o.Queue = DefaultQueue
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.MaxSourceBytes <= 0 {
		o.MaxSourceBytes = DefaultSourceBytes
	}
	if o.Limits == (images.Limits{}) {
		o.Limits = images.DefaultLimits
	}
	if o.Encoder == nil {
		o.Encoder = images.NewEncoder(o.Encoders, o.Queue, o.Limits, images.DefaultQuality)
	}
	c := o.Cache
	stats := func() metrics.CacheStats {
		st := c.Stats()
		return metrics.CacheStats{Entries: st.Entries, Bytes: st.Bytes, MaxBytes: st.MaxBytes, Evictions: st.Evictions}
	}
	return &Service{
		media:   media,
		encoder: o.Encoder,
		cache:   c,
		// A fresh variant is served from here; a stale one is served while it is made again; and
		// while the CMS fails, for a day more.
		policy:   cache.Policy{Fresh: o.TTL, Stale: time.Hour, IfError: 24 * time.Hour},
		timeout:  o.Timeout,
		maxBytes: o.MaxSourceBytes,
		metrics:  m.RegisterImages(stats, o.Encoder.Load),
		log:      log,
	}
}

// Kind is what Get found a request to be.
type Kind int

// The kinds of Result.
const (
	// Variant: Result.Entry is the variant, to be written with its ETag and CacheControl.
	Variant Kind = iota
	// PassThrough: the file is no raster picture; it is served as it is, without w.
	PassThrough
)

// Result is a variant, or word that the file is to be served as it is.
type Result struct {
	Kind  Kind
	Entry *cache.Entry
	// From says how the answer was obtained (hit, miss …), for X-Cache.
	From cache.Result
}

// Get returns the variant of name (a path of the media library, decoded and checked) width
// pixels wide, in the format a browser whose Accept header is accept reads best. A width not in
// Widths is request.invalid on the field w; a refusal is an *apierr.Error of TooLarge,
// TooManyPixels, Unreadable or Busy (the last with RetryAfter); the CMS's failures are its
// usual upstream errors.
func (s *Service) Get(ctx context.Context, name string, width int, accept string) (Result, error) {
	if !allowed(width) {
		s.metrics.Refusals.WithLabelValues("width").Inc()
		return Result{}, apierr.Invalid(apierr.FieldError{Field: "w", Message: "must be one of " + widthList()})
	}
	// The key holds what the answer depends on: the picture, the width, and the format the
	// browser reads (AVIF, WebP, or the source's own). No other part of the request reaches it.
	preferred := images.Preferred(accept)
	key := "variant|" + string(preferred) + "|" + strconv.Itoa(width) + "|" + name
	e, from, err := s.cache.LoadAnswer(ctx, key, route, format, s.policy, s.timeout,
		func(ctx context.Context) (cache.Answer, error) { return s.make(ctx, name, width, accept) })
	if err != nil {
		switch {
		case errors.Is(err, images.ErrBusy):
			s.metrics.Refusals.WithLabelValues("busy").Inc()
			return Result{}, apierr.New(Busy, err)
		case errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil:
			s.metrics.Refusals.WithLabelValues("timeout").Inc()
			return Result{}, apierr.New(Busy, err)
		}
		return Result{}, err
	}
	s.metrics.CacheResults.WithLabelValues(from.String()).Inc()
	switch key := apierr.Key(e.Body); {
	case e.Status == http.StatusOK:
		return Result{Kind: Variant, Entry: e, From: from}, nil
	case e.Status == passThrough:
		return Result{Kind: PassThrough, From: from}, nil
	case refusalReasons[key] != "":
		s.metrics.Refusals.WithLabelValues(refusalReasons[key]).Inc()
		return Result{}, apierr.New(key, nil)
	}
	return Result{}, apierr.New(apierr.Internal, fmt.Errorf("variant cache: status %d", e.Status))
}

// RetryAfter is the Retry-After, in seconds, of a Busy refusal: about the time a variant takes.
const RetryAfter = "2"

func allowed(width int) bool {
	for _, w := range Widths {
		if w == width {
			return true
		}
	}
	return false
}

func widthList() string {
	s := make([]string, len(Widths))
	for i, w := range Widths {
		s[i] = strconv.Itoa(w)
	}
	return strings.Join(s, ", ")
}

// make reads the picture name from the CMS and makes its variant width pixels wide in the format
// accept asks for. What the source is decides the answer: a variant (200), a file that is no
// raster picture (passThrough), or a refusal that stays true of the file (its key, under its
// status). The CMS's failures, a full queue and the time limit are errors, never kept.
func (s *Service) make(ctx context.Context, name string, width int, accept string) (cache.Answer, error) {
	src, tooLarge, err := s.read(ctx, name)
	if err != nil {
		return cache.Answer{}, err
	}
	if tooLarge {
		return refusal(TooLarge), nil
	}
	source, err := images.Probe(src, s.encoder.Limits())
	switch {
	case errors.Is(err, images.ErrNotRaster):
		return cache.Answer{Status: passThrough}, nil
	case errors.Is(err, images.ErrTooManyPixels):
		s.log.InfoContext(ctx, "picture refused", "name", name, "err", err)
		return refusal(TooManyPixels), nil
	case err != nil:
		s.log.InfoContext(ctx, "picture refused", "name", name, "err", err)
		return refusal(Unreadable), nil
	}
	out := images.Negotiate(accept, source.Format)
	made, err := s.encoder.Make(ctx, src, source.Format, width, out)
	switch {
	case errors.Is(err, images.ErrUnreadable):
		s.log.InfoContext(ctx, "picture refused", "name", name, "err", err)
		return refusal(Unreadable), nil
	case err != nil:
		return cache.Answer{}, err
	}
	s.metrics.Made.WithLabelValues(string(out)).Inc()
	s.metrics.EncodeSeconds.WithLabelValues(string(out)).Observe(made.Took.Seconds())
	return cache.Answer{Body: made.Body}, nil
}

// refusal is the stored answer of a source refused for good: its key, under its status.
func refusal(key apierr.Key) cache.Answer {
	return cache.Answer{Status: apierr.Status(key), Body: []byte(key)}
}

// read reads the file name of the media library whole; tooLarge when it is larger than maxBytes
// (by its Content-Length, unread, or once more than that has arrived).
func (s *Service) read(ctx context.Context, name string) (src []byte, tooLarge bool, err error) {
	resp, err := s.media.OpenMedia(ctx, name)
	if err != nil {
		return nil, false, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, false, apierr.New(apierr.UpstreamBadGateway, fmt.Errorf("content: GET media %q: status %d", name, resp.StatusCode))
	}
	if resp.ContentLength > s.maxBytes {
		return nil, true, nil
	}
	src, err = io.ReadAll(io.LimitReader(resp.Body, s.maxBytes+1))
	if err != nil {
		return nil, false, apierr.New(upstream.Classify(ctx, err), fmt.Errorf("content: read media %q: %w", name, err))
	}
	return src, int64(len(src)) > s.maxBytes, nil
}
