package content

import (
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/jakarobotics/website/mocks/mockkit"
)

// The catalogue: product lines and products with their technical data, the product comparison,
// solutions (industries, applications, product levels), customer cases, the home page and the
// JAKA+ ecosystem partners with their products.
//
// Seed files (seed/catalogue-*.json) hold the items as editors see them (see items.go). Items
// refer to each other by id only (a product names its applications, a case its products), and
// the answers resolve the references at request time, so that a reference always shows the
// referred item as the request's locale and preview see it, and never shows a draft to visitors.

// catalogue holds products, product lines, comparison, solutions (industries, applications, product levels), cases, the home page and JAKA+ partners.
type catalogue struct {
	specs specDictionary

	lines        []map[string]any
	products     []map[string]any
	industries   []map[string]any
	applications []map[string]any
	levels       []map[string]any
	cases        []map[string]any

	home homeSeed

	partners        []map[string]any
	partnerProducts []map[string]any
}

// specDictionary names the technical parameters. Products carry their data as
// {"specs": {paramKey: value}}; the dictionary gives each parameter its group, display name and
// unit, so that every product, and so the comparison, uses the same names in the same order.
type specDictionary struct {
	Groups []specGroupDef `json:"groups"`
	// Texts are values shared by many products (e.g. a mounting description), written once and
	// referred to as "@key", so that identical values are really identical in the comparison.
	Texts map[string]any `json:"texts"`
}

type specGroupDef struct {
	Key    string         `json:"key"`
	Name   any            `json:"name"`
	Params []specParamDef `json:"params"`
}

type specParamDef struct {
	Key  string `json:"key"`
	Name any    `json:"name"`
	Unit any    `json:"unit"`
}

// homeSeed is the home page: its sections, its card blocks and the industries each column
// recommends.
type homeSeed struct {
	Sections    []map[string]any            `json:"sections"`
	Cards       map[string][]map[string]any `json:"cards"`
	Recommended map[string][]int            `json:"recommendedIndustries"`
}

// Columns (programa ids of the navigation tree) whose pages the catalogue serves: the products
// column and the solutions column. Any other column id is unknown.
var catalogueColumns = map[int]bool{1: true, 2: true}

// productColumn is the column product pages belong to (ProductLine.programId).
const productColumn = 1

func loadCatalogue() (*catalogue, error) {
	c := &catalogue{}
	files := []struct {
		name string
		v    any
	}{
		{"catalogue-specs.json", &c.specs},
		{"catalogue-lines.json", &c.lines},
		{"catalogue-products.json", &c.products},
		{"catalogue-industries.json", &c.industries},
		{"catalogue-applications.json", &c.applications},
		{"catalogue-levels.json", &c.levels},
		{"catalogue-cases.json", &c.cases},
		{"catalogue-home.json", &c.home},
		{"catalogue-partners.json", &c.partners},
		{"catalogue-partner-products.json", &c.partnerProducts},
	}
	for _, f := range files {
		if err := readSeed(f.name, f.v); err != nil {
			return nil, err
		}
	}
	if err := c.check(); err != nil {
		return nil, err
	}
	return c, nil
}

