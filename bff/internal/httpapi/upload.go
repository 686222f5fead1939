package httpapi

import (
	"bytes"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/getkin/kin-openapi/routers"
	"github.com/go-chi/chi/v5"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/messages"
	"github.com/jakarobotics/website/bff/internal/upstream/itr"
)

// UploadLimits bound the photos and videos of repair reports. The zero value of every field is
// its default.
type UploadLimits struct {
	// ImageBytes bounds a photo (JPEG, PNG, WebP), also one sent for OCR: 10 MiB.
	ImageBytes int64
	// VideoBytes bounds a video (MP4, QuickTime): 100 MiB.
	VideoBytes int64
	// Timeout bounds an upload, which lasts as long as the file takes to arrive: 10 minutes.
	Timeout time.Duration
	// URLKey signs the site's links to personal files: the preview links of uploaded files and
	// the links to documents that need login. Nil gets a random key, so that links stop working
	// when the process restarts (the pages ask for new ones). Several BFF processes behind one
	// site need the same key.
	URLKey []byte
	// URLTTL is how long a preview link works: 1 hour.
	URLTTL time.Duration
	// MinRate is the slowest a file may arrive, in bytes a second averaged over RateWindow,
	// after a first RateWindow of grace: 8 KiB/s over 10 s. A slower upload is cut off (408
	// request.too_slow) rather than hold its connection for Timeout.
	MinRate    int64
	RateWindow time.Duration
}

func (l UploadLimits) withDefaults() UploadLimits {
	if l.ImageBytes <= 0 {
		l.ImageBytes = 10 << 20
	}
	if l.VideoBytes <= 0 {
		l.VideoBytes = 100 << 20
	}
	if l.Timeout <= 0 {
		l.Timeout = 10 * time.Minute
	}
	if len(l.URLKey) == 0 {
		l.URLKey = make([]byte, 32)
		_, _ = rand.Read(l.URLKey)
	}
	if l.URLTTL <= 0 {
		l.URLTTL = time.Hour
	}
	if l.MinRate <= 0 {
		l.MinRate = 8 << 10
	}
	if l.RateWindow <= 0 {
		l.RateWindow = 10 * time.Second
	}
	return l
}

// limitFor is the size limit of a file of content type ct.
func (l UploadLimits) limitFor(ct string) int64 {
	if strings.HasPrefix(ct, "video/") {
		return l.VideoBytes
	}
	return l.ImageBytes
}

// multipartSlack is what a multipart form adds around its file: boundaries, part headers, a
// short field or two.
const multipartSlack = 64 << 10

// sniffHead is how many leading bytes of a file name its type.
const sniffHead = 512

// sniffMedia names the type of a file from its first bytes, among the photos (image/jpeg,
// image/png, image/webp) and videos (video/mp4, video/quicktime) a repair report may carry; any
// other file is "", whatever its name or declared type says.
func sniffMedia(head []byte) string {
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
		switch brand := string(head[8:12]); {
		case brand == "qt  ":
			return "video/quicktime"
		case mp4Brands[brand]:
			return "video/mp4"
		}
	case "moov", "mdat", "wide", "free", "skip":
		return "video/quicktime" // QuickTime files from before the ftyp box
	}
	return ""
}

// mp4Brands are the major brands of MP4 video files.
var mp4Brands = map[string]bool{
	"isom": true, "iso2": true, "iso3": true, "iso4": true, "iso5": true, "iso6": true,
	"mp41": true, "mp42": true, "avc1": true, "M4V ": true, "dash": true, "mmp4": true, "MSNV": true,
}

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

// readHead reads the first bytes of a file part, up to sniffHead.
func readHead(part io.Reader) ([]byte, error) {
	head := make([]byte, sniffHead)
	n, err := io.ReadFull(part, head)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
		return nil, err
	}
	return head[:n], nil
}

// errFileTooLarge ends the stream of a file that has passed its type's limit.
var errFileTooLarge = errors.New("the file is larger than its limit")

// limitedReader reads at most n bytes and fails with errFileTooLarge on the next one, so that
// an over-size file is cut off as soon as it shows, whatever the form's length said.
type limitedReader struct {
	r        io.Reader
	n        int64
	exceeded bool
}

