package crm

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"strings"
	"sync"
	"time"

	"github.com/jakarobotics/website/mocks/bitmapfont"
)

// certificate is a training certificate of the academy, as the CRM records exam results.
type certificate struct {
	Number    string
	Holder    string // name as registered, in Chinese for Chinese holders
	HolderLat string // name in Latin letters, printed on the certificate
	Phone     string // holder's phone, digits only
	Level     string // primary, intermediate or advanced
	Issued    string // date of the exam
	// Valid is the last day the certificate is valid; empty for one that does not expire.
	Valid string
}

// certificates are the seeded exam results: holders with one, two or all three levels, an
// expired certificate, and a holder abroad (whose phone is not a Chinese mobile number and so is
// found by certificate number only).
var certificates = []certificate{
	{"JK-P-2023-0001", "张伟", "ZHANG Wei", "13800138000", "primary", "2023-04-21", "2026-04-20"},
	{"JK-I-2024-0107", "张伟", "ZHANG Wei", "13800138000", "intermediate", "2024-03-15", "2027-03-14"},
	{"JK-A-2024-0012", "李娜", "LI Na", "13912345678", "advanced", "2024-06-28", ""},
	{"JK-P-2024-0233", "王芳", "WANG Fang", "13700001111", "primary", "2024-08-09", "2027-08-08"},
	{"JK-I-2023-0318", "陈静", "CHEN Jing", "13600002222", "intermediate", "2023-09-08", "2026-09-07"},
	{"JK-P-2022-0456", "刘洋", "LIU Yang", "18612345678", "primary", "2022-11-11", "2025-11-10"},
	{"JK-I-2023-0520", "刘洋", "LIU Yang", "18612345678", "intermediate", "2023-12-01", "2026-11-30"},
	{"JK-A-2025-0031", "刘洋", "LIU Yang", "18612345678", "advanced", "2025-05-16", ""},
	{"JK-P-2024-1001", "Anna Schmidt", "Anna Schmidt", "4915123456789", "primary", "2024-10-18", "2027-10-17"},
}

// courseNames are the curricula whose exams the levels certify, in every language the CRM keeps.
var courseNames = map[string]map[string]string{
	"primary": {
		"zh": "协作机器人操作员认证（初级）", "zh_tw": "協作機器人操作員認證（初級）", "en": "Certified Cobot Operator (Primary)",
		"ja": "協働ロボット オペレーター認定（初級）", "ko": "협동로봇 오퍼레이터 인증(초급)", "th": "หลักสูตรรับรองผู้ควบคุมโคบอท (ระดับต้น)",
		"es": "Operador/a certificado/a de cobots (nivel básico)", "fr": "Opérateur cobot certifié (niveau initial)",
		"de": "Zertifizierte/r Cobot-Bediener/in (Grundstufe)", "ru": "Сертифицированный оператор кобота (начальный уровень)",
	},
	"intermediate": {
		"zh": "协作机器人编程工程师认证（中级）", "zh_tw": "協作機器人程式設計工程師認證（中級）", "en": "Certified Cobot Programmer (Intermediate)",
		"ja": "協働ロボット プログラマー認定（中級）", "ko": "협동로봇 프로그래머 인증(중급)", "th": "หลักสูตรรับรองนักเขียนโปรแกรมโคบอท (ระดับกลาง)",
		"es": "Programador/a certificado/a de cobots (nivel intermedio)", "fr": "Programmeur cobot certifié (niveau intermédiaire)",
		"de": "Zertifizierte/r Cobot-Programmierer/in (Aufbaustufe)", "ru": "Сертифицированный программист кобота (средний уровень)",
	},
	"advanced": {
		"zh": "协作机器人应用专家认证（高级）", "zh_tw": "協作機器人應用專家認證（高級）", "en": "Certified Cobot Application Expert (Advanced)",
		"ja": "協働ロボット アプリケーションエキスパート認定（上級）", "ko": "협동로봇 애플리케이션 전문가 인증(고급)", "th": "หลักสูตรรับรองผู้เชี่ยวชาญการประยุกต์ใช้โคบอท (ระดับสูง)",
		"es": "Experto/a certificado/a en aplicaciones con cobots (nivel avanzado)", "fr": "Expert applications cobot certifié (niveau avancé)",
		"de": "Zertifizierte/r Cobot-Applikationsexperte/in (Expertenstufe)", "ru": "Сертифицированный эксперт по применению коботов (продвинутый уровень)",
	},
}

