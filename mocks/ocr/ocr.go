// Package ocr is a stand-in for the OCR service that reads robot nameplates and software version
// screens for the after-sales team. It reads text drawn in its own font: its sample pictures
// (served under /__admin/samples) carry their text both as glyphs and in a PNG text chunk, and
// any picture with lines of the font is read glyph by glyph. Any other picture has no text: an
// empty recognition, not an error. Its API is its own (see API.md).
package ocr

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"github.com/jakarobotics/website/mocks/mockkit"
)

// MaxImageBytes bounds a picture sent for recognition.
const MaxImageBytes = 10 << 20

// NewHandler returns the OCR service's HTTP handler.
func NewHandler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /ocr/v1/recognize", recognize)
	mux.HandleFunc("GET "+mockkit.AdminPrefix+"/samples", listSamples)
	mux.HandleFunc("GET "+mockkit.AdminPrefix+"/samples/{name}", sample)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		mockkit.WriteJSON(w, http.StatusNotFound, errorBody{Error: "not_found", Message: "no such endpoint"})
	})
	return mux
}

type errorBody struct {
	Error   string `json:"error"`
	Message string `json:"message"`
}

// recognition is the answer: the text read, line by line, and the template's values found in
// it, by entity name.
type recognition struct {
	Template string            `json:"template"`
	Lines    []string          `json:"lines"`
	Entities map[string]string `json:"entities"`
}

// recognize reads the picture of a request {"template": "nameplate" or "version_screen",
// "image": the picture's bytes in base64}, as OCR services take pictures.
func recognize(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Template string `json:"template"`
		Image    string `json:"image"`
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, int64(base64.StdEncoding.EncodedLen(MaxImageBytes)+4096)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			mockkit.WriteJSON(w, http.StatusRequestEntityTooLarge, errorBody{Error: "too_large", Message: "a picture may have at most 10 MiB"})
			return
		}
		mockkit.WriteJSON(w, http.StatusBadRequest, errorBody{Error: "bad_request", Message: "want {template, image}: " + err.Error()})
		return
	}
	if _, ok := labels[in.Template]; !ok {
		mockkit.WriteJSON(w, http.StatusBadRequest, errorBody{Error: "bad_request", Message: "template must be nameplate or version_screen"})
		return
	}
	data, err := base64.StdEncoding.DecodeString(in.Image)
	switch {
	case err != nil:
		mockkit.WriteJSON(w, http.StatusBadRequest, errorBody{Error: "bad_request", Message: "image is not base64"})
		return
	case len(data) == 0:
		mockkit.WriteJSON(w, http.StatusBadRequest, errorBody{Error: "empty_image", Message: "the picture is empty"})
		return
	case len(data) > MaxImageBytes:
		mockkit.WriteJSON(w, http.StatusRequestEntityTooLarge, errorBody{Error: "too_large", Message: "a picture may have at most 10 MiB"})
		return
	case !isPicture(data):
		mockkit.WriteJSON(w, http.StatusUnsupportedMediaType, errorBody{Error: "unsupported_type", Message: "send a JPEG, PNG or WebP picture"})
		return
	}
	lines := readLines(data)
	if lines == nil {
		lines = []string{}
	}
	mockkit.WriteJSON(w, http.StatusOK, recognition{Template: in.Template, Lines: lines, Entities: entities(in.Template, lines)})
}

// isPicture reports whether data starts as a JPEG, PNG or WebP file.
func isPicture(data []byte) bool {
	return bytes.HasPrefix(data, []byte{0xFF, 0xD8, 0xFF}) || bytes.HasPrefix(data, []byte(pngSignature)) ||
		(len(data) >= 12 && string(data[:4]) == "RIFF" && string(data[8:12]) == "WEBP")
}

// listSamples describes the sample pictures and where to get them.
func listSamples(w http.ResponseWriter, r *http.Request) {
	type entry struct {
		Sample
		URL string `json:"url"`
	}
	out := []entry{}
	for _, s := range samples {
		out = append(out, entry{Sample: s, URL: mockkit.AdminPrefix + "/samples/" + s.Name})
	}
	mockkit.WriteJSON(w, http.StatusOK, map[string]any{"samples": out})
}

// sample serves one sample picture.
func sample(w http.ResponseWriter, r *http.Request) {
	data, ok := SamplePNG(strings.TrimSpace(r.PathValue("name")))
	if !ok {
		mockkit.WriteJSON(w, http.StatusNotFound, errorBody{Error: "not_found", Message: "no such sample"})
		return
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	_, _ = w.Write(data)
}
