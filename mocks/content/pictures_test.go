package content

import (
	"encoding/json"
	"encoding/xml"
	"io"
	"net/http"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// servedPicture fetches a picture from the media library as the site does.
func servedPicture(t *testing.T, h http.Handler, url string) string {
	t.Helper()
	code, body := get(t, h, "/assets/"+strings.TrimPrefix(url, mediaPrefix))
	require.Equal(t, http.StatusOK, code, url)
	return string(body)
}

// svgRoot parses a picture as XML and returns its root's attributes and the text of its title.
func svgRoot(t *testing.T, name, doc string) (map[string]string, string) {
	t.Helper()
	dec := xml.NewDecoder(strings.NewReader(doc))
	attrs := map[string]string{}
	var title strings.Builder
	depth, inTitle := 0, false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		require.NoError(t, err, "%s is not well-formed XML", name)
		switch tok := tok.(type) {
		case xml.StartElement:
			if depth == 0 {
				require.Equal(t, "svg", tok.Name.Local, name)
				for _, a := range tok.Attr {
					attrs[a.Name.Local] = a.Value
				}
			}
			inTitle = depth == 1 && tok.Name.Local == "title"
			depth++
		case xml.EndElement:
			depth--
			inTitle = false
		case xml.CharData:
			if inTitle {
				title.Write(tok)
			}
		}
	}
	require.Zero(t, depth, name)
	return attrs, strings.TrimSpace(title.String())
}

// contentPictures lists every picture the content names, once each.
func contentPictures(t *testing.T) []string {
	t.Helper()
	store, err := LoadStore()
	require.NoError(t, err)
	var urls []string
	for u := range store.pictures {
		urls = append(urls, u)
	}
	sort.Strings(urls)
	require.Greater(t, len(urls), 200)
	return urls
}

func TestEveryPictureIsAValidSVGWithAViewBoxAndATitle(t *testing.T) {
	h := newHandler(t)
	viewBox := regexp.MustCompile(`^0 0 \d+ \d+$`)
	for _, u := range append(contentPictures(t), "/cms-assets/banners/home-zu-mobile.svg", "/cms-assets/products/zu-25.svg", "/cms-assets/pictures/anything-else.svg") {
		doc := servedPicture(t, h, u)
		attrs, title := svgRoot(t, u, doc)
		assert.Regexp(t, viewBox, attrs["viewBox"], u)
		assert.NotEmpty(t, title, "%s has a <title>", u)
		assert.Less(t, len(doc), 40_000, "%s stays small", u)
	}
}

func TestEveryProductHasAPictureOfItsOwn(t *testing.T) {
	h := newHandler(t)
	var products []struct {
		ID     int      `json:"id"`
		Name   string   `json:"productName"`
		Image  string   `json:"image"`
		Images []string `json:"images"`
	}
	raw, err := seedFS.ReadFile("seed/catalogue-products.json")
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(raw, &products))
	seen := map[string]string{}
	for _, p := range products {
		for _, u := range append([]string{p.Image}, p.Images[1:]...) {
			doc := servedPicture(t, h, u)
			if other, dup := seen[doc]; dup {
				t.Errorf("%s (%s) looks exactly like %s", u, p.Name, other)
			}
			seen[doc] = u
		}
		_, title := svgRoot(t, p.Image, servedPicture(t, h, p.Image))
		assert.Contains(t, title, p.Name, "a product's picture is titled with its name")
	}
}

// upperArm is the drawn length, in pixels of the picture, of the first arm's upper link.
func upperArm(t *testing.T, doc string) float64 {
	t.Helper()
	link := regexp.MustCompile(`<rect x="0" y="[-\d.]+" width="([\d.]+)"[^>]*transform="translate\([^)]*\) rotate\(`).FindStringSubmatch(doc)
	require.NotNil(t, link, "the picture draws an arm")
	n, err := strconv.ParseFloat(link[1], 64)
	require.NoError(t, err)
	return n
}

func TestALongerReachIsDrawnWithALongerArm(t *testing.T) {
	h := newHandler(t)
	// Zu 3 (626 mm), Zu 7 (819 mm), Zu 18 (1073 mm), Zu 12 (1327 mm), in the same 800 px frame.
	var lengths []float64
	for _, name := range []string{"zu-3", "zu-7", "zu-18", "zu-12"} {
		lengths = append(lengths, upperArm(t, servedPicture(t, h, "/cms-assets/products/"+name+".svg")))
	}
	for i := 1; i < len(lengths); i++ {
		assert.Greater(t, lengths[i], lengths[i-1]*1.05, "arm lengths %v follow the reach", lengths)
	}
	// And the same reach draws the same arm in every line but the mobile one, which stands on its base.
	assert.InDelta(t, upperArm(t, servedPicture(t, h, "/cms-assets/products/zu-5.svg")), upperArm(t, servedPicture(t, h, "/cms-assets/products/c-5.svg")), 0.5)
}

