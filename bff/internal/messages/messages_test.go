package messages

import (
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/pagetable"
	shared "github.com/jakarobotics/website/messages"
)

// The site's catalogue loads without a fault: every key has a text in every language with a
// file, no file has a key the table does not list, every error key has its status, and every
// text has the parameters of its key.
func TestTheSiteCatalogueIsSound(t *testing.T) {
	c, err := Load(shared.Files)
	require.NoError(t, err)
	assert.Equal(t, 400, c.Keys.Errors["request.invalid"])
	assert.Contains(t, c.Keys.Successes, OK)
}

// The languages are the site's, as the lang header names them (ja for the site's jp); the
// default and the regional Englishes among them.
func TestTheLanguagesAreTheSitesWireCodes(t *testing.T) {
	require.Len(t, Languages, len(pagetable.Site.Languages))
	for i, l := range pagetable.Site.Languages {
		assert.Equal(t, Lang(l.Wire), Languages[i])
		if l.Code == pagetable.Site.DefaultLanguage {
			assert.Equal(t, Default, Lang(l.Wire))
		}
	}
	assert.Contains(t, Languages, Lang("ja"))
	assert.NotContains(t, Languages, Lang("jp"))
	assert.Subset(t, Languages, append([]Lang{English}, regional...))
}

// sound is a small catalogue without a fault; each case below breaks one thing of it.
func sound() fstest.MapFS {
	fsys := fstest.MapFS{
		"keys.json": {Data: []byte(`{"errors": {"a.failed": 409}, "successes": ["ok"], "fields": ["a.too_large"],
			"params": {"a.too_large": ["limit"]}}`)},
	}
	for _, lang := range fileLanguages() {
		fsys[string(lang)+".json"] = &fstest.MapFile{Data: []byte(`{"a.failed": "Failed ` + string(lang) +
			`", "ok": "OK ` + string(lang) + `", "a.too_large": "At most {{limit}} (` + string(lang) + `)"}`)}
	}
	return fsys
}

func TestLoadAcceptsASoundCatalogue(t *testing.T) {
	c, err := Load(sound())
	require.NoError(t, err)
	assert.Equal(t, "Failed de", c.Texts["de"]["a.failed"])
}

// Each fault of a catalogue stops the load, with a message that names it.
func TestLoadRefusesACatalogueWithAFault(t *testing.T) {
	cases := map[string]struct {
		breakIt func(fstest.MapFS)
		want    string
	}{
		"a key without a text in one language": {
			func(f fstest.MapFS) { f["ko.json"].Data = []byte(`{"a.failed": "x", "a.too_large": "{{limit}}"}`) },
			"ok has no ko text",
		},
		"an empty text": {
			func(f fstest.MapFS) {
				f["th.json"].Data = []byte(`{"a.failed": " ", "ok": "x", "a.too_large": "{{limit}}"}`)
			},
			"a.failed has an empty th text",
		},
		"a language file with a key the table does not list": {
			func(f fstest.MapFS) {
				f["fr.json"].Data = []byte(`{"a.failed": "x", "ok": "x", "a.too_large": "{{limit}}", "a.stray": "x"}`)
			},
			"fr.json has the key a.stray, which keys.json does not list",
		},
		"an error key without a status": {
			func(f fstest.MapFS) {
				f["keys.json"].Data = []byte(`{"errors": {"a.failed": null}, "successes": ["ok"], "fields": ["a.too_large"], "params": {"a.too_large": ["limit"]}}`)
			},
			"error key a.failed has no 4xx or 5xx status (0)",
		},
		"an error key with a success status": {
			func(f fstest.MapFS) {
				f["keys.json"].Data = []byte(`{"errors": {"a.failed": 200}, "successes": ["ok"], "fields": ["a.too_large"], "params": {"a.too_large": ["limit"]}}`)
			},
			"error key a.failed has no 4xx or 5xx status (200)",
		},
		"a key listed twice": {
			func(f fstest.MapFS) {
				f["keys.json"].Data = []byte(`{"errors": {"a.failed": 409}, "successes": ["ok", "a.failed"], "fields": ["a.too_large"], "params": {"a.too_large": ["limit"]}}`)
			},
			"key a.failed is listed more than once in keys.json",
		},
		"a text without the parameter of its key": {
			func(f fstest.MapFS) {
				f["ja.json"].Data = []byte(`{"a.failed": "x", "ok": "x", "a.too_large": "%s"}`)
			},
			"a.too_large's ja text has the parameters [], keys.json says [limit]",
		},
		"a text with a parameter its key does not declare": {
			func(f fstest.MapFS) {
				f["ru.json"].Data = []byte(`{"a.failed": "{{count}}", "ok": "x", "a.too_large": "{{limit}}"}`)
			},
			"a.failed's ru text has the parameters [count], keys.json says []",
		},
		"a file of a regional English": {
			func(f fstest.MapFS) { f["en_us.json"] = &fstest.MapFile{Data: []byte(`{}`)} },
			"en_us.json is not the file of a language with texts of its own",
		},
		"a field keys.json does not know": {
			func(f fstest.MapFS) {
				f["keys.json"].Data = []byte(`{"errors": {"a.failed": 409}, "statuses": {}, "successes": ["ok"], "fields": ["a.too_large"], "params": {"a.too_large": ["limit"]}}`)
			},
			`unknown field "statuses"`,
		},
		"a missing language file": {
			func(f fstest.MapFS) { delete(f, "zh_tw.json") },
			"zh_tw.json",
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			fsys := sound()
			tc.breakIt(fsys)
			_, err := Load(fsys)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

func TestTextFallsBackToEnglishThenToTheKey(t *testing.T) {
	assert.Equal(t, "Success", Text(OK, "en_us"))
	assert.Equal(t, "Success", Text(OK, "en_eu"))
	assert.Equal(t, "操作成功", Text(OK, "zh"))
	assert.Equal(t, "no.such.key", Text("no.such.key", "fr"))
	assert.Equal(t, Lang("zh"), Parse(""))
	assert.Equal(t, Lang("zh"), Parse("jp"), "the site code jp is not a wire code")
	assert.Equal(t, Lang("ja"), Parse("ja"))
}

func TestFillPutsTheValuesInTheirPlaceholders(t *testing.T) {
	assert.Equal(t, "A photo may be at most 10 MB.", Fill("upload.field.image_too_large", "en", map[string]string{"limit": "10 MB"}))
	assert.Equal(t, "图片不能超过 2.5 MB", Fill("upload.field.image_too_large", "zh", map[string]string{"limit": "2.5 MB"}))
	assert.Equal(t, "A photo may be at most {{limit}}.", Fill("upload.field.image_too_large", "en", nil),
		"a missing value shows")
	assert.Equal(t, "Success", Fill(OK, "en", map[string]string{"limit": "x"}))
}

func TestStatusIsTheErrorKeysStatus(t *testing.T) {
	s, ok := Status("account.phone_registered")
	assert.True(t, ok)
	assert.Equal(t, 409, s)
	_, ok = Status(OK)
	assert.False(t, ok, "a success text is no error key")
	_, ok = Status("no.such.key")
	assert.False(t, ok)
}
