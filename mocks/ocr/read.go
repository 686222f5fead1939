package ocr

import (
	"bytes"
	"encoding/json"
	"image"
	"image/color"
	_ "image/jpeg" // decodes photos of samples sent as JPEG
	_ "image/png"
	"regexp"
	"strings"

	"github.com/jakarobotics/website/mocks/bitmapfont"
)

// readLines returns the text of a picture, line by line: the text chunk of a sample, or else
// the glyphs of the mocks' bitmap font (mocks/bitmapfont) found in its pixels. A picture without either (any real
// photo, a WebP the service cannot decode) has no lines.
func readLines(data []byte) []string {
	if text, ok := textChunk(data, markerKeyword); ok {
		var m marker
		if json.Unmarshal([]byte(text), &m) == nil {
			return m.Lines
		}
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil
	}
	return readGlyphs(img)
}

// readGlyphs finds lines of the font in img: a band of rows with dark pixels whose height is 7
// squares of some scale, read cell by cell (6 squares wide) by sampling the middle of every
// square. The band's left edge is the first dark column, or up to 4 squares before it (a line
// may start with a glyph whose first column is blank): the alignment that leaves the fewest
// unreadable cells wins.
func readGlyphs(img image.Image) []string {
	b := img.Bounds()
	ink := func(x, y int) bool {
		if !(image.Point{X: x, Y: y}.In(b)) {
			return false
		}
		return color.GrayModel.Convert(img.At(x, y)).(color.Gray).Y < 128
	}
	rowHasInk := func(y int) bool {
		for x := b.Min.X; x < b.Max.X; x++ {
			if ink(x, y) {
				return true
			}
		}
		return false
	}
	var lines []string
	for y := b.Min.Y; y < b.Max.Y; {
		if !rowHasInk(y) {
			y++
			continue
		}
		top := y
		for y < b.Max.Y && rowHasInk(y) {
			y++
		}
		height := y - top
		if height%bitmapfont.Rows != 0 {
			continue // not a line of the font (a frame, a smudge)
		}
		if line, ok := readBand(ink, b, top, height/bitmapfont.Rows); ok {
			lines = append(lines, line)
		}
	}
	return lines
}

// readBand reads the line whose glyph squares of side scale start at row top.
func readBand(ink func(x, y int) bool, b image.Rectangle, top, scale int) (string, bool) {
	left := -1
	for x := b.Min.X; x < b.Max.X && left < 0; x++ {
		for y := top; y < top+bitmapfont.Rows*scale; y++ {
			if ink(x, y) {
				left = x
				break
			}
		}
	}
	if left < 0 {
		return "", false
	}
	best, bestMisses := "", -1
	for shift := 0; shift <= 4; shift++ {
		origin := left - shift*scale
		var sb strings.Builder
		misses := 0
		for x := origin; x+bitmapfont.Columns*scale <= b.Max.X; x += bitmapfont.Advance * scale {
			var cell strings.Builder
			for row := 0; row < bitmapfont.Rows; row++ {
				for col := 0; col < bitmapfont.Columns; col++ {
					if ink(x+col*scale+scale/2, top+row*scale+scale/2) {
						cell.WriteByte('#')
					} else {
						cell.WriteByte('.')
					}
				}
			}
			r, ok := bitmapfont.Lookup(cell.String())
			if !ok {
				misses++
				r = '?'
			}
			sb.WriteRune(r)
		}
		if bestMisses < 0 || misses < bestMisses {
			best, bestMisses = sb.String(), misses
		}
	}
	line := strings.TrimSpace(best)
	if line == "" || bestMisses*2 > len(line) {
		return "", false // mostly unreadable: not our font
	}
	return line, true
}

// Entities a template extracts, by the service's own names.
const (
	EntityRobotModel = "robot_model"
	EntityRobotSN    = "robot_sn"
	EntityCabinetSN  = "cabinet_sn"
	EntityController = "controller"
	EntityServo      = "servo"
	EntitySCB        = "scb"
	EntityApp        = "app"
	EntitySDK        = "sdk"
)

// labels maps a printed label (upper case, without "VERSION") to its entity, per template.
var labels = map[string]map[string]string{
	TemplateNameplate: {
		"MODEL": EntityRobotModel, "ROBOT MODEL": EntityRobotModel, "TYPE": EntityRobotModel,
		"ROBOT S/N": EntityRobotSN, "ROBOT SN": EntityRobotSN, "SERIAL NO.": EntityRobotSN, "S/N": EntityRobotSN,
		"CABINET S/N": EntityCabinetSN, "CABINET SN": EntityCabinetSN, "CONTROL CABINET S/N": EntityCabinetSN,
	},
	TemplateVersionScreen: {
		"CONTROLLER": EntityController, "SERVO": EntityServo, "SCB": EntitySCB, "APP": EntityApp, "SDK": EntitySDK,
	},
}

// modelNames gives the printed model names (in capitals) their proper spelling.
var modelNames = map[string]string{}

func init() {
	for _, m := range []string{
		"JAKA Zu 3", "JAKA Zu 5", "JAKA Zu 7", "JAKA Zu 12", "JAKA Zu 18", "JAKA Zu 20",
		"JAKA Pro 5", "JAKA Pro 7", "JAKA Pro 12", "JAKA Pro 16", "JAKA MiniCobo",
		"JAKA C 5", "JAKA C 7", "JAKA C 12",
	} {
		modelNames[strings.ToUpper(m)] = m
	}
}

var serialRE = regexp.MustCompile(`\bJAKA-[A-Z]+[0-9]*-[0-9]{4}-[0-9]{6}\b`)

// entities extracts the template's values from the lines: "LABEL: value" lines whose label the
// template knows, and for a nameplate a robot serial number anywhere (JAKA-ZU7-2403-001234)
// when no line is labelled with it.
func entities(template string, lines []string) map[string]string {
	out := map[string]string{}
	known := labels[template]
	for _, line := range lines {
		label, value, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		label = strings.TrimSpace(strings.TrimSuffix(strings.ToUpper(strings.TrimSpace(label)), " VERSION"))
		value = strings.TrimSpace(value)
		if e, ok := known[label]; ok && value != "" {
			if _, seen := out[e]; !seen {
				out[e] = value
			}
		}
	}
	if template == TemplateNameplate {
		if m, ok := out[EntityRobotModel]; ok {
			if proper, ok := modelNames[strings.ToUpper(m)]; ok {
				out[EntityRobotModel] = proper
			}
		}
		if _, ok := out[EntityRobotSN]; !ok {
			for _, line := range lines {
				if sn := serialRE.FindString(strings.ToUpper(line)); sn != "" && !strings.Contains(sn, "-CAB") {
					out[EntityRobotSN] = sn
					break
				}
			}
		}
	}
	return out
}
