package uploads

import "bytes"

// SniffHead is how many leading bytes of a file name its type.
const SniffHead = 512

// Sniff names the type of a file from its first bytes, among the photos (image/jpeg, image/png,
// image/webp) and videos (video/mp4, video/quicktime) a repair report may carry; any other file
// is "", whatever its name or declared type says.
func Sniff(head []byte) string {
	switch {
	case bytes.HasPrefix(head, []byte{0xFF, 0xD8, 0xFF}):
		return "image/jpeg"
	case bytes.HasPrefix(head, []byte("\x89PNG\r\n\x1a\n")):
		return "image/png"
	case len(head) >= 12 && string(head[0:4]) == "RIFF" && string(head[8:12]) == "WEBP":
		return "image/webp"
	}
	if len(head) < 12 {
		return ""
	}
	// ISO base media files (MP4, QuickTime) start with a box: 4 bytes of size, then its type.
	switch string(head[4:8]) {
	case "ftyp":
		switch brand := string(head[8:12]); {
		case brand == "qt  ":
			return "video/quicktime"
		case mp4Brands[brand]:
			return "video/mp4"
		}
	case "moov", "mdat", "wide", "free", "skip":
		return "video/quicktime" // QuickTime files from before the ftyp box
	}
	return ""
}

// mp4Brands are the major brands of MP4 video files.
var mp4Brands = map[string]bool{
	"isom": true, "iso2": true, "iso3": true, "iso4": true, "iso5": true, "iso6": true,
	"mp41": true, "mp42": true, "avc1": true, "M4V ": true, "dash": true, "mmp4": true, "MSNV": true,
}
