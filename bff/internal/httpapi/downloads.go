package httpapi

import (
	"context"
	"io"
	"mime"
	"net/http"
	"net/url"
	"path"
	"strings"
	"time"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/upstream/content"
)

// DownloadLinkInvalid is the answer to a link to a document's file that the BFF did not sign,
// that was altered, or that has expired: 403, and never the file.
const DownloadLinkInvalid apierr.Key = "download.link_invalid"

// downloadRequest is the body of userDownload (DownloadRequest), validated by the contract.
type downloadRequest struct {
	DownloadID int64  `json:"downloadId"`
	Action     string `json:"action"`
}

// userDownload records a preview or download with the CMS and answers the URL to open.
//
// The CMS knows which documents need login and hands out their files only for a named user, so
// the visitor is named whenever a token comes along: a public document is then recorded against
// the user, and one that needs login gets its link. A token that cannot be checked (expired, or
// the identity service down) does not stop a public document; it only matters when the CMS
// refuses an anonymous event, and then it is the answer (account.token_expired, 503, …) rather
// than download.login_required. Answers are personal and never cached.
//
// A public document's URL is the media library's, as the CMS gives it. The file of a document
// that needs login is not in the media library: the CMS grants it to the BFF, and the visitor
// gets a short-lived link of the BFF's own (documentURL), which names them and is signed, so
// that it opens the file in a new tab or a download, where no token header is sent.
func (s *Server) userDownload(w http.ResponseWriter, r *http.Request) {
	var in downloadRequest
	if err := decodeJSON(r, &in); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	event := content.DownloadEvent{DownloadID: in.DownloadID, Action: in.Action, Locale: string(requestLang(r))}
	var userErr error
	if requestToken(r) != "" {
		user, err := s.currentUser(r)
		if err == nil {
			event.UserID = &user.ID
		} else {
			userErr = err
		}
	}
	link, err := s.Content.RecordDownload(r.Context(), event)
	if err == nil && link.File != nil && event.UserID == nil {
		// A grant asked for by nobody is the CMS's mistake; the file still goes to users only.
		s.Log.Warn("the CMS granted a file that needs login to an anonymous visitor", "downloadId", in.DownloadID)
		err = apierr.New(content.LoginRequired, nil)
	}
	if err != nil {
		if userErr != nil && apierr.From(err).Key == content.LoginRequired {
			err = userErr
		}
		writeError(w, r, s.Log, err)
		return
	}
	answer := downloadLink{URL: link.URL}
	if link.File != nil {
		answer.URL = s.documentURL(*event.UserID, in.Action, *link.File)
	}
	writeData(w, r, answer)
}

// downloadLink is the data of userDownload (DownloadLink).
type downloadLink struct {
	URL string `json:"url"`
}

// DocumentFilePrefix is where the site serves the files of documents that need login, by the
// links userDownload hands out: /document-files/{action}/{ref}?t={token}, action being download
// or preview and ref the CMS's grant. The token names the user and the expiry and is signed by
// the BFF (uploads.Signer); the grant's ref alone opens nothing, as only the BFF reaches the CMS.
const DocumentFilePrefix = "/document-files/"

// documentPurpose separates the tokens of document links, per action, from other signed links.
func documentPurpose(action string) string { return "document-" + action }

// documentURL is the link to the file of grant for user, working for DownloadLinkTTL from now
// and never past the grant's own expiry.
func (s *Server) documentURL(user int64, action string, grant content.FileGrant) string {
	exp := s.links.Now().Add(s.DownloadLinkTTL)
	if grant.ExpiresAt.Before(exp) {
		exp = grant.ExpiresAt
	}
	token := s.links.Sign(documentPurpose(action), grant.Ref, user, exp)
	return DocumentFilePrefix + action + "/" + url.PathEscape(grant.Ref) + "?t=" + token
}

// passedDocumentHeaders are the headers of the CMS's answer a document's delivery passes on.
var passedDocumentHeaders = []string{"Content-Type", "Content-Length", "Content-Range", "Accept-Ranges", "ETag", "Last-Modified"}

// documentFile streams the file of a document link from the CMS, ranges included (a download
// may be resumed). A link that is not one the BFF signed, has been altered or has expired, or
// whose grant the CMS no longer honours, answers 403 download.link_invalid and never the file.
func (s *Server) documentFile(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		writeError(w, r, s.Log, apierr.New(apierr.MethodNotAllowed, nil))
		return
	}
	action, ref, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, DocumentFilePrefix), "/")
	if action != "download" && action != "preview" || !content.FileRefPattern.MatchString(ref) {
		writeError(w, r, s.Log, apierr.New(apierr.NotFound, nil))
		return
	}
	user, ok := s.links.Check(documentPurpose(action), ref, r.URL.Query().Get("t"))
	if !ok {
		writeError(w, r, s.Log, apierr.New(DownloadLinkInvalid, nil))
		return
	}
	// A large file takes longer to arrive than the server's write time-out allows other answers.
	_ = http.NewResponseController(w).SetWriteDeadline(time.Now().Add(s.Uploads.Timeout))
	// The CMS has the operations' time-out to start answering; the file then streams for as
	// long as it takes, so the time-out cannot be the context's deadline.
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	late := time.AfterFunc(s.Timeout, cancel)
	resp, err := s.Content.OpenFile(ctx, ref, r.Header)
	if !late.Stop() && err != nil {
		err = apierr.New(apierr.UpstreamTimeout, err)
	}
	if err != nil {
		if apierr.From(err).Key == apierr.NotFound {
			err = apierr.New(DownloadLinkInvalid, err)
		}
		writeError(w, r, s.Log, err)
		return
	}
	defer resp.Body.Close()
	h := w.Header()
	for _, name := range passedDocumentHeaders {
		if v := resp.Header.Get(name); v != "" {
			h.Set(name, v)
		}
	}
	h.Set("Content-Disposition", documentDisposition(action, resp.Header))
	// The file is the user's: no cache keeps it, the link in the address bar goes to no other
	// site, and it is shown as what its type says, never sniffed into a page.
	h.Set("Cache-Control", "private, no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cross-Origin-Resource-Policy", "same-origin")
	if strings.HasPrefix(h.Get("Content-Disposition"), "inline") {
		// Chromium's PDF viewer does not run in a sandboxed document or under default-src
		// 'none'; a PDF shown inline is only kept out of frames.
		h.Set("Content-Security-Policy", "frame-ancestors 'none'")
	} else {
		h.Set("Content-Security-Policy", "default-src 'none'; sandbox")
	}
	w.WriteHeader(resp.StatusCode)
	if r.Method == http.MethodHead {
		return
	}
	if _, err := io.Copy(w, resp.Body); err != nil {
		s.Log.Debug("document file: the copy stopped", "user", user, "err", err)
	}
}

// documentDisposition is how the browser is to take a document's file: a PDF preview is shown
// (inline), anything else saved (attachment), under the file name the CMS gave.
func documentDisposition(action string, cms http.Header) string {
	kind := "attachment"
	if ct, _, err := mime.ParseMediaType(cms.Get("Content-Type")); err == nil && ct == "application/pdf" && action == "preview" {
		kind = "inline"
	}
	params := map[string]string{}
	if _, p, err := mime.ParseMediaType(cms.Get("Content-Disposition")); err == nil {
		// The last element of the name only: a browser saves the file under it.
		if name := path.Base(strings.ReplaceAll(p["filename"], `\`, "/")); name != "." && name != "/" {
			params["filename"] = name
		}
	}
	if d := mime.FormatMediaType(kind, params); d != "" {
		return d
	}
	return kind
}
