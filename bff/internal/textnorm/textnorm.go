// Package textnorm normalizes the texts visitors type into forms before they are checked and
// sent on: one-line values (names, codes, addresses) and multi-line descriptions.
package textnorm

import (
	"strings"
	"unicode"
)

// Line normalizes a one-line text: control characters (line breaks too) become spaces, white
// space at the ends goes. Text is never parsed as HTML: "<b>" stays the three characters "<b>",
// travels as a JSON string (escaped as \u003c…), and is stored by the legacy system as text.
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
