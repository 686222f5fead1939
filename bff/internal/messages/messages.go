// Package messages holds the human texts of the envelope's msg field in every language the site
// speaks, and the HTTP status of every error key. Both come from the site's one catalogue, the
// top-level messages/ directory that the web reads too (see messages/embed.go): it is loaded and
// checked once, when the BFF starts, so that a broken catalogue stops the start rather than a
// visitor's request.
package messages

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/jakarobotics/website/bff/internal/pagetable"
	shared "github.com/jakarobotics/website/messages"
)

// Lang is a wire language code as sent in the lang header (ja for the site's jp pages).
type Lang string

// Languages lists the wire codes the site speaks, in the order of the language switcher: the
// web app's languages (web/src/lib/language.ts, toWireLanguage), from the page table.
var Languages = func() []Lang {
	out := make([]Lang, len(pagetable.Site.Languages))
	for i, l := range pagetable.Site.Languages {
		out[i] = Lang(l.Wire)
	}
	return out
}()

// Default is the language of a request without a usable lang header.
const Default Lang = "zh"

// English is the language every text falls back to; the regional Englishes read it.
const English Lang = "en"

// regional are the languages without a file of their own: they read English.
var regional = []Lang{"en_eu", "en_us"}

// Parse returns the wire code named by s, or Default when s names none.
func Parse(s string) Lang {
	for _, l := range Languages {
		if string(l) == s {
			return l
		}
	}
	return Default
}

// OK is the key of the success text.
const OK = "ok"

// KeyTable is keys.json: what each key of the catalogue is. Every key is exactly one of an
// error key (with the HTTP status of its answer), a success text (msg of a success) or a field
// text (message of one entry of a failure's errors).
type KeyTable struct {
	// Errors maps each error key (the envelope's errorKey) to the HTTP status it is answered with.
	Errors map[string]int `json:"errors"`
	// Successes are the keys of texts sent as msg of a success.
	Successes []string `json:"successes"`
	// Fields are the keys of texts sent as the message of a field error.
	Fields []string `json:"fields"`
	// Params names the parameters of each templated text, written {{name}} in every language.
	Params map[string][]string `json:"params"`
}

// Catalogue is the loaded, checked catalogue: the key table and the texts of every language
// that has a file.
type Catalogue struct {
	Keys  KeyTable
	Texts map[Lang]map[string]string
}

// placeholder is the syntax of a parameter in a text: {{name}}, as i18next writes it.
var placeholder = regexp.MustCompile(`\{\{\s*(\w+)\s*\}\}`)

// Load reads keys.json and the file of each language with texts of its own from fsys, and checks
// them: every key has a text in every such language, no file has a key the table does not
// know, every error key has a 4xx or 5xx status, and every text has exactly the parameters its
// key declares. The error lists every fault found.
func Load(fsys fs.FS) (*Catalogue, error) {
	c := &Catalogue{Texts: map[Lang]map[string]string{}}
	if err := readJSON(fsys, "keys.json", &c.Keys); err != nil {
		return nil, err
	}
	for _, lang := range fileLanguages() {
		texts := map[string]string{}
		if err := readJSON(fsys, string(lang)+".json", &texts); err != nil {
			return nil, err
		}
		c.Texts[lang] = texts
	}
	if problems := c.check(fsys); len(problems) > 0 {
		return nil, fmt.Errorf("messages: the catalogue is not sound:\n  %s", strings.Join(problems, "\n  "))
	}
	return c, nil
}

// fileLanguages are the languages with a file of their own.
func fileLanguages() []Lang {
	var out []Lang
	for _, l := range Languages {
		if !slices.Contains(regional, l) {
			out = append(out, l)
		}
	}
	return out
}

func readJSON(fsys fs.FS, name string, v any) error {
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return fmt.Errorf("messages: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("messages: %s: %w", name, err)
	}
	return nil
}

