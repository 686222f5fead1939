package itr

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base32"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode"

	"github.com/jakarobotics/website/mocks/mockkit"
)

// Sniff names the media type of a file from its first bytes (512 are enough), among the types
// the system keeps: image/jpeg, image/png, image/webp, video/mp4 and video/quicktime. Any other
// file, whatever its name or declared type says, is "".
func Sniff(head []byte) string {
	switch {
	case bytes.HasPrefix(head, []byte{0xFF, 0xD8, 0xFF}):
		return "image/jpeg"
	case bytes.HasPrefix(head, []byte("\x89PNG\r\n\x1a\n")):
		return "image/png"
	case len(head) >= 12 && string(head[0:4]) == "RIFF" && string(head[8:12]) == "WEBP":
		return "image/webp"
	}
	if len(head) < 12 {
		return ""
	}
	// ISO base media files (MP4, QuickTime) start with a box: 4 bytes of size, then its type.
	switch string(head[4:8]) {
	case "ftyp":
		brand := string(head[8:12])
		if brand == "qt  " {
			return "video/quicktime"
		}
		if mp4Brands[brand] {
			return "video/mp4"
		}
	case "moov", "mdat", "wide", "free", "skip":
		// QuickTime files written before the ftyp box existed.
		return "video/quicktime"
	}
	return ""
}

// mp4Brands are the major brands of MP4 video files.
var mp4Brands = map[string]bool{
	"isom": true, "iso2": true, "iso3": true, "iso4": true, "iso5": true, "iso6": true,
	"mp41": true, "mp42": true, "avc1": true, "M4V ": true, "dash": true, "mmp4": true, "MSNV": true,
}

// limitFor is the size limit of a file of content type ct.
func (s *Server) limitFor(ct string) int64 {
	if strings.HasPrefix(ct, "video/") {
		return s.opts.MaxVideoBytes
	}
	return s.opts.MaxImageBytes
}

// attachmentJSON is an attachment as the API shows it.
type attachmentJSON struct {
	ID          string    `json:"id"`
	Name        string    `json:"name"`
	ContentType string    `json:"contentType"`
	Size        int64     `json:"size"`
	UploadedAt  time.Time `json:"uploadedAt"`
	// WorkOrder is the service number of the order that uses the file; null while none does.
	WorkOrder *string `json:"workOrder"`
}

// viewAttachment describes a. Call with s.mu held.
func (s *store) viewAttachment(a *attachment) attachmentJSON {
	v := attachmentJSON{ID: a.ID, Name: a.Name, ContentType: a.ContentType, Size: a.Size, UploadedAt: a.UploadedAt}
	if n := s.usedBy(a.ID); n != "" {
		v.WorkOrder = &n
	}
	return v
}

// uploadAttachment stores the request body as a file of the owner. The body is written to a
// temporary file and renamed to the attachment's id only once it is complete and within its
// limit: an empty, unknown, over-size or interrupted upload leaves nothing behind.
func (s *Server) uploadAttachment(w http.ResponseWriter, r *http.Request) {
	owner, ok := ownerParam(w, r)
	if !ok {
		return
	}
	name := cleanName(r.URL.Query().Get("name"))
	body := http.MaxBytesReader(w, r.Body, s.opts.MaxVideoBytes+1)
	head := make([]byte, 512)
	n, err := io.ReadFull(body, head)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
		s.refuseUpload(w, err, 0)
		return
	}
	head = head[:n]
	if n == 0 {
		mockkit.WriteJSON(w, http.StatusBadRequest, errorBody{Error: "empty_file", Message: "the file is empty"})
		return
	}
	ct := Sniff(head)
	if ct == "" {
		mockkit.WriteJSON(w, http.StatusUnsupportedMediaType, errorBody{Error: "unsupported_type",
			Message: "only JPEG, PNG and WebP photos and MP4 and QuickTime videos are kept"})
		return
	}
	limit := s.limitFor(ct)

	tmp, err := os.CreateTemp(s.store.files, ".upload-*.part")
	if err != nil {
		storageFailed(w, err)
		return
	}
	committed := false
	defer func() {
		if !committed {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	sum := sha256.New()
	written, err := io.Copy(io.MultiWriter(tmp, sum), io.LimitReader(io.MultiReader(bytes.NewReader(head), body), limit+1))
	if err != nil {
		s.refuseUpload(w, err, limit)
		return
	}
	if written > limit {
		mockkit.WriteJSON(w, http.StatusRequestEntityTooLarge, errorBody{Error: "too_large", Limit: limit,
			Message: fmt.Sprintf("a %s file may have at most %d bytes", ct, limit)})
		return
	}
	if err := tmp.Sync(); err != nil {
		storageFailed(w, err)
		return
	}
	if err := tmp.Close(); err != nil {
		storageFailed(w, err)
		return
	}
	id := newAttachmentID()
	if err := os.Rename(tmp.Name(), s.store.filePath(id)); err != nil {
		storageFailed(w, err)
		return
	}
	committed = true

	a := &attachment{ID: id, Owner: owner, Name: name, ContentType: ct, Size: written,
		SHA256: hex.EncodeToString(sum.Sum(nil)), UploadedAt: s.opts.Now().UTC()}
	s.store.mu.Lock()
	defer s.store.mu.Unlock()
	s.store.sweepUnattached(s.opts.KeepUnattached)
	s.store.st.Attachments[id] = a
	if err := s.store.save(); err != nil {
		delete(s.store.st.Attachments, id)
		os.Remove(s.store.filePath(id))
		storageFailed(w, err)
		return
	}
	mockkit.WriteJSON(w, http.StatusCreated, s.store.viewAttachment(a))
}

// refuseUpload answers an upload whose body could not be read whole: too large for the system's
// hard limit, or cut off (the sender gave up or hit its own limit).
func (s *Server) refuseUpload(w http.ResponseWriter, err error, limit int64) {
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		if limit == 0 {
			limit = tooLarge.Limit - 1
		}
		mockkit.WriteJSON(w, http.StatusRequestEntityTooLarge, errorBody{Error: "too_large", Limit: limit, Message: "the file is too large"})
		return
	}
	badRequest(w, "", "the upload was interrupted: "+err.Error())
}

