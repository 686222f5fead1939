// Package bitmapfont is the 5×7 bitmap face the stand-ins print text with: the CRM's training
// certificates and the OCR service's sample pictures use it, and the OCR service reads it back.
// The standard library draws no text; this keeps the mocks free of font dependencies. It holds
// capitals, digits and a little punctuation; lower case is drawn as upper case, other characters
// as a blank.
package bitmapfont

import (
	"image"
	"image/color"
	"image/draw"
	"strings"
)

// The geometry of a glyph, in font squares: Columns wide and Rows high, and Advance from one
// glyph's left edge to the next one's (a column of spacing).
const (
	Columns = 5
	Rows    = 7
	Advance = Columns + 1
)

// glyphs holds each character's Rows rows of Columns squares, '#' ink and '.' paper.
var glyphs = map[rune][Rows]string{
	'A':  {".###.", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"},
	'B':  {"####.", "#...#", "#...#", "####.", "#...#", "#...#", "####."},
	'C':  {".###.", "#...#", "#....", "#....", "#....", "#...#", ".###."},
	'D':  {"####.", "#...#", "#...#", "#...#", "#...#", "#...#", "####."},
	'E':  {"#####", "#....", "#....", "####.", "#....", "#....", "#####"},
	'F':  {"#####", "#....", "#....", "####.", "#....", "#....", "#...."},
	'G':  {".###.", "#...#", "#....", "#.###", "#...#", "#...#", ".####"},
	'H':  {"#...#", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"},
	'I':  {".###.", "..#..", "..#..", "..#..", "..#..", "..#..", ".###."},
	'J':  {"..###", "...#.", "...#.", "...#.", "...#.", "#..#.", ".##.."},
	'K':  {"#...#", "#..#.", "#.#..", "##...", "#.#..", "#..#.", "#...#"},
	'L':  {"#....", "#....", "#....", "#....", "#....", "#....", "#####"},
	'M':  {"#...#", "##.##", "#.#.#", "#.#.#", "#...#", "#...#", "#...#"},
	'N':  {"#...#", "#...#", "##..#", "#.#.#", "#..##", "#...#", "#...#"},
	'O':  {".###.", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."},
	'P':  {"####.", "#...#", "#...#", "####.", "#....", "#....", "#...."},
	'Q':  {".###.", "#...#", "#...#", "#...#", "#.#.#", "#..#.", ".##.#"},
	'R':  {"####.", "#...#", "#...#", "####.", "#.#..", "#..#.", "#...#"},
	'S':  {".####", "#....", "#....", ".###.", "....#", "....#", "####."},
	'T':  {"#####", "..#..", "..#..", "..#..", "..#..", "..#..", "..#.."},
	'U':  {"#...#", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."},
	'V':  {"#...#", "#...#", "#...#", "#...#", "#...#", ".#.#.", "..#.."},
	'W':  {"#...#", "#...#", "#...#", "#.#.#", "#.#.#", "#.#.#", ".#.#."},
	'X':  {"#...#", "#...#", ".#.#.", "..#..", ".#.#.", "#...#", "#...#"},
	'Y':  {"#...#", "#...#", ".#.#.", "..#..", "..#..", "..#..", "..#.."},
	'Z':  {"#####", "....#", "...#.", "..#..", ".#...", "#....", "#####"},
	'0':  {".###.", "#...#", "#..##", "#.#.#", "##..#", "#...#", ".###."},
	'1':  {"..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."},
	'2':  {".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"},
	'3':  {"#####", "...#.", "..#..", "...#.", "....#", "#...#", ".###."},
	'4':  {"...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."},
	'5':  {"#####", "#....", "####.", "....#", "....#", "#...#", ".###."},
	'6':  {"..##.", ".#...", "#....", "####.", "#...#", "#...#", ".###."},
	'7':  {"#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."},
	'8':  {".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."},
	'9':  {".###.", "#...#", "#...#", ".####", "....#", "...#.", ".##.."},
	'-':  {".....", ".....", ".....", "#####", ".....", ".....", "....."},
	'.':  {".....", ".....", ".....", ".....", ".....", ".##..", ".##.."},
	',':  {".....", ".....", ".....", ".....", ".##..", "..#..", ".#..."},
	':':  {".....", ".##..", ".##..", ".....", ".##..", ".##..", "....."},
	'/':  {".....", "....#", "...#.", "..#..", ".#...", "#....", "....."},
	'(':  {"...#.", "..#..", ".#...", ".#...", ".#...", "..#..", "...#."},
	')':  {".#...", "..#..", "...#.", "...#.", "...#.", "..#..", ".#..."},
	'\'': {"..#..", "..#..", ".#...", ".....", ".....", ".....", "....."},
}

// blank is the pattern of a cell without ink: a space.
var blank = strings.Repeat(".", Columns*Rows)

// byPattern maps the squares of a glyph, row by row, to its character.
var byPattern = func() map[string]rune {
	m := map[string]rune{blank: ' '}
	for r, rows := range glyphs {
		m[strings.Join(rows[:], "")] = r
	}
	return m
}()

// Lookup returns the character whose glyph is pattern: its Columns×Rows squares row by row,
// '#' for ink and '.' for paper. A pattern without ink is a space.
func Lookup(pattern string) (rune, bool) {
	r, ok := byPattern[pattern]
	return r, ok
}

// Width is the width in pixels of s drawn at scale: Advance squares per character, without
// the spacing after the last one.
func Width(s string, scale int) int {
	n := len([]rune(s))
	if n == 0 {
		return 0
	}
	return (n*Advance - 1) * scale
}

// Draw draws s with its top-left corner at (x, y), each font square scale×scale pixels.
func Draw(img draw.Image, x, y int, s string, scale int, c color.Color) {
	src := image.NewUniform(c)
	for _, r := range strings.ToUpper(s) {
		if g, ok := glyphs[r]; ok {
			for row, bits := range g {
				for col, bit := range bits {
					if bit == '#' {
						px := image.Rect(x+col*scale, y+row*scale, x+(col+1)*scale, y+(row+1)*scale)
						draw.Draw(img, px, src, image.Point{}, draw.Src)
					}
				}
			}
		}
		x += Advance * scale
	}
}

// DrawCentered draws s centred horizontally on cx, its top at y.
func DrawCentered(img draw.Image, cx, y int, s string, scale int, c color.Color) {
	Draw(img, cx-Width(s, scale)/2, y, s, scale, c)
}
