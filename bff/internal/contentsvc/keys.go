package contentsvc

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/routers"
	"github.com/go-chi/chi/v5"

	"github.com/jakarobotics/website/bff/internal/messages"
	"github.com/jakarobotics/website/bff/internal/oapi"
)

// keys builds the cache key of a content request from what the contract declares of its
// operation, and from nothing else: the method, the path (which holds the path parameters),
// the language the answer is in, the declared query parameters in the contract's order and,
// for the read-only POSTs, the declared body fields, canonically encoded. Two requests with
// one key get one answer, so whatever a client adds that the operation does not declare (a
// cache-busting query parameter, another order of the fields, other spacing) shares the entry
// of the plain request instead of making a new one, and never reaches the upstream. A request
// that validation would refuse because of what the key leaves out (an unknown language, an
// undeclared body field, a body of another type) has no key, so that a warm cache never
// answers what a cold one refuses.
//
// A key reads "<G|P><lang>\x00<escaped path>?<query>\x00<body>": the language is one of the
// contract's, the escaped path has neither '?' nor NUL, the query is escaped, so the parts
// cannot run into each other.
//
// The key of a request is built once, before routing, and handed to the handler with the
// request; the service's own reads (a form's definition) build their keys here too.
type keys struct {
	// gets finds the operation of a GET path: the contract's GET templates on a router of their
	// own, so that a path is matched exactly as the site's router matches it. staticGets holds
	// the templates without parameters, which the router always prefers: a map finds them
	// faster.
	gets       *chi.Mux
	staticGets map[string]*keyedOp
	// getOps are the GET operations by their full pattern; postOps the cacheable POSTs by path.
	getOps  map[string]*keyedOp
	postOps map[string]*keyedOp
	// langs are the values of the lang header the contract accepts.
	langs []string
	// routeContexts recycles the router's matching state, so that finding an operation does not
	// allocate.
	routeContexts sync.Pool
}

// keyedOp is what the key of one operation's requests is made of.
type keyedOp struct {
	// query lists the declared query parameters, in the contract's order.
	query []queryParam
	// multi is set when a query parameter is an array, whose every value counts.
	multi bool
	// body is the declared request body of a read-only POST; nil when it has none.
	body *keyedBody
}

type queryParam struct {
	name  string
	array bool
}

type keyedBody struct {
	// content is the body's media types, which say what Content-Type validation accepts.
	content openapi3.Content
	// fields are the declared top-level properties, sorted.
	fields []string
}

// noParams is the operation of a path that has none.
var noParams = &keyedOp{}

// maxFastParams bounds the query parameters and body fields that the allocation-free reading
// of a plain request handles; an operation with more takes the general way.
const maxFastParams = 8

// newCacheKeys reads the key-making parts of the contract: every GET operation, and the POSTs
// named by posts (paths below BasePath).
func newKeys(spec *oapi.Spec, posts map[string]bool) (*keys, error) {
	k := &keys{
		gets:       chi.NewRouter(),
		staticGets: map[string]*keyedOp{},
		getOps:     map[string]*keyedOp{},
		postOps:    map[string]*keyedOp{},
	}
	k.routeContexts.New = func() any { return chi.NewRouteContext() }
	noop := http.HandlerFunc(func(http.ResponseWriter, *http.Request) {})
	for _, op := range spec.Operations() {
		full := oapi.BasePath + op.Path
		if op.Method != http.MethodGet && !(op.Method == http.MethodPost && posts[full]) {
			continue
		}
		route, _ := spec.Route(op.Method, op.Path)
		kop, err := newKeyedOp(route)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", op.Key(), err)
		}
		langs := headerEnum(route, "lang")
		switch {
		case langs == nil:
			return nil, fmt.Errorf("%s: the lang header has no values in the contract", op.Key())
		case k.langs == nil:
			k.langs = langs
		case !slices.Equal(k.langs, langs):
			return nil, fmt.Errorf("%s: the lang header's values differ from other operations'", op.Key())
		}
		if op.Method == http.MethodGet {
			k.gets.Method(http.MethodGet, full, noop)
			k.getOps[full] = kop
			if !strings.Contains(full, "{") {
				k.staticGets[full] = kop
			}
		} else {
			k.postOps[full] = kop
		}
	}
	for path := range posts {
		if k.postOps[path] == nil {
			return nil, fmt.Errorf("cacheable POST %s is not in the contract", path)
		}
	}
	return k, nil
}

