package config

import (
	"fmt"
	"strconv"
	"time"
)

// Images are the settings of the variants of the CMS's pictures (/cms-assets/{name}?w=).
type Images struct {
	// CacheMaxBytes bounds the cache of variants, counted as the content cache is (each
	// variant's bytes twice: its body and the gzip every cached answer keeps).
	CacheMaxBytes int64
	// CacheTTL is how long a variant is fresh in the BFF's caches (its URL never changes for
	// browsers).
	CacheTTL time.Duration
	// Encoders is how many variants are made at once, Queue how many more may wait.
	Encoders, Queue int
	// Timeout bounds the making of one variant; MaxSourceBytes the picture read from the CMS.
	Timeout        time.Duration
	MaxSourceBytes int64
}

// imageSettings are Images' settings in the environment, listed with the others (settings).
var imageSettings = []setting{
	{"IMAGE_CACHE_MAX_BYTES", "134217728", "bound of the cache of picture variants in bytes (each variant's bytes and its gzip; 1 MiB to 64 GiB)"},
	{"IMAGE_CACHE_TTL", "24h", "how long a picture variant is fresh in the BFF's caches, then made again while it is served (1m to 720h; browsers keep variants a year)"},
	{"IMAGE_ENCODERS", "1", "picture variants made at once (1 to 16): each holds a decoded picture and an encoder, up to a few hundred MB"},
	{"IMAGE_QUEUE", "32", "picture variants that may wait for an encoder (0 to 1000); past that they are answered 503 with Retry-After"},
	{"IMAGE_TIMEOUT", "30s", "time to make one picture variant: reading it from the CMS, waiting for an encoder, encoding (1s to 5m)"},
	{"IMAGE_MAX_SOURCE_BYTES", "26214400", "largest picture read from the CMS to make variants of, in bytes (1 MiB to 256 MiB); a larger one is answered 413"},
}

// The image settings are listed after the others, in --help and in the defaults Load reads.
func init() { settings = append(settings, imageSettings...) }

// loadImages reads the image settings through get, adding what is wrong to errs.
func loadImages(get func(string) string, errs []error) (Images, []error) {
	var im Images
	var err error
	if im.CacheMaxBytes, err = strconv.ParseInt(get("IMAGE_CACHE_MAX_BYTES"), 10, 64); err != nil || im.CacheMaxBytes < 1<<20 || im.CacheMaxBytes > 64<<30 {
		errs = append(errs, fmt.Errorf("IMAGE_CACHE_MAX_BYTES %q: want a number of bytes from 1 MiB (1048576) to 64 GiB", get("IMAGE_CACHE_MAX_BYTES")))
	}
	if im.CacheTTL, err = time.ParseDuration(get("IMAGE_CACHE_TTL")); err != nil || im.CacheTTL < time.Minute || im.CacheTTL > 720*time.Hour {
		errs = append(errs, fmt.Errorf("IMAGE_CACHE_TTL %q: want a duration from 1m to 720h, such as 24h", get("IMAGE_CACHE_TTL")))
	}
	if im.Encoders, err = strconv.Atoi(get("IMAGE_ENCODERS")); err != nil || im.Encoders < 1 || im.Encoders > 16 {
		errs = append(errs, fmt.Errorf("IMAGE_ENCODERS %q: want a number from 1 to 16", get("IMAGE_ENCODERS")))
	}
	if im.Queue, err = strconv.Atoi(get("IMAGE_QUEUE")); err != nil || im.Queue < 0 || im.Queue > 1000 {
		errs = append(errs, fmt.Errorf("IMAGE_QUEUE %q: want a number from 0 to 1000", get("IMAGE_QUEUE")))
	}
	if im.Timeout, err = time.ParseDuration(get("IMAGE_TIMEOUT")); err != nil || im.Timeout < time.Second || im.Timeout > 5*time.Minute {
		errs = append(errs, fmt.Errorf("IMAGE_TIMEOUT %q: want a duration from 1s to 5m, such as 30s", get("IMAGE_TIMEOUT")))
	}
	if im.MaxSourceBytes, err = strconv.ParseInt(get("IMAGE_MAX_SOURCE_BYTES"), 10, 64); err != nil || im.MaxSourceBytes < 1<<20 || im.MaxSourceBytes > 256<<20 {
		errs = append(errs, fmt.Errorf("IMAGE_MAX_SOURCE_BYTES %q: want a number of bytes from 1 MiB (1048576) to 256 MiB", get("IMAGE_MAX_SOURCE_BYTES")))
	}
	return im, errs
}

// String lists the image settings for the start-up log.
func (im Images) String() string {
	return fmt.Sprintf("image_cache_max_bytes=%d image_cache_ttl=%s image_encoders=%d image_queue=%d image_timeout=%s image_max_source_bytes=%d",
		im.CacheMaxBytes, im.CacheTTL, im.Encoders, im.Queue, im.Timeout, im.MaxSourceBytes)
}
