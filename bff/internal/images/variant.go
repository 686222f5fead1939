package images

import (
	"bytes"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"

	"github.com/disintegration/imaging"
	"github.com/gen2brain/avif"
	gwebp "github.com/gen2brain/webp"
	"golang.org/x/image/webp"
)

// Quality is how a variant is encoded. The defaults (DefaultQuality) were chosen by measuring a
// photograph's variants (bench/images.sh, README "Pictures"): at them AVIF and WebP look alike
// and AVIF is the smaller.
type Quality struct {
	WebP int // 0–100
	AVIF int // 0–100 (libavif's quality)
	// AVIFSpeed is libavif's speed, 0 (slowest, smallest) to 10.
	AVIFSpeed int
	JPEG      int // 1–100
}

// DefaultQuality is the encoding of the site's variants.
var DefaultQuality = Quality{WebP: 75, AVIF: 60, AVIFSpeed: 8, JPEG: 82}

// Variant is a picture made for the site: its encoded bytes and size in pixels.
type Variant struct {
	Body          []byte
	Format        Format
	Width, Height int
}

// Make decodes src (a JPEG, PNG or WebP whose header Probe has checked), turns it upright as its
// EXIF orientation says, resizes it to width pixels wide (never wider than the picture is: a
// narrower picture keeps its width), and encodes it as out, without metadata. A source that does
// not decode is ErrUnreadable.
//
// Colour: the decoders read the pixels as they are stored and the variants carry no colour
// profile, so browsers show them as sRGB; a master in another space (Adobe RGB, Display P3) is
// shown a little less saturated than its profile says. Editors export the web's masters in sRGB.
func Make(src []byte, f Format, width int, out Format, q Quality) (Variant, error) {
	img, err := decode(src, f)
	if err != nil {
		return Variant{}, fmt.Errorf("%w: %s: %v", ErrUnreadable, f, err)
	}
	o := orientation(0)
	if f == JPEG {
		o = jpegOrientation(src)
	}
	// Resized first and turned after, so that the turn copies the small picture, not the master.
	b := img.Bounds()
	shown := b.Dx()
	if o.swapsAxes() {
		shown = b.Dy()
	}
	width = min(width, shown)
	upright := o.apply(resize(img, width, o.swapsAxes()))
	var buf bytes.Buffer
	switch out {
	case AVIF:
		err = avif.Encode(&buf, upright, avif.Options{Quality: q.AVIF, QualityAlpha: q.AVIF, Speed: q.AVIFSpeed, ChromaSubsampling: image.YCbCrSubsampleRatio420})
	case WebP:
		err = gwebp.Encode(&buf, upright, gwebp.Options{Quality: q.WebP, Method: 4})
	case JPEG:
		err = jpeg.Encode(&buf, upright, &jpeg.Options{Quality: q.JPEG})
	case PNG:
		err = (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, upright)
	default:
		err = fmt.Errorf("no encoder for %q", out)
	}
	if err != nil {
		return Variant{}, fmt.Errorf("images: encode %s: %w", out, err)
	}
	sb := upright.Bounds()
	return Variant{Body: buf.Bytes(), Format: out, Width: sb.Dx(), Height: sb.Dy()}, nil
}

// resize scales img to width pixels wide (high when axes are swapped: its stored height becomes
// the shown width), keeping its aspect ratio, with Lanczos in one step: imaging resizes rows
// first, so the largest buffer is the target width by the master's height (a box pre-shrink of
// a 24 MP master was no faster here and took 90 MB more).
func resize(img image.Image, width int, swapped bool) *image.NRGBA {
	if swapped {
		return imaging.Resize(img, 0, width, imaging.Lanczos)
	}
	return imaging.Resize(img, width, 0, imaging.Lanczos)
}

// decode reads src as f, with the decoder of that format only (never by image.Decode's guess).
func decode(src []byte, f Format) (image.Image, error) {
	r := bytes.NewReader(src)
	switch f {
	case JPEG:
		return jpeg.Decode(r)
	case PNG:
		return png.Decode(r)
	case WebP:
		return webp.Decode(r)
	}
	return nil, ErrNotRaster
}
