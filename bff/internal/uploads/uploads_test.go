package uploads_test

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/uploads"
)

func TestLimitsDefaults(t *testing.T) {
	l := uploads.Limits{}.WithDefaults()
	assert.EqualValues(t, 10<<20, l.ImageBytes)
	assert.EqualValues(t, 100<<20, l.VideoBytes)
	assert.Equal(t, 10*time.Minute, l.Timeout)
	assert.Equal(t, time.Hour, l.URLTTL)
	assert.EqualValues(t, 8<<10, l.MinRate)
	assert.Equal(t, 10*time.Second, l.RateWindow)
	assert.Len(t, l.URLKey, 32, "a random key")
	assert.NotEqual(t, l.URLKey, uploads.Limits{}.WithDefaults().URLKey, "a new one each time")

	set := uploads.Limits{ImageBytes: 1, VideoBytes: 2, URLKey: []byte("k")}.WithDefaults()
	assert.EqualValues(t, 1, set.ImageBytes, "a value set stays")
	assert.EqualValues(t, 2, set.VideoBytes)
	assert.Equal(t, []byte("k"), set.URLKey)
}

func TestTheLimitOfAFileIsItsTypes(t *testing.T) {
	l := uploads.Limits{ImageBytes: 64 << 10, VideoBytes: 256 << 10}
	assert.EqualValues(t, 64<<10, l.LimitFor("image/png"))
	assert.EqualValues(t, 256<<10, l.LimitFor("video/quicktime"))
	assert.Equal(t, l, l.Lowered(0), "a system that did not say")
	assert.Equal(t, l, l.Lowered(1<<20), "a system's higher limit does not count")
	lowered := l.Lowered(100 << 10)
	assert.EqualValues(t, 64<<10, lowered.LimitFor("image/jpeg"))
	assert.EqualValues(t, 100<<10, lowered.LimitFor("video/mp4"), "the lower limit is the one to tell")
	for n, want := range map[int64]string{10 << 20: "10 MB", 5 << 19: "2.5 MB", 512 << 10: "512 KB", 1: "1 KB", 64 << 10: "64 KB"} {
		assert.Equal(t, want, uploads.Megabytes(n))
	}
}

func TestSniff(t *testing.T) {
	for head, want := range map[string]string{
		"\xFF\xD8\xFF\xE0\x00\x10JFIF":                 "image/jpeg",
		"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR":          "image/png",
		"RIFF\x24\x00\x00\x00WEBPVP8 ":                 "image/webp",
		"\x00\x00\x00\x18ftypisom\x00\x00\x02\x00isom": "video/mp4",
		"\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00":     "video/mp4",
		"\x00\x00\x00\x14ftypqt  \x00\x00\x02\x00qt  ": "video/quicktime",
		"\x00\x00\x00\x08wide\x00\x00\x00\x00mdat":     "video/quicktime",
		"\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1": "", // HEIC photos are not taken
		"GIF89a\x01\x00\x01\x00\x80\x00\x00":           "",
		"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n":                "",
		"<!doctype html><script>alert(1)</script>":     "",
		"RIFF\x24\x00\x00\x00WAVEfmt ":                 "",
		"\x00\x00\x00\x18ftyp":                         "", // cut short
		"":                                             "",
	} {
		assert.Equal(t, want, uploads.Sniff([]byte(head)), "%q", head)
	}
}

func TestFileName(t *testing.T) {
	for sent, want := range map[string]string{
		"alarm.png":                       "alarm.png",
		"photo\u202Egnp.exe":              "photognp.exe",
		"line\u2028break\u2029here.png":   "linebreakhere.png",
		"tab\there\x7f\x00.png":           "tabhere.png",
		`C:\Users\anna\Desktop\alarm.png`: "alarm.png",
		"../../etc/passwd":                "passwd",
		"  报修照片.png  ":                    "报修照片.png",
		"":                                "file.png",
		"..":                              "file.png",
		"dir/":                            "file.png",
		strings.Repeat("x", 300) + ".png": strings.Repeat("x", 196) + ".png",
	} {
		assert.Equal(t, want, uploads.FileName(sent, "image/png"), "%q", sent)
	}
	assert.Equal(t, "file.mov", uploads.FileName("", "video/quicktime"))
}

