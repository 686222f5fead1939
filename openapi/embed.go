// Package openapi holds the contract of the /prod-api surface, embedded so that the BFF and the
// tests read exactly the file that the web client is generated from.
package openapi

import _ "embed"

// YAML is the OpenAPI 3 document of every /prod-api operation.
//
//go:embed openapi.yaml
var YAML []byte
