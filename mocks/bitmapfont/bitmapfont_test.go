package bitmapfont_test

import (
	"image"
	"image/color"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/mocks/bitmapfont"
)

const printable = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-.,:/()' "

// readCell reads the glyph at cell i of a line drawn at (0, 0) with scale, sampling the middle
// of every square as the OCR service does.
func readCell(img *image.Gray, i, scale int) string {
	var sb strings.Builder
	for row := 0; row < bitmapfont.Rows; row++ {
		for col := 0; col < bitmapfont.Columns; col++ {
			x := i*bitmapfont.Advance*scale + col*scale + scale/2
			y := row*scale + scale/2
			if img.GrayAt(x, y).Y < 128 {
				sb.WriteByte('#')
			} else {
				sb.WriteByte('.')
			}
		}
	}
	return sb.String()
}

// Every character the face holds reads back as itself: no two glyphs share a pattern, and
// drawing puts each glyph where Width and Advance say it is.
func TestWhatIsDrawnReadsBack(t *testing.T) {
	for _, scale := range []int{1, 3} {
		text := printable + strings.ToLower("abc")
		img := image.NewGray(image.Rect(0, 0, bitmapfont.Width(text, scale), bitmapfont.Rows*scale))
		for i := range img.Pix {
			img.Pix[i] = 0xFF
		}
		bitmapfont.Draw(img, 0, 0, text, scale, color.Black)
		var read strings.Builder
		for i := range len(text) {
			r, ok := bitmapfont.Lookup(readCell(img, i, scale))
			require.True(t, ok, "cell %d (%q) at scale %d", i, text[i], scale)
			read.WriteRune(r)
		}
		assert.Equal(t, strings.ToUpper(text), read.String(), "scale %d", scale)
	}
}

func TestWidth(t *testing.T) {
	assert.Equal(t, 0, bitmapfont.Width("", 3))
	assert.Equal(t, 5*3, bitmapfont.Width("A", 3))
	assert.Equal(t, (2*6-1)*2, bitmapfont.Width("AB", 2))
	assert.Equal(t, bitmapfont.Width("AB", 1), bitmapfont.Width("中文", 1), "width counts characters, not bytes")
}

// A centred line's ink is centred: as much paper to its left as to its right.
func TestDrawCentered(t *testing.T) {
	img := image.NewGray(image.Rect(0, 0, 101, bitmapfont.Rows))
	for i := range img.Pix {
		img.Pix[i] = 0xFF
	}
	bitmapfont.DrawCentered(img, 50, 0, "HIH", 1, color.Black)
	first, last := -1, -1
	for x := 0; x < 101; x++ {
		for y := 0; y < bitmapfont.Rows; y++ {
			if img.GrayAt(x, y).Y < 128 {
				if first < 0 {
					first = x
				}
				last = x
			}
		}
	}
	assert.Equal(t, first, 100-last)
}
