package content

import (
	"fmt"
	"html"
	"math"
	"strings"
)

// The house style of the media library's pictures: a calm studio backdrop with a floor, a soft
// halo behind the subject and a soft shadow under it, white robots with the brand red on their
// joint caps. Scenes are laid out in millimetres of the real world (x to the right, z up) and
// fitted into the picture's frame at the end, so that a robot of longer reach is drawn with
// longer links, whatever the frame.

const brandRed = "#e60012"

// backdrop is one palette of the house style.
type backdrop struct {
	wallTop, wallBottom, floorNear, floorFar, halo string
	dark                                           bool
	name                                           string
}

var backdrops = map[string]backdrop{
	"studio":   {"#f7f8fa", "#e8ecf0", "#eef1f4", "#dfe4e9", "#ffffff", false, "studio"},
	"mist":     {"#f1f5f9", "#d9e2eb", "#e6edf3", "#cfd9e3", "#ffffff", false, "mist"},
	"sand":     {"#f8f6f2", "#e9e3da", "#f1ece5", "#e0d8cc", "#ffffff", false, "sand"},
	"steel":    {"#eceff2", "#d3d9df", "#e3e7eb", "#c9d0d7", "#f9fafb", false, "steel"},
	"blush":    {"#fdf6f6", "#f3e3e4", "#f7ecec", "#ead7d8", "#ffffff", false, "blush"},
	"graphite": {"#232a31", "#14181c", "#1b2026", "#101316", "#3a444e", true, "graphite"},
	"navy":     {"#17294a", "#0b1628", "#132340", "#0a1222", "#2b4a78", true, "navy"},
}

// view maps world millimetres to picture pixels: s pixels per millimetre, the world's origin
// (the floor under the main robot's base) at (ox, oy).
type view struct{ s, ox, oy float64 }

func (v view) x(x float64) float64 { return v.ox + v.s*x }
func (v view) y(z float64) float64 { return v.oy - v.s*z }
func (v view) l(l float64) float64 { return v.s * l }

// scene collects what a picture shows, each part with the world box it covers, so that the
// whole can be fitted into any frame.
type scene struct {
	parts                    []func(v view, b *strings.Builder)
	minX, maxX, maxZ         float64
	focus                    *[4]float64 // minX, maxX, minZ, maxZ to fit instead of the whole
	backdrop                 backdrop
	empty                    bool
	haloX, haloZ, haloRadius float64
}

func newScene(bd backdrop) *scene {
	return &scene{backdrop: bd, empty: true}
}

// add draws part, which covers the world box from minX to maxX and from the floor to maxZ.
func (sc *scene) add(minX, maxX, maxZ float64, part func(v view, b *strings.Builder)) {
	if sc.empty {
		sc.minX, sc.maxX, sc.maxZ, sc.empty = minX, maxX, maxZ, false
	} else {
		sc.minX, sc.maxX, sc.maxZ = math.Min(sc.minX, minX), math.Max(sc.maxX, maxX), math.Max(sc.maxZ, maxZ)
	}
	sc.parts = append(sc.parts, part)
}

// frame says where in the picture the scene goes: the floor line and the box (fractions of
// the picture's width and height) the scene is fitted into, and how much of that box it fills.
type frame struct {
	w, h                    int
	left, right, top, floor float64
	fill                    float64
	mirror                  bool
}

// render draws the scene into the frame as a complete SVG document.
func (sc *scene) render(f frame, title string) string {
	return sc.renderAs(f, title, "")
}

// renderAs is render with the scene's kind and backdrop named on the picture (data-scene,
// data-backdrop), for people and tests to see what was drawn.
func (sc *scene) renderAs(f frame, title, kind string) string {
	w, h := float64(f.w), float64(f.h)
	floorY := h * f.floor
	bd := sc.backdrop
	minX, maxX, minZ, maxZ := sc.minX, sc.maxX, 0.0, sc.maxZ
	if sc.focus != nil {
		minX, maxX, minZ, maxZ = sc.focus[0], sc.focus[1], sc.focus[2], sc.focus[3]
	}
	areaW, areaH := w*(f.right-f.left), h*(f.floor-f.top)
	s := math.Min(areaW/(maxX-minX), areaH/(maxZ-minZ)) * f.fill
	v := view{s: s}
	v.ox = w*f.left + (areaW-s*(maxX-minX))/2 - s*minX
	// The scene stands on the floor line; a focus box is centred in the area instead.
	v.oy = floorY
	if sc.focus != nil {
		v.oy = h*f.top + (areaH+s*(maxZ-minZ))/2 + s*minZ
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" role="img" data-scene="%s" data-backdrop="%s">`,
		f.w, f.h, f.w, f.h, kind, bd.name)
	fmt.Fprintf(&b, "<title>%s</title>", html.EscapeString(title))
	b.WriteString(defs(bd))
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="url(#wall)"/>`, f.w, f.h)
	if v.oy < h {
		fmt.Fprintf(&b, `<rect y="%.1f" width="%d" height="%.1f" fill="url(#floor)"/>`, v.oy, f.w, h-v.oy)
		fmt.Fprintf(&b, `<rect y="%.1f" width="%d" height="1.5" fill="%s" opacity=".5"/>`, v.oy, f.w, bd.halo)
	}
	b.WriteString(`<g`)
	if f.mirror {
		fmt.Fprintf(&b, ` transform="translate(%d 0) scale(-1 1)"`, f.w)
	}
	b.WriteString(`>`)
	if sc.haloRadius > 0 {
		fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="%.1f" fill="url(#halo)"/>`, v.x(sc.haloX), v.y(sc.haloZ), v.l(sc.haloRadius))
	}
	for _, part := range sc.parts {
		part(v, &b)
	}
	b.WriteString("</g></svg>")
	return b.String()
}

