package content

import (
	"fmt"
	"math"
	"strings"
)

// A six-axis collaborative arm seen from the side, drawn from its model's figures: the links
// follow the reach, the joints grow with the payload (a stronger joint needs a bigger motor and
// gear), and each product line has its own dress: white Zu arms with red caps, the Pro line in
// its grey protective covers, the compact C series with graphite joints, the MiniCobo on its
// desktop controller, and the Lumi arm on a mobile base.

// model is one robot as the catalogue describes it.
type model struct {
	line    string  // zu, pro, c, mini or lumi
	payload float64 // kg
	reach   float64 // mm
}

// arm is a model's dimensions in millimetres.
type arm struct {
	model
	upper, fore                 float64 // link lengths, shoulder to elbow and elbow to wrist
	shoulderR, elbowR, wristR   float64 // joint housing radii
	upperR, foreR               float64 // link tube radii
	baseH, baseR, plateR        float64 // base column height and radius, mounting plate radius
	mountZ                      float64 // height of the base's foot (the top of a mobile base)
	wristDrop, flangeR          float64
	housing, tube, column, band string // fills
}

// dimensions works out the arm of a model.
func dimensions(m model) arm {
	if m.reach <= 0 {
		m.reach = 954
	}
	if m.payload <= 0 {
		m.payload = 5
	}
	a := arm{model: m}
	a.shoulderR = 34 + 13*math.Sqrt(m.payload)
	a.elbowR = a.shoulderR * 0.86
	a.wristR = math.Max(26, a.shoulderR*0.62)
	a.upper, a.fore = 0.46*m.reach, 0.40*m.reach
	a.upperR, a.foreR = a.shoulderR*0.66, a.elbowR*0.64
	a.baseR = a.shoulderR * 0.86
	a.plateR = a.shoulderR * 1.2
	a.baseH = a.shoulderR*1.1 + 0.05*m.reach
	a.wristDrop = a.wristR * 1.9
	a.flangeR = a.wristR * 0.7
	a.housing, a.tube, a.column, a.band = "url(#housing)", "url(#link)", "url(#column)", "#2b3138"
	switch m.line {
	case "pro":
		// The protective covers make every part a little fuller.
		a.upperR, a.foreR = a.upperR*1.12, a.foreR*1.12
		a.shoulderR, a.elbowR, a.wristR = a.shoulderR*1.08, a.elbowR*1.08, a.wristR*1.08
		a.housing, a.tube, a.column, a.band = "url(#coverHousing)", "url(#cover)", "url(#coverColumn)", "#39434d"
	case "c", "mini":
		// Compact: slimmer links, a lower base, graphite joints.
		a.upperR, a.foreR = a.upperR*0.86, a.foreR*0.86
		a.baseH *= 0.8
		a.housing, a.band = "url(#graphite)", "#16191d"
	}
	return a
}

// shoulder is where the shoulder joint sits, relative to the base's foot.
func (a arm) shoulder() (x, z float64) { return 0, a.mountZ + a.baseH + a.shoulderR*0.55 }

// pose is an arm placed in a scene: its foot at (x, mountZ) and its wrist at (wx, wz), with the
// tool pointing in direction toolAngle (degrees, 0 straight down, positive towards +x).
type pose struct {
	arm
	x, wx, wz, toolAngle float64
}

// reachFor places the arm at x so that the tip of a tool toolLen long, pointing straight down,
// touches (tx, tz).
func reachFor(a arm, x, tx, tz, toolLen float64) pose {
	return pose{arm: a, x: x, wx: tx, wz: tz + toolLen + a.wristDrop}
}

// joints solves the arm's two links for its wrist (elbow up) and returns the shoulder and
// elbow points in world millimetres.
func (p pose) joints() (sx, sz, ex, ez, wx, wz float64) {
	sx, sz = p.shoulder()
	sx += p.x
	wx, wz = p.wx, p.wz
	dx, dz := wx-sx, wz-sz
	d := math.Hypot(dx, dz)
	maxD := (p.upper + p.fore) * 0.985
	minD := math.Abs(p.upper-p.fore) + 1
	if d > maxD || d < minD {
		// Out of reach: the wrist goes as far as the arm allows along the same line.
		d = math.Max(minD, math.Min(d, maxD))
		ang := math.Atan2(dz, dx)
		wx, wz = sx+d*math.Cos(ang), sz+d*math.Sin(ang)
		dx, dz = wx-sx, wz-sz
	}
	ang := math.Atan2(dz, dx)
	cosB := (p.upper*p.upper + d*d - p.fore*p.fore) / (2 * p.upper * d)
	beta := math.Acos(math.Max(-1, math.Min(1, cosB)))
	// Of the two elbows, the one above the line from shoulder to wrist.
	e1x, e1z := sx+p.upper*math.Cos(ang+beta), sz+p.upper*math.Sin(ang+beta)
	e2x, e2z := sx+p.upper*math.Cos(ang-beta), sz+p.upper*math.Sin(ang-beta)
	if e1z >= e2z {
		return sx, sz, e1x, e1z, wx, wz
	}
	return sx, sz, e2x, e2z, wx, wz
}

