package content

import (
	"fmt"
	"math"
	"strings"
)

// Application scenes: an arm with its tool at its workpiece, in a simple setting. Every scene
// is laid out around the arm's foot at x = 0 and scales with the arm, so the same scene works
// for a MiniCobo on a bench and a Zu 18 at a pallet.

// rng is a small deterministic random source, so that a picture's name always draws the same.
type rng struct{ state uint64 }

func (r *rng) next() float64 {
	r.state ^= r.state << 13
	r.state ^= r.state >> 7
	r.state ^= r.state << 17
	return float64(r.state%10000) / 10000
}

// between returns a number from lo to hi.
func (r *rng) between(lo, hi float64) float64 { return lo + (hi-lo)*r.next() }

// choose returns one of the choices.
func choose[T any](r *rng, choices ...T) T {
	return choices[int(r.next()*float64(len(choices)))%len(choices)]
}

// table draws a work table from x0 to x1 with its top at height h.
func (sc *scene) table(x0, x1, h float64) {
	sc.shadow(x0, x1)
	sc.add(x0, x1, h, func(v view, b *strings.Builder) {
		t := math.Max(24, (x1-x0)*0.04)
		for _, lx := range []float64{x0 + t, x1 - 2*t} {
			fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="#59616a"/>`, v.x(lx), v.y(h), v.l(t), v.l(h))
		}
		fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="#aeb7c0"/>`, v.x(x0+t), v.y(h*0.28), v.l(x1-x0-2*t), v.l(t*0.6))
		fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="%.1f" fill="url(#steel)"/>`, v.x(x0), v.y(h), v.l(x1-x0), v.l(t*1.4), v.l(t*0.2))
		fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="#ffffff" opacity=".8"/>`, v.x(x0), v.y(h), v.l(x1-x0), math.Max(1, v.l(t*0.2)))
	})
}

// pedestal raises an arm to height h.
func (sc *scene) pedestal(x, r, h float64) {
	sc.shadow(x-r*1.4, x+r*1.4)
	sc.box(x-r*1.3, 0, r*2.6, h*0.06, "#30363d", 4)
	sc.box(x-r, 0, r*2, h, "url(#column)", 2)
	sc.box(x-r, h*0.8, r*2, h*0.04, brandRed, 0)
}

// carton draws a shipping carton.
func (sc *scene) carton(x, z, w, h float64, shade int) {
	fills := []string{"#d8b98c", "#ccaa78", "#e1c79f"}
	sc.box(x, z, w, h, fills[shade%len(fills)], w*0.02)
	sc.box(x+w*0.42, z+h*0.55, w*0.16, h*0.45, "#efe0c6", 0)
	sc.raw(x, x+w, z+h, func(v view) string {
		return fmt.Sprintf(`<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="none" stroke="#a88656" stroke-width="1" opacity=".5"/>`, v.x(x), v.y(z+h), v.l(w), v.l(h))
	})
}

