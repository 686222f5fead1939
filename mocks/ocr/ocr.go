// Package ocr is a stand-in for the OCR service that reads robot nameplates and software version
// screens. Its API grows with the repair feature; until then it answers every call 404.
package ocr

import "net/http"

// NewHandler returns the OCR service's HTTP handler.
func NewHandler() http.Handler { return http.NewServeMux() }
