package sitemap

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestHomePagesComeFirstThenListsThenItemsWithLanguagesTakingTurns(t *testing.T) {
	pages := map[string][]Page{
		"zh": {{Path: "/productDetails/101"}, {Path: "/productList"}, {Path: "/index"}, {Path: "/newsDetail/39"}},
		"en": {{Path: "/productDetails/101"}, {Path: "/index"}, {Path: "/position?type=social&page=1&id=3"}},
		"ru": {{Path: "/news"}},
	}
	assert.Equal(t, []string{
		"/index", "/en/index",
		"/productList", "/ru/news",
		"/productDetails/101", "/en/productDetails/101", "/newsDetail/39", "/en/position?type=social&page=1&id=3",
	}, MostImportantFirst(pages))
}
