// Package content is the BFF's client of the content CMS: the legacy system that holds every
// page, product, news item, menu and banner of the site, in every language.
package content

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/upstream"
)

// Request names one CMS resource in one language.
type Request struct {
	// Resource is the CMS path below /cms/v2 in escaped form, e.g. /menus/8 or
	// /dealers/by-name/%E4%B8%8A%E6%B5%B7 (each value escaped with url.PathEscape).
	Resource string
	// Query holds the resource's filters and paging, in the CMS's own names.
	Query url.Values
	// Locale is the wire language code (ja for Japanese); the CMS falls back by itself.
	Locale string
	// PreviewToken, when not empty, is an editor's preview token, which the BFF has checked: the
	// CMS then adds draft versions. Such answers are personal to an editor and never cached.
	PreviewToken string
}

// Client reads CMS resources. The data is returned as raw JSON, exactly as the CMS sent it, so
// that the BFF can wrap it in its envelope without decoding and encoding it again.
type Client interface {
	Get(ctx context.Context, req Request) (json.RawMessage, error)
	// RecordDownload records a preview or download of a document and returns where its file
	// comes from: a public URL, or a grant of a file that needs login.
	RecordDownload(ctx context.Context, e DownloadEvent) (DownloadLink, error)
	// OpenFile starts reading the file of a grant that RecordDownload returned.
	OpenFile(ctx context.Context, ref string, h http.Header) (*http.Response, error)
	// OpenMedia starts reading a file of the public media library (the pictures the BFF
	// resizes), by its name below the library.
	OpenMedia(ctx context.Context, name string) (*http.Response, error)
}

// APIPrefix is where the CMS serves its resources.
const APIPrefix = "/cms/v2"

// PreviewTokenHeader carries an editor's preview token to the CMS, which then adds draft
// versions; the CMS checks the token too.
const PreviewTokenHeader = "X-CMS-Preview-Token"

// HTTPClient is the Client over the CMS's HTTP API.
type HTTPClient struct {
	upstream.Client
}

// New returns a CMS client for the system at base.
func New(base upstream.Client) *HTTPClient { return &HTTPClient{Client: base} }

// Get reads one resource. A 404 from the CMS is resource.not_found, a 400 (the CMS refusing a
// parameter the visitor chose) request.invalid; any other answer that is not a 200 with a JSON
// body is upstream.bad_gateway.
func (c *HTTPClient) Get(ctx context.Context, r Request) (json.RawMessage, error) {
	query := url.Values{}
	for k, v := range r.Query {
		query[k] = v
	}
	query.Set("locale", r.Locale)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.URL(APIPrefix+r.Resource, query), nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/json")
	if r.PreviewToken != "" {
		req.Header.Set(PreviewTokenHeader, r.PreviewToken)
	}
	resp, err := c.Do(req)
	if err != nil {
		return nil, err
	}
	switch {
	case resp.Status == http.StatusNotFound:
		return nil, apierr.New(apierr.NotFound, nil)
	case resp.Status != http.StatusOK:
		return nil, c.Unexpected(resp.Status, "GET %s: status %d", r.Resource, resp.Status)
	case !json.Valid(resp.Body):
		return nil, c.BadAnswer("GET %s: body is not JSON", r.Resource)
	}
	return resp.Body, nil
}
