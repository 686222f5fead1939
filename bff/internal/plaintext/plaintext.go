// Package plaintext normalizes the free text visitors send (names, addresses, descriptions)
// before it is checked and stored. Text is never parsed as HTML: "<b>" stays the three
// characters "<b>", travels as a JSON string and is stored upstream as text.
package plaintext

import (
	"strings"
	"unicode"
)

// Line normalizes a one-line text: control characters (line breaks too) become spaces, white
// space at the ends goes.
func Line(s string) string {
	return strings.TrimSpace(strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			return ' '
		}
		return r
	}, s))
}

// Text normalizes a multi-line text: CRLF and CR become LF, other control characters but tab
// go, white space at the ends goes.
func Text(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	return strings.TrimSpace(strings.Map(func(r rune) rune {
		if r != '\n' && r != '\t' && unicode.IsControl(r) {
			return -1
		}
		return r
	}, s))
}
