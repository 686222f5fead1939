package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/cache"
	"github.com/jakarobotics/website/bff/internal/httpapi"
	"github.com/jakarobotics/website/bff/internal/upstream/content"
)

// pageCMS answers every read with a different page of news of about 4 kB, as a search for
// another title would: every key is a new answer.
type pageCMS struct {
	content.Client
	calls int
}

var newsWords = strings.Fields("collaborative robot arm payload reach welding palletizing screw driving vision " +
	"force sensor controller teach pendant safety cobot line automotive electronics food logistics medical " +
	"semiconductor 3C assembly grinding polishing dispensing inspection lab education")

func (c *pageCMS) Get(_ context.Context, req content.Request) (json.RawMessage, error) {
	c.calls++
	rnd := rand.New(rand.NewPCG(uint64(c.calls), 7))
	words := func(n int) string {
		out := make([]string, n)
		for i := range out {
			out[i] = newsWords[rnd.IntN(len(newsWords))]
		}
		return strings.Join(out, " ")
	}
	type row struct {
		ID          int    `json:"id"`
		Title       string `json:"title"`
		Summary     string `json:"summary"`
		Image       string `json:"image"`
		PublishTime string `json:"publishTime"`
	}
	page := struct {
		Total int   `json:"total"`
		Rows  []row `json:"rows"`
	}{Total: 10}
	for i := range 10 {
		page.Rows = append(page.Rows, row{
			ID: c.calls*10 + i, Title: words(8), Summary: words(45),
			Image:       fmt.Sprintf("/cms-assets/news/%d.jpg", c.calls*10+i),
			PublishTime: "2026-11-21T12:00:00Z",
		})
	}
	return json.Marshal(page)
}

// TestRSSAfterDistinctKeys stores CACHE_RSS_KEYS distinct content answers (searches for as
// many titles, each about 4 kB) through the BFF's handler and reports the process's resident
// memory and the cache's byte count. It is not part of the default run:
//
//	CACHE_RSS_KEYS=100000 go test -run RSS -v ./bff/internal/httpapi
//
// CACHE_MAX_BYTES sets the bound (default that of the BFF).
func TestRSSAfterDistinctKeys(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("CACHE_RSS_KEYS"))
	if n <= 0 {
		t.Skip("set CACHE_RSS_KEYS to the number of keys to store")
	}
	maxBytes := int64(cache.DefaultMaxBytes)
	if v := os.Getenv("CACHE_MAX_BYTES"); v != "" {
		var err error
		maxBytes, err = strconv.ParseInt(v, 10, 64)
		require.NoError(t, err)
	}
	c := cache.NewBounded(maxBytes, 10*time.Minute)
	cms := &pageCMS{}
	h, err := httpapi.NewServer(httpapi.Deps{
		Spec:        mustServingSpec(t),
		Content:     cms,
		Cache:       c,
		Log:         slog.New(slog.NewTextHandler(io.Discard, nil)),
		Timeout:     5 * time.Second,
		LongTimeout: 5 * time.Second,
	})
	require.NoError(t, err)

	report := func(stored int) {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		st := c.Stats()
		t.Logf("%7d keys: RSS %4d MiB, heap in use %4d MiB, cache %4d MiB in %6d entries (bound %d MiB), %6d evicted",
			stored, rssMiB(t), ms.HeapInuse>>20, st.Bytes>>20, st.Entries, st.MaxBytes>>20, st.Evictions)
	}
	report(0)
	w := &discard{h: http.Header{}}
	for i := range n {
		req := httptest.NewRequest("GET", fmt.Sprintf("/prod-api/api/news/newsListByTitle?pageNum=1&pageSize=10&title=robot%d", i), nil)
		req.Header.Set("lang", "en")
		h.ServeHTTP(w, req)
		if (i+1)%(n/5) == 0 {
			report(i + 1)
		}
	}
	require.Equal(t, n, cms.calls)
	require.LessOrEqual(t, c.Stats().Bytes, maxBytes)
}

// rssMiB is the process's resident set size.
func rssMiB(t *testing.T) int64 {
	statm, err := os.ReadFile("/proc/self/statm")
	require.NoError(t, err)
	fields := strings.Fields(string(statm))
	pages, err := strconv.ParseInt(fields[1], 10, 64)
	require.NoError(t, err)
	return pages * int64(os.Getpagesize()) >> 20
}
