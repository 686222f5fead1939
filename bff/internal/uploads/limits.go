// Package uploads holds the rules of the photos and videos visitors send with repair reports
// (and nameplate photos for OCR): the size limits of each kind of file and their defaults, what
// a file is by its first bytes, the name it is kept under, the cut-off of a file over its limit,
// and the signed links that show a user's own files. It knows nothing of HTTP: the server reads
// the multipart forms and applies these rules to what it reads.
package uploads

import (
	"crypto/rand"
	"fmt"
	"strings"
	"time"
)

// Limits bound the photos and videos of repair reports. The zero value of every field is its
// default (see WithDefaults).
type Limits struct {
	// ImageBytes bounds a photo (JPEG, PNG, WebP), also one sent for OCR: 10 MiB.
	ImageBytes int64
	// VideoBytes bounds a video (MP4, QuickTime): 100 MiB.
	VideoBytes int64
	// Timeout bounds an upload, which lasts as long as the file takes to arrive: 10 minutes.
	Timeout time.Duration
	// URLKey signs the site's links to personal files: the preview links of uploaded files and
	// the links to documents that need login. Nil gets a random key, so that links stop working
	// when the process restarts (the pages ask for new ones). Several BFF processes behind one
	// site need the same key.
	URLKey []byte
	// URLTTL is how long a preview link works: 1 hour.
	URLTTL time.Duration
	// MinRate is the slowest a file may arrive, in bytes a second averaged over RateWindow,
	// after a first RateWindow of grace: 8 KiB/s over 10 s. A slower upload is cut off (408
	// request.too_slow) rather than hold its connection for Timeout.
	MinRate    int64
	RateWindow time.Duration
}

// WithDefaults is l with the default of every field left at zero.
func (l Limits) WithDefaults() Limits {
	if l.ImageBytes <= 0 {
		l.ImageBytes = 10 << 20
	}
	if l.VideoBytes <= 0 {
		l.VideoBytes = 100 << 20
	}
	if l.Timeout <= 0 {
		l.Timeout = 10 * time.Minute
	}
	if len(l.URLKey) == 0 {
		l.URLKey = make([]byte, 32)
		_, _ = rand.Read(l.URLKey)
	}
	if l.URLTTL <= 0 {
		l.URLTTL = time.Hour
	}
	if l.MinRate <= 0 {
		l.MinRate = 8 << 10
	}
	if l.RateWindow <= 0 {
		l.RateWindow = 10 * time.Second
	}
	return l
}

// IsVideo reports whether a file of content type ct is a video (and has the video limit).
func IsVideo(ct string) bool { return strings.HasPrefix(ct, "video/") }

// LimitFor is the size limit of a file of content type ct.
func (l Limits) LimitFor(ct string) int64 {
	if IsVideo(ct) {
		return l.VideoBytes
	}
	return l.ImageBytes
}

// Lowered is l with a system's own limit of a file (0 when it did not say) where that limit is
// lower: the file's owner is told the limit that refused the file.
func (l Limits) Lowered(system int64) Limits {
	if system > 0 {
		l.ImageBytes, l.VideoBytes = min(l.ImageBytes, system), min(l.VideoBytes, system)
	}
	return l
}

// Megabytes writes a size for people: 10 MB, 2.5 MB, 512 KB.
func Megabytes(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MB", n>>20)
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	default:
		return fmt.Sprintf("%d KB", (n+1023)>>10)
	}
}