// check fails on references to items that do not exist, so that a slip in a seed file stops the
// mock at start-up instead of showing up as a hole in a page.
func (c *catalogue) check() error {
	params := map[string]bool{}
	for _, g := range c.specs.Groups {
		for _, p := range g.Params {
			params[p.Key] = true
		}
	}
	checkSpecs := func(kind string, item map[string]any) error {
		specs, _ := item["specs"].(map[string]any)
		for k, v := range specs {
			if !params[k] {
				return fmt.Errorf("%s %d: unknown parameter %q", kind, idOf(item), k)
			}
			if ref, ok := v.(string); ok && strings.HasPrefix(ref, "@") && c.specs.Texts[ref[1:]] == nil {
				return fmt.Errorf("%s %d: unknown shared text %q", kind, idOf(item), ref)
			}
		}
		return nil
	}
	refs := func(kind string, item map[string]any, field string, in []map[string]any) error {
		for _, id := range catRefs(item[field]) {
			if catFind(in, id) == nil {
				return fmt.Errorf("%s %d: %s refers to unknown id %d", kind, idOf(item), field, id)
			}
		}
		return nil
	}
	var errs []error
	for _, p := range c.products {
		errs = append(errs, checkSpecs("product", p), refs("product", p, "lineId", c.lines), refs("product", p, "applications", c.applications))
	}
	for _, p := range c.partnerProducts {
		errs = append(errs, checkSpecs("partner product", p), refs("partner product", p, "partnerId", c.partners))
	}
	for _, it := range c.industries {
		errs = append(errs, refs("industry", it, "applications", c.applications), refs("industry", it, "products", c.products))
	}
	for _, a := range c.applications {
		errs = append(errs, refs("application", a, "products", c.products))
	}
	for _, l := range c.levels {
		errs = append(errs, refs("product level", l, "products", c.products))
	}
	for _, cs := range c.cases {
		errs = append(errs, refs("case", cs, "industryId", c.industries), refs("case", cs, "applicationId", c.applications), refs("case", cs, "products", c.products))
	}
	for column, list := range c.home.Recommended {
		for _, id := range list {
			if catFind(c.industries, id) == nil {
				errs = append(errs, fmt.Errorf("home: column %s recommends unknown industry %d", column, id))
			}
		}
	}
	for _, err := range errs {
		if err != nil {
			return fmt.Errorf("catalogue seed: %w", err)
		}
	}
	return nil
}

// registerCatalogue adds the catalogue resources to mux.
func (s *server) registerCatalogue(mux *http.ServeMux) {
	mux.HandleFunc("GET /cms/v2/product-lines", s.productLines)
	mux.HandleFunc("GET /cms/v2/product-lines/{lineId}", s.productLine)
	mux.HandleFunc("GET /cms/v2/products/compare", s.compareProducts)
	mux.HandleFunc("GET /cms/v2/products/{productId}", s.product)
	mux.HandleFunc("GET /cms/v2/solutions/menu", s.solutionMenu)
	mux.HandleFunc("GET /cms/v2/industries", s.recommendedIndustries)
	mux.HandleFunc("GET /cms/v2/industries/{id}", s.industry)
	mux.HandleFunc("GET /cms/v2/applications/{id}", s.application)
	mux.HandleFunc("GET /cms/v2/product-levels/{id}", s.productLevel)
	mux.HandleFunc("GET /cms/v2/cases", s.caseList)
	mux.HandleFunc("GET /cms/v2/cases/{id}", s.caseDetail)
	mux.HandleFunc("GET /cms/v2/home", s.home)
	mux.HandleFunc("GET /cms/v2/home/cards/{groupId}", s.homeCards)
	mux.HandleFunc("GET /cms/v2/partners", s.partnerList)
	mux.HandleFunc("GET /cms/v2/partners/{partnerId}/products", s.partnerProductList)
	mux.HandleFunc("GET /cms/v2/partner-products/{productId}", s.partnerProduct)
}

// ---------------------------------------------------------------- request helpers

// catView is what one request sees: its locale and whether it previews drafts.
type catView struct {
	locale  string
	preview bool
}

// catReadView reads the locale and the preview header, answering 400 for an unknown locale.
func catReadView(w http.ResponseWriter, r *http.Request) (catView, bool) {
	l, ok := locale(w, r)
	return catView{l, preview(r)}, ok
}

