package httpapi_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	xwebp "golang.org/x/image/webp"

	"github.com/jakarobotics/website/bff/internal/cache"
	"github.com/jakarobotics/website/bff/internal/httpapi"
	"github.com/jakarobotics/website/bff/internal/images"
	"github.com/jakarobotics/website/bff/internal/redistest"
	"github.com/jakarobotics/website/bff/internal/shared"
	"github.com/jakarobotics/website/bff/internal/upstream"
	"github.com/jakarobotics/website/bff/internal/upstream/content"
	"github.com/jakarobotics/website/bff/internal/variants"
)

// chromeAccept is what Chromium sends for an <img>.
const chromeAccept = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8"

// cmsFile is a file of the CMS stand-in's media library. chunked sends it without a
// Content-Length.
type cmsFile struct {
	contentType string
	body        []byte
	chunked     bool
}

// variantFixture is a BFF in front of a CMS whose media library holds files, and which records
// every request it gets.
type variantFixture struct {
	cms   *url.URL
	bff   *httptest.Server
	admin *httptest.Server
	mu    sync.Mutex
	files map[string]cmsFile
	asked []string
}

func newVariantFixture(t *testing.T, files map[string]cmsFile, o variants.Options) *variantFixture {
	t.Helper()
	if o.Timeout == 0 {
		// The first variant of a test binary compiles the encoders, which under the race
		// detector on a busy machine takes far longer than it does in production (Prepare).
		o.Timeout = 3 * time.Minute
	}
	f := &variantFixture{files: files}
	cms := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		f.asked = append(f.asked, r.URL.EscapedPath())
		file, ok := f.files[strings.TrimPrefix(r.URL.Path, "/assets/")]
		f.mu.Unlock()
		if !ok || !strings.HasPrefix(r.URL.Path, "/assets/") {
			http.NotFound(w, r)
			return
		}
		if file.contentType == "fail" {
			http.Error(w, "down", http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", file.contentType)
		if file.chunked {
			half := len(file.body) / 2
			_, _ = w.Write(file.body[:half])
			w.(http.Flusher).Flush() // no Content-Length from here on
			_, _ = w.Write(file.body[half:])
			return
		}
		w.Header().Set("Content-Length", strconv.Itoa(len(file.body)))
		_, _ = w.Write(file.body)
	}))
	t.Cleanup(cms.Close)
	f.cms, _ = url.Parse(cms.URL)
	f.bff, f.admin = f.replica(t, o)
	return f
}

// replica starts another BFF in front of f's CMS, with the variant options o.
func (f *variantFixture) replica(t *testing.T, o variants.Options) (site, admin *httptest.Server) {
	t.Helper()
	h, err := httpapi.NewServer(httpapi.Deps{
		Spec: mustServingSpec(t), Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Timeout: 5 * time.Second, LongTimeout: 5 * time.Second,
		Media: f.cms, Content: content.New(upstream.Client{System: "content", BaseURL: f.cms}), Images: o,
	})
	require.NoError(t, err)
	site, admin = httptest.NewServer(h), httptest.NewServer(h.Admin)
	t.Cleanup(site.Close)
	t.Cleanup(admin.Close)
	return site, admin
}

func (f *variantFixture) requested() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.asked...)
}

func (f *variantFixture) put(name string, file cmsFile) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.files[name] = file
}

// get sends method to path exactly as written, with the headers given as name, value pairs.
func (f *variantFixture) get(t *testing.T, method, path string, header ...string) (*http.Response, []byte) {
	t.Helper()
	return getFrom(t, f.bff, method, path, header...)
}

// getFrom is get of site.
func getFrom(t *testing.T, site *httptest.Server, method, path string, header ...string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, site.URL+"/", nil)
	require.NoError(t, err)
	req.URL.Opaque = path
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp, body
}

// errorKey is the errorKey of an envelope body.
func errorKey(t *testing.T, body []byte) string {
	t.Helper()
	var env struct {
		Success  bool   `json:"success"`
		ErrorKey string `json:"errorKey"`
	}
	require.NoError(t, json.Unmarshal(body, &env), string(body))
	assert.False(t, env.Success)
	return env.ErrorKey
}

