package httpapi

import (
	"bytes"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"time"

	"github.com/getkin/kin-openapi/routers"
	"github.com/go-chi/chi/v5"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/messages"
	"github.com/jakarobotics/website/bff/internal/uploads"
	"github.com/jakarobotics/website/bff/internal/upstream/itr"
)

// UploadLimits bound the photos and videos of repair reports (see uploads.Limits).
type UploadLimits = uploads.Limits

// multipartSlack is what a multipart form adds around its file: boundaries, part headers, a
// short field or two.
const multipartSlack = 64 << 10

// streamedBody reports whether the contract marks the operation's body as read by its handler
// (x-streamed-body): a file the BFF must not hold whole in memory to validate it. Such an
// operation is validated without its body, gets the upload time-out, and its handler checks the
// multipart form as it streams it.
func streamedBody(route *routers.Route) bool {
	v, ok := route.Operation.Extensions["x-streamed-body"].(bool)
	return ok && v
}

// withoutBody is route with its operation's request body left out, for validating the
// parameters and headers of a streamed operation.
func withoutBody(route *routers.Route) *routers.Route {
	op := *route.Operation
	op.RequestBody = nil
	r := *route
	r.Operation = &op
	return &r
}

// formReader returns the request's multipart form reader, or request.invalid when the body is
// not a multipart form.
func formReader(r *http.Request) (*multipart.Reader, error) {
	mediaType, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mediaType != "multipart/form-data" || params["boundary"] == "" {
		return nil, apierr.Invalid(apierr.FieldError{Field: "body", Message: "must be a multipart/form-data form"})
	}
	return multipart.NewReader(r.Body, params["boundary"]), nil
}

// readError turns an error met while reading a multipart form into the answer's error: the
// form's size limit, a form that arrived too slowly, or one that ended early or is malformed.
func readError(err error) error {
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return apierr.New(itr.UploadTooLarge, err)
	}
	if errors.Is(err, errBodyTooSlow) {
		return apierr.New(RequestTooSlow, err)
	}
	return apierr.New(itr.UploadInterrupted, err)
}

// fileData is an attachment of owner with its preview link.
func (s *Server) fileData(owner int64, a itr.Attachment) uploads.File {
	return uploads.File{ID: a.ID, Name: a.Name, URL: s.fileURL(owner, a.ID), ContentType: a.ContentType, Size: a.Size}
}

// uploadRepairFile streams one photo or video of a repair report to the work-order system. The
// file's type is read from its first bytes, never from its name or declared type; its size is
// counted as it passes, and a file over its type's limit is cut off there: the system, which
// writes a temporary file and keeps it only once complete, keeps nothing of it. Nothing of the
// file is held in memory but the first 512 bytes and the copy buffers.
func (s *Server) uploadRepairFile(w http.ResponseWriter, r *http.Request) {
	u, err := s.currentUser(r)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	lang := requestLang(r)
	lim := s.Uploads
	// A large video takes longer to arrive than the server's write time-out allows other
	// requests: this one gets the upload time-out (the body's own pace is minRateBody's).
	_ = http.NewResponseController(w).SetWriteDeadline(time.Now().Add(lim.Timeout + 15*time.Second))

	// A form longer than the largest file allows is refused before anything is sent on.
	if r.ContentLength > lim.VideoBytes+multipartSlack {
		writeError(w, r, s.Log, tooLargeError(lim, "video/mp4", lang))
		return
	}
	form, err := formReader(r)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	part, err := form.NextPart()
	if err == nil && part.FormName() != "file" {
		// The form has one field, file; anything before it is refused rather than ignored.
		name := part.FormName()
		part.Close()
		writeError(w, r, s.Log, apierr.Invalid(apierr.FieldError{Field: name, Message: "is not a field of this form"}))
		return
	}
	if err != nil {
		if errors.Is(err, io.EOF) {
			writeError(w, r, s.Log, apierr.Invalid(apierr.FieldError{Field: "file", Message: messages.Text(fileRequired, lang)}))
			return
		}
		writeError(w, r, s.Log, readError(err))
		return
	}
	defer part.Close()
	head, err := uploads.ReadHead(part)
	if err != nil {
		writeError(w, r, s.Log, readError(err))
		return
	}
	if len(head) == 0 {
		writeError(w, r, s.Log, &apierr.Error{Key: itr.UploadEmpty, Fields: []apierr.FieldError{{Field: "file", Message: messages.Text(string(itr.UploadEmpty), lang)}}})
		return
	}
	ct := uploads.Sniff(head)
	if ct == "" {
		writeError(w, r, s.Log, &apierr.Error{Key: itr.UploadUnsupportedType, Fields: []apierr.FieldError{{Field: "file", Message: messages.Text(mediaTypes, lang)}}})
		return
	}
	limit := lim.LimitFor(ct)
	if r.ContentLength > limit+multipartSlack {
		writeError(w, r, s.Log, tooLargeError(lim, ct, lang))
		return
	}
	body := uploads.NewLimitedReader(io.MultiReader(bytes.NewReader(head), part), limit)
	att, err := s.ITR.Upload(r.Context(), u.ID, uploads.FileName(part.FileName(), ct), ct, body)
	switch {
	case body.Exceeded() || errors.Is(err, uploads.ErrTooLarge):
		writeError(w, r, s.Log, tooLargeError(lim, ct, lang))
		return
	case err != nil && apierr.From(err).Key == apierr.Internal:
		// Not an answer of the system: the form could not be read (cut off, over the form's
		// limit, malformed).
		writeError(w, r, s.Log, readError(err))
		return
	case err != nil:
		if apierr.From(err).Key == itr.UploadTooLarge {
			// The system's own limit, when lower, is the one to tell the user.
			var le *itr.LimitError
			if errors.As(err, &le) {
				lim = lim.Lowered(le.Limit)
			}
			err = tooLargeError(lim, ct, lang)
		}
		writeError(w, r, s.Log, err)
		return
	}
	writeData(w, r, s.fileData(u.ID, att))
}

