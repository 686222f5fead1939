// Command bare serves one fixed answer from a bare net/http handler: the upper bound that the
// BFF's cached path is measured against in bench/run.sh.
package main

import (
	"flag"
	"log"
	"net/http"
	"os"
	"strconv"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:9403", "listen address")
	bodyFile := flag.String("body", "", "file holding the answer body")
	flag.Parse()
	body, err := os.ReadFile(*bodyFile)
	if err != nil {
		log.Fatal(err)
	}
	// Header values prepared once, as the leanest handler would.
	length := []string{strconv.Itoa(len(body))}
	contentType := []string{"application/json; charset=utf-8"}
	log.Fatal(http.ListenAndServe(*addr, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h["Content-Type"] = contentType
		h["Content-Length"] = length
		_, _ = w.Write(body)
	})))
}