// testPhoto is a w×h JPEG with a gradient and stripes.
func testPhoto(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, color.RGBA{uint8(x * 255 / w), uint8(y * 255 / h), uint8((x / 9 % 2) * 180), 255})
		}
	}
	var b bytes.Buffer
	require.NoError(t, jpeg.Encode(&b, img, &jpeg.Options{Quality: 90}))
	return b.Bytes()
}

// testLogo is a w×h PNG, half transparent.
func testLogo(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, color.NRGBA{200, 0, 20, uint8(255 * (x % 2))})
		}
	}
	var b bytes.Buffer
	require.NoError(t, png.Encode(&b, img))
	return b.Bytes()
}

// pngBomb is a PNG header claiming w×h pixels, and nothing more.
func pngBomb(w, h uint32) []byte {
	ihdr := binary.BigEndian.AppendUint32([]byte("IHDR"), w)
	ihdr = binary.BigEndian.AppendUint32(ihdr, h)
	ihdr = append(ihdr, 8, 6, 0, 0, 0)
	b := append([]byte("\x89PNG\r\n\x1a\n"), 0, 0, 0, 13)
	b = append(b, ihdr...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(ihdr))
}

// pictureSize reads the size of a variant from its header: the ispe box of an AVIF, the
// decoders' DecodeConfig of the others.
func pictureSize(t *testing.T, contentType string, b []byte) (w, h int) {
	t.Helper()
	switch contentType {
	case "image/avif":
		i := bytes.Index(b, []byte("ispe"))
		require.Positive(t, i, "an AVIF names its size in an ispe box")
		return int(binary.BigEndian.Uint32(b[i+8:])), int(binary.BigEndian.Uint32(b[i+12:]))
	case "image/webp":
		cfg, err := xwebp.DecodeConfig(bytes.NewReader(b))
		require.NoError(t, err)
		return cfg.Width, cfg.Height
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(b))
	require.NoError(t, err)
	return cfg.Width, cfg.Height
}

func TestPictureVariantsByWidthAndAccept(t *testing.T) {
	arm, logo := testPhoto(t, 1000, 600), testLogo(t, 300, 100)
	f := newVariantFixture(t, map[string]cmsFile{
		"photos/arm.jpg":    {"image/jpeg", arm, false},
		"logos/partner.png": {"image/png", logo, false},
	}, variants.Options{})
	for _, c := range []struct {
		path, accept, wantType string
		wantW, wantH           int
	}{
		{"/cms-assets/photos/arm.jpg?w=640", chromeAccept, "image/avif", 640, 384},
		{"/cms-assets/photos/arm.jpg?w=640", "image/webp,*/*", "image/webp", 640, 384},
		{"/cms-assets/photos/arm.jpg?w=640", "image/*,*/*;q=0.8", "image/jpeg", 640, 384},
		{"/cms-assets/photos/arm.jpg?w=160", "image/avif;q=0,image/webp", "image/webp", 160, 96},
		{"/cms-assets/photos/arm.jpg?w=1280", "image/webp", "image/webp", 1000, 600}, // never upscaled
		{"/cms-assets/photos/arm.jpg?w=2400", "", "image/jpeg", 1000, 600},
		{"/cms-assets/logos/partner.png?w=160", "*/*", "image/png", 160, 53},
		{"/cms-assets/logos/partner.png?w=160&utm_source=x", chromeAccept, "image/avif", 160, 53},
	} {
		resp, body := f.get(t, "GET", c.path, "Accept", c.accept)
		require.Equal(t, http.StatusOK, resp.StatusCode, "%s %s: %s", c.path, c.accept, body)
		assert.Equal(t, c.wantType, resp.Header.Get("Content-Type"), c.path+" "+c.accept)
		w, h := pictureSize(t, c.wantType, body)
		assert.Equal(t, [2]int{c.wantW, c.wantH}, [2]int{w, h}, c.path+" "+c.accept)
		assert.Equal(t, "Accept", resp.Header.Get("Vary"))
		assert.Equal(t, "public, max-age=31536000, immutable", resp.Header.Get("Cache-Control"))
		assert.Regexp(t, `^"[A-Za-z0-9_-]+"$`, resp.Header.Get("ETag"))
		assert.Equal(t, "nosniff", resp.Header.Get("X-Content-Type-Options"))
		assert.Equal(t, httpapi.MediaCSP, resp.Header.Get("Content-Security-Policy"))
	}
	if resp, body := f.get(t, "GET", "/cms-assets/logos/partner.png?w=160", "Accept", "*/*"); assert.Equal(t, http.StatusOK, resp.StatusCode) {
		img, err := png.Decode(bytes.NewReader(body))
		require.NoError(t, err)
		_, _, _, a := img.At(0, 0).RGBA()
		assert.Less(t, a, uint32(0xffff), "the logo stays transparent")
	}

	// Without w, the file as the CMS has it.
	resp, body := f.get(t, "GET", "/cms-assets/photos/arm.jpg", "Accept", chromeAccept)
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "image/jpeg", resp.Header.Get("Content-Type"))
	assert.Equal(t, arm, body, "the original, unchanged")
}

