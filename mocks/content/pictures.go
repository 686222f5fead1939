package content

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"html"
	"io/fs"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// subject is what the content says about one picture: the English names and titles of the
// items that use it, the product figures when it is a product's, the text colour when it is a
// banner's (the picture behind white text is dark).
type subject struct {
	title          string // the first item's name, for the picture's <title>
	text           string // every item's names and titles, lower case
	payload, reach float64
	textColor      string
}

const mediaPrefix = "/cms-assets/"

func mediaURL(name string) string { return mediaPrefix + name }

// indexPictures reads every seed file and notes, for each picture, the items that use it.
func indexPictures() (map[string]*subject, error) {
	subjects := map[string]*subject{}
	files, err := fs.Glob(seedFS, "seed/*.json")
	if err != nil {
		return nil, err
	}
	for _, file := range files {
		raw, err := seedFS.ReadFile(file)
		if err != nil {
			return nil, err
		}
		var doc any
		if err := json.Unmarshal(raw, &doc); err != nil {
			return nil, fmt.Errorf("%s: %w", file, err)
		}
		walkPictures(doc, subjects)
	}
	return subjects, nil
}

// walkPictures notes the pictures of one item (its string fields and lists of strings that name
// a picture) with what the item says about itself, then goes on into the item's parts.
func walkPictures(v any, subjects map[string]*subject) {
	switch v := v.(type) {
	case []any:
		for _, e := range v {
			walkPictures(e, subjects)
		}
	case map[string]any:
		var urls []string
		for _, f := range v {
			switch f := f.(type) {
			case string:
				if isPicture(f) {
					urls = append(urls, f)
				}
			case []any:
				for _, e := range f {
					if s, ok := e.(string); ok && isPicture(s) {
						urls = append(urls, s)
					}
				}
			}
		}
		if len(urls) > 0 {
			title, text := itemText(v)
			for _, u := range urls {
				sub := subjects[u]
				if sub == nil {
					sub = &subject{title: title}
					subjects[u] = sub
				}
				if _, product := v["productName"]; product {
					// A product's own record names its picture before a line or a page that shows it.
					sub.title = title
				}
				sub.text += " " + text
				if p, ok := v["payload"].(float64); ok && sub.payload == 0 {
					sub.payload = p
					sub.reach, _ = v["reach"].(float64)
				}
				if c, ok := v["color"].(string); ok {
					sub.textColor = c
				}
			}
		}
		for _, f := range v {
			walkPictures(f, subjects)
		}
	}
}

func isPicture(s string) bool {
	return strings.HasPrefix(s, mediaPrefix) && strings.HasSuffix(s, ".svg")
}

// itemText is an item's English name (the first of its name fields) and all its names and
// titles in lower case.
func itemText(item map[string]any) (title, text string) {
	var parts []string
	for _, key := range []string{"productName", "lineName", "name", "title", "seoTitle"} {
		var s string
		switch f := item[key].(type) {
		case string:
			s = f
		case map[string]any:
			if t, ok := f["$t"].(map[string]any); ok {
				s, _ = t["en"].(string)
			}
		}
		if s == "" {
			continue
		}
		if title == "" {
			title = s
		}
		parts = append(parts, strings.ToLower(s))
	}
	return title, strings.Join(parts, " ")
}

// heroBanners are the home page's banners: the model each shows and the scene around it.
var heroBanners = map[string]struct {
	m     model
	scene string
}{
	"zu":      {model{"zu", 12, 1327}, "family"},
	"pro":     {model{"pro", 12, 1327}, "welding"},
	"virtual": {model{"c", 7, 819}, "software"},
}

var lightBackdrops = []string{"studio", "mist", "sand", "steel", "blush"}

