// Package vm is the BFF's client of the pool of cloud robot simulators behind the virtual robot trial.
package vm

import "github.com/jakarobotics/website/bff/internal/upstream"

// Client calls the system; its methods come with the feature that needs them.
type Client interface{}

// HTTPClient is the Client over the system's HTTP API.
type HTTPClient struct {
	upstream.Client
}

// New returns a client of the system at base.
func New(base upstream.Client) *HTTPClient { return &HTTPClient{Client: base} }
