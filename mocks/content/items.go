package content

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/jakarobotics/website/mocks/mockkit"
)

// Seed items are JSON objects written the way the CMS's editors see them. Besides their content
// fields they may carry these editorial fields, which the CMS applies and never sends:
//
//	"$t": {locale: text}      a localized text, replaced by the request locale's text
//	"locales": [locale…]      the item exists only in these locales (en_eu and en_us also see en's)
//	"draft": true             the item is an unpublished draft: only previews see it
//	"draftChanges": {…}       fields an editor has changed but not published: previews see them
//
// materialize applies them.
var editorialFields = []string{"locales", "draft", "draftChanges"}

// materialize returns item as locale and preview see it, or false when they do not see it.
func materialize(item map[string]any, locale string, preview bool) (map[string]any, bool) {
	if !visible(item, locale, preview) {
		return nil, false
	}
	out := make(map[string]any, len(item))
	for k, v := range item {
		out[k] = v
	}
	if changes, ok := item["draftChanges"].(map[string]any); ok && preview {
		for k, v := range changes {
			out[k] = v
		}
	}
	for _, f := range editorialFields {
		delete(out, f)
	}
	return localize(out, locale).(map[string]any), true
}

// visible reports whether locale and preview see item at all.
func visible(item map[string]any, locale string, preview bool) bool {
	if draft, _ := item["draft"].(bool); draft && !preview {
		return false
	}
	return forLocale(item, locale)
}

// forLocale reports whether an item limited to some locales exists in locale.
func forLocale(item map[string]any, locale string) bool {
	list, ok := item["locales"].([]any)
	if !ok {
		return true
	}
	chain := append([]string{locale}, fallbacks[locale]...)
	for _, l := range list {
		for _, c := range chain {
			if l == c {
				return true
			}
		}
	}
	return false
}

// materializeAll keeps the items locale and preview see, localized.
func materializeAll(items []map[string]any, locale string, preview bool) []map[string]any {
	out := []map[string]any{}
	for _, it := range items {
		if m, ok := materialize(it, locale, preview); ok {
			out = append(out, m)
		}
	}
	return out
}

// pick keeps only the named fields of item (after materialize), for list views that send
// summaries rather than whole items.
func pick(item map[string]any, fields ...string) map[string]any {
	out := make(map[string]any, len(fields))
	for _, f := range fields {
		out[f] = item[f]
	}
	return out
}

// page is a request's offset and limit.
type page struct{ offset, limit int }

// readPage reads offset (default 0) and limit (default 10, at most 200).
func readPage(w http.ResponseWriter, r *http.Request) (page, bool) {
	offset, ok1 := intParam(r, "offset", 0)
	limit, ok2 := intParam(r, "limit", 10)
	if !ok1 || !ok2 || limit == 0 || limit > 200 {
		badRequest(w, "offset must be >= 0 and limit 1..200")
		return page{}, false
	}
	return page{offset, limit}, true
}

// paged answers one page of rows as {"total", "rows"}.
func paged(w http.ResponseWriter, rows []map[string]any, p page) {
	total := len(rows)
	out := []map[string]any{}
	if p.offset < total {
		out = rows[p.offset:min(p.offset+p.limit, total)]
	}
	mockkit.WriteJSON(w, http.StatusOK, map[string]any{"total": total, "rows": out})
}

// pathID reads a positive integer path value.
func pathID(w http.ResponseWriter, r *http.Request, name string) (int, bool) {
	n, err := strconv.Atoi(r.PathValue(name))
	if err != nil || n < 1 {
		badRequest(w, name+" must be a positive number")
		return 0, false
	}
	return n, true
}

// idOf reads an item's numeric id.
func idOf(item map[string]any) int {
	f, _ := item["id"].(float64)
	return int(f)
}

func notFound(w http.ResponseWriter, what string) {
	mockkit.WriteJSON(w, http.StatusNotFound, map[string]string{"error": "no such " + what})
}

// contains reports whether text contains query, ignoring case (the CMS's title search).
func contains(text any, query string) bool {
	s, _ := text.(string)
	return strings.Contains(strings.ToLower(s), strings.ToLower(query))
}