// drawPicture draws the picture name (below the media prefix) of subject sub, which may be nil
// for a picture no item uses.
func drawPicture(name string, sub *subject) string {
	if sub == nil {
		sub = &subject{}
	}
	base := strings.TrimSuffix(name[strings.Index(name, "/")+1:], ".svg")
	h := fnv.New64a()
	_, _ = h.Write([]byte(name))
	r := &rng{state: h.Sum64() | 1}
	text := strings.ToLower(base) + " " + sub.text
	title := sub.title
	if title == "" {
		title = strings.ReplaceAll(base, "-", " ")
	}

	mobile := strings.HasSuffix(base, "-mobile")
	wide := strings.HasPrefix(name, "banners/") || strings.Contains(base, "banner")
	f := frame{w: 1200, h: 800, left: 0.08, right: 0.92, top: 0.1, floor: 0.86, fill: 0.9}
	switch {
	case mobile:
		// A phone's banner has its text over the lower part: the subject stands above it.
		f = frame{w: 750, h: 1000, left: 0.08, right: 0.94, top: 0.05, floor: 0.4, fill: 0.95}
	case wide:
		// Behind the text of a banner, which sits on the left: the subject on the right.
		// Kept clear of the edges, which a wide screen's banner (object-fit: cover) crops.
		f = frame{w: 1920, h: 720, left: 0.5, right: 0.88, top: 0.1, floor: 0.9, fill: 0.95}
	}
	bd := backdrops[choose(r, lightBackdrops...)]
	if sub.textColor != "" {
		bd = backdrops["studio"]
		if lightText(sub.textColor) {
			bd = backdrops[choose(r, "navy", "graphite")]
		}
	}

	switch {
	case strings.HasPrefix(name, "products/"):
		// A product's portrait: the model alone in the studio, drawn to its figures; a longer
		// reach fills more of the frame, as it would in a photograph taken from one distance.
		m := productModel(base, sub)
		f = frame{w: 800, h: 800, left: 0.1, right: 0.9, top: 0.06, floor: 0.8, fill: math.Pow(m.reach/1400, 0.3)}
		sc := drawScene("", m, r, backdrops["studio"])
		return sc.render(f, productTitle(title))
	case strings.HasPrefix(name, "banners/home-"):
		key := strings.TrimSuffix(strings.TrimPrefix(name, "banners/home-"), ".svg")
		hero := heroBanners[strings.TrimSuffix(key, "-mobile")]
		return drawScene(hero.scene, hero.m, r, bd).renderAs(f, title, hero.scene)
	case strings.HasPrefix(base, "instructor-"):
		return portrait(base, title, r)
	case strings.HasPrefix(base, "qr-"):
		return qrCode(title, h.Sum64())
	}

	m := sceneModel(text, sub)
	kind := sceneKind(strings.ToLower(base))
	if kind == "" {
		kind = sceneKind(text)
	}
	if strings.HasPrefix(base, "product-") {
		// A product's cell (the model at its usual work) or its detail (a close look at the wrist).
		kind = usualWork(m, r)
		if strings.HasSuffix(base, "-detail") {
			sc := drawScene(kind, m, r, bd)
			focusWrist(sc, m)
			return sc.renderAs(frame{w: 1200, h: 800, left: 0.05, right: 0.95, top: 0.05, floor: 0.95, fill: 1}, title, kind)
		}
	}
	if strings.HasPrefix(name, "pictures/news-") || strings.HasPrefix(base, "case-") {
		// News and cases vary more: the odd dark picture, and the scene seen from either side.
		if !wide && !mobile && r.next() < 0.3 {
			bd = backdrops[choose(r, "navy", "graphite")]
		}
	}
	if !wide && !mobile {
		f.mirror = r.next() < 0.5
		f.fill = r.between(0.82, 0.98)
		shift := r.between(-0.06, 0.06)
		f.left, f.right = f.left+shift, f.right+shift
	}
	return drawScene(kind, m, r, bd).renderAs(f, title, kind)
}

// lightText reports whether a banner's text colour is light, so that its picture must be dark.
func lightText(c string) bool {
	if len(c) != 7 || c[0] != '#' {
		return false
	}
	n, err := strconv.ParseUint(c[1:], 16, 32)
	if err != nil {
		return false
	}
	r, g, b := float64(n>>16&0xff), float64(n>>8&0xff), float64(n&0xff)
	return 0.299*r+0.587*g+0.114*b > 140
}

var proWord = regexp.MustCompile(`\bpro\b`)

var payloadInName = regexp.MustCompile(`(?:zu|pro|c|lumi)-?(\d+(?:\.\d+)?)`)

// productModel is the model a product picture shows: its line from the picture's name, its
// payload and reach from the catalogue (or, for a picture no product uses, estimated).
func productModel(base string, sub *subject) model {
	line, _, _ := strings.Cut(base, "-")
	if strings.Contains(sub.text, "minicobo") {
		line = "mini"
	}
	m := model{line: line, payload: sub.payload, reach: sub.reach}
	if m.payload == 0 {
		if g := payloadInName.FindStringSubmatch(base); g != nil {
			m.payload, _ = strconv.ParseFloat(g[1], 64)
		}
	}
	if m.payload == 0 {
		m.payload = 5
	}
	if m.reach == 0 {
		m.reach = 500 + 55*m.payload
	}
	return m
}

func productTitle(title string) string {
	if strings.HasPrefix(title, "JAKA") {
		return title + " collaborative robot"
	}
	return title
}

// sceneModel is the arm a scene shows: the product the item names, else one that suits the text.
func sceneModel(text string, sub *subject) model {
	m := model{line: "zu", payload: 7, reach: 819}
	switch {
	case strings.Contains(text, "minicobo") || strings.Contains(text, "lab") || strings.Contains(text, "education") || strings.Contains(text, "course") || strings.Contains(text, "academy"):
		m = model{line: "mini", payload: 1.5, reach: 540}
	case strings.Contains(text, "lumi") || strings.Contains(text, "mobile") || strings.Contains(text, "logistics") || strings.Contains(text, "semiconductor") || strings.Contains(text, "magazine"):
		m = model{line: "lumi", payload: 5, reach: 954}
	case proWord.MatchString(text) || strings.Contains(text, "ip68") || strings.Contains(text, "weld") || strings.Contains(text, "food") || strings.Contains(text, "polish") || strings.Contains(text, "grind"):
		m = model{line: "pro", payload: 12, reach: 1327}
	case strings.Contains(text, "c series") || strings.Contains(text, "jaka c5") || strings.Contains(text, "jaka c12") || strings.Contains(text, "compact"):
		m = model{line: "c", payload: 5, reach: 954}
	case strings.Contains(text, "pallet") || strings.Contains(text, "battery") || strings.Contains(text, "heavy"):
		m = model{line: "zu", payload: 18, reach: 1073}
	case strings.Contains(text, "screw") || strings.Contains(text, "electronics") || strings.Contains(text, "light"):
		m = model{line: "zu", payload: 5, reach: 954}
	}
	if sub.payload > 0 {
		m.payload, m.reach = sub.payload, sub.reach
	}
	return m
}

