// Package oapi loads the embedded OpenAPI contract and validates requests against it.
package oapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/openapi"
)

// BasePath is the prefix of every operation, the contract's one server URL.
const BasePath = "/prod-api"

// Operation names one method and path of the contract.
type Operation struct {
	Method string // upper case, e.g. GET
	Path   string // template below BasePath, e.g. /api/news/getNewsDetail/{typeId}/{newsId}
	ID     string // operationId
}

// Key is "METHOD path", the identity of an operation in route tables.
func (o Operation) Key() string { return o.Method + " " + o.Path }

// Spec is the loaded contract with its operations indexed by Key.
type Spec struct {
	Doc    *openapi3.T
	routes map[string]*routers.Route
}

// Load parses and validates the embedded contract.
func Load(ctx context.Context) (*Spec, error) {
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(openapi.YAML)
	if err != nil {
		return nil, fmt.Errorf("load openapi.yaml: %w", err)
	}
	if err := doc.Validate(ctx); err != nil {
		return nil, fmt.Errorf("openapi.yaml is not a valid OpenAPI document: %w", err)
	}
	s := &Spec{Doc: doc, routes: map[string]*routers.Route{}}
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			o := Operation{Method: method, Path: path, ID: op.OperationID}
			s.routes[o.Key()] = &routers.Route{Spec: doc, Path: path, PathItem: item, Method: method, Operation: op}
		}
	}
	return s, nil
}

// LoadForServing is Load without the part of the contract that serving never reads: the
// definitions of the answers. Once loaded, every operation points straight at the schemas of
// its parameters and request body, so the operations' responses and the components' maps can
// go. The contract is two thirds of the BFF's live heap, which the garbage collector marks on
// every cycle; serving with the request half makes each cycle a third shorter, and the
// requests that fall into one wait less (bench/README.md). Whoever checks answers against the
// contract, as the tests do, uses Load.
func LoadForServing(ctx context.Context) (*Spec, error) {
	s, err := Load(ctx)
	if err != nil {
		return nil, err
	}
	for _, route := range s.routes {
		route.Operation.Responses = nil
	}
	if c := s.Doc.Components; c != nil {
		// Request validation reads only the security schemes from here.
		s.Doc.Components = &openapi3.Components{SecuritySchemes: c.SecuritySchemes}
	}
	return s, nil
}

// Operations lists every operation of the contract, sorted by path then method.
func (s *Spec) Operations() []Operation {
	ops := make([]Operation, 0, len(s.routes))
	for _, r := range s.routes {
		ops = append(ops, Operation{Method: r.Method, Path: r.Path, ID: r.Operation.OperationID})
	}
	sort.Slice(ops, func(i, j int) bool {
		if ops[i].Path != ops[j].Path {
			return ops[i].Path < ops[j].Path
		}
		return ops[i].Method < ops[j].Method
	})
	return ops
}

// Route is the contract's route for method and path template, if the contract has one.
func (s *Spec) Route(method, path string) (*routers.Route, bool) {
	r, ok := s.routes[method+" "+path]
	return r, ok
}

var validationOptions = &openapi3filter.Options{
	MultiError:         true,
	AuthenticationFunc: openapi3filter.NoopAuthenticationFunc,
}

// Validate checks r against route: path parameters, query, headers and body. It returns nil or
// an *apierr.Error naming every invalid field (request.invalid, or request.too_large when the
// body exceeded the reader's limit). The body stays readable for the handler.
func Validate(r *http.Request, route *routers.Route, pathParams map[string]string) error {
	if takesJSONBody(route) {
		if err := requireOneJSONValue(r); err != nil {
			return err
		}
	}
	err := openapi3filter.ValidateRequest(r.Context(), &openapi3filter.RequestValidationInput{
		Request:    r,
		PathParams: pathParams,
		Route:      route,
		Options:    validationOptions,
	})
	if err == nil {
		return nil
	}
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return apierr.New(apierr.RequestTooLarge, err)
	}
	fields := fieldErrors(err)
	return &apierr.Error{Key: apierr.InvalidRequest, Fields: fields, Err: err}
}

