package content

import (
	"embed"
	"encoding/json"
	"fmt"
	"sort"
	"sync"
)

//go:embed seed/*.json
var seedFS embed.FS

// Store is the CMS's content, loaded from the seed files. Editors change it through the admin
// calls (admin.go) under mu's write lock; the API reads it under its read lock (reading).
type Store struct {
	mu sync.RWMutex

	languages []map[string]any
	menus     map[int]menuDef
	menuItems []any
	banners   []map[string]any

	catalogue *catalogue // products, solutions, cases, home page, JAKA+ partners
	newsroom  *newsroom  // news, downloads, FAQ, notices, search keywords
	company   *company   // site info, pages, legal texts, offices, jobs, academy, dealers, dictionaries, forms

	pictures map[string]*subject // what each picture of the media library shows (pictures.go)
}

type menuDef struct {
	ID      int      `json:"id"`
	Exclude []string `json:"exclude"`
}

// LoadStore reads the seed content.
func LoadStore() (*Store, error) {
	s := &Store{menus: map[int]menuDef{}}
	if err := readSeed("languages.json", &s.languages); err != nil {
		return nil, err
	}
	var menus struct {
		Menus []menuDef `json:"menus"`
		Items []any     `json:"items"`
	}
	if err := readSeed("menus.json", &menus); err != nil {
		return nil, err
	}
	for _, m := range menus.Menus {
		s.menus[m.ID] = m
	}
	s.menuItems = menus.Items
	var err error
	if err = readSeed("banners.json", &s.banners); err != nil {
		return nil, err
	}
	sort.SliceStable(s.banners, func(i, j int) bool { return num(s.banners[i]["sort"]) < num(s.banners[j]["sort"]) })
	if s.catalogue, err = loadCatalogue(); err != nil {
		return nil, err
	}
	if s.newsroom, err = loadNewsroom(); err != nil {
		return nil, err
	}
	if s.company, err = loadCompany(); err != nil {
		return nil, err
	}
	if s.pictures, err = indexPictures(); err != nil {
		return nil, err
	}
	return s, nil
}

func readSeed(name string, v any) error {
	raw, err := seedFS.ReadFile("seed/" + name)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return fmt.Errorf("seed/%s: %w", name, err)
	}
	return nil
}

func num(v any) float64 {
	f, _ := v.(float64)
	return f
}

// Languages returns one page of the language configuration and the total count.
func (s *Store) Languages(offset, limit int) ([]map[string]any, int) {
	total := len(s.languages)
	if offset >= total {
		return []map[string]any{}, total
	}
	end := min(offset+limit, total)
	return s.languages[offset:end], total
}

// Menu returns the navigation tree of menu id in locale, or false when there is no such menu.
func (s *Store) Menu(id int, locale string) ([]any, bool) {
	def, ok := s.menus[id]
	if !ok {
		return nil, false
	}
	excluded := map[string]bool{}
	for _, u := range def.Exclude {
		excluded[u] = true
	}
	return menuItems(s.menuItems, excluded, locale), true
}

// menuItems selects the items of one menu and locale and gives every item the full set of
// navigation fields, so that the site never meets a missing one.
func menuItems(items []any, excluded map[string]bool, locale string) []any {
	out := []any{}
	for _, raw := range items {
		item := raw.(map[string]any)
		if excluded[str(item["uniqueness"])] || !forLocale(item, locale) {
			continue
		}
		nav := map[string]any{
			"id":            item["id"],
			"name":          localize(item["name"], locale),
			"router":        item["router"],
			"externalLink":  item["externalLink"],
			"status":        orDefault(item["status"], 0.0),
			"flag":          orDefault(item["flag"], 0.0),
			"templateStyle": item["templateStyle"],
			"uniqueness":    item["uniqueness"],
			"productType":   item["productType"],
			"image":         item["image"],
			"children":      []any{},
		}
		if children, ok := item["children"].([]any); ok {
			nav["children"] = menuItems(children, excluded, locale)
		}
		out = append(out, nav)
	}
	return out
}

// Banners returns the banners of a placement in locale; drafts only for previews.
func (s *Store) Banners(placement int, preview bool, locale string) []any {
	out := []any{}
	for _, b := range s.banners {
		if int(num(b["type"])) != placement {
			continue
		}
		if published, _ := b["published"].(bool); !published && !preview {
			continue
		}
		out = append(out, map[string]any{
			"id":          b["id"],
			"type":        b["type"],
			"image":       b["image"],
			"mobileImage": b["mobileImage"],
			"title":       localize(b["title"], locale),
			"subhead":     localize(b["subhead"], locale),
			"color":       b["color"],
			"link":        b["link"],
			"sort":        b["sort"],
		})
	}
	return out
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

func orDefault(v, def any) any {
	if v == nil {
		return def
	}
	return v
}
