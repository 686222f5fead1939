package content

import (
	"net/http"
	"strings"
	"sync"

	"github.com/jakarobotics/website/mocks/mockkit"
)

// calls counts the CMS's API calls per path, for tests that measure how often the site reads
// the CMS (a cold cache on several replicas must not stampede it):
//
//	GET /__admin/calls?path=/cms/v2/product-lines   {"path": "/cms/v2/product-lines", "calls": 3}
//	GET /__admin/calls                              {"calls": {"/cms/v2/product-lines": 3, …}}
//
// Every call under /cms/v2 is counted when it arrives, whatever its answer; the query string is
// not part of the path (each locale of a resource counts under one path). Admin calls and the
// media library (/assets/) are not counted.
type calls struct {
	mu     sync.Mutex
	byPath map[string]int64
}

func newCalls() *calls { return &calls{byPath: map[string]int64{}} }

// wrap counts the calls of the CMS's API before next answers them.
func (c *calls) wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/cms/v2/") {
			c.mu.Lock()
			c.byPath[r.URL.Path]++
			c.mu.Unlock()
		}
		next.ServeHTTP(w, r)
	})
}

// serve is GET /__admin/calls: the count of one path, or of every path called so far.
func (c *calls) serve(w http.ResponseWriter, r *http.Request) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if path := r.URL.Query().Get("path"); path != "" {
		mockkit.WriteJSON(w, http.StatusOK, map[string]any{"path": path, "calls": c.byPath[path]})
		return
	}
	all := make(map[string]int64, len(c.byPath))
	for p, n := range c.byPath {
		all[p] = n
	}
	mockkit.WriteJSON(w, http.StatusOK, map[string]any{"calls": all})
}
