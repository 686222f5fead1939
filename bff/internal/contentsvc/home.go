package contentsvc

import (
	"context"
	"net/url"

	"golang.org/x/sync/errgroup"

	"github.com/jakarobotics/website/bff/internal/upstream/content"
)

// homeParts are the CMS resources the home page shows, in the order of the answer's fields.
var homeParts = []struct {
	field string
	req   content.Request
}{
	{"banners", content.Request{Resource: "/banners", Query: url.Values{"placement": {"2"}}}},
	{"news", content.Request{Resource: "/news", Query: url.Values{"recommended": {"true"}}}},
	{"cards", content.Request{Resource: "/home/cards/1"}},
	{"industries", content.Request{Resource: "/industries", Query: url.Values{"recommendedIn": {"2"}}}},
}

// Home answers bffHome in locale (with drafts for an editor's previewToken): the four reads of
// the home page fetched in parallel and joined into one JSON object without decoding them.
func (s *Service) Home(ctx context.Context, locale, previewToken string) ([]byte, error) {
	parts := make([][]byte, len(homeParts))
	g, ctx := errgroup.WithContext(ctx)
	for i, p := range homeParts {
		g.Go(func() error {
			req := p.req
			req.Locale, req.PreviewToken = locale, previewToken
			data, err := s.cms.Get(ctx, req)
			parts[i] = data
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	out := []byte{'{'}
	for i, p := range homeParts {
		if i > 0 {
			out = append(out, ',')
		}
		out = append(out, '"')
		out = append(out, p.field...)
		out = append(out, '"', ':')
		out = append(out, parts[i]...)
	}
	return append(out, '}'), nil
}