func TestLimitedReaderCutsOffAtTheLimit(t *testing.T) {
	within := uploads.NewLimitedReader(bytes.NewReader(make([]byte, 100)), 100)
	got, err := io.ReadAll(within)
	require.NoError(t, err)
	assert.Len(t, got, 100)
	assert.False(t, within.Exceeded())

	over := uploads.NewLimitedReader(iotest.OneByteReader(bytes.NewReader(make([]byte, 1000))), 100)
	got, err = io.ReadAll(over)
	assert.ErrorIs(t, err, uploads.ErrTooLarge)
	assert.Len(t, got, 100, "nothing past the limit is passed on")
	assert.True(t, over.Exceeded())
	_, err = over.Read(make([]byte, 10))
	assert.ErrorIs(t, err, uploads.ErrTooLarge, "and stays cut off")
}

func TestReadHead(t *testing.T) {
	head, err := uploads.ReadHead(bytes.NewReader(make([]byte, 2000)))
	require.NoError(t, err)
	assert.Len(t, head, uploads.SniffHead)
	head, err = uploads.ReadHead(strings.NewReader("short"))
	require.NoError(t, err)
	assert.Equal(t, "short", string(head))
	_, err = uploads.ReadHead(iotest.ErrReader(errors.New("the browser went away")))
	assert.Error(t, err)
}

func TestSignedLinks(t *testing.T) {
	now := time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	s := uploads.NewSigner([]byte("a key only the BFF knows"), clock)
	token := s.SignFor("repair-file", "att_abc", 101, time.Hour)

	owner, ok := s.Check("repair-file", "att_abc", token)
	assert.True(t, ok)
	assert.EqualValues(t, 101, owner)

	for name, check := range map[string]func() bool{
		"another file":    func() bool { _, ok := s.Check("repair-file", "att_xyz", token); return ok },
		"another purpose": func() bool { _, ok := s.Check("document-download", "att_abc", token); return ok },
		"another key": func() bool {
			_, ok := uploads.NewSigner([]byte("another key"), clock).Check("repair-file", "att_abc", token)
			return ok
		},
		"an altered token": func() bool {
			b := []byte(token)
			b[len(b)-3] ^= 1
			_, ok := s.Check("repair-file", "att_abc", string(b))
			return ok
		},
		"a truncated token": func() bool { _, ok := s.Check("repair-file", "att_abc", token[:20]); return ok },
		"no token":          func() bool { _, ok := s.Check("repair-file", "att_abc", ""); return ok },
		"owner 0": func() bool {
			_, ok := s.Check("repair-file", "att_abc", s.SignFor("repair-file", "att_abc", 0, time.Hour))
			return ok
		},
	} {
		assert.False(t, check(), name)
	}

	now = now.Add(time.Hour)
	_, ok = s.Check("repair-file", "att_abc", token)
	assert.True(t, ok, "works to the second it expires")
	now = now.Add(time.Second)
	_, ok = s.Check("repair-file", "att_abc", token)
	assert.False(t, ok, "expired by the signer's clock")
	assert.Equal(t, now, s.Now())

	exp := time.Date(2025, 6, 1, 12, 5, 0, 0, time.UTC)
	fixed := s.Sign("document-download", "grant-1", 7, exp)
	now = exp
	_, ok = s.Check("document-download", "grant-1", fixed)
	assert.True(t, ok)
	now = exp.Add(time.Second)
	_, ok = s.Check("document-download", "grant-1", fixed)
	assert.False(t, ok)
}
