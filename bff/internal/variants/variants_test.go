package variants_test

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/variants"
)

// The web's CmsImage offers in its srcset exactly the widths the BFF makes. (The variants
// themselves are tested through the server, in httpapi's media_variants_test.go.)
func TestTheWebOffersTheVariantWidths(t *testing.T) {
	src, err := os.ReadFile("../../../web/src/components/ui/cms-image-url.ts")
	require.NoError(t, err)
	m := regexp.MustCompile(`(?s)VARIANT_WIDTHS\s*=\s*\[([^\]]*)\]`).FindSubmatch(src)
	require.NotNil(t, m, "cms-image-url.ts declares VARIANT_WIDTHS")
	var web []int
	for _, s := range strings.Split(string(m[1]), ",") {
		if s = strings.TrimSpace(s); s != "" {
			n, err := strconv.Atoi(s)
			require.NoError(t, err)
			web = append(web, n)
		}
	}
	assert.Equal(t, variants.Widths, web)
}
