package apierr_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/messages"
)

// bffRoot is the directory of the BFF's Go code, seen from this package.
const bffRoot = "../.."

// Every error key the BFF's code names (a constant of type apierr.Key, a conversion to it, or a
// literal given to apierr.New or apierr.Error) is an error key of the catalogue, with its
// status: a key missing from messages/keys.json would be answered 500 with its bare name.
func TestEveryErrorKeyOfTheCodeIsInTheCatalogue(t *testing.T) {
	keys := errorKeysInCode(t, bffRoot)
	require.NotEmpty(t, keys)
	assert.Contains(t, keys, "account.phone_registered", "the keys of the area packages are found")
	assert.Contains(t, keys, "request.invalid", "apierr's own keys are found")
	for key, where := range keys {
		status, ok := messages.Status(key)
		if assert.True(t, ok, "%s (%s) is not an error key of messages/keys.json", key, where) {
			assert.Equal(t, status, apierr.Status(apierr.Key(key)))
		}
	}
}

// The catalogue lists no error key that the code never answers with.
func TestEveryErrorKeyOfTheCatalogueIsUsed(t *testing.T) {
	keys := errorKeysInCode(t, bffRoot)
	var unused []string
	for key := range messages.Site().Keys.Errors {
		if _, ok := keys[key]; !ok {
			unused = append(unused, key)
		}
	}
	sort.Strings(unused)
	assert.Empty(t, unused, "error keys of messages/keys.json that no Go code names")
}

func TestStatusOfAnUnknownKeyIsInternal(t *testing.T) {
	assert.Equal(t, http.StatusInternalServerError, apierr.Status("no.such.key"))
	assert.Equal(t, http.StatusConflict, apierr.New("account.phone_registered", nil).Status())
}

// The scan finds keys in each of the forms the code writes them.
func TestErrorKeysInCodeFindsEveryForm(t *testing.T) {
	dir := t.TempDir()
	src := `package x

import "github.com/jakarobotics/website/bff/internal/apierr"

const A apierr.Key = "x.const"

const (
	B apierr.Key = "x.grouped"
	C            = "x.not_a_key"
)

var d = apierr.Key("x.converted")
var e = apierr.New("x.new", nil)
var f = &apierr.Error{Key: "x.literal"}
`
	require.NoError(t, writeFile(filepath.Join(dir, "x.go"), src))
	require.NoError(t, writeFile(filepath.Join(dir, "x_test.go"), `package x

import "github.com/jakarobotics/website/bff/internal/apierr"

const T apierr.Key = "x.test_only"
`))
	keys := errorKeysInCode(t, dir)
	var names []string
	for k := range keys {
		names = append(names, k)
	}
	sort.Strings(names)
	assert.Equal(t, []string{"x.const", "x.converted", "x.grouped", "x.literal", "x.new"}, names)
}

// errorKeysInCode maps every error key named in the non-test Go files under root to where.
func errorKeysInCode(t *testing.T, root string) map[string]string {
	t.Helper()
	keys := map[string]string{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		file, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		inApierr := file.Name.Name == "apierr"
		isKeyType := func(e ast.Expr) bool {
			switch e := e.(type) {
			case *ast.SelectorExpr:
				x, ok := e.X.(*ast.Ident)
				return ok && x.Name == "apierr" && e.Sel.Name == "Key"
			case *ast.Ident:
				return inApierr && e.Name == "Key"
			}
			return false
		}
		isApierr := func(e ast.Expr, name string) bool {
			switch e := e.(type) {
			case *ast.SelectorExpr:
				x, ok := e.X.(*ast.Ident)
				return ok && x.Name == "apierr" && e.Sel.Name == name
			case *ast.Ident:
				return inApierr && e.Name == name
			}
			return false
		}
		add := func(e ast.Expr) {
			if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if s, err := strconv.Unquote(lit.Value); err == nil {
					keys[s] = fset.Position(lit.Pos()).String()
				}
			}
		}
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ValueSpec:
				if n.Type != nil && isKeyType(n.Type) {
					for _, v := range n.Values {
						add(v)
					}
				}
			case *ast.CallExpr:
				if (isKeyType(n.Fun) || isApierr(n.Fun, "New")) && len(n.Args) > 0 {
					add(n.Args[0])
				}
			case *ast.CompositeLit:
				if isApierr(n.Type, "Error") {
					for _, elt := range n.Elts {
						if kv, ok := elt.(*ast.KeyValueExpr); ok {
							if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Key" {
								add(kv.Value)
							}
						}
					}
				}
			}
			return true
		})
		return nil
	})
	require.NoError(t, err)
	return keys
}

func writeFile(path, text string) error { return os.WriteFile(path, []byte(text), 0o644) }