// flange is the tool flange's centre, where a tool is mounted.
func (p pose) flange() (x, z float64) {
	_, _, _, _, wx, wz := p.joints()
	t := p.toolAngle * math.Pi / 180
	return wx + math.Sin(t)*p.wristDrop, wz - math.Cos(t)*p.wristDrop
}

// addArm draws the arm into the scene with tool drawn at its flange (tool draws in pixels, in
// a frame whose +y runs along the tool, from the flange outwards, with s pixels per mm).
func (sc *scene) addArm(p pose, tool func(s float64) string) {
	sx, sz, ex, ez, wx, wz := p.joints()
	fx, _ := p.flange()
	minX := math.Min(p.x-p.plateR, math.Min(ex-p.elbowR, wx-p.wristR*2))
	maxX := math.Max(p.x+p.plateR, math.Max(ex+p.elbowR, math.Max(wx+p.wristR*2, fx+p.wristR*2)))
	maxZ := math.Max(sz+p.shoulderR, math.Max(ez+p.elbowR, wz+p.wristR))
	if p.line == "mini" {
		minX, maxX = math.Min(minX, p.x-p.plateR*1.5), math.Max(maxX, p.x+p.plateR*1.5)
	}
	sc.shadow(p.x-p.plateR*1.6, p.x+p.plateR*1.6)
	sc.add(minX, maxX, maxZ, func(v view, b *strings.Builder) {
		b.WriteString(`<g>`)
		p.drawBase(v, b)
		link(v, b, sx, sz, ex, ez, p.upperR, p.tube)
		joint(v, b, sx, sz, p.shoulderR, p)
		link(v, b, ex, ez, wx, wz, p.foreR, p.tube)
		joint(v, b, ex, ez, p.elbowR, p)
		p.drawWrist(v, b, wx, wz, tool)
		b.WriteString(`</g>`)
	})
}

func (p pose) drawBase(v view, b *strings.Builder) {
	x, z0 := p.x, p.mountZ
	top := z0 + p.baseH
	if p.line == "mini" {
		// The MiniCobo's controller is its foot: a low box with a light strip.
		w, h := p.plateR*3, p.baseH*0.55
		fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="%.1f" fill="url(#column)"/>`, v.x(x-w/2), v.y(z0+h), v.l(w), v.l(h), v.l(h*0.18))
		fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="%.1f" fill="%s"/>`, v.x(x-w/2+h*0.25), v.y(z0+h*0.62), v.l(w-h*0.5), v.l(h*0.1), v.l(h*0.05), brandRed)
		fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"/>`, v.x(x-p.baseR), v.y(top), v.l(2*p.baseR), v.l(top-z0-h), p.column)
	} else {
		fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="%.1f" fill="%s"/>`, v.x(x-p.plateR), v.y(z0+p.plateR*0.2), v.l(2*p.plateR), v.l(p.plateR*0.2), v.l(p.plateR*0.05), p.band)
		fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"/>`, v.x(x-p.baseR), v.y(top), v.l(2*p.baseR), v.l(top-z0-p.plateR*0.2), p.column)
	}
	// The dark band of the base joint and, on a Pro, the seams of its cover.
	fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"/>`, v.x(x-p.baseR), v.y(top-p.baseH*0.36), v.l(2*p.baseR), v.l(p.baseH*0.07), p.band)
	if p.line == "pro" {
		for i := 1; i <= 3; i++ {
			zz := z0 + p.baseH*float64(i)*0.16
			fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#3b4550" stroke-width="%.1f" opacity=".6"/>`, v.x(x-p.baseR), v.y(zz), v.x(x+p.baseR), v.y(zz), math.Max(1, v.l(3)))
		}
	}
}

// link draws a tube from (x1, z1) to (x2, z2), shaded as a cylinder.
func link(v view, b *strings.Builder, x1, z1, x2, z2, r float64, fill string) {
	px1, py1, px2, py2 := v.x(x1), v.y(z1), v.x(x2), v.y(z2)
	length := math.Hypot(px2-px1, py2-py1)
	ang := math.Atan2(py2-py1, px2-px1) * 180 / math.Pi
	fmt.Fprintf(b, `<rect x="0" y="%.1f" width="%.1f" height="%.1f" rx="%.1f" fill="%s" transform="translate(%.1f %.1f) rotate(%.2f)"/>`,
		-v.l(r), length, 2*v.l(r), v.l(r), fill, px1, py1, ang)
}

