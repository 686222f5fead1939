// Package vm is a stand-in for the pool of cloud robot simulators behind the virtual robot
// trial. Its API grows with the trial feature; until then it answers every call 404.
package vm

import "net/http"

// NewHandler returns the simulator pool's HTTP handler.
func NewHandler() http.Handler { return http.NewServeMux() }