// fieldErrors flattens kin-openapi's nested errors into one entry per offending field.
func fieldErrors(err error) []apierr.FieldError {
	var out []apierr.FieldError
	var walk func(err error, field string)
	walk = func(err error, field string) {
		// Direct type checks, not errors.As: a RequestError unwraps to the MultiError inside it,
		// and matching that first would lose the parameter or body the errors belong to.
		if multi, ok := err.(openapi3.MultiError); ok {
			for _, e := range multi {
				walk(e, field)
			}
			return
		}
		if reqErr, ok := err.(*openapi3filter.RequestError); ok {
			switch {
			case reqErr.Parameter != nil:
				field = reqErr.Parameter.Name
			case reqErr.RequestBody != nil:
				field = "body"
			}
			if reqErr.Err != nil && reqErr.Err != err {
				if inner := reqErr.Err; !errors.Is(inner, openapi3filter.ErrInvalidRequired) {
					walk(inner, field)
					return
				}
			}
			out = append(out, apierr.FieldError{Field: field, Message: requestReason(reqErr)})
			return
		}
		var schemaErr *openapi3.SchemaError
		if errors.As(err, &schemaErr) {
			if field == "body" {
				ptr := schemaErr.JSONPointer()
				// An unexpected property is reported on its parent object; name the property.
				if name, ok := unsupportedProperty(schemaErr.Reason); ok {
					ptr = append(ptr, name)
				}
				if len(ptr) > 0 {
					field = strings.Join(ptr, "/")
				}
			}
			reason := schemaErr.Reason
			if reason == "" {
				reason = "does not match the schema (" + schemaErr.SchemaField + ")"
			}
			out = append(out, apierr.FieldError{Field: field, Message: reason})
			return
		}
		var parseErr *openapi3filter.ParseError
		if errors.As(err, &parseErr) {
			msg := parseErr.Error()
			if field == "body" {
				msg = "is not valid JSON"
			}
			out = append(out, apierr.FieldError{Field: field, Message: msg})
			return
		}
		out = append(out, apierr.FieldError{Field: field, Message: err.Error()})
	}
	walk(err, "")
	return out
}

// unsupportedProperty extracts x from kin-openapi's reason `property "x" is unsupported`.
func unsupportedProperty(reason string) (string, bool) {
	rest, ok := strings.CutPrefix(reason, `property "`)
	if !ok {
		return "", false
	}
	name, tail, ok := strings.Cut(rest, `"`)
	return name, ok && tail == " is unsupported"
}

func requestReason(e *openapi3filter.RequestError) string {
	if errors.Is(e.Err, openapi3filter.ErrInvalidRequired) {
		if e.RequestBody != nil {
			return "a request body is required"
		}
		return "is required"
	}
	if e.Reason != "" {
		return e.Reason
	}
	if e.Err != nil {
		return e.Err.Error()
	}
	return "is not valid"
}

// takesJSONBody reports whether the operation of route has a JSON request body.
func takesJSONBody(route *routers.Route) bool {
	rb := route.Operation.RequestBody
	return rb != nil && rb.Value != nil && rb.Value.Content.Get("application/json") != nil
}

// requireOneJSONValue reads a JSON request body whole and refuses it unless it is exactly one
// JSON value. kin-openapi decodes the first value and ignores what follows, so without this
// `{"phone":"…"} anything` would pass as a valid request. The body stays readable.
func requireOneJSONValue(r *http.Request) error {
	if r.Body == nil || r.Body == http.NoBody {
		return nil
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return apierr.New(apierr.RequestTooLarge, err)
		}
		return apierr.Invalid(apierr.FieldError{Field: "body", Message: "could not be read"})
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	if len(bytes.TrimSpace(body)) > 0 && !json.Valid(body) {
		return apierr.Invalid(apierr.FieldError{Field: "body", Message: "is not one valid JSON value"})
	}
	return nil
}
