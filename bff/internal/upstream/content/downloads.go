package content

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"time"

	"github.com/jakarobotics/website/bff/internal/apierr"
)

// LoginRequired is the failure of a preview or download of a document that needs a logged-in
// visitor, asked for without one: 401, 'This document requires login to preview / download'.
const LoginRequired apierr.Key = "download.login_required"

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

// DownloadLink is where the visitor's file comes from: the media library for a public document,
// or the CMS's private store, by grant, for one that needs login. Exactly one field is set.
type DownloadLink struct {
	// URL is the public address of a public document's file, below the media library's path.
	URL string
	// File is the grant of a file that needs login: the BFF redeems it with OpenFile and never
	// shows it to the visitor.
	File *FileGrant
}

// FileGrant is the CMS's grant of a file that needs login, handed out for one named user.
type FileGrant struct {
	// Ref names the grant; it is opaque and says nothing of where the file is kept.
	Ref string
	// ExpiresAt is when the CMS stops delivering the file.
	ExpiresAt time.Time
}

// FileRefPattern is the shape of a grant's reference the BFF accepts, in the CMS's answers and
// in the site's links alike.
var FileRefPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{16,128}$`)

// DownloadEventPath is the CMS resource that records an event of document {id}.
func DownloadEventPath(id int64) string {
	return "/downloads/" + strconv.FormatInt(id, 10) + "/events"
}

// FilePath is the CMS resource that delivers the file of grant ref.
func FilePath(ref string) string { return "/files/" + url.PathEscape(ref) }

// RecordDownload records a preview or download with the CMS and returns where the file comes
// from. The CMS hands out the file of a document that needs login only for a named user: asked
// without one it answers 403, returned as download.login_required. An unknown document (or one
// without an online preview, for a preview) is resource.not_found.
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
	var answer struct {
		URL  string `json:"url"`
		File *struct {
			Ref       string    `json:"ref"`
			ExpiresAt time.Time `json:"expiresAt"`
		} `json:"file"`
	}
	if err := json.Unmarshal(resp.Body, &answer); err != nil {
		return DownloadLink{}, c.BadAnswer("POST %s: the answer is not JSON", path)
	}
	switch {
	case answer.File != nil && answer.URL == "":
		if !FileRefPattern.MatchString(answer.File.Ref) || answer.File.ExpiresAt.IsZero() {
			return DownloadLink{}, c.BadAnswer("POST %s: a file grant without a usable ref or expiry", path)
		}
		return DownloadLink{File: &FileGrant{Ref: answer.File.Ref, ExpiresAt: answer.File.ExpiresAt}}, nil
	case answer.File == nil && answer.URL != "":
		return DownloadLink{URL: answer.URL}, nil
	}
	return DownloadLink{}, c.BadAnswer("POST %s: want either a url or a file grant in the answer", path)
}

// OpenFile starts reading the file of grant ref, passing on the request's range headers (to
// resume a download) and conditional ones; the caller closes the body. A grant the CMS does not
// know or that has expired is resource.not_found.
func (c *HTTPClient) OpenFile(ctx context.Context, ref string, h http.Header) (*http.Response, error) {
	return c.Client.OpenFile(ctx, APIPrefix+FilePath(ref), nil, h, apierr.NotFound)
}