func (l *limitedReader) Read(p []byte) (int, error) {
	if l.exceeded {
		return 0, errFileTooLarge
	}
	if int64(len(p)) > l.n+1 {
		p = p[:l.n+1]
	}
	n, err := l.r.Read(p)
	if int64(n) > l.n {
		l.exceeded = true
		return int(l.n), errFileTooLarge
	}
	l.n -= int64(n)
	return n, err
}

// fileName is the name a file is kept under: the last element of the uploaded name, without
// control characters, at most 200 characters; a file without a name gets one from its type.
// Bidirectional controls go too (U+202E turns "photo\u202Egnp.exe" into what reads as
// "photoexe.png"), and line and paragraph separators, which would break the name over lines
// wherever it is shown.
func fileName(name, contentType string) string {
	name = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) || unicode.In(r, unicode.Zl, unicode.Zp) || r == utf8.RuneError {
			return -1
		}
		return r
	}, name)
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	name = strings.TrimSpace(name)
	if r := []rune(name); len(r) > 200 {
		name = string(r[len(r)-200:])
	}
	if name == "" || name == "." || name == ".." {
		ext := map[string]string{"image/jpeg": "jpg", "image/png": "png", "image/webp": "webp", "video/mp4": "mp4", "video/quicktime": "mov"}[contentType]
		name = "file." + ext
	}
	return name
}

// uploadedFile is the data of uploadRepairFile and an attachment of a work order (Attachment).
type uploadedFile struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	URL         string `json:"url"`
	ContentType string `json:"contentType"`
	Size        int64  `json:"size"`
}

func (s *Server) fileData(owner int64, a itr.Attachment) uploadedFile {
	return uploadedFile{ID: a.ID, Name: a.Name, URL: s.fileURL(owner, a.ID, fileClock()), ContentType: a.ContentType, Size: a.Size}
}

// fileClock is the clock of signed file links (repair previews, documents); tests replace it.
var fileClock = time.Now

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
	head, err := readHead(part)
	if err != nil {
		writeError(w, r, s.Log, readError(err))
		return
	}
	if len(head) == 0 {
		writeError(w, r, s.Log, &apierr.Error{Key: itr.UploadEmpty, Fields: []apierr.FieldError{{Field: "file", Message: messages.Text(string(itr.UploadEmpty), lang)}}})
		return
	}
	ct := sniffMedia(head)
	if ct == "" {
		writeError(w, r, s.Log, &apierr.Error{Key: itr.UploadUnsupportedType, Fields: []apierr.FieldError{{Field: "file", Message: messages.Text(mediaTypes, lang)}}})
		return
	}
	limit := lim.limitFor(ct)
	if r.ContentLength > limit+multipartSlack {
		writeError(w, r, s.Log, tooLargeError(lim, ct, lang))
		return
	}
	body := &limitedReader{r: io.MultiReader(bytes.NewReader(head), part), n: limit}
	att, err := s.ITR.Upload(r.Context(), u.ID, fileName(part.FileName(), ct), ct, body)
	switch {
	case body.exceeded || errors.Is(err, errFileTooLarge):
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
			if errors.As(err, &le) && le.Limit > 0 && le.Limit < lim.limitFor(ct) {
				lim.ImageBytes, lim.VideoBytes = min(lim.ImageBytes, le.Limit), min(lim.VideoBytes, le.Limit)
			}
			err = tooLargeError(lim, ct, lang)
		}
		writeError(w, r, s.Log, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeData(w, r, s.fileData(u.ID, att))
}

// tooLargeError is upload.too_large with the limit of the file's type in the field's message.
func tooLargeError(lim UploadLimits, ct string, lang messages.Lang) error {
	key := imageTooLarge
	if strings.HasPrefix(ct, "video/") {
		key = videoTooLarge
	}
	return &apierr.Error{Key: itr.UploadTooLarge, Fields: []apierr.FieldError{{Field: "file",
		Message: messages.Fill(key, lang, map[string]string{"limit": megabytes(lim.limitFor(ct))})}}}
}

// megabytes writes a size for people: 10 MB, 2.5 MB, 512 KB.
func megabytes(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MB", n>>20)
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	default:
		return fmt.Sprintf("%d KB", (n+1023)>>10)
	}
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
	w.Header().Set("Cache-Control", "no-store")
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
func (s *Server) fileURL(owner int64, id string, now time.Time) string {
	token := s.links.sign(repairFilePurpose, id, owner, now.Add(s.Uploads.URLTTL))
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
	now := fileClock()
	owner, ok := s.links.check(repairFilePurpose, id, r.URL.Query().Get("t"), now)
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
