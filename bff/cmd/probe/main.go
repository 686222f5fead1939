// Command probe asks one URL and exits 0 when it answers 2xx within two seconds, 1 otherwise.
// The BFF's image has no shell and no curl (a distroless base), so a container engine's health
// check (compose's `healthcheck`) runs this static binary against the admin port:
//
//	probe http://127.0.0.1:9090/readyz
//
// Kubernetes needs no such binary: its kubelet asks the admin port itself (httpGet probes).
package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"time"
)

func main() {
	url := "http://127.0.0.1:9090/readyz"
	if len(os.Args) > 1 {
		url = os.Args[1]
	}
	if err := probe(url, 2*time.Second); err != nil {
		fmt.Fprintln(os.Stderr, "probe:", err)
		os.Exit(1)
	}
}

func probe(url string, timeout time.Duration) error {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<16))
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return fmt.Errorf("%s answered %s", url, resp.Status)
	}
	return nil
}
