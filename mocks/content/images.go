package content

import (
	"fmt"
	"net/http"
	"strings"
)

// The CMS's media library: pictures are drawn as SVG when asked for, so the mock ships no binary
// files and fetches nothing from outside. Each picture is a stylised collaborative robot arm.

// palette colours one picture.
type palette struct {
	bgFrom, bgTo, arm, joint, accent string
}

var palettes = map[string]palette{
	"zu":      {"#0b1f3a", "#1d4e89", "#f4f6f8", "#c8102e", "#5fa8e8"},
	"pro":     {"#1a1f24", "#3a4652", "#e8ecef", "#c8102e", "#ffb400"},
	"virtual": {"#e9f1fb", "#c9dcf2", "#ffffff", "#1d4e89", "#c8102e"},
	"c":       {"#f3f5f7", "#e2e7ec", "#ffffff", "#c8102e", "#1d4e89"},
	"lumi":    {"#eef2f5", "#dde4ea", "#ffffff", "#1d4e89", "#c8102e"},
	"default": {"#f3f5f7", "#e2e7ec", "#ffffff", "#c8102e", "#1d4e89"},
}

// arm draws a six-axis arm standing at (x, y) with the given scale and elbow angle.
func arm(p palette, x, y, scale, elbow float64) string {
	return fmt.Sprintf(`<g transform="translate(%.0f %.0f) scale(%.2f)">
  <ellipse cx="0" cy="8" rx="120" ry="18" fill="#000" opacity=".18"/>
  <rect x="-70" y="-40" width="140" height="48" rx="14" fill="%s"/>
  <rect x="-46" y="-150" width="92" height="120" rx="40" fill="%s"/>
  <circle cx="0" cy="-160" r="52" fill="%s"/><circle cx="0" cy="-160" r="20" fill="%s"/>
  <g transform="translate(0 -160) rotate(%.0f)">
    <rect x="-34" y="-300" width="68" height="300" rx="34" fill="%s"/>
    <circle cx="0" cy="-300" r="44" fill="%s"/><circle cx="0" cy="-300" r="16" fill="%s"/>
    <g transform="translate(0 -300) rotate(%.0f)">
      <rect x="-28" y="-250" width="56" height="250" rx="28" fill="%s"/>
      <circle cx="0" cy="-250" r="34" fill="%s"/>
      <rect x="-22" y="-318" width="44" height="70" rx="12" fill="%s"/>
      <rect x="-30" y="-336" width="60" height="22" rx="6" fill="%s"/>
    </g>
  </g>
</g>`, x, y, scale, p.arm, p.arm, p.arm, p.joint, elbow, p.arm, p.arm, p.joint, 70+elbow*0.4, p.arm, p.joint, p.arm, p.accent)
}

func svgDoc(w, h int, p palette, body string) string {
	return fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" role="img">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="%s"/><stop offset="1" stop-color="%s"/></linearGradient></defs>
<rect width="%d" height="%d" fill="url(#bg)"/>
<g opacity=".10" stroke="%s" stroke-width="2">%s</g>
%s
</svg>`, w, h, w, h, p.bgFrom, p.bgTo, w, h, p.accent, grid(w, h), body)
}

// grid draws the faint engineering grid behind the pictures.
func grid(w, h int) string {
	var b strings.Builder
	for x := 0; x <= w; x += 80 {
		fmt.Fprintf(&b, `<line x1="%d" y1="0" x2="%d" y2="%d"/>`, x, x, h)
	}
	for y := 0; y <= h; y += 80 {
		fmt.Fprintf(&b, `<line x1="0" y1="%d" x2="%d" y2="%d"/>`, y, w, y)
	}
	return b.String()
}

// picture draws the named picture, or reports false for a name the library does not have.
// Names: banners/home-{zu,pro,virtual}[-mobile].svg and products/{name}.svg.
func picture(name string) (string, bool) {
	switch {
	case strings.HasPrefix(name, "banners/home-") && strings.HasSuffix(name, ".svg"):
		key := strings.TrimSuffix(strings.TrimPrefix(name, "banners/home-"), ".svg")
		mobile := strings.HasSuffix(key, "-mobile")
		key = strings.TrimSuffix(key, "-mobile")
		p, ok := palettes[key]
		if !ok {
			return "", false
		}
		if mobile {
			return svgDoc(750, 1000, p, arm(p, 480, 960, 1.0, -28)), true
		}
		return svgDoc(1920, 720, p, arm(p, 1420, 690, 0.95, -32)+arm(p, 1700, 700, 0.6, 24)), true
	case strings.HasPrefix(name, "products/") && strings.HasSuffix(name, ".svg"):
		key := strings.TrimSuffix(strings.TrimPrefix(name, "products/"), ".svg")
		family, size, _ := strings.Cut(key, "-")
		p, ok := palettes[family]
		if !ok {
			p = palettes["default"]
		}
		scale := 0.7
		if size != "" {
			var n float64
			if _, err := fmt.Sscanf(size, "%g", &n); err == nil {
				scale = 0.55 + n/60
			}
		}
		return svgDoc(800, 800, p, arm(p, 400, 760, scale, -24)), true
	}
	return "", false
}

func (s *server) serveAsset(w http.ResponseWriter, r *http.Request) {
	svg, ok := picture(r.PathValue("name"))
	if !ok {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	_, _ = w.Write([]byte(svg))
}