// tooLargeError is upload.too_large with the limit of the file's type in the field's message.
func tooLargeError(lim UploadLimits, ct string, lang messages.Lang) error {
	key := imageTooLarge
	if uploads.IsVideo(ct) {
		key = videoTooLarge
	}
	return &apierr.Error{Key: itr.UploadTooLarge, Fields: []apierr.FieldError{{Field: "file",
		Message: messages.Fill(key, lang, map[string]string{"limit": uploads.Megabytes(lim.LimitFor(ct))})}}}
}

var uploadIDRE = regexp.MustCompile(`^[A-Za-z0-9_-]{1,128}$`)

// deleteRepairFile removes a photo or video the user uploaded, before the report is sent.
func (s *Server) deleteRepairFile(w http.ResponseWriter, r *http.Request) {
	u, err := s.currentUser(r)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	if err := s.ITR.DeleteAttachment(r.Context(), u.ID, chi.URLParam(r, "uploadId")); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	writeData(w, r, nil)
}

// RepairFilePrefix is where the site serves the photos and videos of repair reports, by
// preview links: /repair-files/{uploadId}?t={token}. The token names the file's owner and
// expiry and is signed by the BFF, so that an <img> or <video> element, which cannot send the
// token header, can show a user's own file and nobody else's.
const RepairFilePrefix = "/repair-files/"

// repairFilePurpose separates the tokens of repair previews from those of other signed links.
const repairFilePurpose = "repair-file"

// fileURL is the preview link of a file of owner, valid for URLTTL from now.
func (s *Server) fileURL(owner int64, id string) string {
	token := s.links.SignFor(repairFilePurpose, id, owner, s.Uploads.URLTTL)
	return RepairFilePrefix + url.PathEscape(id) + "?t=" + token
}

// passedFileHeaders are the headers of the system's answer a preview passes on.
var passedFileHeaders = []string{"Content-Type", "Content-Length", "Content-Range", "Accept-Ranges", "ETag", "Last-Modified", "Content-Disposition"}

// repairFile streams a file of a preview link from the work-order system, ranges included (video
// players ask for them). An unknown, forged or expired link answers 404 upload.not_found.
func (s *Server) repairFile(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		writeError(w, r, s.Log, apierr.New(apierr.MethodNotAllowed, nil))
		return
	}
	id := strings.TrimPrefix(r.URL.Path, RepairFilePrefix)
	owner, ok := s.links.Check(repairFilePurpose, id, r.URL.Query().Get("t"))
	if !uploadIDRE.MatchString(id) || !ok {
		writeError(w, r, s.Log, apierr.New(itr.UploadNotFound, nil))
		return
	}
	// A video is watched for longer than the server's write time-out allows other answers.
	_ = http.NewResponseController(w).SetWriteDeadline(time.Now().Add(s.Uploads.Timeout))
	resp, err := s.ITR.OpenAttachment(r.Context(), owner, id, r.Header)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	defer resp.Body.Close()
	h := w.Header()
	for _, name := range passedFileHeaders {
		if v := resp.Header.Get(name); v != "" {
			h.Set(name, v)
		}
	}
	// The file is the user's own: no shared cache keeps it, and a browser only while the link
	// works. It is shown as what its bytes are, and never run as a page (securityHeaders gives
	// it nosniff and the sandboxed MediaCSP).
	h.Set("Cache-Control", "private, max-age=600")
	h.Set("Cross-Origin-Resource-Policy", "same-origin")
	w.WriteHeader(resp.StatusCode)
	if r.Method == http.MethodHead {
		return
	}
	if _, err := io.Copy(w, resp.Body); err != nil {
		s.Log.Debug("repair file: the copy stopped", "id", id, "err", err)
	}
}