func newKeyedOp(route *routers.Route) (*keyedOp, error) {
	kop := &keyedOp{}
	params := slices.Concat(route.PathItem.Parameters, route.Operation.Parameters)
	for _, ref := range params {
		p := ref.Value
		if p == nil || p.In != openapi3.ParameterInQuery {
			continue
		}
		array := p.Schema != nil && p.Schema.Value != nil && p.Schema.Value.Type.Is(openapi3.TypeArray)
		// An operation's parameter overrides the path's one of the same name.
		if i := slices.IndexFunc(kop.query, func(q queryParam) bool { return q.name == p.Name }); i >= 0 {
			kop.query[i] = queryParam{name: p.Name, array: array}
		} else {
			kop.query = append(kop.query, queryParam{name: p.Name, array: array})
		}
		kop.multi = kop.multi || array
	}
	if route.Method == http.MethodPost && route.Operation.RequestBody != nil && route.Operation.RequestBody.Value != nil {
		content := route.Operation.RequestBody.Value.Content
		media := content.Get("application/json")
		if media == nil || media.Schema == nil || media.Schema.Value == nil {
			return nil, fmt.Errorf("a cacheable POST needs a JSON object body")
		}
		body := &keyedBody{content: content}
		for name := range media.Schema.Value.Properties {
			body.fields = append(body.fields, name)
		}
		slices.Sort(body.fields)
		kop.body = body
	}
	return kop, nil
}

// headerEnum is the enum of the operation's header parameter name, as text.
func headerEnum(route *routers.Route, name string) []string {
	for _, ref := range route.Operation.Parameters {
		if p := ref.Value; p != nil && p.In == openapi3.ParameterInHeader && p.Name == name &&
			p.Schema != nil && p.Schema.Value != nil {
			var out []string
			for _, v := range p.Schema.Value.Enum {
				out = append(out, fmt.Sprint(v))
			}
			return out
		}
	}
	return nil
}

// lang is the language part of a key: the language the answer is served in. A request
// without the header is served in the default language; a value the contract does not accept
// has no key (validation answers it).
func (k *keys) lang(h http.Header) (string, bool) {
	values := h["Lang"]
	if len(values) == 0 {
		return string(messages.Default), true
	}
	for _, l := range k.langs {
		if values[0] == l {
			return l, true
		}
	}
	return "", false
}

// requestKey appends the key of r to dst. It reads the body of a cacheable POST, at most
// bodyLimit bytes of it, and puts it back for the handler. ok is false when r has no key: it
// is not a content read, or validation would refuse it, or its body is larger than bodyLimit.
func (k *keys) requestKey(dst []byte, r *http.Request, bodyLimit int64) (key []byte, ok bool) {
	var op *keyedOp
	switch r.Method {
	case http.MethodGet:
		if !strings.HasPrefix(r.URL.Path, oapi.BasePath+"/") {
			return dst, false
		}
		// Without a query string, the operation does not matter: the path is the key.
		if r.URL.RawQuery != "" {
			if op = k.getOp(r); op == nil {
				// No operation has this path: the router answers 404, which is never stored.
				op = noParams
			}
		}
	case http.MethodPost:
		if op = k.postOps[r.URL.Path]; op == nil {
			return dst, false
		}
	default:
		return dst, false
	}
	lang, ok := k.lang(r.Header)
	if !ok {
		return dst, false
	}
	var body []byte
	switch {
	case op != nil && op.body != nil:
		if op.body.content.Get(firstValue(r.Header["Content-Type"])) == nil {
			return dst, false
		}
		var err error
		if body, err = readBodyForKey(r, bodyLimit); err != nil {
			return dst, false
		}
	case r.Method == http.MethodPost:
		// A POST that declares no body: validation ignores whatever is sent, and so does the
		// key, but the handler refuses a body that is not a JSON object.
		sent, err := readBodyForKey(r, bodyLimit)
		if err != nil || !ignorableBody(sent) {
			return dst, false
		}
	}
	return k.appendKey(dst, r.Method, r.URL, lang, op, body)
}

