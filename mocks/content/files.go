package content

import (
	"archive/zip"
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"mime"
	"net/http"
	"regexp"
	"strings"
	"time"

	"github.com/jakarobotics/website/mocks/mockkit"
)

// The files of documents that need login (CAD models, firmware, SDKs) are kept in the CMS's
// private store, not in its public media library: /assets/files/{name} answers 404 for them, and
// nothing a visitor sees names where they are kept. The CMS hands them out only to the site's
// backend, for a named user, in two steps:
//
//	POST /cms/v2/downloads/{id}/events   {"action", "userId": n} → 201 {"id", "file": {"ref", "expiresAt"}}
//	GET  /cms/v2/files/{ref}             the file, streamed (ranges, HEAD); 404 once the grant has expired
//
// A grant's ref is random and says nothing about the file; it works for fileGrantTTL, as often
// as needed (a download may be resumed), and is for the backend to redeem, never to show.

// For tests and contracts, POST /__admin/file-grants {"ref", "downloadId", "userId"} puts in a
// grant under a chosen ref (the ref a recorded pact names): 201 {"ref", "expiresAt"}.

// fileGrantTTL is how long a grant of a private file can be redeemed.
const fileGrantTTL = time.Hour

// fileGrant is a private file handed out for one event.
type fileGrant struct {
	ref        string
	downloadID int
	userID     int64
	fileName   string
	fileType   string
	modified   time.Time
	expires    time.Time
}

// privateFiles names the files of the documents that need login, published or in draft, in lower
// case (the media library must not serve them under another spelling either).
func privateFiles(downloads []map[string]any) map[string]bool {
	out := map[string]bool{}
	for _, it := range downloads {
		versions := []map[string]any{it}
		if changes, ok := it["draftChanges"].(map[string]any); ok {
			versions = append(versions, changes)
		}
		private := it["loginRequired"] == true
		for _, v := range versions {
			private = private || v["loginRequired"] == true
		}
		if !private {
			continue
		}
		for _, v := range versions {
			if name := str(v["fileName"]); name != "" {
				out[strings.ToLower(name)] = true
			}
		}
	}
	return out
}

// isPrivateFile reports whether the named file belongs to a document that needs login.
func (n *newsroom) isPrivateFile(name string) bool {
	return n != nil && n.privateFiles[strings.ToLower(name)]
}

// grantLocked hands out the file of the materialized document m to user, with n.mu held. Expired
// grants are dropped on the way, so that the CMS keeps only the grants that still work.
func (n *newsroom) grantLocked(m map[string]any, user int64, now time.Time) fileGrant {
	var raw [18]byte
	_, _ = rand.Read(raw[:])
	return n.grantAsLocked(base64.RawURLEncoding.EncodeToString(raw[:]), m, user, now)
}

// grantAsLocked is grantLocked under a given ref.
func (n *newsroom) grantAsLocked(ref string, m map[string]any, user int64, now time.Time) fileGrant {
	for ref, g := range n.grants {
		if !now.Before(g.expires) {
			delete(n.grants, ref)
		}
	}
	modified, _ := time.Parse(time.RFC3339, str(m["publishTime"]))
	g := fileGrant{
		ref:        ref,
		downloadID: idOf(m),
		userID:     user,
		fileName:   str(m["fileName"]),
		fileType:   str(m["fileType"]),
		modified:   modified,
		expires:    now.Add(fileGrantTTL),
	}
	n.grants[g.ref] = g
	return g
}

// serveFile streams the file of a grant that still works: 200 (206 for a range) with its type,
// length and name (Content-Disposition); 404 {"error"} for a ref the CMS never gave or whose
// grant has expired.
func (n *newsroom) serveFile(w http.ResponseWriter, r *http.Request) {
	n.mu.Lock()
	g, ok := n.grants[r.PathValue("ref")]
	n.mu.Unlock()
	if !ok || !n.now().Before(g.expires) {
		notFound(w, "file")
		return
	}
	body, contentType := privateFileContent(g.fileName, g.fileType)
	h := w.Header()
	h.Set("Content-Type", contentType)
	h.Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": g.fileName}))
	h.Set("Cache-Control", "private, no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	http.ServeContent(w, r, g.fileName, g.modified, bytes.NewReader(body))
}

// privateFileContent draws a private file, standing in for the stored one: a PDF is the one-page
// document of the media library, a zip (an Android package is one too) holds a read-me naming the
// file, and anything else is that read-me alone.
func privateFileContent(name, fileType string) ([]byte, string) {
	readme := name + "\r\nJAKA Robotics - document library (for logged-in users)\r\n"
	switch fileType {
	case "pdf":
		return document(name), "application/pdf"
	case "zip", "apk":
		var b bytes.Buffer
		zw := zip.NewWriter(&b)
		// Stored, not deflated: the read-me is legible in the archive's bytes.
		f, _ := zw.CreateHeader(&zip.FileHeader{Name: "README.txt", Method: zip.Store, Modified: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)})
		_, _ = f.Write([]byte(readme))
		_ = zw.Close()
		if fileType == "apk" {
			return b.Bytes(), "application/vnd.android.package-archive"
		}
		return b.Bytes(), "application/zip"
	}
	return []byte(readme), "application/octet-stream"
}

// adminRefPattern is the shape of a ref put in through the admin API, as the BFF accepts refs.
var adminRefPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{16,128}$`)

// putFileGrant is POST /__admin/file-grants: a grant of a login-only document's file under a
// chosen ref, as if the user had asked for it now.
func (n *newsroom) putFileGrant(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Ref        string `json:"ref"`
		DownloadID int    `json:"downloadId"`
		UserID     int64  `json:"userId"`
	}
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil || !adminRefPattern.MatchString(in.Ref) || in.UserID < 1 {
		badRequest(w, `want {"ref": [A-Za-z0-9_-]{16,128}, "downloadId": n, "userId": n}`)
		return
	}
	item := newsroomFind(n.downloads, in.DownloadID)
	if item == nil {
		notFound(w, "document")
		return
	}
	m, _ := materialize(item, "en", false)
	if m == nil || m["loginRequired"] != true {
		badRequest(w, "only the files of published documents that need login are granted")
		return
	}
	now := n.now()
	n.mu.Lock()
	g := n.grantAsLocked(in.Ref, m, in.UserID, now)
	n.mu.Unlock()
	mockkit.WriteJSON(w, http.StatusCreated, map[string]any{"ref": g.ref, "expiresAt": g.expires.UTC().Format(time.RFC3339)})
}
