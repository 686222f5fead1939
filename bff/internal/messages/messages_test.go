package messages

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Every text exists in every language that has no fallback of its own, so that no visitor reads
// a message in a language they did not choose.
func TestEveryKeyHasATextInEveryLanguage(t *testing.T) {
	for _, key := range Keys() {
		for _, lang := range Languages {
			if lang == "en_eu" || lang == "en_us" {
				continue // the regional Englishes read English
			}
			_, ok := catalogue[key][lang]
			assert.True(t, ok, "%s has no %s text", key, lang)
		}
	}
}

func TestTextFallsBackToEnglishThenToTheKey(t *testing.T) {
	assert.Equal(t, "Success", Text(OK, "en_us"))
	assert.Equal(t, "操作成功", Text(OK, "zh"))
	assert.Equal(t, "no.such.key", Text("no.such.key", "fr"))
	assert.Equal(t, Lang("zh"), Parse(""))
	assert.Equal(t, Lang("zh"), Parse("jp"), "the site code jp is not a wire code")
	assert.Equal(t, Lang("ja"), Parse("ja"))
}
