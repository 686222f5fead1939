package httpapi_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// parseDir parses the non-test Go files of dir.
func parseDir(t *testing.T, dir string) (*token.FileSet, map[string]*ast.File) {
	t.Helper()
	fset := token.NewFileSet()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	require.NoError(t, err)
	files := map[string]*ast.File{}
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		require.NoError(t, err)
		f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
		require.NoError(t, err)
		files[filepath.Base(name)] = f
	}
	require.NotEmpty(t, files)
	return fset, files
}

// The content cache is the content service's: the server hands Deps.Cache to it and never reads
// or writes it, builds its keys, or chooses how long an answer is kept.
func TestOnlyTheContentServiceTouchesTheContentCache(t *testing.T) {
	fset, files := parseDir(t, ".")
	var uses []string
	for name, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			pkg, _ := sel.X.(*ast.Ident)
			switch {
			case sel.Sel.Name == "Cache" && (pkg == nil || pkg.Name != "cache"):
				uses = append(uses, fset.Position(sel.Pos()).String())
			case pkg != nil && pkg.Name == "cache" && sel.Sel.Name == "Policy":
				t.Errorf("%s: %s chooses a cache policy; the content service decides freshness", fset.Position(sel.Pos()), name)
			}
			return true
		})
	}
	require.Len(t, uses, 1, "Deps.Cache is only handed to the content service: %v", uses)
	assert.Contains(t, uses[0], "server.go")
}

// The rules of the leads and of the content service's forms know nothing of HTTP.
func TestTheLeadsRulesKnowNothingOfHTTP(t *testing.T) {
	for _, dir := range []string{"../leads", "../plaintext"} {
		_, files := parseDir(t, dir)
		for name, f := range files {
			for _, imp := range f.Imports {
				path, _ := strconv.Unquote(imp.Path.Value)
				assert.False(t, path == "net/http" || strings.HasPrefix(path, "net/http/") || strings.Contains(path, "go-chi"),
					"%s/%s imports %s", dir, name, path)
			}
		}
	}
}
