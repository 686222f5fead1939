package ocr_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/mocks/ocr"
)

type recognition struct {
	Template string
	Lines    []string
	Entities map[string]string
}

func recognize(t *testing.T, url, template string, data []byte) (int, recognition) {
	t.Helper()
	body, _ := json.Marshal(map[string]string{"template": template, "image": base64.StdEncoding.EncodeToString(data)})
	resp, err := http.Post(url+"/ocr/v1/recognize", "application/json", bytes.NewReader(body))
	require.NoError(t, err)
	defer resp.Body.Close()
	var out recognition
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode == 200 {
		require.NoError(t, json.Unmarshal(raw, &out), "%s", raw)
	}
	return resp.StatusCode, out
}

func sample(t *testing.T, name string) []byte {
	t.Helper()
	data, ok := ocr.SamplePNG(name)
	require.True(t, ok, name)
	return data
}

func TestTheSamplesAreRead(t *testing.T) {
	srv := httptest.NewServer(ocr.NewHandler())
	defer srv.Close()

	for _, tc := range []struct {
		name, sample, template string
		want                   map[string]string
	}{
		{"a nameplate", "nameplate.png", "nameplate", map[string]string{
			"robot_model": "JAKA Zu 7", "robot_sn": "JAKA-ZU7-2403-001234", "cabinet_sn": "JAKA-CAB3-2403-005678"}},
		{"another nameplate", "nameplate-zu12.png", "nameplate", map[string]string{
			"robot_model": "JAKA Zu 12", "robot_sn": "JAKA-ZU12-2311-000457", "cabinet_sn": "JAKA-CAB3-2311-002211"}},
		{"a version screen", "software-version.png", "version_screen", map[string]string{
			"controller": "V2.1.7", "servo": "V3.2.0.14", "scb": "V1.8.2", "app": "V1.7.3.21", "sdk": "V2.1.7.4"}},
		{"a version screen read as a nameplate", "software-version.png", "nameplate", map[string]string{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, out := recognize(t, srv.URL, tc.template, sample(t, tc.sample))
			require.Equal(t, 200, status)
			assert.Equal(t, tc.want, out.Entities)
			assert.NotEmpty(t, out.Lines)
		})
	}
}

// The pixels say what the text chunk says: a sample re-encoded as JPEG (the chunk is gone) or as
// a plain PNG reads the same, glyph by glyph.
func TestThePixelsAreReadWithoutTheTextChunk(t *testing.T) {
	srv := httptest.NewServer(ocr.NewHandler())
	defer srv.Close()
	for _, s := range ocr.Samples() {
		img, err := png.Decode(bytes.NewReader(sample(t, s.Name)))
		require.NoError(t, err)
		for _, enc := range []struct {
			name   string
			encode func(io.Writer, image.Image) error
		}{
			{"png", png.Encode},
			{"jpeg", func(w io.Writer, img image.Image) error { return jpeg.Encode(w, img, &jpeg.Options{Quality: 80}) }},
		} {
			t.Run(s.Name+" as "+enc.name, func(t *testing.T) {
				var buf bytes.Buffer
				require.NoError(t, enc.encode(&buf, img))
				require.NotContains(t, buf.String(), "jaka-ocr")
				status, out := recognize(t, srv.URL, s.Template, buf.Bytes())
				require.Equal(t, 200, status)
				assert.Equal(t, s.Lines, out.Lines)
			})
		}
	}
	t.Run("a drawing of other text is read too", func(t *testing.T) {
		var buf bytes.Buffer
		require.NoError(t, png.Encode(&buf, ocr.SampleImage([]string{"ROBOT S/N: JAKA-PRO5-2501-000042", "CONTROLLER: V9.9.9"})))
		status, out := recognize(t, srv.URL, "nameplate", buf.Bytes())
		require.Equal(t, 200, status)
		assert.Equal(t, "JAKA-PRO5-2501-000042", out.Entities["robot_sn"])
	})
}

func TestOtherPicturesHaveNoText(t *testing.T) {
	srv := httptest.NewServer(ocr.NewHandler())
	defer srv.Close()
	photo := image.NewRGBA(image.Rect(0, 0, 200, 120))
	for y := 0; y < 120; y++ {
		for x := 0; x < 200; x++ {
			photo.Set(x, y, color.RGBA{uint8(x), uint8(y * 2), 90, 255})
		}
	}
	var jpg bytes.Buffer
	require.NoError(t, jpeg.Encode(&jpg, photo, nil))
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"a photo", jpg.Bytes()},
		{"a webp", append([]byte("RIFF\x24\x00\x00\x00WEBPVP8 "), make([]byte, 64)...)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, out := recognize(t, srv.URL, "nameplate", tc.data)
			require.Equal(t, 200, status)
			assert.Empty(t, out.Lines)
			assert.Empty(t, out.Entities)
		})
	}
}

func TestRecognitionRefusals(t *testing.T) {
	srv := httptest.NewServer(ocr.NewHandler())
	defer srv.Close()
	for _, tc := range []struct {
		name, template string
		data           []byte
		status         int
	}{
		{"an empty body", "nameplate", nil, 400},
		{"a text file", "nameplate", []byte("ROBOT S/N: JAKA-ZU7-2403-001234"), 415},
		{"an unknown template", "passport", sample(t, "nameplate.png"), 400},
		{"a picture over 10 MiB", "nameplate", append([]byte("\x89PNG\r\n\x1a\n"), make([]byte, ocr.MaxImageBytes)...), 413},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, _ := recognize(t, srv.URL, tc.template, tc.data)
			assert.Equal(t, tc.status, status)
		})
	}
}

func TestTheSamplesAreServed(t *testing.T) {
	srv := httptest.NewServer(ocr.NewHandler())
	defer srv.Close()
	resp, err := http.Get(srv.URL + "/__admin/samples")
	require.NoError(t, err)
	var list struct {
		Samples []struct{ Name, Template, URL string }
	}
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&list))
	resp.Body.Close()
	require.Len(t, list.Samples, 3)
	for _, s := range list.Samples {
		resp, err := http.Get(srv.URL + s.URL)
		require.NoError(t, err)
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		assert.Equal(t, "image/png", resp.Header.Get("Content-Type"))
		assert.True(t, strings.HasPrefix(string(body), "\x89PNG"))
		assert.Equal(t, sample(t, s.Name), body)
	}
}
