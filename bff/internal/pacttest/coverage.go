//go:build pact

package pacttest

import (
	"flag"
	"fmt"
	"net/http"
	"net/url"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/pact-foundation/pact-go/v2/consumer"

	"github.com/jakarobotics/website/bff/internal/upstream"
)

// Coverage finds the methods of an upstream client interface that no pact interaction
// exercises. It does not take the test's word for which method an interaction is about: the
// clients it hands out send their requests through a transport that looks, on the call stack of
// each request, for the interface's methods in the client's package, so a method counts once it
// has really sent a request to the pact's mock provider.
type Coverage struct {
	iface reflect.Type
	mu    sync.Mutex
	seen  map[string]bool
}

// NewCoverage follows the methods of the client interface I (e.g. vm.Client).
func NewCoverage[I any]() *Coverage {
	iface := reflect.TypeFor[I]()
	if iface.Kind() != reflect.Interface {
		panic(fmt.Sprintf("pacttest: %s is not an interface", iface))
	}
	return &Coverage{iface: iface, seen: map[string]bool{}}
}

// Upstream is the base of a client of system that calls the mock provider of cfg and records
// which of the interface's methods send requests.
func (c *Coverage) Upstream(system string, cfg consumer.MockServerConfig) upstream.Client {
	base, _ := url.Parse(fmt.Sprintf("http://%s:%d", cfg.Host, cfg.Port))
	return upstream.Client{System: system, BaseURL: base, HTTP: &http.Client{Transport: recorder{c, http.DefaultTransport}}}
}

// recorder is a transport that records the calls on the stack of each request it sends.
type recorder struct {
	c    *Coverage
	next http.RoundTripper
}

func (r recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	r.c.record()
	return r.next.RoundTrip(req)
}

// record notes every method of the interface found on the caller's stack.
func (c *Coverage) record() {
	pcs := make([]uintptr, 64)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(2, pcs)])
	c.mu.Lock()
	defer c.mu.Unlock()
	for {
		f, more := frames.Next()
		if m := c.methodOf(f.Function); m != "" {
			c.seen[m] = true
		}
		if !more {
			return
		}
	}
}

// methodOf is the interface method that function (a runtime name such as
// ".../upstream/vm.(*HTTPClient).Apply" or ".../upstream/vm.(*HTTPClient).Apply.func1") is or
// belongs to, if it is a method of a type of the interface's package; "" otherwise.
func (c *Coverage) methodOf(function string) string {
	name, ok := strings.CutPrefix(function, c.iface.PkgPath()+".")
	if !ok {
		return ""
	}
	var method string
	if strings.HasPrefix(name, "(") { // a pointer receiver: (*T).Method
		_, method, ok = strings.Cut(name, ").")
	} else { // a value receiver: T.Method
		_, method, ok = strings.Cut(name, ".")
	}
	if !ok {
		return ""
	}
	method, _, _ = strings.Cut(method, ".") // a closure within the method
	if _, ok := c.iface.MethodByName(method); !ok {
		return ""
	}
	return method
}

// Missing lists the interface's methods that no request was sent from, sorted.
func (c *Coverage) Missing() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []string
	for i := range c.iface.NumMethod() {
		if name := c.iface.Method(i).Name; !c.seen[name] {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// Require fails t when a method of the interface has no interaction. Call it at the end of the
// test that runs every interaction of the pact; a run narrowed to some subtests (-run with a
// slash, or -skip) is not checked, since it leaves interactions out on purpose.
func (c *Coverage) Require(t *testing.T) {
	t.Helper()
	if narrowed() {
		t.Log("pact coverage not checked: the run leaves out some interactions")
		return
	}
	if missing := c.Missing(); len(missing) > 0 {
		t.Errorf("no pact interaction exercises %s.%s: add one for each", c.iface, strings.Join(missing, ", "))
	}
}

// narrowed reports whether the test run was limited to some subtests.
func narrowed() bool {
	run, skip := flag.Lookup("test.run"), flag.Lookup("test.skip")
	return run != nil && strings.Contains(run.Value.String(), "/") || skip != nil && skip.Value.String() != ""
}
