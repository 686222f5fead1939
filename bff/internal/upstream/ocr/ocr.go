// Package ocr is the BFF's client of the OCR service that reads robot nameplates and software
// version screens. It speaks the service's own API (POST /ocr/v1/recognize, see
// mocks/ocr/API.md) and turns its answers into the contract's OcrResult fields.
package ocr

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"net/http"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/upstream"
	"github.com/jakarobotics/website/bff/internal/upstream/itr"
)

// RecognizePath is the service's one call: a JSON body {template, image (base64)}.
const RecognizePath = "/ocr/v1/recognize"

// The contract's actions.
const (
	ActionNameplate       = "nameplate"
	ActionSoftwareVersion = "softwareVersion"
)

// templates maps the contract's actions to the service's templates.
var templates = map[string]string{ActionNameplate: "nameplate", ActionSoftwareVersion: "version_screen"}

// fieldOf maps the service's entities to the contract's OcrFields.
var fieldOf = map[string]string{
	"robot_model": "robotModel", "robot_sn": "robotCode", "cabinet_sn": "cabinetCode",
	"controller": "controllerVersion", "servo": "servoVersion", "scb": "scbVersion", "app": "appVersion", "sdk": "sdkVersion",
}

// Fields are the contract's names of every value the service can read.
var Fields = []string{"robotCode", "cabinetCode", "robotModel", "controllerVersion", "servoVersion", "scbVersion", "appVersion", "sdkVersion"}

// Recognition is what the service read on a photo.
type Recognition struct {
	// Lines are all the text read, line by line.
	Lines []string
	// Fields holds the values found, by the contract's names (robotCode, controllerVersion, …).
	Fields map[string]string
}

// Client calls the OCR service.
type Client interface {
	// Recognize reads a photo (JPEG, PNG or WebP bytes) for an action (nameplate or
	// softwareVersion). A photo without readable text is an empty Recognition, not an error.
	Recognize(ctx context.Context, action string, photo []byte) (Recognition, error)
}

// HTTPClient is the Client over the system's HTTP API.
type HTTPClient struct {
	upstream.Client
}

// New returns a client of the system at base.
func New(base upstream.Client) *HTTPClient { return &HTTPClient{Client: base} }

// Recognize sends the photo in base64 with the action's template.
func (c *HTTPClient) Recognize(ctx context.Context, action string, photo []byte) (Recognition, error) {
	template, ok := templates[action]
	if !ok {
		return Recognition{}, apierr.Invalid(apierr.FieldError{Field: "action", Message: "must be nameplate or softwareVersion"})
	}
	body, err := json.Marshal(map[string]string{"template": template, "image": base64.StdEncoding.EncodeToString(photo)})
	if err != nil {
		return Recognition{}, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.URL(RecognizePath, nil), bytes.NewReader(body))
	if err != nil {
		return Recognition{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	resp, err := c.Do(req)
	if err != nil {
		return Recognition{}, err
	}
	switch resp.Status {
	case http.StatusOK:
	case http.StatusRequestEntityTooLarge:
		return Recognition{}, apierr.New(itr.UploadTooLarge, nil)
	case http.StatusUnsupportedMediaType:
		return Recognition{}, apierr.New(itr.UploadUnsupportedType, nil)
	default:
		return Recognition{}, c.BadAnswer("POST %s: status %d", RecognizePath, resp.Status)
	}
	var ans struct {
		Lines    []string          `json:"lines"`
		Entities map[string]string `json:"entities"`
	}
	if err := json.Unmarshal(resp.Body, &ans); err != nil {
		return Recognition{}, c.BadAnswer("POST %s: %v", RecognizePath, err)
	}
	out := Recognition{Lines: ans.Lines, Fields: map[string]string{}}
	if out.Lines == nil {
		out.Lines = []string{}
	}
	for entity, value := range ans.Entities {
		if f, ok := fieldOf[entity]; ok && value != "" {
			out.Fields[f] = value
		}
	}
	return out, nil
}