// sceneKinds lists the scenes the library can draw, by the words that ask for them; the first
// kind whose word occurs in a picture's name or subject wins.
var sceneKinds = []struct {
	kind  string
	words []string
}{
	{"portrait", []string{"instructor-"}},
	{"qr", []string{"qr-"}},
	{"safety", []string{"safety", "tüv", "13849", "collision", "risk"}},
	{"booth", []string{"hannover", "automatica", "ciif", "irex", "messe", "expo", "showroom", "exhibition", "developer-challenge", "meet jaka"}},
	{"welding", []string{"weld", "tig", "mig-", "arcwell", "torch"}},
	{"polishing", []string{"polish", "grind", "deburr", "sanding", "constant-force"}},
	{"screwdriving", []string{"screw", "tl-s", "tl-f", "torqline", "mainboard"}},
	{"palletizing", []string{"pallet", "beverage", "carton"}},
	{"dispensing", []string{"dispens", "glue", "jd-", "jingdian", "sealing"}},
	{"lab", []string{"lab", "sample", "healthcare", "medical", "pharma", "implant", "minicobo", "education", "classroom"}},
	{"semiconductor", []string{"semiconductor", "wafer", "magazine", "cleanroom"}},
	{"mobile", []string{"lumi", "mobile", "logistics", "amr", "movara", "transport", "arm-amr", "charging"}},
	{"tending", []string{"tending", "machining", "cnc", "machine tool", "level-heavy"}},
	{"inspection", []string{"inspect", "vision", "optiq", "camera", "visual", "quality", "testing"}},
	{"food", []string{"food", "bakery", "shrimp", "packing", "tray"}},
	{"battery", []string{"battery", "new-energy", "new energy", "inverter", "solar", "esg", "carbon", "environment"}},
	{"automotive", []string{"automotive", "brake", "seat", "car ", "tier-1", "vehicle"}},
	{"assembly", []string{"assembly", "kitting", "electronics", "gripper", "gr-", "grivo", "pick", "io-", "plug-and-play"}},
	{"software", []string{"app", "sdk", "software", "firmware", "program", "python", "ros", "modbus", "logic", "wireless", "hand-guiding", "cobotflow", "virtual", "download", "white-paper", "library", "roi"}},
	{"partners", []string{"partner", "jaka+", "jakaplus", "ecosystem", "certified"}},
	{"factory", []string{"factory", "manufacturing", "changzhou", "50,000", "headquarters", "capacity", "production line"}},
}

// sceneKind chooses the scene for a picture from its name and what it shows.
func sceneKind(text string) string {
	for _, k := range sceneKinds {
		for _, w := range k.words {
			if strings.Contains(text, w) {
				return k.kind
			}
		}
	}
	return ""
}

