package content

import (
	"fmt"
	"hash/fnv"
	"html"
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
// Names: banners/home-{zu,pro,virtual}[-mobile].svg, products/{family}[-{size}].svg,
// pictures/{any}.svg (a distinct scene per name) and logos/{name}.svg (a wordmark). Besides
// pictures, files/{name} is a downloadable one-page PDF, unless it is the file of a document
// that needs login.
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
	case strings.HasPrefix(name, "pictures/") && strings.HasSuffix(name, ".svg"):
		// Any other picture: a scene whose colours and pose follow from its name, so that each
		// item has a distinct, stable picture.
		h := fnv.New32a()
		_, _ = h.Write([]byte(name))
		n := h.Sum32()
		keys := []string{"zu", "pro", "virtual", "c", "lumi"}
		p := palettes[keys[n%uint32(len(keys))]]
		elbow := float64(int(n>>8)%60) - 40
		return svgDoc(1200, 800, p, arm(p, 760, 770, 0.85, elbow)+arm(p, 330, 780, 0.5, -elbow/2)), true
	case name == "logos/JAKA.svg":
		// The company's own logo: the slanted red-and-ink mark beside the name, on no background
		// so that it sits on the white header and the dark footer alike.
		return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="64" viewBox="0 0 240 64" role="img" aria-label="JAKA">
<path d="M14 10h26l-12 44H2z" fill="#e60012"/><path d="M44 10h12L44 54H32z" fill="#e60012" opacity=".55"/>
<text x="70" y="47" font-family="Helvetica, Arial, sans-serif" font-size="40" font-weight="700" letter-spacing="6" fill="#14171a">JAKA</text>
</svg>`, true
	case strings.HasPrefix(name, "logos/") && strings.HasSuffix(name, ".svg"):
		// A wordmark: the logo's name set in type, as partners' and the site's logos.
		text := strings.ReplaceAll(strings.TrimSuffix(strings.TrimPrefix(name, "logos/"), ".svg"), "-", " ")
		return fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" width="320" height="96" viewBox="0 0 320 96" role="img">
<rect width="320" height="96" rx="8" fill="#ffffff"/>
<text x="160" y="60" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="30" font-weight="700" fill="#0b1f3a">%s</text>
</svg>`, html.EscapeString(strings.ToUpper(text))), true
	}
	return "", false
}

// document draws a one-page PDF naming the file, standing in for the CMS's downloadable files.
func document(name string) []byte {
	title := strings.NewReplacer(`\`, `\\`, "(", `\(`, ")", `\)`).Replace(name)
	stream := "BT /F1 18 Tf 72 720 Td (" + title + ") Tj 0 -28 Td /F1 11 Tf (JAKA Robotics - document library) Tj ET"
	objects := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
		fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(stream), stream),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
	}
	var b strings.Builder
	b.WriteString("%PDF-1.4\n")
	offsets := make([]int, len(objects))
	for i, o := range objects {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objects)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objects)+1, xref)
	return []byte(b.String())
}

func (s *server) serveAsset(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	if file, ok := strings.CutPrefix(name, "files/"); ok && file != "" {
		// The library holds files by name, in one folder. The files of documents that need
		// login are kept in the private store (files.go) and are not here.
		if strings.Contains(file, "/") || s.store.newsroom.isPrivateFile(file) {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/pdf")
		w.Header().Set("Content-Disposition", `attachment; filename="`+strings.ReplaceAll(file, `"`, "")+`"`)
		_, _ = w.Write(document(file))
		return
	}
	svg, ok := picture(name)
	if !ok {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	_, _ = w.Write([]byte(svg))
}
