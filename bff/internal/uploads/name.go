package uploads

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// FileName is the name a file is kept under: the last element of the uploaded name, without
// control characters, at most 200 characters; a file without a name gets one from its type.
// Bidirectional controls go too (U+202E turns "photo\u202Egnp.exe" into what reads as
// "photoexe.png"), and line and paragraph separators, which would break the name over lines
// wherever it is shown.
func FileName(name, contentType string) string {
	name = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) || unicode.In(r, unicode.Zl, unicode.Zp) || r == utf8.RuneError {
			return -1
		}
		return r
	}, name)
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	name = strings.TrimSpace(name)
	if r := []rune(name); len(r) > 200 {
		name = string(r[len(r)-200:])
	}
	if name == "" || name == "." || name == ".." {
		ext := map[string]string{"image/jpeg": "jpg", "image/png": "png", "image/webp": "webp", "video/mp4": "mp4", "video/quicktime": "mov"}[contentType]
		name = "file." + ext
	}
	return name
}
