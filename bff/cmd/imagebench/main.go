// Command imagebench makes the test master of bench/images.sh and measures the BFF's picture
// variants (package images) one process at a time, so that each run's peak memory is its own:
//
//	imagebench master -o master.jpg            a 2400×1600 photograph-like JPEG (q 90)
//	imagebench variant -src master.jpg -w 640 -f avif -o out.avif
//	imagebench ssim -src master.jpg -img out.avif
//
// variant prints one JSON line: the milliseconds of each of n runs (decode, resize and encode;
// the first also compiles the encoder), output bytes and the process's peak resident memory
// (VmHWM) in MiB. ssim prints the SSIM of the variant's luma
// against the master resized to the same size (Lanczos): 1 is identical.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/disintegration/imaging"
	"github.com/gen2brain/avif"
	"golang.org/x/image/webp"

	"github.com/jakarobotics/website/bff/internal/images"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: imagebench master|variant|ssim [flags]")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "master":
		err = master(os.Args[2:])
	case "variant":
		err = variant(os.Args[2:])
	case "ssim":
		err = ssim(os.Args[2:])
	default:
		err = fmt.Errorf("unknown command %q", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "imagebench:", err)
		os.Exit(1)
	}
}

// master writes a deterministic picture with what makes photographs costly to encode: smooth
// gradients (a sky), hard edges (a horizon, machines), fine texture at several scales (value
// noise) and sensor grain.
func master(args []string) error {
	fs := flag.NewFlagSet("master", flag.ExitOnError)
	out := fs.String("o", "master.jpg", "output file")
	w := fs.Int("w", 2400, "width")
	h := fs.Int("h", 1600, "height")
	_ = fs.Parse(args)
	rng := rand.New(rand.NewPCG(1, 2))
	img := image.NewRGBA(image.Rect(0, 0, *w, *h))
	grid := newNoise(rng, 64)
	for y := 0; y < *h; y++ {
		fy := float64(y) / float64(*h)
		for x := 0; x < *w; x++ {
			fx := float64(x) / float64(*w)
			horizon := 0.45 + 0.06*math.Sin(fx*7) + 0.03*math.Sin(fx*23+1)
			var r, g, b float64
			if fy < horizon { // sky: a gradient with soft clouds
				c := grid.fractal(fx*3, fy*6, 4)
				r, g, b = 90+80*fy+60*c, 140+60*fy+60*c, 220-20*fy+30*c
			} else { // ground: texture at several scales
				c := grid.fractal(fx*40, fy*40, 5)
				d := grid.fractal(fx*4+10, fy*4, 3)
				r, g, b = 70+90*c+40*d, 80+70*c+30*d, 50+40*c
			}
			// Machines: discs and bars with hard edges.
			for k := 0; k < 6; k++ {
				cx, cy := 0.12+0.15*float64(k), 0.62+0.05*math.Sin(float64(k))
				if math.Hypot(fx-cx, (fy-cy)*1.5) < 0.05 {
					r, g, b = 230, 60+25*float64(k), 40
				}
				if math.Abs(fx-cx) < 0.008 && fy > cy-0.25 && fy < cy {
					r, g, b = 200, 200, 205
				}
			}
			n := rng.NormFloat64() * 4 // grain
			img.Pix[img.PixOffset(x, y)+0] = clamp(r + n)
			img.Pix[img.PixOffset(x, y)+1] = clamp(g + n)
			img.Pix[img.PixOffset(x, y)+2] = clamp(b + n)
			img.Pix[img.PixOffset(x, y)+3] = 255
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 90}); err != nil {
		return err
	}
	return os.WriteFile(*out, buf.Bytes(), 0o644)
}

func clamp(v float64) uint8 { return uint8(math.Max(0, math.Min(255, v))) }

// noise is value noise on a square grid, wrapped.
type noise struct {
	n int
	v []float64
}

func newNoise(rng *rand.Rand, n int) *noise {
	v := make([]float64, n*n)
	for i := range v {
		v[i] = rng.Float64()
	}
	return &noise{n, v}
}

func (p *noise) at(x, y float64) float64 {
	x0, y0 := math.Floor(x), math.Floor(y)
	tx, ty := x-x0, y-y0
	tx, ty = tx*tx*(3-2*tx), ty*ty*(3-2*ty)
	i, j := int(x0), int(y0)
	g := func(a, b int) float64 { return p.v[((b%p.n+p.n)%p.n)*p.n+(a%p.n+p.n)%p.n] }
	top := g(i, j)*(1-tx) + g(i+1, j)*tx
	bot := g(i, j+1)*(1-tx) + g(i+1, j+1)*tx
	return top*(1-ty) + bot*ty
}

func (p *noise) fractal(x, y float64, octaves int) float64 {
	sum, amp, norm := 0.0, 1.0, 0.0
	for o := 0; o < octaves; o++ {
		sum += amp * p.at(x, y)
		norm += amp
		x, y, amp = x*2.1, y*2.1, amp*0.55
	}
	return sum/norm - 0.5
}

