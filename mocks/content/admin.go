package content

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/jakarobotics/website/mocks/mockkit"
)

// The editors' side of the CMS, for tests and developers: changes published at once, each
// followed by the change webhook (webhook.go).
//
//	POST /__admin/products/{id}   {"name": "…"} or {"lang": "en", "name": "…"}
//	POST /__admin/news            a news item (see publishNews)
//
// The store's content is read under its lock (Store.reading) and changed under it, so that a
// read sees a change whole or not at all.

// admin holds the editors' calls.
type admin struct {
	store  *Store
	notify *notifier
	now    func() time.Time
}

// maxAdminBody bounds an editor's request: a news item with its texts in every language.
const maxAdminBody = 1 << 20

// decodeStrict reads a JSON body with exactly the fields of v.
func decodeStrict(w http.ResponseWriter, r *http.Request, v any) bool {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxAdminBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		badRequest(w, "the body must be a JSON object with the documented fields: "+err.Error())
		return false
	}
	if _, err := dec.Token(); err != io.EOF {
		badRequest(w, "the body must be one JSON object")
		return false
	}
	return true
}

// baseLocales are the locales that hold texts of their own; en_eu and en_us read en's unless an
// editor gave them one (localize.go).
func baseLocales() []string {
	var out []string
	for _, l := range Locales {
		if _, regional := fallbacks[l]; !regional {
			out = append(out, l)
		}
	}
	return out
}

// withText returns the field value current with text in lang: text alone (every language) when
// lang is empty, else a localized text {"$t": …} in which lang says text and every other locale
// what it said before.
func withText(current any, lang, text string) any {
	if lang == "" {
		return text
	}
	texts := map[string]any{}
	switch c := current.(type) {
	case map[string]any:
		if t, ok := c["$t"].(map[string]any); ok {
			for k, v := range t {
				texts[k] = v
			}
		}
	case string:
		for _, l := range baseLocales() {
			texts[l] = c
		}
	}
	texts[lang] = text
	return map[string]any{"$t": texts}
}

// checkText refuses an empty text, one over max characters or one with control characters.
func checkText(field, text string, max int) error {
	if strings.TrimSpace(text) == "" {
		return fmt.Errorf("%s is required", field)
	}
	if utf8.RuneCountInString(text) > max {
		return fmt.Errorf("%s must be at most %d characters", field, max)
	}
	if strings.ContainsFunc(text, func(r rune) bool { return unicode.IsControl(r) && r != '\n' && r != '\t' }) {
		return fmt.Errorf("%s must not hold control characters", field)
	}
	return nil
}

// renameProduct is POST /__admin/products/{id} {"name": "…", "lang": "en"}: the product's name
// becomes name in lang (every language when lang is absent) wherever the CMS sends it: its
// details, its line, the comparison, the solutions and cases that list it, and the menu items
// that link to its page. Answers 200 {"id", "productName", "event"} (event: the webhook event's
// id, null when no webhook URL is set); 400 for a bad body or locale, 404 for an unknown product.
// The webhook names the product, and every menu when a menu item changed with it.
func (a *admin) renameProduct(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r, "id")
	if !ok {
		return
	}
	var in struct {
		Name string `json:"name"`
		Lang string `json:"lang"`
	}
	if !decodeStrict(w, r, &in) {
		return
	}
	in.Name = strings.TrimSpace(in.Name)
	if err := checkText("name", in.Name, 200); err != nil {
		badRequest(w, err.Error())
		return
	}
	if in.Lang != "" && !knownLocale(in.Lang) {
		badRequest(w, "lang must be one of the CMS locales, or absent for every language")
		return
	}
	a.store.mu.Lock()
	p := catFind(a.store.catalogue.products, id)
	if p == nil {
		a.store.mu.Unlock()
		notFound(w, "product")
		return
	}
	p["productName"] = withText(p["productName"], in.Lang, in.Name)
	name := p["productName"]
	menus := renameMenuLinks(a.store.menuItems, "/productDetails/"+strconv.Itoa(id), in.Lang, in.Name)
	a.store.mu.Unlock()

	changes := []change{{Kind: "product", ID: strconv.Itoa(id)}}
	if menus > 0 {
		changes = append(changes, change{Kind: "menu", ID: ""})
	}
	mockkit.WriteJSON(w, http.StatusOK, map[string]any{"id": id, "productName": name, "event": eventOrNull(a.notify.notify(changes...))})
}

