package content

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"

	"github.com/jakarobotics/website/bff/internal/apierr"
)

// LoginRequired is the failure of a preview or download of a document that needs a logged-in
// visitor, asked for without one: 401, 'This document requires login to preview / download'.
const LoginRequired apierr.Key = "download.login_required"

func init() { apierr.Register(LoginRequired, http.StatusUnauthorized) }

// DownloadEvent is one preview or download of a document, as the CMS records it.
type DownloadEvent struct {
	// DownloadID is the document (DownloadItem.id).
	DownloadID int64
	// Action is "preview" (the online preview) or "download" (the file).
	Action string
	// UserID is the logged-in visitor; nil for a visitor who is not logged in.
	UserID *int64
	// Locale is the wire language code, as for reads.
	Locale string
}

// DownloadLink is where the visitor fetches what an event asked for.
type DownloadLink struct {
	URL string `json:"url"`
}

// DownloadEventPath is the CMS resource that records an event of document {id}.
func DownloadEventPath(id int64) string {
	return "/downloads/" + strconv.FormatInt(id, 10) + "/events"
}

// RecordDownload records a preview or download with the CMS and returns the URL to open. The
// CMS hands out the URL of a document that needs login only for a named user: asked without
// one it answers 403, returned as download.login_required. An unknown document (or one without
// an online preview, for a preview) is resource.not_found.
func (c *HTTPClient) RecordDownload(ctx context.Context, e DownloadEvent) (DownloadLink, error) {
	body, err := json.Marshal(struct {
		Action string `json:"action"`
		UserID *int64 `json:"userId"`
	}{e.Action, e.UserID})
	if err != nil {
		return DownloadLink{}, err
	}
	path := DownloadEventPath(e.DownloadID)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.URL(APIPrefix+path, url.Values{"locale": {e.Locale}}), bytes.NewReader(body))
	if err != nil {
		return DownloadLink{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	resp, err := c.Do(req)
	if err != nil {
		return DownloadLink{}, err
	}
	switch resp.Status {
	case http.StatusCreated:
	case http.StatusForbidden:
		return DownloadLink{}, apierr.New(LoginRequired, nil)
	case http.StatusNotFound:
		return DownloadLink{}, apierr.New(apierr.NotFound, nil)
	default:
		return DownloadLink{}, c.BadAnswer("POST %s: status %d", path, resp.Status)
	}
	var link DownloadLink
	if err := json.Unmarshal(resp.Body, &link); err != nil || link.URL == "" {
		return DownloadLink{}, c.BadAnswer("POST %s: no url in the answer", path)
	}
	return link, nil
}
