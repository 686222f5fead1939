package content

// localize returns a copy of v in which every localized text {"$t": {locale: text, …}} is
// replaced by its text in locale. Seed files write translations inline this way so that one item
// holds all its languages, as the CMS's editors see it.
func localize(v any, locale string) any {
	switch x := v.(type) {
	case map[string]any:
		if t, ok := x["$t"].(map[string]any); ok && len(x) == 1 {
			return pickText(t, locale)
		}
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = localize(e, locale)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = localize(e, locale)
		}
		return out
	default:
		return v
	}
}

// fallbacks is the order in which a locale borrows texts it lacks: the regional Englishes read
// English, and everything ends with English then Chinese, the CMS's source language.
var fallbacks = map[string][]string{
	"en_eu": {"en_eu", "en"},
	"en_us": {"en_us", "en"},
}

func pickText(texts map[string]any, locale string) any {
	chain, ok := fallbacks[locale]
	if !ok {
		chain = []string{locale}
	}
	chain = append(chain, "en", "zh")
	for _, l := range chain {
		if s, ok := texts[l].(string); ok {
			return s
		}
	}
	return ""
}

// Locales are the locale codes the CMS serves (wire codes: ja for Japanese).
var Locales = []string{"zh", "zh_tw", "en", "en_eu", "en_us", "ja", "ko", "th", "es", "fr", "de", "ru"}

func knownLocale(l string) bool {
	for _, k := range Locales {
		if k == l {
			return true
		}
	}
	return false
}