// renameMenuLinks gives the menu items that link to router the name text in lang, and returns how
// many it changed.
func renameMenuLinks(items []any, router, lang, text string) int {
	n := 0
	for _, raw := range items {
		item, ok := raw.(map[string]any)
		if !ok {
			continue
		}
		if item["router"] == router {
			item["name"] = withText(item["name"], lang, text)
			n++
		}
		if children, ok := item["children"].([]any); ok {
			n += renameMenuLinks(children, router, lang, text)
		}
	}
	return n
}

// newsText is a text of a news item: one string for every language, or one per locale.
type newsText struct {
	value any // string or map[string]any of locale → string; nil when absent
}

func (t *newsText) UnmarshalJSON(raw []byte) error {
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		t.value = s
		return nil
	}
	var byLocale map[string]string
	if err := json.Unmarshal(raw, &byLocale); err != nil {
		return fmt.Errorf("want a text or an object of texts by locale")
	}
	m := map[string]any{}
	for l, s := range byLocale {
		m[l] = s
	}
	t.value = m
	return nil
}

// check refuses a text of an unknown locale, an empty or overlong one; a required text must be
// given, for every language or at least in en or zh (the texts every locale falls back on).
func (t newsText) check(field string, required bool, max int) error {
	switch v := t.value.(type) {
	case nil:
		if required {
			return fmt.Errorf("%s is required", field)
		}
	case string:
		return checkText(field, v, max)
	case map[string]any:
		for l, s := range v {
			if !knownLocale(l) {
				return fmt.Errorf("%s: %q is not a CMS locale", field, l)
			}
			if err := checkText(field+"."+l, s.(string), max); err != nil {
				return err
			}
		}
		if v["en"] == nil && v["zh"] == nil {
			return fmt.Errorf("%s needs its en or zh text, which the other locales fall back on", field)
		}
	}
	return nil
}

// stored is the text as the seed writes it: a string, or {"$t": {locale: text}}.
func (t newsText) stored() any {
	if m, ok := t.value.(map[string]any); ok {
		return map[string]any{"$t": m}
	}
	return t.value
}

