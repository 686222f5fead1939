package pages

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/jakarobotics/website/bff/internal/pagetable"
)

// Every page of the route table is served as the table says, in every language and whatever the
// case of its path: a personal page streamed with its whole query, a public page cached under the
// parameters it reads and no other, its preview mirror as a preview.
func TestEveryPageOfThePageTableIsServedAsItSays(t *testing.T) {
	for _, p := range pagetable.Site.Pages {
		path := p.Expand("7")
		if p.Preview != pagetable.PreviewNone {
			for _, prefix := range []string{"", "/en"} {
				target := prefix + "/" + pagetable.Site.PreviewSegment + path + "?previewToken=t&junk=1"
				assert.Equal(t, preview, classify(httptest.NewRequest(http.MethodGet, target, nil)).kind, target)
			}
		}
		if !p.Live() {
			continue
		}
		query := url.Values{"junk": {"1"}}
		for _, name := range p.Query {
			query.Set(name, "v-"+name)
		}
		for _, l := range pagetable.Site.Languages {
			for _, address := range []string{l.Prefix + path, l.Prefix + strings.ToUpper(path)} {
				target := address + "?" + query.Encode()
				pg := classify(httptest.NewRequest(http.MethodGet, target, nil))
				if p.Personal {
					assert.Equal(t, personal, pg.kind, target)
					assert.Equal(t, target, pg.target, "a personal page gets its whole query")
					continue
				}
				assert.Equal(t, public, pg.kind, target)
				want := address
				if len(p.Query) > 0 {
					names := append([]string(nil), p.Query...)
					sort.Strings(names)
					var kept []string
					for _, name := range names {
						kept = append(kept, name+"=v-"+name)
					}
					want += "?" + strings.Join(kept, "&")
				}
				assert.Equal(t, want, pg.target, "the parameters the page reads, and no other")
			}
		}
	}
}
