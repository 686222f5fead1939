// Package images makes the variants of the CMS's raster pictures that the site serves: it reads
// what a file is from its first bytes, checks its size from its header before anything is
// decoded, and resizes and re-encodes it (WebP, AVIF, or the source's own JPEG or PNG) without
// its metadata. It knows nothing of HTTP: the media handler of package httpapi decides which
// files and widths are asked for, and keeps the results.
package images

import (
	"bytes"
	"strings"
)

// Format is an image format the package reads or writes.
type Format string

// The formats: JPEG, PNG and WebP are read (the CMS's rasters) and written; AVIF is written only.
const (
	JPEG Format = "jpeg"
	PNG  Format = "png"
	WebP Format = "webp"
	AVIF Format = "avif"
)

// ContentType is the format's media type.
func (f Format) ContentType() string { return "image/" + string(f) }

// Sniff tells the raster format of a file from its first bytes (its magic number), whatever its
// name says; ok is false for anything else (SVG, PDF, text, a truncated file).
func Sniff(head []byte) (f Format, ok bool) {
	switch {
	case bytes.HasPrefix(head, []byte("\xff\xd8\xff")):
		return JPEG, true
	case bytes.HasPrefix(head, []byte("\x89PNG\r\n\x1a\n")):
		return PNG, true
	case len(head) >= 16 && string(head[:4]) == "RIFF" && string(head[8:15]) == "WEBPVP8":
		return WebP, true
	}
	return "", false
}

// Negotiate is the format of a variant for a browser whose Accept header is accept, of a source
// in format source: Preferred(accept) when the browser takes AVIF or WebP, else the source's own
// format (a WebP source, for a browser that reads no WebP, becomes PNG: it may have
// transparency).
func Negotiate(accept string, source Format) Format {
	if f := Preferred(accept); f != "" {
		return f
	}
	if source == WebP {
		return PNG
	}
	return source
}

// Preferred is the modern format a browser whose Accept header is accept reads: AVIF, else WebP,
// else "" (the source's own format will do). A type with q=0 is refused; wildcards (image/*,
// */*) do not count, as every browser sends them and not every browser that does reads AVIF.
func Preferred(accept string) Format {
	switch {
	case accepts(accept, AVIF.ContentType()):
		return AVIF
	case accepts(accept, WebP.ContentType()):
		return WebP
	}
	return ""
}

// accepts reports whether accept names mediaType explicitly with a quality above 0.
func accepts(accept, mediaType string) bool {
	for accept != "" {
		var item string
		item, accept, _ = strings.Cut(accept, ",")
		name, params, _ := strings.Cut(item, ";")
		if !strings.EqualFold(strings.TrimSpace(name), mediaType) {
			continue
		}
		for params != "" {
			var p string
			p, params, _ = strings.Cut(params, ";")
			k, v, _ := strings.Cut(strings.TrimSpace(p), "=")
			if strings.EqualFold(strings.TrimSpace(k), "q") {
				v = strings.TrimSpace(v)
				if v != "" && strings.Trim(v, "0.") == "" {
					return false
				}
			}
		}
		return true
	}
	return false
}

// FormatOf tells the format of a variant from its first bytes: Sniff's formats and AVIF (an
// ISO media file whose brand is avif). It is how a stored variant says what it is.
func FormatOf(body []byte) (Format, bool) {
	if len(body) >= 12 && string(body[4:12]) == "ftypavif" {
		return AVIF, true
	}
	return Sniff(body)
}
