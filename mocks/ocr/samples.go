package ocr

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"sync"

	"github.com/jakarobotics/website/mocks/bitmapfont"
)

// The templates the service reads: a nameplate of a robot or control cabinet, and the software
// version screen of the robot's app.
const (
	TemplateNameplate     = "nameplate"
	TemplateVersionScreen = "version_screen"
)

// Sample is one of the service's own sample pictures: the text drawn on it, line by line.
type Sample struct {
	Name     string   `json:"name"`
	Template string   `json:"template"`
	Lines    []string `json:"lines"`
}

// samples are the pictures the service can read. Their text is in capitals: the font has no
// lower case, and nameplates are printed so.
var samples = []Sample{
	{Name: "nameplate.png", Template: TemplateNameplate, Lines: []string{
		"JAKA ROBOTICS",
		"COLLABORATIVE ROBOT",
		"MODEL: JAKA ZU 7",
		"ROBOT S/N: JAKA-ZU7-2403-001234",
		"CABINET S/N: JAKA-CAB3-2403-005678",
		"PAYLOAD: 7 KG   REACH: 819 MM",
		"MFD: 2024-03",
	}},
	{Name: "nameplate-zu12.png", Template: TemplateNameplate, Lines: []string{
		"JAKA ROBOTICS",
		"COLLABORATIVE ROBOT",
		"MODEL: JAKA ZU 12",
		"ROBOT S/N: JAKA-ZU12-2311-000457",
		"CABINET S/N: JAKA-CAB3-2311-002211",
		"PAYLOAD: 12 KG   REACH: 1327 MM",
		"MFD: 2023-11",
	}},
	{Name: "software-version.png", Template: TemplateVersionScreen, Lines: []string{
		"SYSTEM INFORMATION",
		"CONTROLLER: V2.1.7",
		"SERVO: V3.2.0.14",
		"SCB: V1.8.2",
		"APP: V1.7.3.21",
		"SDK: V2.1.7.4",
	}},
}

// Samples lists the sample pictures.
func Samples() []Sample { return append([]Sample(nil), samples...) }

// The layout of a sample: font scale, margins and line pitch, in pixels.
const (
	sampleScale  = 3
	sampleMargin = 36
	linePitch    = 7*sampleScale + 15
	sampleWidth  = 2*sampleMargin + 40*6*sampleScale
)

// markerKeyword names the PNG text chunk in which a sample carries its text, so that the
// service reads a sample exactly even where its pixels cannot be read (a picture scaled by the
// sender); the pixels say the same.
const markerKeyword = "jaka-ocr"

// marker is the content of the text chunk.
type marker struct {
	Template string   `json:"template"`
	Lines    []string `json:"lines"`
}

var (
	sampleOnce  sync.Once
	samplePNGs  map[string][]byte
	sampleError error
)

// SamplePNG returns the sample picture named name (e.g. nameplate.png), drawn once.
func SamplePNG(name string) ([]byte, bool) {
	sampleOnce.Do(func() {
		samplePNGs = map[string][]byte{}
		for _, s := range samples {
			data, err := drawSample(s)
			if err != nil {
				sampleError = err
				return
			}
			samplePNGs[s.Name] = data
		}
	})
	if sampleError != nil {
		panic("ocr: drawing the samples: " + sampleError.Error()) // a programming error
	}
	data, ok := samplePNGs[name]
	return data, ok
}

// SampleImage draws the lines as a sample does, without the text chunk: a picture the service
// can only read by its pixels.
func SampleImage(lines []string) image.Image {
	h := 2*sampleMargin + len(lines)*linePitch - 15
	img := image.NewRGBA(image.Rect(0, 0, sampleWidth, h))
	// A brushed-steel plate with a light frame: nothing but the text is dark enough to be ink.
	draw.Draw(img, img.Bounds(), image.NewUniform(color.RGBA{0xB9, 0xC1, 0xC9, 0xFF}), image.Point{}, draw.Src)
	draw.Draw(img, img.Bounds().Inset(8), image.NewUniform(color.RGBA{0xE6, 0xEA, 0xEE, 0xFF}), image.Point{}, draw.Src)
	ink := color.RGBA{0x1C, 0x1F, 0x23, 0xFF}
	for i, line := range lines {
		bitmapfont.Draw(img, sampleMargin, sampleMargin+i*linePitch, line, sampleScale, ink)
	}
	return img
}

// drawSample renders a sample as a PNG with its text chunk.
func drawSample(s Sample) ([]byte, error) {
	var buf bytes.Buffer
	if err := png.Encode(&buf, SampleImage(s.Lines)); err != nil {
		return nil, err
	}
	text, err := json.Marshal(marker{Template: s.Template, Lines: s.Lines})
	if err != nil {
		return nil, err
	}
	return withTextChunk(buf.Bytes(), markerKeyword, string(text))
}

// pngSignature starts every PNG file.
const pngSignature = "\x89PNG\r\n\x1a\n"

// withTextChunk inserts a tEXt chunk (keyword, NUL, text) right after the IHDR chunk of a PNG.
func withTextChunk(data []byte, keyword, text string) ([]byte, error) {
	if len(data) < 33 || string(data[:8]) != pngSignature || string(data[12:16]) != "IHDR" {
		return nil, errors.New("not a PNG with its IHDR first")
	}
	ihdrEnd := 8 + 12 + int(binary.BigEndian.Uint32(data[8:12]))
	body := append([]byte("tEXt"+keyword+"\x00"), text...)
	chunk := binary.BigEndian.AppendUint32(nil, uint32(len(body)-4))
	chunk = append(chunk, body...)
	chunk = binary.BigEndian.AppendUint32(chunk, crc32.ChecksumIEEE(body))
	out := append([]byte(nil), data[:ihdrEnd]...)
	out = append(out, chunk...)
	return append(out, data[ihdrEnd:]...), nil
}

// textChunk returns the text of the PNG's tEXt chunk with keyword, if it has one with a correct
// checksum.
func textChunk(data []byte, keyword string) (string, bool) {
	if len(data) < 8 || string(data[:8]) != pngSignature {
		return "", false
	}
	for at := 8; at+12 <= len(data); {
		n := int(binary.BigEndian.Uint32(data[at : at+4]))
		if n < 0 || at+12+n > len(data) {
			return "", false
		}
		kind := string(data[at+4 : at+8])
		body := data[at+4 : at+8+n]
		if kind == "tEXt" && crc32.ChecksumIEEE(body) == binary.BigEndian.Uint32(data[at+8+n:]) {
			if k, v, ok := bytes.Cut(body[4:], []byte{0}); ok && string(k) == keyword {
				return string(v), true
			}
		}
		if kind == "IDAT" || kind == "IEND" {
			return "", false // text chunks of samples come before the image data
		}
		at += 12 + n
	}
	return "", false
}
