package app

import (
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/jakarobotics/website/bff/internal/cache"
	"github.com/jakarobotics/website/bff/internal/config"
	"github.com/jakarobotics/website/bff/internal/images"
	"github.com/jakarobotics/website/bff/internal/shared"
	"github.com/jakarobotics/website/bff/internal/variants"
)

// imageOptions are the settings of the variants of the CMS's pictures, with their cache: a cache
// of its own (variants are large and few are asked for often, so they must not evict content
// answers), and with Redis a shared tier of its own keys, so that the replicas make each variant
// once between them. It starts compiling the encoders in the background, so that the first
// visitor to ask for a variant does not wait for it.
func imageOptions(cfg config.Config, rdb redis.UniversalClient) variants.Options {
	go images.Prepare()
	kept := cache.NewBounded(cfg.Images.CacheMaxBytes, 10*time.Minute)
	if rdb != nil {
		kept.SetShared(shared.NewContentCache(rdb, cfg.RedisPrefix+"images:"))
	}
	queue := cfg.Images.Queue
	if queue == 0 {
		queue = -1 // IMAGE_QUEUE=0 is no queue; ImageOptions' 0 is its default
	}
	return variants.Options{
		Cache:          kept,
		TTL:            cfg.Images.CacheTTL,
		Encoders:       cfg.Images.Encoders,
		Queue:          queue,
		Timeout:        cfg.Images.Timeout,
		MaxSourceBytes: cfg.Images.MaxSourceBytes,
	}
}