// joint draws a joint housing seen along its axis, with the red cap of the house style.
func joint(v view, b *strings.Builder, x, z, r float64, p pose) {
	cx, cy, pr := v.x(x), v.y(z), v.l(r)
	fmt.Fprintf(b, `<circle cx="%.1f" cy="%.1f" r="%.1f" fill="%s"/>`, cx, cy, pr, p.housing)
	if p.line == "pro" {
		// The folds of the protective cover around the sealed joint.
		for _, f := range []float64{0.93, 0.84, 0.75} {
			fmt.Fprintf(b, `<circle cx="%.1f" cy="%.1f" r="%.1f" fill="none" stroke="#3b4550" stroke-width="%.1f" opacity=".55"/>`, cx, cy, pr*f, math.Max(1, pr*0.03))
		}
		fmt.Fprintf(b, `<circle cx="%.1f" cy="%.1f" r="%.1f" fill="url(#cap)"/>`, cx, cy, pr*0.46)
		return
	}
	fmt.Fprintf(b, `<circle cx="%.1f" cy="%.1f" r="%.1f" fill="none" stroke="%s" stroke-width="%.1f"/>`, cx, cy, pr*0.8, p.band, math.Max(1, pr*0.09))
	fmt.Fprintf(b, `<circle cx="%.1f" cy="%.1f" r="%.1f" fill="url(#cap)"/>`, cx, cy, pr*0.62)
	fmt.Fprintf(b, `<circle cx="%.1f" cy="%.1f" r="%.1f" fill="#ffffff" opacity=".18"/>`, cx-pr*0.12, cy-pr*0.14, pr*0.3)
}