// publishNews is POST /__admin/news: a news item published now, in its type's lists (newest
// first, or pinned with top), among the home page's news with recommended, on its page
// (/cms/v2/news/{id}), and in the search. The body:
//
//	{"typeId": 1,                       required: a news type (/cms/v2/news-types)
//	 "title": "…" | {"en": "…", …},     required, ≤ 200 characters; a text, or texts by locale
//	 "content": "<p>…</p>" | {…},       required: the article's HTML
//	 "summary", "author", "source", "seoTitle", "seoDescription": optional texts
//	 "image": "/cms-assets/pictures/….svg"   optional: a picture of the media library (default a
//	                                         drawn one of the item)
//	 "publishTime": RFC 3339                 optional: default now
//	 "hot", "top", "recommended": booleans   optional: default false
//	 "locales": ["zh", "en", …]}             optional: the locales it exists in (default all)
//
// Answers 201 {"id", "typeId", "publishTime", "event"}; 400 for a bad body, 404 for an unknown
// type. The webhook names the new item.
func (a *admin) publishNews(w http.ResponseWriter, r *http.Request) {
	var in struct {
		TypeID         int      `json:"typeId"`
		Title          newsText `json:"title"`
		Content        newsText `json:"content"`
		Summary        newsText `json:"summary"`
		Author         newsText `json:"author"`
		Source         newsText `json:"source"`
		SEOTitle       newsText `json:"seoTitle"`
		SEODescription newsText `json:"seoDescription"`
		Image          string   `json:"image"`
		PublishTime    string   `json:"publishTime"`
		Hot            bool     `json:"hot"`
		Top            bool     `json:"top"`
		Recommended    bool     `json:"recommended"`
		Locales        []string `json:"locales"`
	}
	if !decodeStrict(w, r, &in) {
		return
	}
	for _, c := range []struct {
		text     newsText
		field    string
		required bool
		max      int
	}{
		{in.Title, "title", true, 200}, {in.Content, "content", true, 100_000}, {in.Summary, "summary", false, 1000},
		{in.Author, "author", false, 200}, {in.Source, "source", false, 200},
		{in.SEOTitle, "seoTitle", false, 200}, {in.SEODescription, "seoDescription", false, 1000},
	} {
		if err := c.text.check(c.field, c.required, c.max); err != nil {
			badRequest(w, err.Error())
			return
		}
	}
	if in.Image != "" && (!isPicture(in.Image) || strings.Contains(in.Image, "..")) {
		badRequest(w, "image must be a picture of the media library, /cms-assets/….svg")
		return
	}
	published := a.now()
	if in.PublishTime != "" {
		t, err := time.Parse(time.RFC3339, in.PublishTime)
		if err != nil {
			badRequest(w, "publishTime must be an RFC 3339 time such as 2026-11-29T10:00:00+08:00")
			return
		}
		published = t
	}
	for _, l := range in.Locales {
		if !knownLocale(l) {
			badRequest(w, fmt.Sprintf("locales: %q is not a CMS locale", l))
			return
		}
	}
	n := a.store.newsroom
	a.store.mu.Lock()
	if newsroomFind(n.newsTypes, in.TypeID) == nil {
		a.store.mu.Unlock()
		notFound(w, "news type")
		return
	}
	id := 1
	for _, it := range n.news {
		id = max(id, idOf(it)+1)
	}
	image := in.Image
	if image == "" {
		image = mediaURL(fmt.Sprintf("pictures/news-%d.svg", id))
	}
	// The seed's publish times are China's (+08:00); their text sorts as their time.
	shanghai := time.FixedZone("CST", 8*3600)
	item := map[string]any{
		"id": float64(id), "typeId": float64(in.TypeID), "publishTime": published.In(shanghai).Format(time.RFC3339),
		"hot": in.Hot, "top": in.Top, "image": image,
		"title": in.Title.stored(), "content": in.Content.stored(), "summary": in.Summary.stored(),
		"author": in.Author.stored(), "source": in.Source.stored(),
		"seoTitle": in.SEOTitle.stored(), "seoDescription": in.SEODescription.stored(),
	}
	if in.Recommended {
		item["recommended"] = true
	}
	if len(in.Locales) > 0 {
		locales := make([]any, len(in.Locales))
		for i, l := range in.Locales {
			locales[i] = l
		}
		item["locales"] = locales
	}
	n.news = append(n.news, item)
	err := newsroomSortNewest(n.news, "publishTime")
	a.store.mu.Unlock()
	if err != nil { // the time was formatted above: never
		mockkit.WriteJSON(w, http.StatusInternalServerError, map[string]string{"error": err.Error()})
		return
	}
	mockkit.WriteJSON(w, http.StatusCreated, map[string]any{
		"id": id, "typeId": in.TypeID, "publishTime": item["publishTime"],
		"event": eventOrNull(a.notify.notify(change{Kind: "news", ID: strconv.Itoa(id)})),
	})
}

// eventOrNull is an event id for an answer: null when no event was sent.
func eventOrNull(id string) any {
	if id == "" {
		return nil
	}
	return id
}

// reading serves next with the store read-locked for the CMS's API, which reads the content the
// editors' calls change. The media library and the admin calls do not read it.
func (s *Store) reading(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/cms/v2/") {
			s.mu.RLock()
			defer s.mu.RUnlock()
		}
		next.ServeHTTP(w, r)
	})
}
