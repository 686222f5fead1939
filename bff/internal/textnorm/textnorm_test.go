package textnorm_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/jakarobotics/website/bff/internal/textnorm"
)

func TestLine(t *testing.T) {
	for in, want := range map[string]string{
		"  Anna Weber  ":     "Anna Weber",
		"two\nlines\r\nhere": "two lines  here",
		"tab\there":          "tab here",
		"sep\u2028a\u2029b":  "sep a b",
		"<b>bold</b>":        "<b>bold</b>",
		"\x00":               "",
		"王强":                 "王强",
	} {
		assert.Equal(t, want, textnorm.Line(in), "%q", in)
	}
}

func TestText(t *testing.T) {
	for in, want := range map[string]string{
		"  first\r\nsecond\rthird\n ": "first\nsecond\nthird",
		"keeps\ttabs":                 "keeps\ttabs",
		"bell\x07 and nul\x00":        "bell and nul",
		"\n\t\n":                      "",
	} {
		assert.Equal(t, want, textnorm.Text(in), "%q", in)
	}
}