func TestAVariantIsMadeOnceForManyRequests(t *testing.T) {
	f := newVariantFixture(t, map[string]cmsFile{"photos/arm.jpg": {"image/jpeg", testPhoto(t, 1200, 800), false}}, variants.Options{})
	const path = "/cms-assets/photos/arm.jpg?w=480"
	var wg sync.WaitGroup
	etags := make(chan string, 12)
	for range 12 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			resp, _ := f.get(t, "GET", path, "Accept", chromeAccept)
			assert.Equal(t, http.StatusOK, resp.StatusCode)
			etags <- resp.Header.Get("ETag")
		}()
	}
	wg.Wait()
	close(etags)
	etag := <-etags
	for e := range etags {
		assert.Equal(t, etag, e, "one variant for all")
	}
	assert.Equal(t, []string{"/assets/photos/arm.jpg"}, f.requested(), "the CMS is asked once")

	resp, body := f.get(t, "GET", path, "Accept", chromeAccept, "If-None-Match", etag)
	assert.Equal(t, http.StatusNotModified, resp.StatusCode)
	assert.Empty(t, body)
	resp, body = f.get(t, "HEAD", path, "Accept", chromeAccept)
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "image/avif", resp.Header.Get("Content-Type"))
	assert.NotEqual(t, "0", resp.Header.Get("Content-Length"))
	assert.Empty(t, body)
	assert.Equal(t, "HIT", resp.Header.Get("X-Cache"))
	assert.Len(t, f.requested(), 1, "conditional and HEAD requests are answered from the cache")

	// Another format of the same width is another variant; a browser of the same kind shares it.
	resp, _ = f.get(t, "GET", path, "Accept", "image/webp,*/*")
	assert.Equal(t, "image/webp", resp.Header.Get("Content-Type"))
	resp, _ = f.get(t, "GET", path, "Accept", "image/webp,image/png,*/*")
	assert.Equal(t, "HIT", resp.Header.Get("X-Cache"))
	assert.Len(t, f.requested(), 2)

	metrics := scrape(t, f.admin.URL)
	assert.Contains(t, metrics, `bff_image_variants_made_total{format="avif"} 1`)
	assert.Contains(t, metrics, `bff_image_variants_made_total{format="webp"} 1`)
	assert.Contains(t, metrics, `bff_image_encode_seconds_count{format="avif"} 1`)
	assert.Contains(t, metrics, `bff_image_cache_entries 2`)
	assert.Regexp(t, `bff_image_cache_results_total\{result="hit"\} [1-9]`, metrics)
}

