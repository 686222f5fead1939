package content

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// localBrand is the company's name as the site says it in the languages that do not use the
// English one (web/src/i18n/locales/<lang>/common.json, site.name).
var localBrand = map[string]string{"ja": "JAKAロボティクス", "ko": "JAKA 로보틱스", "th": "JAKA โรโบติกส์"}

// untranslatedInThai are English names Japanese and Korean translate (JAKA Zu シリーズ, JAKA
// 아카데미, JAKA ウィークリー) and Thai must too.
var untranslatedInThai = regexp.MustCompile(`\b(Series|Academy|Weekly)\b`)

// headFields are the texts that make a page's title and description: they name the company as
// every page title does, in the visitor's language.
var headFields = map[string]bool{"seoTitle": true, "seoDescription": true, "websiteTitle": true}

// TestSeedsUseTheLocalBrandNames walks every seed file: the titles and descriptions of pages in
// Japanese, Korean and Thai name the company by its local name, and Thai texts translate the
// names of the product series, the academy and the weekly as Japanese and Korean do.
func TestSeedsUseTheLocalBrandNames(t *testing.T) {
	files, err := fs.Glob(seedFS, "seed/*.json")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	heads := 0
	for _, name := range files {
		raw, err := seedFS.ReadFile(name)
		require.NoError(t, err)
		var v any
		require.NoError(t, json.Unmarshal(raw, &v))
		var walk func(path, field string, v any)
		walk = func(path, field string, v any) {
			switch x := v.(type) {
			case map[string]any:
				if texts, ok := x["$t"].(map[string]any); ok {
					for lang, brand := range localBrand {
						s, _ := texts[lang].(string)
						if headFields[field] && s != "" {
							heads++
							assert.NotContains(t, s, "JAKA Robotics", "%s %s (%s): the local name is %s", name, path, lang, brand)
						}
					}
					th, _ := texts["th"].(string)
					assert.Empty(t, untranslatedInThai.FindAllString(th, -1), "%s %s: %q", name, path, th)
					return
				}
				for k, e := range x {
					walk(path+"."+k, k, e)
				}
			case []any:
				for i, e := range x {
					walk(fmt.Sprintf("%s[%d]", path, i), field, e)
				}
			}
		}
		walk(strings.TrimPrefix(name, "seed/"), "", v)
	}
	assert.Positive(t, heads, "no page titles found")
}