// defs are the gradients and filters every picture shares: the backdrop, the cylinder shading
// of white links and housings, the grey of protective covers, the red of joint caps.
func defs(bd backdrop) string {
	haloOpacity := ".9"
	if bd.dark {
		haloOpacity = ".55"
	}
	return `<defs>` +
		fmt.Sprintf(`<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="%s"/><stop offset="1" stop-color="%s"/></linearGradient>`, bd.wallTop, bd.wallBottom) +
		fmt.Sprintf(`<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="%s"/><stop offset="1" stop-color="%s"/></linearGradient>`, bd.floorFar, bd.floorNear) +
		fmt.Sprintf(`<radialGradient id="halo"><stop offset="0" stop-color="%s" stop-opacity="%s"/><stop offset=".6" stop-color="%s" stop-opacity=".35"/><stop offset="1" stop-color="%s" stop-opacity="0"/></radialGradient>`, bd.halo, haloOpacity, bd.halo, bd.halo) +
		`<linearGradient id="link" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#c9d0d7"/><stop offset=".22" stop-color="#ffffff"/><stop offset=".55" stop-color="#f1f3f5"/><stop offset="1" stop-color="#aeb7c0"/></linearGradient>` +
		`<linearGradient id="column" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#c9d0d7"/><stop offset=".3" stop-color="#ffffff"/><stop offset=".6" stop-color="#eef1f4"/><stop offset="1" stop-color="#a9b2bb"/></linearGradient>` +
		`<radialGradient id="housing" cx=".38" cy=".34" r=".75"><stop offset="0" stop-color="#ffffff"/><stop offset=".6" stop-color="#eceff2"/><stop offset="1" stop-color="#b3bcc5"/></radialGradient>` +
		`<linearGradient id="cover" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6f7e8c"/><stop offset=".25" stop-color="#8d9aa6"/><stop offset=".6" stop-color="#6b7988"/><stop offset="1" stop-color="#45515d"/></linearGradient>` +
		`<linearGradient id="coverColumn" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#6f7e8c"/><stop offset=".3" stop-color="#8d9aa6"/><stop offset="1" stop-color="#45515d"/></linearGradient>` +
		`<radialGradient id="coverHousing" cx=".38" cy=".34" r=".75"><stop offset="0" stop-color="#9aa6b1"/><stop offset=".7" stop-color="#6b7988"/><stop offset="1" stop-color="#4a5662"/></radialGradient>` +
		`<radialGradient id="graphite" cx=".38" cy=".34" r=".75"><stop offset="0" stop-color="#59616a"/><stop offset=".7" stop-color="#30363d"/><stop offset="1" stop-color="#1e2227"/></radialGradient>` +
		`<radialGradient id="cap" cx=".36" cy=".32" r=".8"><stop offset="0" stop-color="#ff5a5f"/><stop offset=".55" stop-color="` + brandRed + `"/><stop offset="1" stop-color="#a1000c"/></radialGradient>` +
		`<linearGradient id="steel" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f4f6f8"/><stop offset="1" stop-color="#c3cad1"/></linearGradient>` +
		`<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3b4b5c"/><stop offset=".5" stop-color="#22303d"/><stop offset="1" stop-color="#15202b"/></linearGradient>` +
		`<radialGradient id="spark"><stop offset="0" stop-color="#ffffff"/><stop offset=".25" stop-color="#fff1b8"/><stop offset=".6" stop-color="#ffae42" stop-opacity=".55"/><stop offset="1" stop-color="#ff7a00" stop-opacity="0"/></radialGradient>` +
		`<linearGradient id="beam" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity=".7"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></linearGradient>` +
		`<filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="6"/></filter>` +
		`</defs>`
}

// shadow is the soft shadow of something standing on the floor between x0 and x1.
func (sc *scene) shadow(x0, x1 float64) {
	sc.add(x0, x1, 0, func(v view, b *strings.Builder) {
		cx, rx := v.x((x0+x1)/2), v.l((x1-x0)/2)
		fmt.Fprintf(b, `<ellipse cx="%.1f" cy="%.1f" rx="%.1f" ry="%.1f" fill="#0b1620" opacity=".22" filter="url(#soft)"/>`,
			cx, v.y(0), rx*1.05, math.Max(4, rx*0.12))
	})
}

// box draws a rectangle standing at world (x, z) with size w by h.
func (sc *scene) box(x, z, w, h float64, fill string, rx float64) {
	sc.add(x, x+w, z+h, func(v view, b *strings.Builder) {
		fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="%.1f" fill="%s"/>`,
			v.x(x), v.y(z+h), v.l(w), v.l(h), v.l(rx), fill)
	})
}

// raw draws SVG markup in world coordinates: draw gets the view to place it.
func (sc *scene) raw(minX, maxX, maxZ float64, draw func(v view) string) {
	sc.add(minX, maxX, maxZ, func(v view, b *strings.Builder) { b.WriteString(draw(v)) })
}

// halo puts the soft light of the house style behind the point (x, z).
func (sc *scene) halo(x, z, r float64) { sc.haloX, sc.haloZ, sc.haloRadius = x, z, r }