// contentKey is the key of a GET of the content operation at path (below BasePath, with its
// path parameters filled in and no query) in lang, as a visitor's request for it has.
func (k *keys) contentKey(path string, lang messages.Lang) string {
	key, _ := k.appendKey(nil, http.MethodGet, &url.URL{Path: oapi.BasePath + path}, string(lang), nil, nil)
	return string(key)
}

// ignorableBody reports whether the handler of an operation that declares no body accepts
// body, as operationParams does: nothing, or a JSON object (or null).
func ignorableBody(body []byte) bool {
	if len(bytes.TrimSpace(body)) == 0 {
		return true
	}
	var fields map[string]any
	return json.Unmarshal(body, &fields) == nil
}

// getOp finds the GET operation of r's path, or nil.
func (k *keys) getOp(r *http.Request) *keyedOp {
	// The site's router matches the escaped path when there is one, and so does this.
	path := r.URL.RawPath
	if path == "" {
		path = r.URL.Path
	}
	if op := k.staticGets[path]; op != nil {
		return op
	}
	rctx := k.routeContexts.Get().(*chi.Context)
	rctx.Reset()
	pattern := k.gets.Find(rctx, http.MethodGet, path)
	k.routeContexts.Put(rctx)
	return k.getOps[pattern]
}

// readBodyForKey reads r's body, at most limit bytes, and puts it back for whoever reads it
// next. A larger body is put back whole and is an error.
func readBodyForKey(r *http.Request, limit int64) ([]byte, error) {
	if r.Body == nil || r.Body == http.NoBody {
		return nil, nil
	}
	// One allocation when the length is announced: room for the body and for noticing its end.
	size := int64(512)
	if r.ContentLength >= 0 && r.ContentLength <= limit {
		size = r.ContentLength + 1
	}
	body := make([]byte, 0, size)
	for {
		if len(body) == cap(body) {
			body = slices.Grow(body, max(len(body), 512))
		}
		n, err := r.Body.Read(body[len(body):cap(body)])
		body = body[:len(body)+n]
		if int64(len(body)) > limit || (err != nil && err != io.EOF) {
			r.Body = io.NopCloser(io.MultiReader(bytes.NewReader(body), r.Body))
			if err == nil || err == io.EOF {
				err = fmt.Errorf("body larger than %d bytes", limit)
			}
			return nil, err
		}
		if err == io.EOF {
			break
		}
	}
	replay := new(replayedBody)
	replay.Reset(body)
	r.Body = replay
	return body, nil
}

// replayedBody is a body read for its key, put back for the handler.
type replayedBody struct{ bytes.Reader }

func (*replayedBody) Close() error { return nil }

// appendKey appends the key of a request to dst; see keys for its layout.
func (k *keys) appendKey(dst []byte, method string, u *url.URL, lang string, op *keyedOp, body []byte) ([]byte, bool) {
	dst = append(dst, method[0])
	dst = append(dst, lang...)
	dst = append(dst, 0)
	// EscapedPath is the raw path as sent when it is a valid encoding of the path, else the
	// path escaped; either way it holds no '?' and no NUL, and it is the path itself (no
	// allocation) on the common path of letters, digits and slashes.
	dst = append(dst, u.EscapedPath()...)
	dst = append(dst, '?')
	if op != nil && len(op.query) > 0 && u.RawQuery != "" {
		dst = appendQuery(dst, u, op)
	}
	dst = append(dst, 0)
	if op != nil && op.body != nil {
		var ok bool
		if dst, ok = appendBody(dst, body, op.body); !ok {
			return dst, false
		}
	}
	return dst, true
}

// appendQuery appends the declared query parameters of u in the contract's order, each
// name=value with the value escaped as url.QueryEscape does; a parameter that is not an array
// has its first value only, as validation and the handlers read it. Undeclared parameters are
// left out.
func appendQuery(dst []byte, u *url.URL, op *keyedOp) []byte {
	if out, ok := appendPlainQuery(dst, u.RawQuery, op); ok {
		return out
	}
	return appendAnyQuery(dst, u.RawQuery, op)
}