func TestTheLinesAreDressedDifferently(t *testing.T) {
	h := newHandler(t)
	zu := servedPicture(t, h, "/cms-assets/products/zu-12.svg")
	pro := servedPicture(t, h, "/cms-assets/products/pro-12.svg")
	c := servedPicture(t, h, "/cms-assets/products/c-12.svg")
	lumi := servedPicture(t, h, "/cms-assets/products/lumi-12.svg")
	assert.NotContains(t, zu, `fill="url(#cover)"`)
	assert.Contains(t, pro, `fill="url(#cover)"`, "the Pro wears its protective covers")
	assert.Contains(t, c, `fill="url(#graphite)"`, "the C series has graphite joints")
	assert.NotContains(t, zu, `fill="url(#graphite)"`)
	for name, doc := range map[string]string{"zu": zu, "pro": pro, "c": c, "lumi": lumi} {
		assert.Contains(t, doc, `fill="url(#cap)"`, "%s: the brand red on the joint caps", name)
	}
	// The Lumi's arm stands on a mobile base with wheels and the brand's light strip.
	assert.Contains(t, lumi, `fill="#8d969f"/>`)
	assert.Equal(t, strings.Count(zu, `fill="`+brandRed+`"`), 0)
	assert.Positive(t, strings.Count(lumi, `fill="`+brandRed+`"`))
}

func TestNewsAndCasesShowVariedScenes(t *testing.T) {
	h := newHandler(t)
	scene := regexp.MustCompile(`data-scene="([a-z]*)" data-backdrop="([a-z]*)"`)
	for _, prefix := range []string{"news-", "case-"} {
		scenes, backdrops, docs := map[string]int{}, map[string]int{}, map[string]bool{}
		n := 0
		for _, u := range contentPictures(t) {
			if !strings.HasPrefix(u, mediaPrefix+"pictures/"+prefix) {
				continue
			}
			doc := servedPicture(t, h, u)
			m := scene.FindStringSubmatch(doc)
			require.NotNil(t, m, u)
			scenes[m[1]]++
			backdrops[m[2]]++
			assert.False(t, docs[doc], "%s repeats another picture", u)
			docs[doc] = true
			n++
		}
		assert.GreaterOrEqual(t, len(scenes), min(8, n/2), "%s pictures show several kinds of scene: %v", prefix, scenes)
		assert.GreaterOrEqual(t, len(backdrops), 4, "%s pictures vary their palette: %v", prefix, backdrops)
		for kind, count := range scenes {
			assert.LessOrEqual(t, count, n/3+1, "%s pictures: no scene dominates (%s: %d of %d)", prefix, kind, count, n)
		}
	}
}

func TestScenesFollowWhatThePictureShows(t *testing.T) {
	h := newHandler(t)
	scene := regexp.MustCompile(`data-scene="([a-z]*)"`)
	for url, want := range map[string]string{
		"/cms-assets/pictures/application-welding.svg":         "welding",
		"/cms-assets/pictures/application-palletizing.svg":     "palletizing",
		"/cms-assets/pictures/application-screwdriving.svg":    "screwdriving",
		"/cms-assets/pictures/application-machine-tending.svg": "tending",
		"/cms-assets/pictures/case-lab-samples.svg":            "lab",
		"/cms-assets/pictures/industry-logistics.svg":          "mobile",
		"/cms-assets/pictures/news-2.svg":                      "booth",    // Hannover Messe
		"/cms-assets/pictures/news-33.svg":                     "software", // JAKA App 3.0
		"/cms-assets/pictures/news-1.svg":                      "safety",   // certified to ISO 13849-1
	} {
		m := scene.FindStringSubmatch(servedPicture(t, h, url))
		require.NotNil(t, m, url)
		assert.Equal(t, want, m[1], url)
	}
}

func TestBannersBehindWhiteTextAreDark(t *testing.T) {
	h := newHandler(t)
	backdrop := regexp.MustCompile(`data-backdrop="([a-z]*)"`)
	for url, dark := range map[string]bool{
		"/cms-assets/banners/home-zu.svg":                true,
		"/cms-assets/banners/home-pro-mobile.svg":        true,
		"/cms-assets/banners/home-virtual.svg":           false,
		"/cms-assets/pictures/banner-products.svg":       true,
		"/cms-assets/pictures/banner-compare.svg":        false,
		"/cms-assets/pictures/banner-footer-contact.svg": true,
	} {
		m := backdrop.FindStringSubmatch(servedPicture(t, h, url))
		require.NotNil(t, m, url)
		assert.Equal(t, dark, backdrops[m[1]].dark, url)
	}
}