// drawScene lays out a scene of the given kind with an arm of model m.
func drawScene(kind string, m model, r *rng, bd backdrop) *scene {
	sc := newScene(bd)
	a := dimensions(m)
	R := a.reach
	switch kind {
	case "welding":
		h := 0.36 * R
		sc.table(-0.3*R, 1.0*R, h)
		a.mountZ = h
		tx := r.between(0.48, 0.62) * R
		sc.box(0.3*R, h+12, 0.6*R, 18, "url(#steel)", 2)
		sc.box(tx-0.01*R, h+30, 0.22*R, 0.16*R, "#aeb7c0", 2)
		sc.addArm(angled(reachFor(a, 0, tx, h+34, toolLength["torch"]), 10), tools["torch"])
		sc.raw(tx-0.2*R, tx+0.2*R, h+0.2*R, func(v view) string {
			var b strings.Builder
			fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="%.1f" fill="url(#spark)"/>`, v.x(tx), v.y(h+34), v.l(0.12*R))
			for i := 0; i < 9; i++ {
				ang := -math.Pi * (0.1 + 0.8*float64(i)/8)
				l := 0.05*R + 0.06*R*r.next()
				fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#ffcf66" stroke-width="%.1f" stroke-linecap="round"/>`,
					v.x(tx), v.y(h+34), v.x(tx+l*math.Cos(ang)), v.y(h+34-l*math.Sin(ang)), math.Max(1, v.l(4)))
			}
			return b.String()
		})
		sc.halo(tx, h, 0.7*R)
	case "polishing":
		h := 0.36 * R
		sc.table(-0.3*R, 1.0*R, h)
		a.mountZ = h
		tx := 0.6 * R
		sc.raw(0.42*R, 0.8*R, h+0.16*R, func(v view) string {
			return fmt.Sprintf(`<path d="M%.1f %.1f q%.1f %.1f %.1f 0 z" fill="url(#steel)" stroke="#8d969f" stroke-width="1"/>`, v.x(0.42*R), v.y(h), v.l(0.19*R), -v.l(0.32*R), v.l(0.38*R))
		})
		sc.addArm(angled(reachFor(a, 0, tx, h+0.155*R, toolLength["spindle"]), 0), tools["spindle"])
		sc.raw(tx-0.1*R, tx+0.1*R, h+0.2*R, func(v view) string {
			return fmt.Sprintf(`<circle cx="%.1f" cy="%.1f" r="%.1f" fill="url(#spark)" opacity=".7"/>`, v.x(tx+0.05*R), v.y(h+0.15*R), v.l(0.06*R))
		})
		sc.halo(0.4*R, 0.6*R, 0.8*R)
	case "screwdriving", "automotive":
		h := 0.36 * R
		sc.table(-0.3*R, 1.05*R, h)
		a.mountZ = h
		if kind == "automotive" {
			// A door panel on its fixture.
			sc.raw(0.32*R, 1.0*R, h+0.32*R, func(v view) string {
				return fmt.Sprintf(`<path d="M%.1f %.1f l%.1f %.1f q%.1f %.1f %.1f %.1f l%.1f %.1f z" fill="%s"/><rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="%.1f" fill="#30363d" opacity=".5"/>`,
					v.x(0.34*R), v.y(h+0.02*R), v.l(0.06*R), -v.l(0.28*R), v.l(0.3*R), -v.l(0.05*R), v.l(0.58*R), v.l(0.02*R), 0.0, v.l(0.31*R),
					choose(r, brandRed, "#c3cad1", "#2b3138"), v.x(0.45*R), v.y(h+0.24*R), v.l(0.3*R), v.l(0.08*R), v.l(0.02*R))
			})
		} else {
			sc.box(0.38*R, h+10, 0.5*R, 0.05*R, "#2f6f53", 4)
			for i := 0; i < 6; i++ {
				sc.box(0.42*R+float64(i)*0.08*R, h+10+0.05*R, 0.03*R, 0.012*R, "#d9b44a", 2)
			}
			sc.box(0.9*R, h+10, 0.12*R, 0.12*R, "#30363d", 6)
		}
		tx := 0.42*R + float64(int(r.between(0, 5)))*0.08*R + 0.015*R
		top := h + 0.07*R
		if kind == "automotive" {
			tx, top = 0.62*R, h+0.3*R
		}
		sc.addArm(reachFor(a, 0, tx, top, toolLength["screwdriver"]), tools["screwdriver"])
		sc.halo(0.5*R, 0.55*R, 0.85*R)
	case "palletizing", "battery":
		sc.pedestal(0, a.plateR, 0.22*R)
		a.mountZ = 0.22 * R
		layers := 2 + int(r.between(0, 2))
		cw, ch := 0.2*R, 0.16*R
		px := 0.42 * R
		sc.box(px, 0, 3*cw+20, 0.08*R, "#b98f5e", 6)
		for l := 0; l < layers; l++ {
			for c := 0; c < 3; c++ {
				if kind == "battery" {
					sc.box(px+10+float64(c)*cw, 0.08*R+float64(l)*ch, cw-8, ch-6, "#3a4a5c", 8)
					sc.box(px+10+float64(c)*cw, 0.08*R+float64(l)*ch+ch*0.65, cw-8, ch*0.12, "#5fa8e8", 4)
				} else {
					sc.carton(px+10+float64(c)*cw, 0.08*R+float64(l)*ch, cw-6, ch-4, l+c)
				}
			}
		}
		top := 0.08*R + float64(layers)*ch
		tx := px + 10 + cw*r.between(0.5, 2.5)
		sc.addArm(reachFor(a, 0, tx, top+ch, toolLength["vacuum"]), tools["vacuum"])
		if kind == "battery" {
			sc.box(tx-cw/2, top+2, cw-8, ch-6, "#3a4a5c", 8)
		} else {
			sc.carton(tx-cw/2, top+2, cw-6, ch-4, 1)
		}
		sc.halo(0.5*R, 0.6*R, 0.9*R)
	case "tending":
		sc.table(-0.1*R, 0.35*R, 0.42*R)
		a.mountZ = 0.42 * R
		sc.box(0.6*R, 0, 0.95*R, 1.25*R, "url(#steel)", 12)
		sc.box(0.68*R, 0.45*R, 0.5*R, 0.55*R, "url(#glass)", 8)
		sc.box(1.25*R, 0.55*R, 0.22*R, 0.3*R, "#2b3138", 6)
		sc.box(1.28*R, 0.75*R, 0.16*R, 0.07*R, "#5fa8e8", 3)
		sc.box(0.6*R, 1.13*R, 0.95*R, 0.035*R, brandRed, 0)
		sc.box(0.6*R, 0, 0.95*R, 0.06*R, "#30363d", 0)
		tx := 0.45 * R
		sc.addArm(reachFor(a, 0.05*R, tx, 0.62*R, toolLength["gripper"]+40), tools["gripper"])
		sc.raw(tx-30, tx+30, 0.62*R+40, func(v view) string {
			return fmt.Sprintf(`<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="%.1f" fill="#c3cad1" stroke="#8d969f"/>`, v.x(tx-28), v.y(0.62*R+44), v.l(56), v.l(44), v.l(6))
		})
		sc.shadow(0.58*R, 1.58*R)
		sc.halo(0.5*R, 0.8*R, 0.9*R)
	case "inspection", "dispensing", "assembly":
		h := 0.36 * R
		sc.table(-0.3*R, 1.1*R, h)
		a.mountZ = h
		// A conveyor with parts on it.
		sc.box(0.3*R, h+8, 0.78*R, 0.05*R, "#30363d", 8)
		for i := 0; i < 4; i++ {
			sc.box(0.34*R+float64(i)*0.19*R, h+8+0.05*R, 0.12*R, 0.07*R, choose(r, "#c3cad1", "#eef1f4", "#dfe4e9"), 6)
		}
		tool := map[string]string{"inspection": "camera", "dispensing": "nozzle", "assembly": "gripper"}[kind]
		tx := 0.34*R + 0.19*R*float64(1+int(r.between(0, 2))) + 0.06*R
		gap := map[string]float64{"inspection": 0.22 * R, "dispensing": 10, "assembly": 0.02 * R}[kind]
		sc.addArm(reachFor(a, 0, tx, h+8+0.12*R+gap, toolLength[tool]), tools[tool])
		if kind == "inspection" {
			sc.raw(tx-0.1*R, tx+0.1*R, h+0.35*R, func(v view) string {
				return fmt.Sprintf(`<path d="M%.1f %.1f L%.1f %.1f L%.1f %.1f z" fill="#5fa8e8" opacity=".18"/>`,
					v.x(tx), v.y(h+8+0.12*R+gap), v.x(tx-0.08*R), v.y(h+8+0.12*R), v.x(tx+0.08*R), v.y(h+8+0.12*R))
			})
		}
		if kind == "dispensing" {
			sc.box(tx-0.05*R, h+8+0.12*R, 0.05*R, 8, "#f2a93b", 4)
		}
		sc.halo(0.55*R, 0.6*R, 0.9*R)
	case "lab":
		h := 0.62 * R
		sc.table(-0.35*R, 1.1*R, h)
		a.mountZ = h
		// A rack of sample tubes and an analyser.
		for i := 0; i < 6; i++ {
			x := 0.45*R + float64(i)*0.05*R
			sc.box(x, h+10, 0.03*R, 0.16*R, "#ffffff", 0.015*R)
			sc.box(x, h+10, 0.03*R, 0.07*R, choose(r, "#5fa8e8", "#e0525c", "#f2a93b", "#7cc4a4"), 0.015*R)
		}
		sc.box(0.42*R, h+10, 0.34*R, 0.06*R, "#dfe4e9", 4)
		sc.box(0.82*R, h+10, 0.26*R, 0.34*R, "url(#steel)", 10)
		sc.box(0.85*R, h+0.2*R, 0.2*R, 0.1*R, "url(#glass)", 6)
		tx := 0.45*R + float64(int(r.between(0, 6)))*0.05*R + 0.015*R
		sc.addArm(reachFor(a, 0, tx, h+10+0.18*R, toolLength["pipette"]), tools["pipette"])
		sc.halo(0.4*R, h+0.4*R, 0.8*R)
	case "food":
		h := 0.36 * R
		sc.table(-0.3*R, 1.15*R, h)
		a.mountZ = h
		sc.box(0.3*R, h+8, 0.8*R, 0.05*R, "#30363d", 8)
		for i := 0; i < 3; i++ {
			x := 0.33*R + float64(i)*0.26*R
			sc.box(x, h+8+0.05*R, 0.22*R, 0.02*R, "#8d969f", 3)
			for j := 0; j < 4; j++ {
				bx := x + 0.015*R + float64(j)*0.052*R
				sc.raw(bx, bx+0.05*R, h+0.12*R, func(v view) string {
					return fmt.Sprintf(`<ellipse cx="%.1f" cy="%.1f" rx="%.1f" ry="%.1f" fill="#d99a56"/>`, v.x(bx+0.022*R), v.y(h+8+0.07*R+0.018*R), v.l(0.024*R), v.l(0.02*R))
				})
			}
		}
		tx := 0.33*R + 0.26*R*float64(int(r.between(0, 3))) + 0.11*R
		sc.addArm(reachFor(a, 0, tx, h+8+0.12*R, toolLength["gripper"]), tools["gripper"])
		sc.halo(0.5*R, 0.6*R, 0.9*R)
	case "semiconductor", "mobile":
		top := sc.addMobileBase(0, R)
		a.mountZ = top
		// A station: a tool with a load port, or a rack with bins.
		if kind == "semiconductor" {
			sc.box(0.75*R, 0, 0.6*R, 1.3*R, "#f4f6f8", 10)
			sc.box(0.8*R, 0.6*R, 0.5*R, 0.3*R, "url(#glass)", 6)
			sc.box(0.75*R, 1.22*R, 0.6*R, 0.08*R, "#5fa8e8", 0)
			sc.box(0.62*R, 0.52*R, 0.16*R, 0.12*R, "#dfe4e9", 6)
			sc.box(0.64*R, 0.64*R, 0.12*R, 0.1*R, "#30363d", 6)
			sc.shadow(0.72*R, 1.38*R)
		} else {
			for i := 0; i < 3; i++ {
				z := 0.2*R + float64(i)*0.38*R
				sc.box(0.75*R, z, 0.6*R, 0.03*R, "#8d969f", 0)
				for j := 0; j < 3; j++ {
					sc.box(0.78*R+float64(j)*0.19*R, z+0.03*R, 0.16*R, 0.14*R, choose(r, "#5fa8e8", "#2b3138", brandRed, "#c3cad1"), 6)
				}
			}
			sc.box(0.74*R, 0, 0.025*R, 1.25*R, "#59616a", 0)
			sc.box(1.34*R, 0, 0.025*R, 1.25*R, "#59616a", 0)
			sc.shadow(0.72*R, 1.38*R)
		}
		sc.addArm(reachFor(a, 0.05*R, 0.64*R, top+0.42*R, toolLength["gripper"]), tools["gripper"])
		sc.halo(0.4*R, 0.8*R, 1.0*R)
	case "booth":
		// A trade-fair stand: a back wall with the brand band and arms on pedestals.
		sc.box(-0.8*R, 0, 2.8*R, 1.55*R, choose(r, "#ffffff", "#f4f6f8", "#eef2f6"), 0)
		sc.box(-0.8*R, 1.3*R, 2.8*R, 0.25*R, choose(r, brandRed, "#16191d", "#17294a"), 0)
		sc.box(-0.8*R, 1.3*R, 2.8*R, 0.25*R, "url(#halo)", 0)
		sc.box(-0.8*R, 0, 2.8*R, 0.05*R, "#2b3138", 0)
		for i := 0; i < 5; i++ {
			sc.box(-0.6*R+float64(i)*0.55*R, 1.3*R-0.06*R, 0.26*R, 0.04*R, "#30363d", 2)
		}
		sc.pedestal(0, a.plateR*1.1, 0.45*R)
		a.mountZ = 0.45 * R
		sc.addArm(reachFor(a, 0, 0.45*R, 0.62*R, toolLength["gripper"]), tools["gripper"])
		b2 := dimensions(model{line: choose(r, "c", "pro", "mini"), payload: 5, reach: 0.7 * R})
		sc.pedestal(1.2*R, b2.plateR*1.1, 0.45*R)
		b2.mountZ = 0.45 * R
		sc.addArm(reachFor(b2, 1.2*R, 1.5*R, 0.55*R, toolLength["camera"]), tools["camera"])
		sc.halo(0.6*R, 0.9*R, 1.2*R)
	case "family":
		// The line's flagship in front and a smaller model of the line behind it.
		b := dimensions(model{line: m.line, payload: m.payload * 0.45, reach: R * 0.7})
		b.mountZ = 0.04 * R
		sc.box(0.62*R-b.plateR*1.6, 0, b.plateR*3.2, 0.04*R, "#2b3138", 4)
		sc.addArm(reachFor(b, 0.62*R, 0.62*R+0.5*b.reach, 0.04*R+0.32*b.reach, 0), nil)
		a.mountZ = 0.05 * R
		sc.box(-a.plateR*1.6, 0, a.plateR*3.2, 0.05*R, "#2b3138", 4)
		sc.addArm(reachFor(a, 0, 0.5*R, 0.05*R+0.34*R, 0), nil)
		sc.halo(0.45*R, 0.55*R, 1.0*R)
	case "factory":
		// A line of arms along a conveyor, the nearest one largest.
		sc.box(-0.4*R, 0.38*R, 2.4*R, 0.06*R, "#30363d", 6)
		sc.box(-0.4*R, 0, 0.04*R, 0.38*R, "#59616a", 0)
		sc.box(1.96*R, 0, 0.04*R, 0.38*R, "#59616a", 0)
		for i := 2; i >= 0; i-- {
			x := float64(i) * 0.7 * R
			b := dimensions(model{line: m.line, payload: m.payload, reach: R * (1 - 0.12*float64(i))})
			b.mountZ = 0.44 * R
			sc.box(x-b.plateR*1.2, 0.44*R, b.plateR*2.4, 10, "#59616a", 2)
			sc.addArm(reachFor(b, x, x+0.4*b.reach, 0.52*R, toolLength["gripper"]), tools["gripper"])
			sc.box(x+0.3*b.reach, 0.44*R, 0.18*R, 0.08*R, "#c3cad1", 6)
		}
		sc.halo(0.9*R, 0.8*R, 1.4*R)
	case "software":
		sc.table(-0.4*R, 1.1*R, 0.42*R)
		a.mountZ = 0.42 * R
		sc.addArm(reachFor(a, 0, 0.45*R, 0.5*R, toolLength["gripper"]), tools["gripper"])
		// A tablet with the app's blocks.
		sc.raw(0.6*R, 1.15*R, 0.9*R, func(v view) string {
			var b strings.Builder
			x, z, w, hh := 0.62*R, 0.47*R, 0.46*R, 0.32*R
			fmt.Fprintf(&b, `<g transform="rotate(-6 %.1f %.1f)">`, v.x(x+w/2), v.y(z+hh/2))
			fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="%.1f" fill="#16191d"/>`, v.x(x), v.y(z+hh), v.l(w), v.l(hh), v.l(0.03*R))
			fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="%.1f" fill="#f7f8fa"/>`, v.x(x+0.02*R), v.y(z+hh-0.02*R), v.l(w-0.04*R), v.l(hh-0.04*R), v.l(0.015*R))
			for i, c := range []string{brandRed, "#5fa8e8", "#2b3138", "#f2a93b"} {
				fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="%.1f" fill="%s"/>`, v.x(x+0.05*R+float64(i%2)*0.04*R), v.y(z+hh-0.05*R-float64(i)*0.06*R), v.l(0.2*R), v.l(0.04*R), v.l(0.01*R), c)
			}
			fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="%.1f" fill="#dfe4e9"/>`, v.x(x+0.3*R), v.y(z+hh-0.05*R), v.l(0.12*R), v.l(0.22*R), v.l(0.01*R))
			b.WriteString(`</g>`)
			return b.String()
		})
		sc.halo(0.3*R, 0.8*R, 0.9*R)
	case "partners":
		sc.pedestal(0, a.plateR, 0.3*R)
		a.mountZ = 0.3 * R
		p := reachFor(a, 0, 0.4*R, 0.52*R, toolLength["gripper"])
		sc.addArm(p, tools["gripper"])
		// The ecosystem's tools around it, each on a disc.
		i := 0
		for _, name := range []string{"camera", "screwdriver", "vacuum", "torch", "nozzle"} {
			ang := math.Pi * (0.15 + 0.175*float64(i))
			cx, cz := 0.25*R+0.75*R*math.Cos(ang), 0.7*R+0.55*R*math.Sin(ang)
			i++
			draw := tools[name]
			sc.raw(cx-0.13*R, cx+0.13*R, cz+0.13*R, func(v view) string {
				return fmt.Sprintf(`<circle cx="%.1f" cy="%.1f" r="%.1f" fill="#ffffff" stroke="#dfe4e9" stroke-width="2"/><g transform="translate(%.1f %.1f)">%s</g>`,
					v.x(cx), v.y(cz), v.l(0.12*R), v.x(cx), v.y(cz+0.06*R), draw(v.s*0.45*R/400))
			})
		}
		sc.halo(0.25*R, 0.7*R, 1.0*R)
	case "safety":
		sc.addArm(reachFor(a, 0, 0.5*R, 0.35*R, toolLength["gripper"]), tools["gripper"])
		sc.raw(-1.1*R, 1.1*R, 0, func(v view) string {
			var b strings.Builder
			for i, c := range []string{"#f2a93b", brandRed} {
				rr := R * (1.05 - 0.35*float64(i))
				fmt.Fprintf(&b, `<ellipse cx="%.1f" cy="%.1f" rx="%.1f" ry="%.1f" fill="%s" fill-opacity=".08" stroke="%s" stroke-width="%.1f" stroke-dasharray="%.1f %.1f"/>`,
					v.x(0), v.y(0)+v.l(0.02*R), v.l(rr), v.l(rr*0.12), c, c, math.Max(1.5, v.l(6)), v.l(30), v.l(18))
			}
			return b.String()
		})
		// A person at the edge of the slow zone.
		px := 1.05 * R
		sc.raw(px-0.14*R, px+0.14*R, 1.7*R*0.62, func(v view) string {
			hh := 0.62 * R * 1.5
			return fmt.Sprintf(`<circle cx="%.1f" cy="%.1f" r="%.1f" fill="#59616a"/><rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="%.1f" fill="#59616a"/><rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="%.1f" fill="#f2a93b"/>`,
				v.x(px), v.y(hh*0.93), v.l(hh*0.07), v.x(px-hh*0.12), v.y(hh*0.84), v.l(hh*0.24), v.l(hh*0.84), v.l(hh*0.08),
				v.x(px-hh*0.12), v.y(hh*0.8), v.l(hh*0.24), v.l(hh*0.22), v.l(hh*0.05))
		})
		sc.halo(0.2*R, 0.6*R, 1.0*R)
	default:
		// The arm alone, in a ready pose.
		p := reachFor(a, 0, 0.55*R, 0.3*R, 0)
		if m.line == "lumi" {
			top := sc.addMobileBase(0, R)
			p.mountZ = top
			p.arm.mountZ = top
			p.wz += top
		}
		sc.addArm(p, nil)
		sc.halo(0.25*R, 0.5*R+a.mountZ, 0.75*R)
	}
	return sc
}

// angled tilts a pose's tool by deg degrees.
func angled(p pose, deg float64) pose {
	p.toolAngle = deg
	return p
}