// catReadColumn reads the column (programa) query parameter name: 400 when it is not a number,
// 404 when the catalogue has no such column. A missing optional column is fine.
func catReadColumn(w http.ResponseWriter, r *http.Request, name string, required bool) bool {
	raw := r.URL.Query().Get(name)
	if raw == "" {
		if required {
			badRequest(w, name+" is required")
		}
		return !required
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < 1 {
		badRequest(w, name+" must be a positive number")
		return false
	}
	if !catalogueColumns[n] {
		notFound(w, "column")
		return false
	}
	return true
}

// catOptionalID reads an optional positive integer query parameter; 0 means absent.
func catOptionalID(w http.ResponseWriter, r *http.Request, name string) (int, bool) {
	raw := r.URL.Query().Get(name)
	if raw == "" {
		return 0, true
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < 1 {
		badRequest(w, name+" must be a positive number")
		return 0, false
	}
	return n, true
}

// catWriteOK answers v as JSON with 200.
func catWriteOK(w http.ResponseWriter, v any) { mockkit.WriteJSON(w, http.StatusOK, v) }

// ---------------------------------------------------------------- seed helpers

// catFind returns the seed item with id, or nil.
func catFind(items []map[string]any, id int) map[string]any {
	for _, it := range items {
		if idOf(it) == id {
			return it
		}
	}
	return nil
}

// catRefs reads a reference field: one id or a list of ids.
func catRefs(v any) []int {
	switch x := v.(type) {
	case float64:
		return []int{int(x)}
	case []any:
		out := make([]int, 0, len(x))
		for _, e := range x {
			if f, ok := e.(float64); ok {
				out = append(out, int(f))
			}
		}
		return out
	}
	return nil
}

// catSeen returns the item with id as v sees it, or false when there is none or v may not see it.
func catSeen(items []map[string]any, id int, v catView) (map[string]any, bool) {
	it := catFind(items, id)
	if it == nil {
		return nil, false
	}
	return materialize(it, v.locale, v.preview)
}

// catSummaries resolves a list of ids to summaries, leaving out the items v does not see.
func catSummaries(refs []int, summary func(int, catView) (map[string]any, bool), v catView) []map[string]any {
	out := []map[string]any{}
	for _, id := range refs {
		if m, ok := summary(id, v); ok {
			out = append(out, m)
		}
	}
	return out
}

// ---------------------------------------------------------------- products

var productSummaryFields = []string{"id", "productName", "productType", "lineId", "image", "summary", "payload", "reach"}

// productSummary returns the ProductSummary of product id as locale and preview see it.
func (c *catalogue) productSummary(id int, locale string, preview bool) (map[string]any, bool) {
	m, ok := catSeen(c.products, id, catView{locale, preview})
	if !ok {
		return nil, false
	}
	return pick(m, productSummaryFields...), true
}

// productSummaryIn is productSummary for a request's view, in the shape catSummaries takes.
func (c *catalogue) productSummaryIn(id int, v catView) (map[string]any, bool) {
	return c.productSummary(id, v.locale, v.preview)
}

// lineProducts lists the products of a line in seed order.
func (c *catalogue) lineProducts(lineID int, v catView) []map[string]any {
	var refs []int
	for _, p := range c.products {
		if int(num(p["lineId"])) == lineID {
			refs = append(refs, idOf(p))
		}
	}
	return catSummaries(refs, c.productSummaryIn, v)
}

// productLine returns a line (ProductLine, or ProductLineDetail when detail is set).
func (c *catalogue) productLine(id int, v catView, detail bool) (map[string]any, bool) {
	m, ok := catSeen(c.lines, id, v)
	if !ok {
		return nil, false
	}
	fields := []string{"id", "lineName", "image", "summary"}
	if detail {
		fields = append(fields, "banner", "description", "features", "seoTitle", "seoDescription")
	}
	out := pick(m, fields...)
	out["programId"] = productColumn
	out["children"] = c.lineProducts(id, v)
	return out, true
}

// productDetail returns the ProductDetail of product id, with downloads as the caller lists them.
func (c *catalogue) productDetail(id int, v catView, downloads []map[string]any) (map[string]any, bool) {
	m, ok := catSeen(c.products, id, v)
	if !ok {
		return nil, false
	}
	line, ok := catSeen(c.lines, int(num(m["lineId"])), v)
	if !ok {
		return nil, false
	}
	out := pick(m, slices.Concat(productSummaryFields, []string{"images", "content", "seoTitle", "seoDescription"})...)
	out["programId"] = productColumn
	out["lineName"] = line["lineName"]
	// A product page shows its own highlights first, then the selling points of its line, which
	// every product of the line shares.
	highlights := []any{}
	if own, ok := m["highlights"].([]any); ok {
		highlights = append(highlights, own...)
	}
	if shared, ok := line["features"].([]any); ok {
		highlights = append(highlights, shared...)
	}
	out["highlights"] = highlights
	out["specGroups"] = c.specGroups(m, v.locale)
	out["applications"] = catSummaries(catRefs(m["applications"]), c.applicationSummary, v)
	out["downloads"] = downloads
	return out, true
}

// specValue returns the localized value of parameter key of a materialized item, or false.
func (c *catalogue) specValue(item map[string]any, key, locale string) (any, bool) {
	specs, _ := item["specs"].(map[string]any)
	v, ok := specs[key]
	if !ok {
		return nil, false
	}
	if ref, isRef := v.(string); isRef && strings.HasPrefix(ref, "@") {
		return localize(c.specs.Texts[ref[1:]], locale), true
	}
	return v, true
}

// specGroups lists the technical data of a materialized item in dictionary order, leaving out
// the groups where it has no parameter.
func (c *catalogue) specGroups(item map[string]any, locale string) []map[string]any {
	out := []map[string]any{}
	for _, g := range c.specs.Groups {
		items := []map[string]any{}
		for _, p := range g.Params {
			if v, ok := c.specValue(item, p.Key, locale); ok {
				items = append(items, map[string]any{"name": localize(p.Name, locale), "value": v, "unit": localize(p.Unit, locale)})
			}
		}
		if len(items) > 0 {
			out = append(out, map[string]any{"groupName": localize(g.Name, locale), "items": items})
		}
	}
	return out
}

// compare lines up the technical data of products: one row per parameter any of them has, with
// one value per product (nil where a product lacks the parameter), in dictionary order.
func (c *catalogue) compare(products []map[string]any, locale string) []map[string]any {
	rows := []map[string]any{}
	for _, g := range c.specs.Groups {
		for _, p := range g.Params {
			values := make([]any, len(products))
			has := false
			for i, prod := range products {
				if v, ok := c.specValue(prod, p.Key, locale); ok {
					values[i] = v
					has = true
				}
			}
			if has {
				rows = append(rows, map[string]any{
					"groupName": localize(g.Name, locale),
					"name":      localize(p.Name, locale),
					"unit":      localize(p.Unit, locale),
					"values":    values,
				})
			}
		}
	}
	return rows
}

// parseProductIDs reads "1,2[,3,4]": two to four distinct positive ids.
func parseProductIDs(raw string) ([]int, error) {
	parts := strings.Split(raw, ",")
	if len(parts) < 2 || len(parts) > 4 {
		return nil, fmt.Errorf("ids must name 2 to 4 products")
	}
	out := make([]int, 0, len(parts))
	dup := map[int]bool{}
	for _, p := range parts {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || n < 1 {
			return nil, fmt.Errorf("ids must be positive numbers separated by commas")
		}
		if dup[n] {
			return nil, fmt.Errorf("ids must not repeat a product")
		}
		dup[n] = true
		out = append(out, n)
	}
	return out, nil
}

func (s *server) productLines(w http.ResponseWriter, r *http.Request) {
	v, ok := catReadView(w, r)
	if !ok || !catReadColumn(w, r, "column", false) {
		return
	}
	c := s.store.catalogue
	out := []map[string]any{}
	for _, l := range c.lines {
		if m, ok := c.productLine(idOf(l), v, false); ok {
			out = append(out, m)
		}
	}
	catWriteOK(w, out)
}

func (s *server) productLine(w http.ResponseWriter, r *http.Request) {
	v, ok := catReadView(w, r)
	if !ok {
		return
	}
	id, ok := pathID(w, r, "lineId")
	if !ok || !catReadColumn(w, r, "column", false) {
		return
	}
	m, found := s.store.catalogue.productLine(id, v, true)
	if !found {
		notFound(w, "product line")
		return
	}
	catWriteOK(w, m)
}

func (s *server) product(w http.ResponseWriter, r *http.Request) {
	v, ok := catReadView(w, r)
	if !ok {
		return
	}
	id, ok := pathID(w, r, "productId")
	if !ok {
		return
	}
	lineID, ok := catOptionalID(w, r, "line")
	if !ok {
		return
	}
	c := s.store.catalogue
	p := catFind(c.products, id)
	// Reached through a line, the product must belong to it (the site builds these URLs from
	// the menu; a stale one must not show a product under the wrong line).
	if p == nil || (lineID != 0 && int(num(p["lineId"])) != lineID) {
		notFound(w, "product")
		return
	}
	m, found := c.productDetail(id, v, s.store.newsroom.downloadsForProduct(id, v.locale, v.preview))
	if !found {
		notFound(w, "product")
		return
	}
	catWriteOK(w, m)
}

func (s *server) compareProducts(w http.ResponseWriter, r *http.Request) {
	v, ok := catReadView(w, r)
	if !ok {
		return
	}
	refs, err := parseProductIDs(r.URL.Query().Get("ids"))
	if err != nil {
		badRequest(w, err.Error())
		return
	}
	c := s.store.catalogue
	products := make([]map[string]any, 0, len(refs))
	columns := make([]map[string]any, 0, len(refs))
	for _, id := range refs {
		m, found := catSeen(c.products, id, v)
		if !found {
			notFound(w, fmt.Sprintf("product %d", id))
			return
		}
		products = append(products, m)
		columns = append(columns, pick(m, productSummaryFields...))
	}
	catWriteOK(w, map[string]any{"products": columns, "parameters": c.compare(products, v.locale)})
}

// ---------------------------------------------------------------- solutions

func (c *catalogue) industrySummary(id int, v catView) (map[string]any, bool) {
	m, ok := catSeen(c.industries, id, v)
	if !ok {
		return nil, false
	}
	return pick(m, "id", "name", "image", "summary", "isShow"), true
}

func (c *catalogue) applicationSummary(id int, v catView) (map[string]any, bool) {
	m, ok := catSeen(c.applications, id, v)
	if !ok {
		return nil, false
	}
	return pick(m, "id", "name", "image", "summary", "flag"), true
}

func (c *catalogue) levelSummary(id int, v catView) (map[string]any, bool) {
	m, ok := catSeen(c.levels, id, v)
	if !ok {
		return nil, false
	}
	return pick(m, "id", "name", "image"), true
}

// catAll lists the summaries of every item of a kind v sees, in seed order.
func catAll(items []map[string]any, summary func(int, catView) (map[string]any, bool), v catView) []map[string]any {
	refs := make([]int, len(items))
	for i, it := range items {
		refs[i] = idOf(it)
	}
	return catSummaries(refs, summary, v)
}

// casesWhere lists the summaries of the cases v sees that match, newest first, at most limit
// of them (0: all).
func (c *catalogue) casesWhere(match func(map[string]any) bool, v catView, limit int) []map[string]any {
	var refs []int
	for _, cs := range c.newestCases() {
		if match(cs) {
			refs = append(refs, idOf(cs))
		}
	}
	out := catSummaries(refs, c.caseSummary, v)
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out
}

// catRelatedCases is how many cases a solution page shows.
const catRelatedCases = 6

// catUsesAny reports whether a case uses one of products.
func catUsesAny(cs map[string]any, products []int) bool {
	for _, a := range catRefs(cs["products"]) {
		if slices.Contains(products, a) {
			return true
		}
	}
	return false
}

func (s *server) solutionMenu(w http.ResponseWriter, r *http.Request) {
	v, ok := catReadView(w, r)
	if !ok || !catReadColumn(w, r, "column", false) {
		return
	}
	c := s.store.catalogue
	// Hidden industries (isShow 1) and applications (flag 1) are sent with their flag: the site
	// decides what to leave out, as it did with the legacy CMS.
	catWriteOK(w, map[string]any{
		"industries":    catAll(c.industries, c.industrySummary, v),
		"applications":  catAll(c.applications, c.applicationSummary, v),
		"productLevels": catAll(c.levels, c.levelSummary, v),
	})
}

func (s *server) recommendedIndustries(w http.ResponseWriter, r *http.Request) {
	v, ok := catReadView(w, r)
	if !ok || !catReadColumn(w, r, "recommendedIn", true) {
		return
	}
	c := s.store.catalogue
	out := []map[string]any{}
	for _, m := range catSummaries(c.home.Recommended[r.URL.Query().Get("recommendedIn")], c.industrySummary, v) {
		// A recommendation never shows a hidden industry, whatever the list says.
		if num(m["isShow"]) == 0 {
			out = append(out, m)
		}
	}
	catWriteOK(w, out)
}

func (s *server) industry(w http.ResponseWriter, r *http.Request) {
	v, ok := catReadView(w, r)
	if !ok {
		return
	}
	id, ok := pathID(w, r, "id")
	if !ok {
		return
	}
	c := s.store.catalogue
	m, found := catSeen(c.industries, id, v)
	if !found {
		notFound(w, "industry")
		return
	}
	out := pick(m, "id", "name", "image", "summary", "isShow", "banner", "content", "painPoints", "seoTitle", "seoDescription")
	out["applications"] = catSummaries(catRefs(m["applications"]), c.applicationSummary, v)
	out["products"] = catSummaries(catRefs(m["products"]), c.productSummaryIn, v)
	out["cases"] = c.casesWhere(func(cs map[string]any) bool { return int(num(cs["industryId"])) == id }, v, catRelatedCases)
	catWriteOK(w, out)
}

func (s *server) application(w http.ResponseWriter, r *http.Request) {
	v, ok := catReadView(w, r)
	if !ok {
		return
	}
	id, ok := pathID(w, r, "id")
	if !ok {
		return
	}
	c := s.store.catalogue
	m, found := catSeen(c.applications, id, v)
	if !found {
		notFound(w, "application")
		return
	}
	out := pick(m, "id", "name", "image", "summary", "flag", "banner", "content", "highlights", "seoTitle", "seoDescription")
	out["products"] = catSummaries(catRefs(m["products"]), c.productSummaryIn, v)
	out["cases"] = c.casesWhere(func(cs map[string]any) bool { return int(num(cs["applicationId"])) == id }, v, catRelatedCases)
	catWriteOK(w, out)
}

func (s *server) productLevel(w http.ResponseWriter, r *http.Request) {
	v, ok := catReadView(w, r)
	if !ok {
		return
	}
	id, ok := pathID(w, r, "id")
	if !ok {
		return
	}
	c := s.store.catalogue
	m, found := catSeen(c.levels, id, v)
	if !found {
		notFound(w, "product level")
		return
	}
	products := catRefs(m["products"])
	out := pick(m, "id", "name", "image", "summary", "content", "seoTitle", "seoDescription")
	out["products"] = catSummaries(products, c.productSummaryIn, v)
	// A product level's cases are those that use one of its products.
	out["cases"] = c.casesWhere(func(cs map[string]any) bool { return catUsesAny(cs, products) }, v, catRelatedCases)
	catWriteOK(w, out)
}

// ---------------------------------------------------------------- cases

// newestCases returns the case seeds, newest first. Publish times all carry the same offset
// (+08:00), so their text sorts as their time.
func (c *catalogue) newestCases() []map[string]any {
	out := append([]map[string]any(nil), c.cases...)
	sort.SliceStable(out, func(i, j int) bool { return str(out[i]["publishTime"]) > str(out[j]["publishTime"]) })
	return out
}

// caseSummary returns the CaseSummary of case id, with the name of its industry.
func (c *catalogue) caseSummary(id int, v catView) (map[string]any, bool) {
	m, ok := catSeen(c.cases, id, v)
	if !ok {
		return nil, false
	}
	out := pick(m, "id", "title", "customer", "industryId", "image", "summary", "publishTime")
	out["industryName"] = nil
	if ind, ok := catSeen(c.industries, int(num(m["industryId"])), v); ok {
		out["industryName"] = ind["name"]
	}
	return out, true
}

func (s *server) caseList(w http.ResponseWriter, r *http.Request) {
	v, ok := catReadView(w, r)
	if !ok {
		return
	}
	industry, ok := catOptionalID(w, r, "industry")
	if !ok {
		return
	}
	p, ok := readPage(w, r)
	if !ok {
		return
	}
	c := s.store.catalogue
	if industry != 0 {
		if _, found := catSeen(c.industries, industry, v); !found {
			notFound(w, "industry")
			return
		}
	}
	rows := c.casesWhere(func(cs map[string]any) bool {
		return industry == 0 || int(num(cs["industryId"])) == industry
	}, v, 0)
	// q searches the localized title, customer and summary, as the site's search page needs.
	if q := strings.TrimSpace(r.URL.Query().Get("q")); q != "" {
		matched := []map[string]any{}
		for _, row := range rows {
			if contains(row["title"], q) || contains(row["customer"], q) || contains(row["summary"], q) {
				matched = append(matched, row)
			}
		}
		rows = matched
	}
	paged(w, rows, p)
}

func (s *server) caseDetail(w http.ResponseWriter, r *http.Request) {
	v, ok := catReadView(w, r)
	if !ok {
		return
	}
	id, ok := pathID(w, r, "id")
	if !ok {
		return
	}
	c := s.store.catalogue
	out, found := c.caseSummary(id, v)
	if !found {
		notFound(w, "case")
		return
	}
	m, _ := catSeen(c.cases, id, v)
	out["content"] = m["content"]
	out["seoTitle"] = m["seoTitle"]
	out["seoDescription"] = m["seoDescription"]
	out["products"] = catSummaries(catRefs(m["products"]), c.productSummaryIn, v)
	catWriteOK(w, out)
}

// ---------------------------------------------------------------- home page

func (s *server) home(w http.ResponseWriter, r *http.Request) {
	v, ok := catReadView(w, r)
	if !ok {
		return
	}
	sections := []map[string]any{}
	for _, m := range materializeAll(s.store.catalogue.home.Sections, v.locale, v.preview) {
		sections = append(sections, pick(m, "key", "title", "subhead", "image", "link"))
	}
	catWriteOK(w, map[string]any{"sections": sections})
}

func (s *server) homeCards(w http.ResponseWriter, r *http.Request) {
	v, ok := catReadView(w, r)
	if !ok {
		return
	}
	id, ok := pathID(w, r, "groupId")
	if !ok {
		return
	}
	group, found := s.store.catalogue.home.Cards[strconv.Itoa(id)]
	if !found {
		notFound(w, "card group")
		return
	}
	cards := []map[string]any{}
	for _, m := range materializeAll(group, v.locale, v.preview) {
		cards = append(cards, pick(m, "id", "title", "subhead", "image", "link"))
	}
	catWriteOK(w, cards)
}

// ---------------------------------------------------------------- JAKA+ partners

func (c *catalogue) partnerSummary(id int, v catView) (map[string]any, bool) {
	m, ok := catSeen(c.partners, id, v)
	if !ok {
		return nil, false
	}
	return pick(m, "id", "name", "logo", "summary", "category", "website"), true
}

func (c *catalogue) partnerProductSummary(id int, v catView) (map[string]any, bool) {
	m, ok := catSeen(c.partnerProducts, id, v)
	if !ok {
		return nil, false
	}
	return pick(m, "id", "partnerId", "name", "image", "summary"), true
}

func (s *server) partnerList(w http.ResponseWriter, r *http.Request) {
	v, ok := catReadView(w, r)
	if !ok {
		return
	}
	c := s.store.catalogue
	catWriteOK(w, catAll(c.partners, c.partnerSummary, v))
}

func (s *server) partnerProductList(w http.ResponseWriter, r *http.Request) {
	v, ok := catReadView(w, r)
	if !ok {
		return
	}
	id, ok := pathID(w, r, "partnerId")
	if !ok {
		return
	}
	c := s.store.catalogue
	if _, found := catSeen(c.partners, id, v); !found {
		notFound(w, "partner")
		return
	}
	var refs []int
	for _, p := range c.partnerProducts {
		if int(num(p["partnerId"])) == id {
			refs = append(refs, idOf(p))
		}
	}
	catWriteOK(w, catSummaries(refs, c.partnerProductSummary, v))
}

func (s *server) partnerProduct(w http.ResponseWriter, r *http.Request) {
	v, ok := catReadView(w, r)
	if !ok {
		return
	}
	id, ok := pathID(w, r, "productId")
	if !ok {
		return
	}
	c := s.store.catalogue
	m, found := catSeen(c.partnerProducts, id, v)
	// A partner's products live and die with the partner: where the partner is not shown (a
	// locale it does not serve), neither are they.
	var partner map[string]any
	if found {
		partner, found = catSeen(c.partners, int(num(m["partnerId"])), v)
	}
	if !found {
		notFound(w, "partner product")
		return
	}
	out := pick(m, "id", "partnerId", "name", "image", "summary", "images", "content", "seoTitle", "seoDescription")
	out["partnerName"] = partner["name"]
	out["specGroups"] = c.specGroups(m, v.locale)
	catWriteOK(w, out)
}