// drawWrist draws the three wrist joints, the flange and the tool.
func (p pose) drawWrist(v view, b *strings.Builder, wx, wz float64, tool func(s float64) string) {
	cx, cy, r := v.x(wx), v.y(wz), v.l(p.wristR)
	drop := v.l(p.wristDrop)
	// Wrist 2 and 3 and the flange, along the tool's direction.
	fmt.Fprintf(b, `<g transform="translate(%.1f %.1f) rotate(%.2f)">`, cx, cy, -p.toolAngle)
	fmt.Fprintf(b, `<rect x="%.1f" y="0" width="%.1f" height="%.1f" rx="%.1f" fill="%s"/>`, -r*0.92, r*1.84, drop*0.8, r*0.5, p.housingSide())
	fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"/>`, -r*0.92, drop*0.5, r*1.84, math.Max(1, r*0.14), p.band)
	fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="%.1f" fill="#59616a"/>`, -r*0.7, drop*0.8, r*1.4, drop*0.2, r*0.08)
	if tool != nil {
		fmt.Fprintf(b, `<g transform="translate(0 %.1f)">%s</g>`, drop, tool(v.s))
	}
	b.WriteString(`</g>`)
	joint(v, b, wx, wz, p.wristR, p)
}

func (p pose) housingSide() string {
	switch p.line {
	case "pro":
		return "url(#cover)"
	case "c", "mini":
		return "#30363d"
	}
	return "url(#column)"
}

// addMobileBase draws the Lumi's mobile base, a laser-SLAM AMR, standing at x, and returns its
// height, where the arm is mounted.
func (sc *scene) addMobileBase(x, reach float64) float64 {
	l, h := 0.55*reach+320, 0.28*reach+220
	x0 := x - l*0.62
	sc.shadow(x0-20, x0+l+20)
	sc.add(x0, x0+l, h, func(v view, b *strings.Builder) {
		wheel := h * 0.16
		fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="%.1f" fill="#1e2227"/>`, v.x(x0+l*0.04), v.y(wheel*1.4), v.l(l*0.92), v.l(wheel*1.4), v.l(wheel*0.3))
		for _, wx := range []float64{x0 + l*0.18, x0 + l*0.82} {
			fmt.Fprintf(b, `<circle cx="%.1f" cy="%.1f" r="%.1f" fill="#30363d"/><circle cx="%.1f" cy="%.1f" r="%.1f" fill="#8d969f"/>`, v.x(wx), v.y(wheel), v.l(wheel), v.x(wx), v.y(wheel), v.l(wheel*0.4))
		}
		body := wheel * 1.25
		fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="%.1f" fill="url(#steel)"/>`, v.x(x0), v.y(h), v.l(l), v.l(h-body), v.l(h*0.09))
		// The bumper, the laser scanner's window and the brand's light strip.
		fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="%.1f" fill="#2b3138"/>`, v.x(x0), v.y(body+h*0.14), v.l(l), v.l(h*0.14), v.l(h*0.05))
		fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="%.1f" fill="#0f1317"/>`, v.x(x0+l*0.88), v.y(body+h*0.5), v.l(l*0.1), v.l(h*0.12), v.l(h*0.03))
		fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="%.1f" fill="%s"/>`, v.x(x0+l*0.06), v.y(h*0.74), v.l(l*0.7), v.l(h*0.035), v.l(h*0.017), brandRed)
		fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="%.1f" fill="#ffffff" opacity=".7"/>`, v.x(x0+l*0.03), v.y(h*0.985), v.l(l*0.94), v.l(h*0.03), v.l(h*0.015))
	})
	return h
}

// Tools, drawn in pixels in the flange's frame (+y along the tool), s pixels per millimetre.

func gripper(s float64) string {
	return fmt.Sprintf(`<rect x="%.1f" y="0" width="%.1f" height="%.1f" rx="%.1f" fill="#2b3138"/>`+
		`<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="%.1f" fill="#8d969f"/><rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="%.1f" fill="#8d969f"/>`,
		-38*s, 76*s, 44*s, 8*s, -36*s, 40*s, 14*s, 56*s, 4*s, 22*s, 40*s, 14*s, 56*s, 4*s)
}

func screwdriver(s float64) string {
	return fmt.Sprintf(`<rect x="%.1f" y="0" width="%.1f" height="%.1f" rx="%.1f" fill="#30363d"/><rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="%.1f" fill="%s"/><rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="#b3bcc5"/>`,
		-24*s, 48*s, 150*s, 10*s, -24*s, 60*s, 48*s, 10*s, 3*s, brandRed, -4*s, 150*s, 8*s, 60*s)
}

func vacuum(s float64) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<rect x="%.1f" y="0" width="%.1f" height="%.1f" fill="#8d969f"/><rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="%.1f" fill="#30363d"/>`, -14*s, 28*s, 50*s, -170*s, 50*s, 340*s, 26*s, 6*s)
	for i := -3; i <= 3; i += 2 {
		fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="%.1f" fill="#1e2227"/>`, float64(i)*46*s-14*s, 76*s, 28*s, 22*s, 6*s)
	}
	return b.String()
}

func torch(s float64) string {
	return fmt.Sprintf(`<path d="M%.1f 0 h%.1f l%.1f %.1f l%.1f %.1f h%.1f z" fill="#30363d"/><rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="%.1f" fill="#c7a24a" transform="rotate(-18)"/>`,
		-20*s, 40*s, 14*s, 120*s, -20*s, 60*s, -16*s, 22*s, 150*s, 14*s, 50*s, 4*s)
}

func camera(s float64) string {
	return fmt.Sprintf(`<rect x="%.1f" y="0" width="%.1f" height="%.1f" rx="%.1f" fill="#1e2227"/><rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="%.1f" fill="#3a444e"/><circle cx="0" cy="%.1f" r="%.1f" fill="#5fa8e8" opacity=".85"/>`,
		-46*s, 92*s, 64*s, 10*s, -30*s, 64*s, 60*s, 18*s, 6*s, 74*s, 12*s)
}

func spindle(s float64) string {
	return fmt.Sprintf(`<rect x="%.1f" y="0" width="%.1f" height="%.1f" rx="%.1f" fill="#30363d"/><rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="%.1f" fill="#7b8590"/>`,
		-30*s, 60*s, 100*s, 12*s, -80*s, 100*s, 160*s, 18*s, 8*s)
}

func nozzle(s float64) string {
	return fmt.Sprintf(`<rect x="%.1f" y="0" width="%.1f" height="%.1f" rx="%.1f" fill="#eef1f4" stroke="#8d969f" stroke-width="%.1f"/><path d="M%.1f %.1f h%.1f l%.1f %.1f h%.1f z" fill="#30363d"/>`,
		-22*s, 44*s, 110*s, 8*s, 2*s, -12*s, 110*s, 24*s, -9*s, 50*s, -6*s)
}

func pipette(s float64) string {
	return fmt.Sprintf(`<rect x="%.1f" y="0" width="%.1f" height="%.1f" rx="%.1f" fill="#ffffff" stroke="#b3bcc5" stroke-width="%.1f"/><path d="M%.1f %.1f h%.1f l%.1f %.1f h%.1f z" fill="#dfe4e9"/>`,
		-16*s, 32*s, 90*s, 8*s, 2*s, -8*s, 90*s, 16*s, -6*s, 60*s, -4*s)
}

// toolLength is how far each tool reaches beyond the flange, in millimetres.
var toolLength = map[string]float64{"gripper": 96, "screwdriver": 210, "vacuum": 98, "torch": 180, "camera": 74, "spindle": 118, "nozzle": 160, "pipette": 150}

var tools = map[string]func(float64) string{"gripper": gripper, "screwdriver": screwdriver, "vacuum": vacuum, "torch": torch, "camera": camera, "spindle": spindle, "nozzle": nozzle, "pipette": pipette}
