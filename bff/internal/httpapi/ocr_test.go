package httpapi_test

import (
	"bytes"
	"encoding/json"
	"image"
	"image/png"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/httpapi"
	"github.com/jakarobotics/website/mocks/ocr"
)

const ocrPath = "/ocr-api/jaka/api/v0.1/oms/action"

func (f *repairFixture) ocr(t *testing.T, lang string, parts ...formPart) (*http.Response, envelope) {
	t.Helper()
	body, ct := multipartForm(t, parts...)
	req, _ := http.NewRequest("POST", f.bff.URL+"/prod-api"+ocrPath, bytes.NewReader(body))
	req.Header.Set("Content-Type", ct)
	req.Header.Set("token", annaToken)
	req.Header.Set("lang", lang)
	return f.send(t, req, ocrPath)
}

func samplePNG(t *testing.T, name string) []byte {
	t.Helper()
	data, ok := ocr.SamplePNG(name)
	require.True(t, ok)
	return data
}

func TestOCRAction200(t *testing.T) {
	f := newRepairFixture(t, httpapi.UploadLimits{})
	blank := image.NewGray(image.Rect(0, 0, 64, 64))
	var plain bytes.Buffer
	require.NoError(t, png.Encode(&plain, blank))
	str := func(s string) *string { return &s }
	for _, tc := range []struct {
		name   string
		parts  []formPart
		text   bool
		fields map[string]*string
	}{
		{"a nameplate", []formPart{{field: "action", data: []byte("nameplate")},
			{field: "file", fileName: "plate.png", declared: "image/png", data: samplePNG(t, "nameplate.png")}}, true,
			map[string]*string{"robotCode": str("JAKA-ZU7-2403-001234"), "cabinetCode": str("JAKA-CAB3-2403-005678"), "robotModel": str("JAKA Zu 7"),
				"controllerVersion": nil, "servoVersion": nil, "scbVersion": nil, "appVersion": nil, "sdkVersion": nil}},
		{"a version screen, the photo first", []formPart{{field: "file", fileName: "screen.png", declared: "application/octet-stream", data: samplePNG(t, "software-version.png")},
			{field: "action", data: []byte("softwareVersion")}}, true,
			map[string]*string{"robotCode": nil, "cabinetCode": nil, "robotModel": nil, "controllerVersion": str("V2.1.7"),
				"servoVersion": str("V3.2.0.14"), "scbVersion": str("V1.8.2"), "appVersion": str("V1.7.3.21"), "sdkVersion": str("V2.1.7.4")}},
		{"a photo with nothing to read", []formPart{{field: "action", data: []byte("nameplate")},
			{field: "file", fileName: "wall.png", declared: "image/png", data: plain.Bytes()}}, false,
			map[string]*string{"robotCode": nil, "cabinetCode": nil, "robotModel": nil, "controllerVersion": nil,
				"servoVersion": nil, "scbVersion": nil, "appVersion": nil, "sdkVersion": nil}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, env := f.ocr(t, "en", tc.parts...)
			require.Equal(t, http.StatusOK, resp.StatusCode, env.Msg)
			var out struct {
				Action string
				Text   string
				Fields map[string]*string
			}
			require.NoError(t, json.Unmarshal(env.Data, &out))
			assert.Equal(t, tc.fields, out.Fields)
			assert.Equal(t, tc.text, out.Text != "")
		})
	}
}

func TestOCRActionRefusals(t *testing.T) {
	f := newRepairFixture(t, httpapi.UploadLimits{ImageBytes: 32 << 10})
	nameplate := formPart{field: "action", data: []byte("nameplate")}
	for _, tc := range []struct {
		name   string
		parts  []formPart
		status int
		key    string
		fields []string
	}{
		{"an empty photo", []formPart{nameplate, {field: "file", fileName: "a.png", declared: "image/png"}}, 400, "upload.empty", []string{"file"}},
		{"a video", []formPart{nameplate, {field: "file", fileName: "a.mp4", declared: "video/mp4", data: mp4Video}}, 415, "upload.unsupported_type", []string{"file"}},
		{"a text file named as a photo", []formPart{nameplate, {field: "file", fileName: "a.jpg", declared: "image/jpeg", data: []byte("JAKA-ZU7-2403-001234")}}, 415, "upload.unsupported_type", []string{"file"}},
		{"a photo over the limit", []formPart{nameplate, {field: "file", fileName: "a.png", declared: "image/png", data: append(append([]byte(nil), pngPhoto...), make([]byte, 32<<10)...)}}, 413, "upload.too_large", []string{"file"}},
		{"no action", []formPart{{field: "file", fileName: "a.png", declared: "image/png", data: pngPhoto}}, 400, "request.invalid", []string{"action"}},
		{"an unknown action", []formPart{{field: "action", data: []byte("passport")}, {field: "file", fileName: "a.png", declared: "image/png", data: pngPhoto}}, 400, "request.invalid", []string{"action"}},
		{"no photo", []formPart{nameplate}, 400, "request.invalid", []string{"file"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, env := f.ocr(t, "th", tc.parts...)
			assert.Equal(t, tc.status, resp.StatusCode)
			assert.Equal(t, tc.key, env.ErrorKey)
			var fields []string
			for _, e := range env.Errors {
				fields = append(fields, e.Field)
				assert.NotContains(t, e.Message, "Please", "the message is in the request's language")
			}
			assert.Equal(t, tc.fields, fields)
		})
	}
}