// appendAnyQuery is appendQuery for any query.
func appendAnyQuery(dst []byte, raw string, op *keyedOp) []byte {
	values, _ := url.ParseQuery(raw) // as validation and the handlers parse it (URL.Query)
	first := true
	for _, p := range op.query {
		vs := values[p.name]
		if len(vs) == 0 {
			continue
		}
		if !p.array {
			vs = vs[:1]
		}
		for _, v := range vs {
			if !first {
				dst = append(dst, '&')
			}
			first = false
			dst = append(dst, p.name...)
			dst = append(dst, '=')
			dst = append(dst, url.QueryEscape(v)...)
		}
	}
	return dst
}

// appendPlainQuery is appendQuery without allocating, for the common query whose every
// declared name and value is plain text (letters, digits, -_.~), which unescaping and
// escaping leave as it is. It reports false when the query needs the general way.
func appendPlainQuery(dst []byte, raw string, op *keyedOp) ([]byte, bool) {
	if op.multi || len(op.query) > maxFastParams {
		return dst, false
	}
	var values [maxFastParams]string
	var seen [maxFastParams]bool
	for len(raw) > 0 {
		// One pair, read in one pass: where its '=' is, whether it has a semicolon, and
		// whether its name and its value are plain.
		end, eq := len(raw), -1
		semicolon, plainName, plainValue := false, true, true
		for i := 0; i < len(raw); i++ {
			c := raw[i]
			if c == '&' {
				end = i
				break
			}
			switch {
			case c == '=' && eq < 0:
				eq = i
			case c == ';':
				semicolon = true
			case !queryPlain[c]:
				if eq < 0 {
					plainName = false
				} else {
					plainValue = false
				}
			}
		}
		pair := raw[:end]
		if end < len(raw) {
			raw = raw[end+1:]
		} else {
			raw = ""
		}
		// As url.ParseQuery: empty pairs and pairs with a semicolon are skipped.
		if pair == "" || semicolon {
			continue
		}
		if !plainName {
			return dst, false // an escaped name may be a declared one
		}
		name, value := pair, ""
		if eq >= 0 {
			name, value = pair[:eq], pair[eq+1:]
		}
		i := op.queryIndex(name)
		if i < 0 {
			continue
		}
		if !plainValue {
			return dst, false
		}
		if !seen[i] {
			seen[i], values[i] = true, value
		}
	}
	first := true
	for i, p := range op.query {
		if !seen[i] {
			continue
		}
		if !first {
			dst = append(dst, '&')
		}
		first = false
		dst = append(dst, p.name...)
		dst = append(dst, '=')
		dst = append(dst, values[i]...)
	}
	return dst, true
}

// queryIndex is the index of the declared query parameter name, or -1.
func (op *keyedOp) queryIndex(name string) int {
	for i := range op.query {
		if op.query[i].name == name {
			return i
		}
	}
	return -1
}

// queryPlain marks the bytes url.QueryEscape leaves alone and unescaping does not change.
var queryPlain = func() (t [256]bool) {
	for c := 0; c < 256; c++ {
		t[c] = 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '.' || c == '~'
	}
	return t
}()

// appendBody appends the canonical form of a JSON object body: its declared fields sorted by
// name, each value as encoding/json writes it (numbers as they were sent), without spaces.
// Objects with a field the contract does not declare, and anything but one JSON object, have
// no key: validation refuses them, and a cached answer must not say otherwise.
func appendBody(dst []byte, body []byte, decl *keyedBody) ([]byte, bool) {
	if out, ok, plain := appendPlainBody(dst, body, decl); plain {
		return out, ok
	}
	return appendAnyBody(dst, body, decl)
}

// appendAnyBody is appendBody for any body.
func appendAnyBody(dst []byte, body []byte, decl *keyedBody) ([]byte, bool) {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var fields map[string]any
	if err := dec.Decode(&fields); err != nil || fields == nil {
		return dst, false
	}
	if _, err := dec.Token(); err != io.EOF {
		return dst, false // something after the object
	}
	for name := range fields {
		if _, declared := slices.BinarySearch(decl.fields, name); !declared {
			return dst, false
		}
	}
	canonical, err := json.Marshal(fields) // sorts the names
	if err != nil {
		return dst, false
	}
	return append(dst, canonical...), true
}

// jsonField is one field of a plain JSON object, as it appears in the body.
type jsonField struct{ name, value []byte }

