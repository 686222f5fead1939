//go:build scale && linux

package scaletest

import (
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// pageRenderer stands in for the page renderer of every replica: it counts the renders of each
// page, so that a scenario can tell how often the fleet rendered it. A page says its path and,
// like the real renderer, which content requests it was rendered from (X-Render-Sources): the
// menu, and for a product page (/en/productDetails/{id}) the product, whose name it reads from
// the site's own /prod-api through nginx, as the real renderer reads a page's data.
type pageRenderer struct {
	*httptest.Server
	mu      sync.Mutex
	renders map[string]int
}

func startPageRenderer(t *testing.T, c *cluster) *pageRenderer {
	t.Helper()
	pr := &pageRenderer{renders: map[string]int{}}
	pr.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		pr.mu.Lock()
		pr.renders[r.URL.Path]++
		pr.mu.Unlock()
		sources := []string{"GET /prod-api/api/programa/buildProgramaTree/8"}
		title := r.URL.Path
		if id, ok := strings.CutPrefix(r.URL.Path, "/en/productDetails/"); ok && c.base != "" {
			if name, source, err := c.productName(id); err == nil {
				title, sources = name, append(sources, source)
			}
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "public, max-age=60")
		w.Header().Set("X-Render-Sources", strings.Join(sources, ", "))
		fmt.Fprintf(w, `<!doctype html><html lang="en"><title>%s</title><div id="root"><h1>%s</h1></div></html>`,
			html.EscapeString(title), html.EscapeString(title))
	}))
	t.Cleanup(pr.Close)
	return pr
}

// total is how many renders there were of paths with prefix.
func (pr *pageRenderer) total(prefix string) int {
	pr.mu.Lock()
	defer pr.mu.Unlock()
	n := 0
	for p, c := range pr.renders {
		if strings.HasPrefix(p, prefix) {
			n += c
		}
	}
	return n
}

// productName reads the English name of product id as a page's render does, through nginx, and
// names the content request it made as the renderer does.
func (c *cluster) productName(id string) (name, source string, err error) {
	path := "/prod-api/api/productCenter/getProductById/1/" + id
	a, err := c.do("GET", c.base+path, nil, "lang", "en")
	if err != nil {
		return "", "", err
	}
	var env struct {
		Data struct {
			ProductName string `json:"productName"`
		} `json:"data"`
	}
	if a.status != http.StatusOK || json.Unmarshal(a.body, &env) != nil || env.Data.ProductName == "" {
		return "", "", fmt.Errorf("GET %s: %d %.200s", path, a.status, a.body)
	}
	return env.Data.ProductName, "GET " + path, nil
}
