package content

import (
	"context"
	"net/http"
	"net/url"
	"strings"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/upstream"
)

// MediaPath is the CMS resource of name, a file of its public media library (the path below
// /assets/, decoded): each segment escaped, so that a name holding "%2e" or "%2f" reaches the
// CMS as that name and is never decoded twice.
func MediaPath(name string) string {
	segments := strings.Split(name, "/")
	for i, s := range segments {
		segments[i] = url.PathEscape(s)
	}
	return "/" + upstream.MediaLibrary + "/" + strings.Join(segments, "/")
}

// OpenMedia starts reading name, a file of the public media library, for the BFF to read itself
// (the pictures it resizes): a 200 is the answer, whose body the caller closes; an unknown file
// is resource.not_found. The caller has checked that name stays in the library.
func (c *HTTPClient) OpenMedia(ctx context.Context, name string) (*http.Response, error) {
	return c.Client.OpenFile(ctx, MediaPath(name), nil, nil, apierr.NotFound)
}
