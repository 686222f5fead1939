package images_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	xwebp "golang.org/x/image/webp"

	"github.com/jakarobotics/website/bff/internal/images"
)

// photo is a w×h JPEG with a gradient and stripes, so that it is no flat colour.
func photo(t testing.TB, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, color.RGBA{uint8(x * 255 / w), uint8(y * 255 / h), uint8((x / 7 % 2) * 200), 255})
		}
	}
	var b bytes.Buffer
	require.NoError(t, jpeg.Encode(&b, img, &jpeg.Options{Quality: 90}))
	return b.Bytes()
}

// withEXIF puts an EXIF segment (APP1) right after a JPEG's start: IFD0 with the orientation tag
// and a GPS-looking ASCII value, in the byte order given ("II" or "MM").
func withEXIF(jpg []byte, order string, orientation uint16) []byte {
	var bo binary.AppendByteOrder = binary.LittleEndian
	if order == "MM" {
		bo = binary.BigEndian
	}
	tiff := []byte(order)
	tiff = bo.AppendUint16(tiff, 42)
	tiff = bo.AppendUint32(tiff, 8)
	tiff = bo.AppendUint16(tiff, 2) // two entries
	tiff = bo.AppendUint16(tiff, 0x0112)
	tiff = bo.AppendUint16(tiff, 3) // SHORT
	tiff = bo.AppendUint32(tiff, 1)
	tiff = bo.AppendUint16(tiff, orientation)
	tiff = bo.AppendUint16(tiff, 0)
	tiff = bo.AppendUint16(tiff, 0x010e) // ImageDescription, ASCII, at offset 38
	tiff = bo.AppendUint16(tiff, 2)
	tiff = bo.AppendUint32(tiff, 16)
	tiff = bo.AppendUint32(tiff, 38)
	tiff = bo.AppendUint32(tiff, 0) // no next IFD
	tiff = append(tiff, "GPS 31.2N 121.4E\x00"...)
	seg := append([]byte("Exif\x00\x00"), tiff...)
	out := append([]byte{0xff, 0xd8, 0xff, 0xe1}, byte((len(seg)+2)>>8), byte(len(seg)+2))
	out = append(out, seg...)
	return append(out, jpg[2:]...)
}

// pngHeader is the start of a PNG that claims w×h RGBA pixels: its signature and a valid IHDR
// chunk, and nothing else.
func pngHeader(w, h uint32) []byte {
	ihdr := binary.BigEndian.AppendUint32([]byte("IHDR"), w)
	ihdr = binary.BigEndian.AppendUint32(ihdr, h)
	ihdr = append(ihdr, 8, 6, 0, 0, 0)
	b := append([]byte("\x89PNG\r\n\x1a\n"), 0, 0, 0, 13)
	b = append(b, ihdr...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(ihdr))
}

func TestSniffReadsTheMagicNumberNotTheName(t *testing.T) {
	for name, c := range map[string]struct {
		head []byte
		want images.Format
	}{
		"jpeg": {photo(t, 8, 8), images.JPEG},
		"png":  {pngHeader(1, 1), images.PNG},
		"webp": {[]byte("RIFF\x10\x00\x00\x00WEBPVP8 "), images.WebP},
	} {
		f, ok := images.Sniff(c.head)
		assert.True(t, ok, name)
		assert.Equal(t, c.want, f, name)
	}
	for _, head := range []string{`<svg xmlns="http://www.w3.org/2000/svg"/>`, "%PDF-1.4", "", "\xff\xd8", "RIFF\x10\x00\x00\x00WAVEfmt "} {
		_, ok := images.Sniff([]byte(head))
		assert.False(t, ok, "%q", head)
	}
}

func TestAPixelBombIsRefusedFromItsHeaderWithoutAllocatingItsPixels(t *testing.T) {
	bomb := pngHeader(100000, 100000)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := images.Probe(bomb, images.DefaultLimits)
	runtime.ReadMemStats(&after)
	require.ErrorIs(t, err, images.ErrTooManyPixels)
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(1<<20), "the header is read, no pixel is allocated")

	_, err = images.Probe(pngHeader(12001, 10), images.DefaultLimits)
	assert.ErrorIs(t, err, images.ErrTooManyPixels, "a side over 12000")
	s, err := images.Probe(pngHeader(6000, 4000), images.DefaultLimits)
	require.NoError(t, err, "24 MP from a camera")
	assert.Equal(t, images.Source{Format: images.PNG, Width: 6000, Height: 4000}, s)
}

func TestMalformedFilesAreUnreadable(t *testing.T) {
	jpg := photo(t, 64, 48)
	for name, b := range map[string][]byte{
		"jpeg magic, then garbage": append([]byte("\xff\xd8\xff\xe0"), bytes.Repeat([]byte{0x42}, 100)...),
		"png without its header":   []byte("\x89PNG\r\n\x1a\n"),
		"webp without its chunk":   []byte("RIFF\x10\x00\x00\x00WEBPVP8 \x00"),
		"png with a zero width":    pngHeader(0, 10),
	} {
		_, err := images.Probe(b, images.DefaultLimits)
		assert.ErrorIs(t, err, images.ErrUnreadable, name)
	}
	// A header that reads well over data that does not: refused when decoded.
	truncated := jpg[:len(jpg)/2]
	s, err := images.Probe(truncated, images.DefaultLimits)
	require.NoError(t, err)
	_, err = images.Make(truncated, s.Format, 32, images.JPEG, images.DefaultQuality)
	assert.ErrorIs(t, err, images.ErrUnreadable)
	_, err = images.Probe([]byte("<svg/>"), images.DefaultLimits)
	assert.ErrorIs(t, err, images.ErrNotRaster)
}