func TestVariantRefusals(t *testing.T) {
	photo := testPhoto(t, 400, 300)
	tooLarge := append([]byte("\xff\xd8\xff\xe0"), bytes.Repeat([]byte{1}, 1<<20)...) // just over 1 MiB
	f := newVariantFixture(t, map[string]cmsFile{
		"photos/arm.jpg":       {"image/jpeg", photo, false},
		"photos/huge.jpg":      {"image/jpeg", tooLarge, false},
		"photos/huge-2.jpg":    {"image/jpeg", tooLarge, true},
		"photos/bomb.png":      {"image/png", pngBomb(100000, 100000), false},
		"photos/broken.jpg":    {"image/jpeg", append([]byte("\xff\xd8\xff\xe0"), bytes.Repeat([]byte{0x42}, 200)...), false},
		"photos/truncated.jpg": {"image/jpeg", photo[:len(photo)/2], false},
	}, variants.Options{MaxSourceBytes: 1 << 20})

	for _, q := range []string{"w=641", "w=abc", "w=0640", "w=640&w=320", "w=", "w", "w=-640", "w=640.0", "w=%36%34%30%00", "w=99999999999999999999", "w=+640", "w=640%20"} {
		resp, body := f.get(t, "GET", "/cms-assets/photos/arm.jpg?"+q, "Accept", chromeAccept)
		assert.Equal(t, http.StatusBadRequest, resp.StatusCode, q)
		assert.Equal(t, "request.invalid", errorKey(t, body), q)
		assert.Contains(t, string(body), `"field":"w"`, q)
	}
	assert.Empty(t, f.requested(), "a width outside the list never reaches the CMS")

	for name, want := range map[string]struct {
		status int
		key    string
	}{
		"huge.jpg":      {http.StatusRequestEntityTooLarge, "image.too_large"},
		"huge-2.jpg":    {http.StatusRequestEntityTooLarge, "image.too_large"},
		"bomb.png":      {http.StatusUnprocessableEntity, "image.too_many_pixels"},
		"broken.jpg":    {http.StatusUnprocessableEntity, "image.unreadable"},
		"truncated.jpg": {http.StatusUnprocessableEntity, "image.unreadable"},
	} {
		for range 2 {
			resp, body := f.get(t, "GET", "/cms-assets/photos/"+name+"?w=640", "Accept", chromeAccept, "lang", "en")
			assert.Equal(t, want.status, resp.StatusCode, name)
			assert.Equal(t, want.key, errorKey(t, body), name)
			assert.Equal(t, "application/json; charset=utf-8", resp.Header.Get("Content-Type"), name)
		}
	}
	asked := map[string]int{}
	for _, p := range f.requested() {
		asked[p]++
	}
	for _, name := range []string{"huge.jpg", "huge-2.jpg", "bomb.png", "broken.jpg", "truncated.jpg"} {
		assert.Equal(t, 1, asked["/assets/photos/"+name], "%s: the refusal is kept, the file read once", name)
	}
	metrics := scrape(t, f.admin.URL)
	for reason, n := range map[string]int{"width": 12, "bytes": 4, "pixels": 2, "unreadable": 4} {
		assert.Contains(t, metrics, fmt.Sprintf(`bff_image_refusals_total{reason=%q} %d`, reason, n))
	}
}

func TestAFailingCMSIsAFailureNotARefusal(t *testing.T) {
	f := newVariantFixture(t, map[string]cmsFile{"photos/arm.jpg": {contentType: "fail"}}, variants.Options{})
	resp, body := f.get(t, "GET", "/cms-assets/photos/arm.jpg?w=320", "Accept", chromeAccept)
	assert.Equal(t, http.StatusBadGateway, resp.StatusCode)
	assert.Equal(t, "upstream.bad_gateway", errorKey(t, body))
	resp, body = f.get(t, "GET", "/cms-assets/photos/gone.jpg?w=320", "Accept", chromeAccept)
	assert.Equal(t, http.StatusNotFound, resp.StatusCode)
	assert.Equal(t, "resource.not_found", errorKey(t, body))

	f.put("photos/arm.jpg", cmsFile{"image/jpeg", testPhoto(t, 400, 300), false})
	resp, _ = f.get(t, "GET", "/cms-assets/photos/arm.jpg?w=320", "Accept", chromeAccept)
	assert.Equal(t, http.StatusOK, resp.StatusCode, "nothing was kept of the failure")
}