// usualWork is the scene a model is most often seen at.
func usualWork(m model, r *rng) string {
	switch m.line {
	case "pro":
		return choose(r, "welding", "polishing", "food")
	case "mini":
		return "lab"
	case "lumi":
		return choose(r, "mobile", "semiconductor")
	case "c":
		return choose(r, "assembly", "inspection", "dispensing")
	}
	switch {
	case m.payload >= 12:
		return "palletizing"
	case m.payload >= 7:
		return "tending"
	default:
		return "screwdriving"
	}
}

// focusWrist frames the scene on the arm's wrist and tool.
func focusWrist(sc *scene, m model) {
	// The wrist is, in every scene, near the work at about half the reach in front of the foot.
	cx, cz := 0.5*m.reach, 0.55*m.reach
	sc.focus = &[4]float64{cx - 0.45*m.reach, cx + 0.45*m.reach, cz - 0.3*m.reach, cz + 0.3*m.reach}
}

// portrait draws an instructor's likeness: a figure in the company's colours.
func portrait(base, title string, r *rng) string {
	skin := choose(r, "#f1d3b6", "#e0b48f", "#c99670", "#f5dcc4")
	hair := choose(r, "#1f1a17", "#3b2a20", "#5a4030", "#2b2b2b")
	shirt := choose(r, "#16191d", "#2b3a4a", brandRed, "#59616a")
	bd := backdrops[choose(r, lightBackdrops...)]
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800" role="img"><title>%s</title>`, html.EscapeString(title))
	b.WriteString(defs(bd))
	b.WriteString(`<rect width="800" height="800" fill="url(#wall)"/><circle cx="400" cy="360" r="300" fill="url(#halo)"/>`)
	fmt.Fprintf(&b, `<path d="M140 800 C150 610 260 545 400 545 C540 545 650 610 660 800 Z" fill="%s"/>`, shirt)
	fmt.Fprintf(&b, `<path d="M350 520 h100 v50 q-50 40 -100 0 z" fill="%s"/>`, skin)
	fmt.Fprintf(&b, `<ellipse cx="400" cy="390" rx="112" ry="136" fill="%s"/>`, skin)
	if r.next() < 0.5 {
		fmt.Fprintf(&b, `<path d="M288 380 C280 260 340 228 400 228 C470 228 525 262 512 380 C500 320 470 300 400 300 C340 300 300 320 288 380 Z" fill="%s"/>`, hair)
	} else {
		fmt.Fprintf(&b, `<path d="M282 420 C262 250 340 222 400 222 C470 222 545 250 518 420 C512 330 480 290 400 292 C330 292 292 330 282 420 Z" fill="%s"/>`, hair)
	}
	fmt.Fprintf(&b, `<rect x="360" y="640" width="80" height="14" rx="7" fill="%s" opacity=".9"/>`, "#ffffff")
	b.WriteString(`</svg>`)
	return b.String()
}

// qrCode draws a QR-code-like square: the three finder patterns and modules from the name.
func qrCode(title string, seed uint64) string {
	const n, cell = 25, 12
	r := &rng{state: seed | 1}
	var b strings.Builder
	size := n*cell + 2*4*cell
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" role="img"><title>%s</title><rect width="%d" height="%d" fill="#ffffff"/><g transform="translate(%d %d)" fill="#16191d">`,
		size, size, size, size, html.EscapeString(title), size, size, 4*cell, 4*cell)
	finder := func(x, y int) bool { return x < 8 && y < 8 || x >= n-8 && y < 8 || x < 8 && y >= n-8 }
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			if !finder(x, y) && r.next() < 0.5 {
				fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d"/>`, x*cell, y*cell, cell, cell)
			}
		}
	}
	for _, p := range [][2]int{{0, 0}, {n - 7, 0}, {0, n - 7}} {
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d"/><rect x="%d" y="%d" width="%d" height="%d" fill="#ffffff"/><rect x="%d" y="%d" width="%d" height="%d"/>`,
			p[0]*cell, p[1]*cell, 7*cell, 7*cell, (p[0]+1)*cell, (p[1]+1)*cell, 5*cell, 5*cell, (p[0]+2)*cell, (p[1]+2)*cell, 3*cell, 3*cell)
	}
	b.WriteString(`</g></svg>`)
	return b.String()
}
