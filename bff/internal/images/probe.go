package images

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"

	"golang.org/x/image/webp"
)

// The reasons a source is refused. Each is a fact about the file, not a failure of the site.
var (
	// ErrNotRaster is a file that is not a JPEG, PNG or WebP picture (an SVG, a PDF): it is
	// served as it is, never decoded.
	ErrNotRaster = errors.New("images: not a JPEG, PNG or WebP file")
	// ErrUnreadable is a file that claims a raster format and is not a readable one.
	ErrUnreadable = errors.New("images: unreadable picture")
	// ErrTooManyPixels is a picture whose header claims more pixels than Limits allow.
	ErrTooManyPixels = errors.New("images: too many pixels")
)

// Limits bound what is decoded: a header that claims more is refused before a pixel is
// allocated.
type Limits struct {
	// MaxPixels bounds width × height; MaxSide each of them.
	MaxPixels int64
	MaxSide   int
}

// DefaultLimits allow a 50-megapixel picture of at most 12000 pixels a side: a master from any
// camera or editor, and at most about 75 MB of decoded JPEG (200 MB of 8-bit RGBA PNG).
var DefaultLimits = Limits{MaxPixels: 50_000_000, MaxSide: 12_000}

// Source is what a picture's header says about it.
type Source struct {
	Format        Format
	Width, Height int
}

// Probe reads the format and size of src from its magic number and its header alone, and checks
// them against l. The error is ErrNotRaster, ErrUnreadable or ErrTooManyPixels (wrapped).
func Probe(src []byte, l Limits) (Source, error) {
	f, ok := Sniff(src)
	if !ok {
		return Source{}, ErrNotRaster
	}
	var cfg image.Config
	var err error
	switch f {
	case JPEG:
		cfg, err = jpeg.DecodeConfig(bytes.NewReader(src))
	case PNG:
		cfg, err = png.DecodeConfig(bytes.NewReader(src))
	case WebP:
		cfg, err = webp.DecodeConfig(bytes.NewReader(src))
	}
	if err != nil {
		return Source{}, fmt.Errorf("%w: %s header: %v", ErrUnreadable, f, err)
	}
	s := Source{Format: f, Width: cfg.Width, Height: cfg.Height}
	if s.Width <= 0 || s.Height <= 0 {
		return Source{}, fmt.Errorf("%w: %s of %d×%d", ErrUnreadable, f, s.Width, s.Height)
	}
	if s.Width > l.MaxSide || s.Height > l.MaxSide || int64(s.Width)*int64(s.Height) > l.MaxPixels {
		return Source{}, fmt.Errorf("%w: %s of %d×%d", ErrTooManyPixels, f, s.Width, s.Height)
	}
	return s, nil
}
