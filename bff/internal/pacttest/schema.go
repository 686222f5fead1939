//go:build pact

package pacttest

import (
	"context"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/pact-foundation/pact-go/v2/matchers"

	"github.com/jakarobotics/website/openapi"
)

// The CMS answers with exactly the data of a site operation, which the BFF passes on without
// decoding. What the BFF expects of such an answer is therefore the operation's data schema:
// these helpers turn it into Pact matchers, so that every CMS interaction pins the fields the
// site relies on.

var (
	docOnce sync.Once
	doc     *openapi3.T
	docErr  error
)

// DataSchema is the schema of `data` in the 200 answer of operationID.
func DataSchema(t *testing.T, operationID string) *openapi3.Schema {
	t.Helper()
	docOnce.Do(func() {
		doc, docErr = openapi3.NewLoader().LoadFromData(openapi.YAML)
		if docErr == nil {
			docErr = doc.Validate(context.Background())
		}
	})
	if docErr != nil {
		t.Fatal(docErr)
	}
	for _, item := range doc.Paths.Map() {
		for _, op := range item.Operations() {
			if op.OperationID != operationID {
				continue
			}
			envelope := op.Responses.Status(200).Value.Content.Get("application/json").Schema.Value
			if data := merged(envelope).Properties["data"]; data != nil {
				return data.Value
			}
		}
	}
	t.Fatalf("no data schema for operation %s", operationID)
	return nil
}

// FromSchema returns matchers for the required, non-nullable fields of schema, with type
// matching throughout. The answer itself (or a page's rows) must be a non-empty list where the
// schema is a list, so that its items are checked; nested lists are checked by type only, since
// many are legitimately empty (a leaf menu item's children, an article without sections).
func FromSchema(schema *openapi3.Schema) matchers.Matcher {
	m, ok := fromSchema(schema, 0, map[*openapi3.Schema]bool{})
	if !ok {
		return matchers.Like(map[string]any{})
	}
	return m
}

func fromSchema(s *openapi3.Schema, depth int, onPath map[*openapi3.Schema]bool) (matchers.Matcher, bool) {
	s = merged(s)
	if s.Nullable || onPath[s] {
		return nil, false
	}
	onPath[s] = true
	defer delete(onPath, s)
	switch {
	case s.Type.Is("object"):
		out := matchers.StructMatcher{}
		required := append([]string(nil), s.Required...)
		sort.Strings(required)
		for _, name := range required {
			prop := s.Properties[name]
			if prop == nil {
				continue
			}
			childDepth := depth + 1
			if name == "rows" && s.Properties["total"] != nil {
				childDepth = depth // a page's rows are the answer's list
			}
			if m, ok := fromSchema(prop.Value, childDepth, onPath); ok {
				out[name] = m
			}
		}
		return out, true
	case s.Type.Is("array"):
		if depth > 0 || s.Items == nil {
			return matchers.Like([]any{}), true
		}
		item, ok := fromSchema(s.Items.Value, depth+1, onPath)
		if !ok {
			return matchers.Like([]any{}), true
		}
		return matchers.EachLike(item, 1), true
	case s.Type.Is("string"):
		if len(s.Enum) > 0 {
			var alts []string
			for _, e := range s.Enum {
				if v, ok := e.(string); ok {
					alts = append(alts, regexp.QuoteMeta(v))
				}
			}
			if len(alts) > 0 {
				first, _ := s.Enum[0].(string)
				return matchers.Term(first, "^("+strings.Join(alts, "|")+")$"), true
			}
		}
		return matchers.Like("text"), true
	case s.Type.Is("integer"):
		return matchers.Integer(1), true
	case s.Type.Is("number"):
		return matchers.Like(1), true
	case s.Type.Is("boolean"):
		return matchers.Like(true), true
	}
	return nil, false
}

// merged folds allOf parts into one schema (properties and required fields).
func merged(s *openapi3.Schema) *openapi3.Schema {
	if len(s.AllOf) == 0 {
		return s
	}
	out := *s
	out.AllOf = nil
	out.Properties = openapi3.Schemas{}
	for k, v := range s.Properties {
		out.Properties[k] = v
	}
	for _, part := range s.AllOf {
		p := merged(part.Value)
		if out.Type == nil || len(*out.Type) == 0 {
			out.Type = p.Type
		}
		if p.Nullable {
			out.Nullable = true
		}
		for k, v := range p.Properties {
			out.Properties[k] = v
		}
		out.Required = append(out.Required, p.Required...)
		if out.Items == nil {
			out.Items = p.Items
		}
		if len(out.Enum) == 0 {
			out.Enum = p.Enum
		}
	}
	return &out
}