// newAttachmentID returns a random, unguessable id: att_ and 26 base32 letters.
func newAttachmentID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return "att_" + strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b[:]))
}

// cleanName keeps the last element of a file name, without control characters, at most 200
// characters; an empty name becomes "file".
func cleanName(name string) string {
	name = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, name)
	name = strings.TrimSpace(filepath.Base(strings.ReplaceAll(name, `\`, "/")))
	if name == "." || name == "/" || name == "" {
		return "file"
	}
	if r := []rune(name); len(r) > 200 {
		name = string(r[len(r)-200:])
	}
	return name
}

// listAttachments describes the owner's attachments among the ids asked for; ids of other
// customers' attachments, and unknown ones, are left out.
func (s *Server) listAttachments(w http.ResponseWriter, r *http.Request) {
	owner, ok := ownerParam(w, r)
	if !ok {
		return
	}
	ids := r.URL.Query()["id"]
	if len(ids) == 0 || len(ids) > 50 {
		badRequest(w, "id", "name 1 to 50 attachments by id")
		return
	}
	s.store.mu.Lock()
	out := []attachmentJSON{}
	seen := map[string]bool{}
	for _, id := range ids {
		if a := s.store.st.Attachments[id]; a != nil && a.Owner == owner && !seen[id] {
			seen[id] = true
			out = append(out, s.store.viewAttachment(a))
		}
	}
	s.store.mu.Unlock()
	mockkit.WriteJSON(w, http.StatusOK, map[string]any{"attachments": out})
}

// attachmentContent serves the owner's file as stored, with ranges (video players ask for
// them) and conditional requests.
func (s *Server) attachmentContent(w http.ResponseWriter, r *http.Request) {
	owner, ok := ownerParam(w, r)
	if !ok {
		return
	}
	s.store.mu.Lock()
	a := s.store.st.Attachments[r.PathValue("id")]
	var meta attachment
	if a != nil {
		meta = *a
	}
	s.store.mu.Unlock()
	if a == nil || meta.Owner != owner {
		notFound(w, "no such attachment")
		return
	}
	f, err := os.Open(s.store.filePath(meta.ID))
	if err != nil {
		notFound(w, "no such attachment")
		return
	}
	defer f.Close()
	h := w.Header()
	h.Set("Content-Type", meta.ContentType)
	h.Set("ETag", `"`+meta.SHA256+`"`)
	h.Set("Content-Disposition", "inline; filename*=UTF-8''"+url.PathEscape(meta.Name))
	h.Set("X-Content-Type-Options", "nosniff")
	http.ServeContent(w, r, "", meta.UploadedAt, f)
}

// deleteAttachment removes the owner's file, unless a work order uses it.
func (s *Server) deleteAttachment(w http.ResponseWriter, r *http.Request) {
	owner, ok := ownerParam(w, r)
	if !ok {
		return
	}
	id := r.PathValue("id")
	s.store.mu.Lock()
	defer s.store.mu.Unlock()
	a := s.store.st.Attachments[id]
	if a == nil || a.Owner != owner {
		notFound(w, "no such attachment")
		return
	}
	if n := s.store.usedBy(id); n != "" {
		mockkit.WriteJSON(w, http.StatusConflict, map[string]string{"error": "in_use", "workOrder": n,
			"message": "the attachment belongs to work order " + n})
		return
	}
	delete(s.store.st.Attachments, id)
	if err := s.store.save(); err != nil {
		s.store.st.Attachments[id] = a
		storageFailed(w, err)
		return
	}
	_ = os.Remove(s.store.filePath(id))
	w.WriteHeader(http.StatusNoContent)
}
