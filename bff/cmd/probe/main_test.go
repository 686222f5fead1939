package main

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

func TestProbe(t *testing.T) {
	status := http.StatusOK
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(status) }))
	defer srv.Close()
	if err := probe(srv.URL, time.Second); err != nil {
		t.Fatalf("a 200 is healthy: %v", err)
	}
	status = http.StatusServiceUnavailable
	if err := probe(srv.URL, time.Second); err == nil {
		t.Fatal("a 503 is not healthy")
	}
	srv.Close()
	if err := probe(srv.URL, time.Second); err == nil {
		t.Fatal("a closed port is not healthy")
	}
}