// courseName is the course of level in locale, falling back to English (the regional Englishes
// and unknown locales) and then Chinese.
func courseName(level, locale string) string {
	names := courseNames[level]
	if n, ok := names[locale]; ok {
		return n
	}
	if n, ok := names["en"]; ok {
		return n
	}
	return names["zh"]
}

// digitsOnly keeps the digits of a phone number as people type it (+86 138-0013-8000).
func digitsOnly(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// certificatesByPhone finds a holder's certificates; a leading 86 country code is ignored.
func certificatesByPhone(phone string) []certificate {
	want := digitsOnly(phone)
	if len(want) == 13 && strings.HasPrefix(want, "86") {
		want = want[2:]
	}
	var out []certificate
	for _, c := range certificates {
		if want != "" && c.Phone == want {
			out = append(out, c)
		}
	}
	return out
}

// certificateByNumber finds one certificate; numbers are compared without regard to case.
func certificateByNumber(number string) (certificate, bool) {
	for _, c := range certificates {
		if strings.EqualFold(c.Number, strings.TrimSpace(number)) {
			return c, true
		}
	}
	return certificate{}, false
}

// Colours of the certificate: the brand red on warm paper, and one colour per level.
var (
	paper      = color.RGBA{0xfb, 0xf8, 0xf2, 0xff}
	brandRed   = color.RGBA{0xe6, 0x00, 0x12, 0xff}
	ink        = color.RGBA{0x22, 0x22, 0x22, 0xff}
	mutedInk   = color.RGBA{0x66, 0x66, 0x66, 0xff}
	levelColor = map[string]color.RGBA{
		"primary":      {0x2e, 0x7d, 0x32, 0xff},
		"intermediate": {0x15, 0x65, 0xc0, 0xff},
		"advanced":     {0xb8, 0x86, 0x0b, 0xff},
	}
	levelStars = map[string]int{"primary": 1, "intermediate": 2, "advanced": 3}
)

// renderCertificate draws c as a PNG: a framed sheet with the academy's heading, the holder's
// name in Latin letters, the level with one to three stars, the dates, and a seal.
func renderCertificate(c certificate) ([]byte, error) {
	const w, h = 1200, 848
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	fill := func(r image.Rectangle, col color.Color) {
		draw.Draw(img, r, image.NewUniform(col), image.Point{}, draw.Src)
	}
	fill(img.Bounds(), paper)
	// Frame: a brand-red outer border and a thin inner rule.
	fill(image.Rect(0, 0, w, 24), brandRed)
	fill(image.Rect(0, h-24, w, h), brandRed)
	fill(image.Rect(0, 0, 24, h), brandRed)
	fill(image.Rect(w-24, 0, w, h), brandRed)
	lc := levelColor[c.Level]
	for _, r := range []image.Rectangle{
		image.Rect(48, 48, w-48, 52), image.Rect(48, h-52, w-48, h-48),
		image.Rect(48, 48, 52, h-48), image.Rect(w-52, 48, w-48, h-48),
	} {
		fill(r, lc)
	}

	bitmapfont.DrawCentered(img, w/2, 100, "JAKA ACADEMY", 8, brandRed)
	bitmapfont.DrawCentered(img, w/2, 180, "CERTIFICATE OF TRAINING", 5, ink)
	bitmapfont.DrawCentered(img, w/2, 260, "THIS IS TO CERTIFY THAT", 3, mutedInk)
	bitmapfont.DrawCentered(img, w/2, 305, c.HolderLat, 7, ink)
	fill(image.Rect(w/2-320, 370, w/2+320, 373), mutedInk)
	bitmapfont.DrawCentered(img, w/2, 400, "HAS PASSED THE EXAMINATION OF LEVEL", 3, mutedInk)
	bitmapfont.DrawCentered(img, w/2, 440, strings.ToUpper(c.Level), 6, lc)

	// One to three stars for the level.
	stars := levelStars[c.Level]
	for i := 0; i < stars; i++ {
		cx := w/2 + (i*2-(stars-1))*60
		drawStar(img, cx, 540, 26, lc)
	}

	bitmapfont.Draw(img, 110, 640, "CERTIFICATE NO. "+c.Number, 3, ink)
	bitmapfont.Draw(img, 110, 680, "ISSUED "+c.Issued, 3, ink)
	valid := "DOES NOT EXPIRE"
	if c.Valid != "" {
		valid = "VALID UNTIL " + c.Valid
	}
	bitmapfont.Draw(img, 110, 720, valid, 3, ink)
	drawSeal(img, w-230, h-210, 90, brandRed)

	var buf bytes.Buffer
	// A sheet of flat colours compresses well at any level; the fastest keeps the answer quick.
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// drawStar fills a five-pointed star of outer radius r centred on (cx, cy).
func drawStar(img *image.RGBA, cx, cy, r int, col color.Color) {
	var pts [10][2]float64
	for i := range pts {
		radius := float64(r)
		if i%2 == 1 {
			radius *= 0.4
		}
		a := -math.Pi/2 + float64(i)*math.Pi/5
		pts[i] = [2]float64{float64(cx) + radius*math.Cos(a), float64(cy) + radius*math.Sin(a)}
	}
	for y := cy - r; y <= cy+r; y++ {
		for x := cx - r; x <= cx+r; x++ {
			if inPolygon(float64(x)+0.5, float64(y)+0.5, pts[:]) {
				img.Set(x, y, col)
			}
		}
	}
}

// inPolygon is the even-odd rule.
func inPolygon(x, y float64, pts [][2]float64) bool {
	in := false
	for i, j := 0, len(pts)-1; i < len(pts); j, i = i, i+1 {
		xi, yi, xj, yj := pts[i][0], pts[i][1], pts[j][0], pts[j][1]
		if (yi > y) != (yj > y) && x < (xj-xi)*(y-yi)/(yj-yi)+xi {
			in = !in
		}
	}
	return in
}

// drawSeal draws a round seal: two rings and a star.
func drawSeal(img *image.RGBA, cx, cy, r int, col color.Color) {
	for y := cy - r; y <= cy+r; y++ {
		for x := cx - r; x <= cx+r; x++ {
			d := math.Hypot(float64(x-cx), float64(y-cy))
			if (d <= float64(r) && d >= float64(r)-8) || (d <= float64(r)-16 && d >= float64(r)-19) {
				img.Set(x, y, col)
			}
		}
	}
	drawStar(img, cx, cy, r/2, col)
}

// certificateImage is the answer of the image endpoint.
type certificateImage struct {
	Number   string `json:"number"`
	FileName string `json:"fileName"`
	DataURL  string `json:"dataUrl"`
}

// rendered holds each certificate's PNG, drawn on its first request: a certificate never
// changes, and drawing one is the stand-in's most expensive answer (seconds under the race
// detector), which would otherwise be paid again by every request.
var rendered sync.Map // number → func() ([]byte, error)

func imageOf(c certificate) (certificateImage, error) {
	render, _ := rendered.LoadOrStore(c.Number, sync.OnceValues(func() ([]byte, error) { return renderCertificate(c) }))
	data, err := render.(func() ([]byte, error))()
	if err != nil {
		return certificateImage{}, err
	}
	return certificateImage{
		Number:   c.Number,
		FileName: "certificate-" + c.Number + ".png",
		DataURL:  "data:image/png;base64," + base64.StdEncoding.EncodeToString(data),
	}, nil
}

// certificateJSON is a certificate as the CRM's API answers it.
type certificateJSON struct {
	Number     string  `json:"number"`
	Holder     string  `json:"holder"`
	Level      string  `json:"level"`
	Course     string  `json:"course"`
	IssuedOn   string  `json:"issuedOn"`
	ValidUntil *string `json:"validUntil"`
	Expired    bool    `json:"expired"`
}

func (c certificate) json(locale string, today time.Time) certificateJSON {
	out := certificateJSON{
		Number: c.Number, Holder: c.Holder, Level: c.Level, Course: courseName(c.Level, locale), IssuedOn: c.Issued,
	}
	if c.Valid != "" {
		v := c.Valid
		out.ValidUntil = &v
		out.Expired = v < today.Format(time.DateOnly)
	}
	return out
}
