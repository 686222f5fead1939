package content

import (
	"fmt"
	"html"
	"net/http"
	"strings"
)

// The CMS's media library: pictures are drawn as SVG when asked for, so the mock ships no binary
// files and fetches nothing from outside. What a picture shows follows from its name and from
// the catalogue items that use it (pictures.go): a product's picture is that product, drawn
// from its payload and reach; an application's or a case's is an arm at that work; a news
// item's is a scene chosen by its title.

// picture draws the named picture, or reports false for a name the library does not have.
// Names: banners/home-{zu,pro,virtual}[-mobile].svg, products/{line}[-{payload}].svg,
// pictures/{any}.svg (a distinct scene per name) and logos/{name}.svg (a wordmark). Besides
// pictures, files/{name} is a downloadable one-page PDF, unless it is the file of a document
// that needs login.
func picture(name string, subjects map[string]*subject) (string, bool) {
	switch {
	case strings.HasPrefix(name, "banners/home-") && strings.HasSuffix(name, ".svg"):
		key := strings.TrimSuffix(strings.TrimPrefix(name, "banners/home-"), ".svg")
		key = strings.TrimSuffix(key, "-mobile")
		if _, ok := heroBanners[key]; !ok {
			return "", false
		}
		return drawPicture(name, subjects[mediaURL(name)]), true
	case strings.HasPrefix(name, "products/") && strings.HasSuffix(name, ".svg"),
		strings.HasPrefix(name, "pictures/") && strings.HasSuffix(name, ".svg"):
		return drawPicture(name, subjects[mediaURL(name)]), true
	case name == "logos/JAKA.svg":
		// The company's own logo: the slanted red-and-ink mark beside the name, on no background
		// so that it sits on the white header and the dark footer alike.
		return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="64" viewBox="0 0 240 64" role="img"><title>JAKA</title>
<path d="M14 10h26l-12 44H2z" fill="#e60012"/><path d="M44 10h12L44 54H32z" fill="#e60012" opacity=".55"/>
<text x="70" y="47" font-family="Helvetica, Arial, sans-serif" font-size="40" font-weight="700" letter-spacing="6" fill="#14171a">JAKA</text>
</svg>`, true
	case strings.HasPrefix(name, "logos/") && strings.HasSuffix(name, ".svg"):
		// A wordmark: the logo's name set in type, as partners' and the site's logos.
		text := strings.ReplaceAll(strings.TrimSuffix(strings.TrimPrefix(name, "logos/"), ".svg"), "-", " ")
		return fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" width="320" height="96" viewBox="0 0 320 96" role="img"><title>%s</title>
<rect width="320" height="96" rx="8" fill="#ffffff"/>
<text x="160" y="60" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="30" font-weight="700" fill="#0b1f3a">%s</text>
</svg>`, html.EscapeString(text), html.EscapeString(strings.ToUpper(text))), true
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
	svg, ok := picture(name, s.store.pictures)
	if !ok {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	_, _ = w.Write([]byte(svg))
}