func TestAVariantIsResizedNeverUpscaledAndEncoded(t *testing.T) {
	src := photo(t, 400, 200)
	v, err := images.Make(src, images.JPEG, 160, images.WebP, images.DefaultQuality)
	require.NoError(t, err)
	cfg, err := xwebp.DecodeConfig(bytes.NewReader(v.Body))
	require.NoError(t, err)
	assert.Equal(t, [2]int{160, 80}, [2]int{cfg.Width, cfg.Height}, "the aspect ratio is kept")
	assert.Equal(t, [2]int{160, 80}, [2]int{v.Width, v.Height})

	v, err = images.Make(src, images.JPEG, 960, images.JPEG, images.DefaultQuality)
	require.NoError(t, err)
	cfg, err = jpeg.DecodeConfig(bytes.NewReader(v.Body))
	require.NoError(t, err)
	assert.Equal(t, 400, cfg.Width, "never wider than the master")

	v, err = images.Make(src, images.JPEG, 160, images.AVIF, images.DefaultQuality)
	require.NoError(t, err)
	f, ok := images.FormatOf(v.Body)
	assert.True(t, ok)
	assert.Equal(t, images.AVIF, f)
	assert.Equal(t, 160, v.Width)
}

func TestTransparencyOfAPNGIsKept(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 200, 100))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+3] = 200, uint8(i/4%200)
	}
	var b bytes.Buffer
	require.NoError(t, png.Encode(&b, img))
	v, err := images.Make(b.Bytes(), images.PNG, 160, images.PNG, images.DefaultQuality)
	require.NoError(t, err)
	out, err := png.Decode(bytes.NewReader(v.Body))
	require.NoError(t, err)
	_, _, _, a := out.At(0, 0).RGBA()
	assert.Less(t, a, uint32(0xffff), "still transparent")
}

func TestTheEXIFOrientationIsAppliedAndTheMetadataDropped(t *testing.T) {
	stored := photo(t, 200, 100) // stored landscape; orientation 6: shown turned a quarter, portrait
	for _, order := range []string{"II", "MM"} {
		src := withEXIF(stored, order, 6)
		s, err := images.Probe(src, images.DefaultLimits)
		require.NoError(t, err)
		v, err := images.Make(src, s.Format, 320, images.JPEG, images.DefaultQuality)
		require.NoError(t, err)
		assert.Equal(t, [2]int{100, 200}, [2]int{v.Width, v.Height}, order+": upright, and its shown width is the master's")
		v, err = images.Make(src, s.Format, 50, images.JPEG, images.DefaultQuality)
		require.NoError(t, err)
		assert.Equal(t, [2]int{50, 100}, [2]int{v.Width, v.Height}, order)
		assert.NotContains(t, string(v.Body), "GPS 31.2N", "metadata is not copied")
		assert.NotContains(t, string(v.Body), "Exif\x00\x00")
	}
}

func TestNegotiationByAccept(t *testing.T) {
	const chrome = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8"
	for _, c := range []struct {
		accept string
		source images.Format
		want   images.Format
	}{
		{chrome, images.JPEG, images.AVIF},
		{"image/webp,*/*", images.JPEG, images.WebP},
		{"image/AVIF;q=0, image/webp", images.JPEG, images.WebP},
		{"image/avif;q=0.0,image/webp;q=0", images.PNG, images.PNG},
		{"image/*,*/*;q=0.8", images.JPEG, images.JPEG},
		{"", images.PNG, images.PNG},
		{"", images.WebP, images.PNG},
	} {
		assert.Equal(t, c.want, images.Negotiate(c.accept, c.source), "%q %s", c.accept, c.source)
	}
}

func TestTheEncoderBoundsItsWorkAndItsQueue(t *testing.T) {
	e := images.NewEncoder(1, 1, images.DefaultLimits, images.DefaultQuality)
	release, err := e.Acquire(context.Background())
	require.NoError(t, err)
	// One more may wait; it gives up when its context ends.
	ctx, cancel := context.WithCancel(context.Background())
	waiting := make(chan error, 1)
	go func() { _, err := e.Acquire(ctx); waiting <- err }()
	// The queue holds one: once the waiter is in it, another is refused at once.
	require.Eventually(t, func() bool { _, waiting := e.Load(); return waiting == 1 }, 5*time.Second, time.Millisecond)
	working, _ := e.Load()
	assert.Equal(t, 1, working)
	_, err = e.Make(context.Background(), photo(t, 8, 8), images.JPEG, 8, images.JPEG)
	assert.ErrorIs(t, err, images.ErrBusy)
	cancel()
	assert.ErrorIs(t, <-waiting, context.Canceled)
	release()
	m, err := e.Make(context.Background(), photo(t, 64, 64), images.JPEG, 32, images.JPEG)
	require.NoError(t, err, "the turn given back is taken")
	assert.Equal(t, 32, m.Width)
}
