// Command bare serves one fixed answer from a bare net/http handler: the upper bound that the
// BFF's cached path is measured against in bench/run.sh. It answers with the same bytes and the
// same headers as the BFF (identity or gzip, as the client accepts), with the same server
// settings, so that the comparison measures what the BFF adds. With -headers it answers with
// the headers of a file instead (the BFF's answer as curl -D wrote it, for a page with the
// site's security headers), which also lets bench/run.sh use it as a stand-in page renderer.
package main

import (
	"bufio"
	"flag"
	"log"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:9403", "listen address")
	bodyFile := flag.String("body", "", "file holding the answer body")
	gzipFile := flag.String("gzip", "", "file holding the gzip of the answer body")
	etag := flag.String("etag", `"bench"`, "ETag of the answer")
	headerFile := flag.String("headers", "", "file of the answer's headers (curl -D), replacing the content answer's")
	flag.Parse()
	body, err := os.ReadFile(*bodyFile)
	if err != nil {
		log.Fatal(err)
	}
	zipped, err := os.ReadFile(*gzipFile)
	if err != nil {
		log.Fatal(err)
	}
	// Header values prepared once, as the leanest handler would.
	var (
		bodyLength   = []string{strconv.Itoa(len(body))}
		gzipLength   = []string{strconv.Itoa(len(zipped))}
		contentType  = []string{"application/json; charset=utf-8"}
		gzipEncoding = []string{"gzip"}
		etagValue    = []string{*etag}
		vary         = []string{"lang, Accept-Encoding"}
		cacheControl = []string{"public, max-age=30, stale-while-revalidate=300"}
		xCache       = []string{"HIT"}
	)
	// The headers of -headers, as a list: the handler sets them without walking a map.
	type header struct {
		name   string
		values []string
	}
	var fixed []header
	if *headerFile != "" {
		for name, values := range readHeaders(*headerFile) {
			fixed = append(fixed, header{name, values})
		}
	}
	srv := &http.Server{
		Addr:              *addr,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       60 * time.Second,
		WriteTimeout:      75 * time.Second,
		IdleTimeout:       2 * time.Minute,
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			h := w.Header()
			if fixed != nil {
				for _, f := range fixed {
					h[f.name] = f.values
				}
			} else {
				h["Content-Type"] = contentType
				h["Etag"] = etagValue
				h["Vary"] = vary
				h["Cache-Control"] = cacheControl
				h["X-Cache"] = xCache
			}
			out := body
			if strings.Contains(strings.Join(r.Header["Accept-Encoding"], ","), "gzip") {
				h["Content-Encoding"] = gzipEncoding
				h["Content-Length"] = gzipLength
				out = zipped
			} else {
				h["Content-Length"] = bodyLength
			}
			_, _ = w.Write(out)
		}),
	}
	log.Fatal(srv.ListenAndServe())
}

// readHeaders reads the headers of an answer as curl -D writes them, leaving out the status
// line and what depends on the encoding or the moment (Content-Length, Content-Encoding, Date),
// which the handler sets itself.
func readHeaders(name string) http.Header {
	f, err := os.Open(name)
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	h := http.Header{}
	lines := bufio.NewScanner(f)
	for lines.Scan() {
		k, v, ok := strings.Cut(strings.TrimRight(lines.Text(), "\r"), ":")
		if !ok || strings.HasPrefix(k, "HTTP/") {
			continue
		}
		switch k = http.CanonicalHeaderKey(strings.TrimSpace(k)); k {
		case "Content-Length", "Content-Encoding", "Date":
		default:
			h[k] = append(h[k], strings.TrimSpace(v))
		}
	}
	if err := lines.Err(); err != nil {
		log.Fatal(err)
	}
	return h
}