func variant(args []string) error {
	fs := flag.NewFlagSet("variant", flag.ExitOnError)
	src := fs.String("src", "master.jpg", "master")
	w := fs.Int("w", 640, "width")
	f := fs.String("f", "webp", "avif|webp|jpeg")
	out := fs.String("o", "", "where to write the variant (optional)")
	q := images.DefaultQuality
	fs.IntVar(&q.WebP, "qwebp", q.WebP, "WebP quality")
	fs.IntVar(&q.AVIF, "qavif", q.AVIF, "AVIF quality")
	fs.IntVar(&q.AVIFSpeed, "speed", q.AVIFSpeed, "AVIF speed")
	n := fs.Int("n", 3, "runs in this process (the first compiles the encoder)")
	_ = fs.Parse(args)
	b, err := os.ReadFile(*src)
	if err != nil {
		return err
	}
	// The first run in a process compiles the encoder's WebAssembly (once per process in the
	// BFF); the later ones are what each further variant costs.
	var v images.Variant
	var ms []float64
	for range *n {
		start := time.Now()
		s, err := images.Probe(b, images.DefaultLimits)
		if err != nil {
			return err
		}
		v, err = images.Make(b, s.Format, *w, images.Format(*f), q)
		if err != nil {
			return err
		}
		ms = append(ms, float64(time.Since(start).Microseconds())/1000)
	}
	if *out != "" {
		if err := os.WriteFile(*out, v.Body, 0o644); err != nil {
			return err
		}
	}
	return json.NewEncoder(os.Stdout).Encode(map[string]any{
		"lib": "go", "format": *f, "width": v.Width, "ms": ms, "bytes": len(v.Body), "peakMiB": peakMiB(),
	})
}

// peakMiB is the process's peak resident memory, from /proc/self/status.
func peakMiB() float64 {
	b, _ := os.ReadFile("/proc/self/status")
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")))
			return math.Round(float64(kb)/1024*10) / 10
		}
	}
	return 0
}

func ssim(args []string) error {
	fs := flag.NewFlagSet("ssim", flag.ExitOnError)
	src := fs.String("src", "master.jpg", "master")
	file := fs.String("img", "", "variant")
	_ = fs.Parse(args)
	m, err := imaging.Open(*src)
	if err != nil {
		return err
	}
	b, err := os.ReadFile(*file)
	if err != nil {
		return err
	}
	var v image.Image
	switch {
	case bytes.HasPrefix(b, []byte("RIFF")):
		v, err = webp.Decode(bytes.NewReader(b))
	case bytes.Contains(b[:min(len(b), 32)], []byte("ftypavif")):
		v, err = avif.Decode(bytes.NewReader(b))
	default:
		v, err = imaging.Decode(bytes.NewReader(b))
	}
	if err != nil {
		return err
	}
	ref := imaging.Resize(m, v.Bounds().Dx(), v.Bounds().Dy(), imaging.Lanczos)
	fmt.Printf("%.4f\n", lumaSSIM(ref, v))
	return nil
}

// lumaSSIM is the mean SSIM of the luma of a and b over 8×8 windows (step 4).
func lumaSSIM(a, b image.Image) float64 {
	w, h := a.Bounds().Dx(), a.Bounds().Dy()
	la, lb := luma(a), luma(b)
	const c1, c2 = (0.01 * 255) * (0.01 * 255), (0.03 * 255) * (0.03 * 255)
	sum, n := 0.0, 0
	for y := 0; y+8 <= h; y += 4 {
		for x := 0; x+8 <= w; x += 4 {
			var ma, mb, va, vb, cov float64
			for j := 0; j < 8; j++ {
				for i := 0; i < 8; i++ {
					pa, pb := la[(y+j)*w+x+i], lb[(y+j)*w+x+i]
					ma, mb = ma+pa, mb+pb
				}
			}
			ma, mb = ma/64, mb/64
			for j := 0; j < 8; j++ {
				for i := 0; i < 8; i++ {
					da, db := la[(y+j)*w+x+i]-ma, lb[(y+j)*w+x+i]-mb
					va, vb, cov = va+da*da, vb+db*db, cov+da*db
				}
			}
			va, vb, cov = va/63, vb/63, cov/63
			sum += ((2*ma*mb + c1) * (2*cov + c2)) / ((ma*ma + mb*mb + c1) * (va + vb + c2))
			n++
		}
	}
	return sum / float64(n)
}

func luma(img image.Image) []float64 {
	b := img.Bounds()
	out := make([]float64, 0, b.Dx()*b.Dy())
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			g := color.GrayModel.Convert(img.At(x, y)).(color.Gray)
			out = append(out, float64(g.Y))
		}
	}
	return out
}
