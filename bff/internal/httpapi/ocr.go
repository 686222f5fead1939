package httpapi

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"strings"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/messages"
	"github.com/jakarobotics/website/bff/internal/uploads"
	"github.com/jakarobotics/website/bff/internal/upstream/itr"
	"github.com/jakarobotics/website/bff/internal/upstream/ocr"
)

// ocrResult is the data of ocrAction (OcrResult): every field is present, null when not read.
type ocrResult struct {
	Action string             `json:"action"`
	Text   string             `json:"text"`
	Fields map[string]*string `json:"fields"`
}

// ocrAction reads the robot's nameplate or software version screen on a photo, so that the
// repair form can be filled in with what was read for the user to confirm. The form has two
// fields, action and file, in either order; the photo (at most UploadLimits.ImageBytes) is read
// into memory, because the OCR service needs the action before the photo and a browser may send
// the photo first. Its type comes from its bytes: a JPEG, PNG or WebP photo. A photo on which
// nothing can be read is no error: every field is null.
func (s *Server) ocrAction(w http.ResponseWriter, r *http.Request) {
	if _, err := s.currentUser(r); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	lang := requestLang(r)
	limit := s.Uploads.ImageBytes
	if r.ContentLength > limit+multipartSlack {
		writeError(w, r, s.Log, tooLargeError(s.Uploads, "image/jpeg", lang))
		return
	}
	form, err := formReader(r)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	var (
		action string
		photo  []byte
		sawOne bool
	)
	for {
		part, err := form.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			writeError(w, r, s.Log, readError(err))
			return
		}
		switch part.FormName() {
		case "action":
			raw, err := io.ReadAll(io.LimitReader(part, 64))
			if err != nil {
				writeError(w, r, s.Log, readError(err))
				return
			}
			action = strings.TrimSpace(string(raw))
		case "file":
			sawOne = true
			var buf bytes.Buffer
			n, err := buf.ReadFrom(io.LimitReader(part, limit+1))
			if err != nil {
				writeError(w, r, s.Log, readError(err))
				return
			}
			if n > limit {
				writeError(w, r, s.Log, tooLargeError(s.Uploads, "image/jpeg", lang))
				return
			}
			photo = buf.Bytes()
		default:
			writeError(w, r, s.Log, apierr.Invalid(apierr.FieldError{Field: part.FormName(), Message: "is not a field of this form"}))
			return
		}
		part.Close()
	}
	var errs []apierr.FieldError
	if action != ocr.ActionNameplate && action != ocr.ActionSoftwareVersion {
		errs = append(errs, apierr.FieldError{Field: "action", Message: messages.Text(actionRequired, lang)})
	}
	if !sawOne {
		errs = append(errs, apierr.FieldError{Field: "file", Message: messages.Text(fileRequired, lang)})
	}
	if len(errs) > 0 {
		writeError(w, r, s.Log, apierr.Invalid(errs...))
		return
	}
	if len(photo) == 0 {
		writeError(w, r, s.Log, &apierr.Error{Key: itr.UploadEmpty, Fields: []apierr.FieldError{{Field: "file", Message: messages.Text(string(itr.UploadEmpty), lang)}}})
		return
	}
	ct := uploads.Sniff(photo[:min(len(photo), uploads.SniffHead)])
	if !strings.HasPrefix(ct, "image/") {
		writeError(w, r, s.Log, &apierr.Error{Key: itr.UploadUnsupportedType, Fields: []apierr.FieldError{{Field: "file", Message: messages.Text(photoTypes, lang)}}})
		return
	}
	// The operation has the upload time-out for the photo to arrive; the OCR service gets the
	// usual one.
	ctx, cancel := context.WithTimeout(r.Context(), s.Timeout)
	defer cancel()
	rec, err := s.OCR.Recognize(ctx, action, photo)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	out := ocrResult{Action: action, Text: strings.Join(rec.Lines, "\n"), Fields: map[string]*string{}}
	for _, f := range ocr.Fields {
		out.Fields[f] = nil
		if v, ok := rec.Fields[f]; ok {
			out.Fields[f] = &v
		}
	}
	writeData(w, r, out)
}