// appendPlainBody is appendBody without allocating, for the common body: a flat object whose
// names and values encoding/json would write exactly as they are (integers, true, false, null,
// strings of printable ASCII without escapes or <>&). plain is false when the body is not such
// an object; ok then means nothing.
func appendPlainBody(dst []byte, body []byte, decl *keyedBody) (out []byte, ok, plain bool) {
	var fields [maxFastParams]jsonField
	n, plain := scanPlainObject(body, &fields)
	if !plain {
		return dst, false, false
	}
	var byDecl [maxFastParams]int // index+1 into fields, in declared order
	if len(decl.fields) > maxFastParams {
		return dst, false, false
	}
	for i := range n {
		j, declared := slices.BinarySearch(decl.fields, string(fields[i].name))
		if !declared {
			return dst, false, true
		}
		if byDecl[j] != 0 {
			return dst, false, false // a repeated name: the general way keeps the last, as decoders do
		}
		byDecl[j] = i + 1
	}
	dst = append(dst, '{')
	first := true
	for j := range decl.fields {
		if byDecl[j] == 0 {
			continue
		}
		f := fields[byDecl[j]-1]
		if !first {
			dst = append(dst, ',')
		}
		first = false
		dst = append(dst, '"')
		dst = append(dst, f.name...)
		dst = append(dst, '"', ':')
		dst = append(dst, f.value...)
	}
	return append(dst, '}'), true, true
}

// scanPlainObject reads b as a flat JSON object of at most maxFastParams plain fields (see
// appendPlainBody) into fields and returns how many there are, or false when b is anything
// else.
func scanPlainObject(b []byte, fields *[maxFastParams]jsonField) (int, bool) {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return 0, false
	}
	i = skipSpace(b, i+1)
	n := 0
	if i < len(b) && b[i] == '}' {
		return 0, skipSpace(b, i+1) == len(b)
	}
	for {
		if n == maxFastParams {
			return 0, false
		}
		end, ok := scanPlainString(b, i)
		if !ok {
			return 0, false
		}
		name := b[i+1 : end-1]
		i = skipSpace(b, end)
		if i >= len(b) || b[i] != ':' {
			return 0, false
		}
		i = skipSpace(b, i+1)
		start := i
		if i < len(b) && b[i] == '"' {
			end, ok = scanPlainString(b, i)
		} else {
			end, ok = scanPlainLiteral(b, i)
		}
		if !ok {
			return 0, false
		}
		fields[n] = jsonField{name: name, value: b[start:end]}
		n++
		i = skipSpace(b, end)
		if i >= len(b) {
			return 0, false
		}
		switch b[i] {
		case ',':
			i = skipSpace(b, i+1)
		case '}':
			return n, skipSpace(b, i+1) == len(b)
		default:
			return 0, false
		}
	}
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// scanPlainString reads a string at b[i] made of printable ASCII other than the quote, the
// backslash and <>& (which encoding/json escapes), returning the index after its closing quote.
func scanPlainString(b []byte, i int) (int, bool) {
	if i >= len(b) || b[i] != '"' {
		return 0, false
	}
	for i++; i < len(b); i++ {
		switch c := b[i]; {
		case c == '"':
			return i + 1, true
		case c < 0x20 || c > 0x7e || c == '\\' || c == '<' || c == '>' || c == '&':
			return 0, false
		}
	}
	return 0, false
}

// scanPlainLiteral reads true, false, null or an integer (-?(0|[1-9][0-9]*), at most 18
// digits) at b[i], returning the index after it.
func scanPlainLiteral(b []byte, i int) (int, bool) {
	for _, lit := range [...]string{"true", "false", "null"} {
		if end := i + len(lit); end <= len(b) && string(b[i:end]) == lit {
			return end, true
		}
	}
	start := i
	if i < len(b) && b[i] == '-' {
		i++
	}
	digits := i
	for i < len(b) && '0' <= b[i] && b[i] <= '9' {
		i++
	}
	switch {
	case i == digits, i-digits > 18, b[digits] == '0' && i-digits > 1:
		return 0, false
	case i < len(b) && (b[i] == '.' || b[i] == 'e' || b[i] == 'E'):
		return 0, false // a fraction or an exponent: the general way
	}
	return i, start < i
}