func TestVariantPathsStayInTheMediaLibrary(t *testing.T) {
	trap := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t.Errorf("a server that is not the CMS was asked for %s", r.URL)
	}))
	defer trap.Close()
	trapHost := strings.TrimPrefix(trap.URL, "http://")
	f := newVariantFixture(t, map[string]cmsFile{"photos/arm.jpg": {"image/jpeg", testPhoto(t, 400, 300), false}}, variants.Options{})
	for _, p := range []string{
		"/cms-assets/..?w=640",
		"/cms-assets/../cms/v2/site?w=640",
		"/cms-assets/%2e%2e/cms/v2/site?w=640",
		"/cms-assets/photos/%2E%2E/%2e%2e/cms/v2/site?w=640",
		"/cms-assets/..%2fcms/v2/site?w=640",
		"/cms-assets/..%5ccms%5cv2?w=640",
		"/cms-assets/photos//arm.jpg?w=640",
		"/cms-assets/photos/arm%00.jpg?w=640",
		"/cms-assets/" + trap.URL + "/x.jpg?w=640",
		"/cms-assets/http:%2f%2f" + trapHost + "/x.jpg?w=640",
		"/cms-assets/?w=640",
	} {
		resp, _ := f.get(t, "GET", p, "Accept", chromeAccept)
		assert.Equal(t, http.StatusNotFound, resp.StatusCode, p)
	}
	assert.Empty(t, f.requested(), "none of them reached the CMS")

	// No parameter names a source, and an absolute request-target does not choose the host.
	resp, _ := f.get(t, "GET", "/cms-assets/photos/arm.jpg?w=640&url="+url.QueryEscape(trap.URL+"/x.jpg")+"&src="+url.QueryEscape(trap.URL), "Accept", chromeAccept)
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	conn, err := net.Dial("tcp", strings.TrimPrefix(f.bff.URL, "http://"))
	require.NoError(t, err)
	defer conn.Close()
	_, err = fmt.Fprintf(conn, "GET %s/cms-assets/photos/arm.jpg?w=320 HTTP/1.1\r\nHost: %s\r\nAccept: image/webp\r\nConnection: close\r\n\r\n", trap.URL, trapHost)
	require.NoError(t, err)
	raw, err := http.ReadResponse(bufio.NewReader(conn), nil)
	require.NoError(t, err)
	raw.Body.Close()
	assert.Equal(t, http.StatusOK, raw.StatusCode)
	assert.Equal(t, []string{"/assets/photos/arm.jpg", "/assets/photos/arm.jpg"}, f.requested(), "only the CMS, only the media library")
}

