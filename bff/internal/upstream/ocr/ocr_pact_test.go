//go:build pact

package ocr_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"image"
	"image/png"
	"testing"

	"github.com/pact-foundation/pact-go/v2/consumer"
	"github.com/pact-foundation/pact-go/v2/matchers"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/pacttest"
	"github.com/jakarobotics/website/bff/internal/upstream/ocr"
	"github.com/jakarobotics/website/contracts/states"
	mockocr "github.com/jakarobotics/website/mocks/ocr"
)

// Provider is the OCR service's name in the pacts.
const Provider = states.OCRProvider

// StateSamples: the service reads the text drawn on its own sample pictures (their bytes are in
// the interactions).
const StateSamples = states.OCRSamples

// coverage finds the methods of ocr.Client that no interaction calls.
var coverage = pacttest.NewCoverage[ocr.Client]()

func clientFor(cfg consumer.MockServerConfig) *ocr.HTTPClient {
	return ocr.New(coverage.Upstream("ocr", cfg))
}

func sample(name string) []byte {
	data, ok := mockocr.SamplePNG(name)
	if !ok {
		panic("no sample " + name)
	}
	return data
}

// blankPhoto is a photo with nothing written on it.
var blankPhoto = func() []byte {
	var buf bytes.Buffer
	_ = png.Encode(&buf, image.NewGray(image.Rect(0, 0, 32, 32)))
	return buf.Bytes()
}()

type interaction struct {
	description, action, template string
	photo                         []byte
	answer                        any
	want                          map[string]string
}

var interactions = []interaction{
	{
		description: "a photo of a robot's nameplate", action: ocr.ActionNameplate, template: "nameplate", photo: sample("nameplate.png"),
		answer: map[string]any{"template": "nameplate", "lines": matchers.EachLike("ROBOT S/N: JAKA-ZU7-2403-001234", 1), "entities": map[string]any{
			"robot_model": "JAKA Zu 7", "robot_sn": "JAKA-ZU7-2403-001234", "cabinet_sn": "JAKA-CAB3-2403-005678",
		}},
		want: map[string]string{"robotModel": "JAKA Zu 7", "robotCode": "JAKA-ZU7-2403-001234", "cabinetCode": "JAKA-CAB3-2403-005678"},
	},
	{
		description: "a photo of a software version screen", action: ocr.ActionSoftwareVersion, template: "version_screen", photo: sample("software-version.png"),
		answer: map[string]any{"template": "version_screen", "lines": matchers.EachLike("CONTROLLER: V2.1.7", 1), "entities": map[string]any{
			"controller": "V2.1.7", "servo": "V3.2.0.14", "scb": "V1.8.2", "app": "V1.7.3.21", "sdk": "V2.1.7.4",
		}},
		want: map[string]string{"controllerVersion": "V2.1.7", "servoVersion": "V3.2.0.14", "scbVersion": "V1.8.2", "appVersion": "V1.7.3.21", "sdkVersion": "V2.1.7.4"},
	},
	{
		description: "a photo with nothing to read", action: ocr.ActionNameplate, template: "nameplate", photo: blankPhoto,
		answer: map[string]any{"template": "nameplate", "lines": []any{}, "entities": map[string]any{}},
		want:   map[string]string{},
	},
}

func TestOCRPact(t *testing.T) {
	pact := pacttest.NewPact(t, Provider)
	for _, it := range interactions {
		t.Run(it.description, func(t *testing.T) {
			err := pact.AddInteraction().
				Given(StateSamples).
				UponReceiving(it.description).
				WithRequest("POST", ocr.RecognizePath, func(b *consumer.V4RequestBuilder) {
					b.Header("Accept", matchers.S("application/json"))
					b.Header("Content-Type", matchers.S("application/json"))
					b.JSONBody(map[string]any{"template": it.template, "image": base64.StdEncoding.EncodeToString(it.photo)})
				}).
				WillRespondWith(200, func(b *consumer.V4ResponseBuilder) {
					b.Header("Content-Type", matchers.Regex("application/json; charset=utf-8", `application/json.*`))
					b.JSONBody(it.answer)
				}).
				ExecuteTest(t, func(cfg consumer.MockServerConfig) error {
					rec, err := clientFor(cfg).Recognize(context.Background(), it.action, it.photo)
					if err != nil {
						return err
					}
					if fmt.Sprint(rec.Fields) != fmt.Sprint(it.want) {
						return fmt.Errorf("fields %v, want %v", rec.Fields, it.want)
					}
					return nil
				})
			require.NoError(t, err)
		})
	}
	coverage.Require(t)
}
