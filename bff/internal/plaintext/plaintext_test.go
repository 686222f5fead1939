package plaintext

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestALineHasNoControlCharactersAndNoSpaceAtItsEnds(t *testing.T) {
	for in, want := range map[string]string{
		"  张先生 ":              "张先生",
		"a\nb\r\nc\td":        "a b  c d",
		"x\u2028y\u2029z\x00": "x y z",
		"<b>bold</b> &amp;":   "<b>bold</b> &amp;",
		" \n\t ":              "",
		"王强":                  "王强",
	} {
		assert.Equal(t, want, Line(in), "%q", in)
	}
}

func TestATextKeepsItsLinesAndTabsOnly(t *testing.T) {
	for in, want := range map[string]string{
		"  one\r\ntwo\rthree\n ": "one\ntwo\nthree",
		"a\tb\x00c\x1bd":         "a\tbcd",
		"<script>x</script>":     "<script>x</script>",
		"\r\n \r\n":              "",
	} {
		assert.Equal(t, want, Text(in), "%q", in)
	}
}