func TestFilesThatAreNoRasterPicturePassThrough(t *testing.T) {
	svg := []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>`)
	f := newVariantFixture(t, map[string]cmsFile{
		"pictures/scene.svg":   {"image/svg+xml", svg, false},
		"pictures/drawing.jpg": {"image/svg+xml", svg, false},                 // named .jpg, is an SVG
		"pictures/photo.svg":   {"image/jpeg", testPhoto(t, 400, 300), false}, // named .svg, is a JPEG
	}, variants.Options{})
	for _, name := range []string{"scene.svg", "drawing.jpg"} {
		for range 2 {
			resp, body := f.get(t, "GET", "/cms-assets/pictures/"+name+"?w=640", "Accept", chromeAccept)
			assert.Equal(t, http.StatusOK, resp.StatusCode, name)
			assert.Equal(t, "image/svg+xml", resp.Header.Get("Content-Type"), name)
			assert.Equal(t, svg, body, "%s: unchanged", name)
		}
	}
	// Each read once to find out what it is, then streamed as it is, without w.
	assert.Equal(t, []string{
		"/assets/pictures/scene.svg", "/assets/pictures/scene.svg", "/assets/pictures/scene.svg",
		"/assets/pictures/drawing.jpg", "/assets/pictures/drawing.jpg", "/assets/pictures/drawing.jpg",
	}, f.requested())

	resp, _ := f.get(t, "GET", "/cms-assets/pictures/photo.svg?w=320", "Accept", chromeAccept)
	assert.Equal(t, "image/avif", resp.Header.Get("Content-Type"), "the bytes say what a file is, not its name")
}

func TestABusyEncoderAnswers503WithRetryAfter(t *testing.T) {
	enc := images.NewEncoder(1, -1, images.DefaultLimits, images.DefaultQuality)
	f := newVariantFixture(t, map[string]cmsFile{"photos/arm.jpg": {"image/jpeg", testPhoto(t, 400, 300), false}}, variants.Options{Encoder: enc})
	release, err := enc.Acquire(context.Background())
	require.NoError(t, err)
	resp, body := f.get(t, "GET", "/cms-assets/photos/arm.jpg?w=320", "Accept", chromeAccept)
	assert.Equal(t, http.StatusServiceUnavailable, resp.StatusCode)
	assert.Equal(t, "image.busy", errorKey(t, body))
	assert.NotEmpty(t, resp.Header.Get("Retry-After"))
	assert.Contains(t, scrape(t, f.admin.URL), `bff_image_refusals_total{reason="busy"} 1`)
	assert.Contains(t, scrape(t, f.admin.URL), `bff_image_encodes_working 1`)
	release()
	resp, _ = f.get(t, "GET", "/cms-assets/photos/arm.jpg?w=320", "Accept", chromeAccept)
	assert.Equal(t, http.StatusOK, resp.StatusCode, "a busy answer is not kept")
}

func TestAVariantWaitsForAnEncoderNoLongerThanItsTimeLimit(t *testing.T) {
	enc := images.NewEncoder(1, 4, images.DefaultLimits, images.DefaultQuality)
	f := newVariantFixture(t, map[string]cmsFile{"photos/arm.jpg": {"image/jpeg", testPhoto(t, 400, 300), false}},
		variants.Options{Encoder: enc, Timeout: 300 * time.Millisecond})
	release, err := enc.Acquire(context.Background())
	require.NoError(t, err)
	defer release()
	resp, body := f.get(t, "GET", "/cms-assets/photos/arm.jpg?w=320", "Accept", chromeAccept)
	assert.Equal(t, http.StatusServiceUnavailable, resp.StatusCode)
	assert.Equal(t, "image.busy", errorKey(t, body))
	assert.NotEmpty(t, resp.Header.Get("Retry-After"))
	metrics := scrape(t, f.admin.URL)
	assert.Contains(t, metrics, `bff_image_refusals_total{reason="timeout"} 1`)
	assert.Contains(t, metrics, `bff_image_encodes_waiting 0`, "the request left the queue")
}

// Replicas that share a Redis make each variant once between them, in its own keys: the others
// read it from there.
func TestReplicasMakeAVariantOnceBetweenThem(t *testing.T) {
	srv := redistest.Start(t)
	sharedCache := func() variants.Options {
		rdb, err := shared.NewClient("redis://"+srv.Addr, nil)
		require.NoError(t, err)
		t.Cleanup(func() { _ = rdb.Close() })
		c := cache.NewBounded(variants.DefaultCacheBytes, time.Minute)
		c.SetShared(shared.NewContentCache(rdb, replicaPrefix+"images:"))
		return variants.Options{Cache: c}
	}
	f := newVariantFixture(t, map[string]cmsFile{
		"photos/arm.jpg":  {"image/jpeg", testPhoto(t, 800, 600), false},
		"photos/bomb.png": {"image/png", pngBomb(100000, 100000), false},
	}, sharedCache())
	other, _ := f.replica(t, sharedCache())
	third, _ := f.replica(t, sharedCache())

	first, body := f.get(t, "GET", "/cms-assets/photos/arm.jpg?w=320", "Accept", chromeAccept)
	require.Equal(t, http.StatusOK, first.StatusCode)
	resp, again := getFrom(t, other, "GET", "/cms-assets/photos/arm.jpg?w=320", "Accept", chromeAccept)
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, body, again, "the same bytes")
	assert.Equal(t, first.Header.Get("ETag"), resp.Header.Get("ETag"), "the same ETag on every replica")
	assert.Equal(t, "image/avif", resp.Header.Get("Content-Type"))

	// Two replicas missing a new variant at once: one makes it, the other waits for it.
	var wg sync.WaitGroup
	for _, site := range []*httptest.Server{other, third} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			resp, _ := getFrom(t, site, "GET", "/cms-assets/photos/arm.jpg?w=640", "Accept", "image/webp")
			assert.Equal(t, http.StatusOK, resp.StatusCode)
		}()
	}
	wg.Wait()
	// A refusal is shared too.
	for _, site := range []*httptest.Server{f.bff, other, third} {
		resp, body := getFrom(t, site, "GET", "/cms-assets/photos/bomb.png?w=640", "Accept", chromeAccept)
		assert.Equal(t, http.StatusUnprocessableEntity, resp.StatusCode)
		assert.Equal(t, "image.too_many_pixels", errorKey(t, body))
	}
	assert.Equal(t, []string{"/assets/photos/arm.jpg", "/assets/photos/arm.jpg", "/assets/photos/bomb.png"}, f.requested(),
		"the CMS is asked once per variant for all the replicas")
}