// check lists what is wrong with the catalogue, in a stable order.
func (c *Catalogue) check(fsys fs.FS) []string {
	var problems []string
	kinds := map[string][]string{}
	for key, status := range c.Keys.Errors {
		kinds[key] = append(kinds[key], "error")
		if status < 400 || status > 599 || http.StatusText(status) == "" {
			problems = append(problems, fmt.Sprintf("error key %s has no 4xx or 5xx status (%d)", key, status))
		}
	}
	for _, key := range c.Keys.Successes {
		kinds[key] = append(kinds[key], "success")
	}
	for _, key := range c.Keys.Fields {
		kinds[key] = append(kinds[key], "field")
	}
	for key, k := range kinds {
		if len(k) > 1 {
			problems = append(problems, fmt.Sprintf("key %s is listed more than once in keys.json (%s)", key, strings.Join(k, ", ")))
		}
	}
	for key := range c.Keys.Params {
		if _, ok := kinds[key]; !ok {
			problems = append(problems, fmt.Sprintf("keys.json gives parameters of %s, which it does not list", key))
		}
	}
	for _, lang := range fileLanguages() {
		texts := c.Texts[lang]
		for key := range kinds {
			text, ok := texts[key]
			switch {
			case !ok:
				problems = append(problems, fmt.Sprintf("%s has no %s text", key, lang))
			case strings.TrimSpace(text) == "":
				problems = append(problems, fmt.Sprintf("%s has an empty %s text", key, lang))
			case !slices.Equal(params(text), sorted(c.Keys.Params[key])):
				problems = append(problems, fmt.Sprintf("%s's %s text has the parameters %v, keys.json says %v", key, lang, params(text), sorted(c.Keys.Params[key])))
			}
		}
		for key := range texts {
			if _, ok := kinds[key]; !ok {
				problems = append(problems, fmt.Sprintf("%s.json has the key %s, which keys.json does not list", lang, key))
			}
		}
	}
	// A file of a language the site does not speak (or a regional English) would be read by
	// nobody: it is a mistake, not a translation.
	names, _ := fs.Glob(fsys, "*.json")
	for _, name := range names {
		lang := Lang(strings.TrimSuffix(name, ".json"))
		if name != "keys.json" && !slices.Contains(fileLanguages(), lang) {
			problems = append(problems, fmt.Sprintf("%s is not the file of a language with texts of its own", name))
		}
	}
	sort.Strings(problems)
	return problems
}

// params are the names of the parameters of text, sorted, each once.
func params(text string) []string {
	var names []string
	for _, m := range placeholder.FindAllStringSubmatch(text, -1) {
		if !slices.Contains(names, m[1]) {
			names = append(names, m[1])
		}
	}
	return sorted(names)
}

func sorted(s []string) []string {
	out := slices.Clone(s)
	sort.Strings(out)
	if out == nil {
		out = []string{}
	}
	return out
}

// site is the catalogue the BFF answers with, loaded when the program starts.
var site = mustLoad()

func mustLoad() *Catalogue {
	c, err := Load(shared.Files)
	if err != nil {
		panic(err)
	}
	return c
}

// Site is the catalogue of the site, for tests that check what uses it.
func Site() *Catalogue { return site }

// Text is key's text in lang, falling back to English (the regional Englishes always do), then
// to the key itself so that a missing text is visible rather than empty.
func Text(key string, lang Lang) string {
	if t, ok := site.Texts[lang][key]; ok {
		return t
	}
	if t, ok := site.Texts[English][key]; ok {
		return t
	}
	return key
}

// Fill is key's text in lang with each {{name}} replaced by values[name]. A parameter without a
// value is left as it is, so that the omission shows.
func Fill(key string, lang Lang, values map[string]string) string {
	return placeholder.ReplaceAllStringFunc(Text(key, lang), func(p string) string {
		if v, ok := values[placeholder.FindStringSubmatch(p)[1]]; ok {
			return v
		}
		return p
	})
}

// Status is the HTTP status of the error key, and whether the catalogue has it as an error key.
func Status(key string) (int, bool) {
	s, ok := site.Keys.Errors[key]
	return s, ok
}

// Keys lists every key that has texts, for completeness tests.
func Keys() []string {
	keys := make([]string, 0, len(site.Texts[English]))
	for k := range site.Texts[English] {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
