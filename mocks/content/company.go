package content

import (
	"fmt"
	"net/http"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/jakarobotics/website/mocks/mockkit"
)

// company holds site info, column pages and articles, legal texts, offices, milestones, jobs, the academy, dealers, dictionaries, the industry code list and custom forms.
type company struct {
	site       map[string]any
	columns    []map[string]any
	articles   []map[string]any // each with its child articles in "children"
	legal      []map[string]any
	offices    []map[string]any
	milestones []map[string]any

	positions   []map[string]any
	recruitment []map[string]any // one entry per recruitment type: email and banner

	curriculums []map[string]any
	courseTypes []map[string]any
	courses     []map[string]any
	instructors []map[string]any

	regions []map[string]any
	dealers []map[string]any

	forms         []map[string]any
	dictionaries  map[string][]map[string]any
	industryCodes []map[string]any
}

// companyFields are the fields each resource sends, as the contract names them. Answers are built with
// pick so that editorial notes ("comment") and internal references never reach the site.
var companyFields = struct {
	column, article, section, legal, office, milestone, position []string
	curriculum, course, instructor, dealer, formField, logo      []string
}{
	column:     []string{"id", "geneId", "title", "subhead", "banner", "content", "seoTitle", "seoDescription"},
	article:    []string{"id", "title", "subhead", "image", "content", "publishTime", "seoTitle", "seoDescription", "sections"},
	section:    []string{"title", "content", "image"},
	legal:      []string{"key", "title", "content", "updateTime"},
	office:     []string{"id", "name", "address", "phone", "email", "latitude", "longitude"},
	milestone:  []string{"id", "year", "title", "description"},
	position:   []string{"id", "title", "recruitType", "department", "city", "headcount", "education", "experience", "duties", "requirements", "email", "publishTime"},
	curriculum: []string{"id", "name", "level", "summary", "durationDays", "image"},
	course:     []string{"id", "typeId", "title", "summary", "image", "videoUrl", "coursewareUrl", "durationMinutes"},
	instructor: []string{"id", "name", "title", "photo", "summary"},
	dealer:     []string{"companyName", "region", "level", "certificateNo", "validFrom", "validUntil"},
	formField:  []string{"name", "label", "type", "required", "maxLength", "placeholder", "options"},
	logo:       []string{"id", "url", "logo", "checkLogo", "qrCode", "mtLogo"},
}

func loadCompany() (*company, error) {
	c := &company{}
	var positions struct {
		Types       []map[string]any `json:"types"`
		Departments map[string]any   `json:"departments"`
		Cities      map[string]any   `json:"cities"`
		Educations  map[string]any   `json:"educations"`
		Positions   []map[string]any `json:"positions"`
	}
	var academy struct {
		Curriculums []map[string]any `json:"curriculums"`
		CourseTypes []map[string]any `json:"courseTypes"`
		Courses     []map[string]any `json:"courses"`
		Instructors []map[string]any `json:"instructors"`
	}
	var dealers struct {
		Regions []map[string]any `json:"regions"`
		Levels  map[string]any   `json:"levels"`
		Dealers []map[string]any `json:"dealers"`
	}
	var dictionaries struct {
		IndustryTags []map[string]any `json:"industry_tags"`
		CompanyType  []map[string]any `json:"company_type"`
	}
	var industryCodes struct {
		Codes []map[string]any `json:"codes"`
	}
	seeds := []struct {
		name string
		v    any
	}{
		{"company-site.json", &c.site},
		{"company-columns.json", &c.columns},
		{"company-articles.json", &c.articles},
		{"company-legal.json", &c.legal},
		{"company-offices.json", &c.offices},
		{"company-milestones.json", &c.milestones},
		{"company-positions.json", &positions},
		{"company-academy.json", &academy},
		{"company-dealers.json", &dealers},
		{"company-forms.json", &c.forms},
		{"company-dictionaries.json", &dictionaries},
		{"company-industry-codes.json", &industryCodes},
	}
	for _, s := range seeds {
		if err := readSeed(s.name, s.v); err != nil {
			return nil, err
		}
	}
	c.recruitment, c.positions = positions.Types, positions.Positions
	c.curriculums, c.courseTypes, c.courses, c.instructors = academy.Curriculums, academy.CourseTypes, academy.Courses, academy.Instructors
	c.regions, c.dealers = dealers.Regions, dealers.Dealers
	c.dictionaries = map[string][]map[string]any{"industry_tags": dictionaries.IndustryTags, "company_type": dictionaries.CompanyType}
	c.industryCodes = industryCodes.Codes

	// Positions and dealers name their department, city, education, region and level by key, so
	// that the filter values of the careers page and the partner lookup stay consistent; the keys
	// become the localized texts here, and a key without a text is a seed error.
	for _, p := range c.positions {
		for field, table := range map[string]map[string]any{"department": positions.Departments, "city": positions.Cities, "education": positions.Educations} {
			if err := resolveSeedKey(p, field, table); err != nil {
				return nil, fmt.Errorf("seed/company-positions.json: position %d: %w", idOf(p), err)
			}
		}
	}
	regionNames := map[string]any{}
	for _, r := range c.regions {
		regionNames[str(r["key"])] = r["name"]
	}
	for _, d := range c.dealers {
		d["regionKey"] = d["region"]
		for field, table := range map[string]map[string]any{"region": regionNames, "level": dealers.Levels} {
			if err := resolveSeedKey(d, field, table); err != nil {
				return nil, fmt.Errorf("seed/company-dealers.json: dealer %q: %w", d["companyName"], err)
			}
		}
	}
	types := map[int]bool{}
	for _, t := range c.courseTypes {
		types[idOf(t)] = true
	}
	for _, course := range c.courses {
		if !types[int(num(course["typeId"]))] {
			return nil, fmt.Errorf("seed/company-academy.json: course %d has an unknown typeId", idOf(course))
		}
	}
	return c, nil
}

// resolveSeedKey replaces the key in item[field] by its text in table. A missing field stays missing.
func resolveSeedKey(item map[string]any, field string, table map[string]any) error {
	key, ok := item[field].(string)
	if !ok {
		return nil
	}
	text, found := table[key]
	if !found {
		return fmt.Errorf("unknown %s %q", field, key)
	}
	item[field] = text
	return nil
}

// registerCompany adds the company resources to mux.
func (s *server) registerCompany(mux *http.ServeMux) {
	c := s.store.company
	mux.HandleFunc("GET /cms/v2/site", c.siteInfo)
	mux.HandleFunc("GET /cms/v2/columns/{id}", c.column)
	mux.HandleFunc("GET /cms/v2/columns/by-gene/{geneId}", c.columnByGene)
	mux.HandleFunc("GET /cms/v2/articles/{id}", c.article)
	mux.HandleFunc("GET /cms/v2/articles/{id}/children/{childId}", c.childArticle)
	mux.HandleFunc("GET /cms/v2/legal/{key}", c.legalText)
	mux.HandleFunc("GET /cms/v2/offices", c.officeList)
	mux.HandleFunc("GET /cms/v2/milestones", c.milestoneList)
	mux.HandleFunc("GET /cms/v2/positions", c.positionList)
	mux.HandleFunc("GET /cms/v2/position-config", c.positionConfig)
	mux.HandleFunc("GET /cms/v2/academy/curriculums", c.curriculumList)
	mux.HandleFunc("GET /cms/v2/academy/courses", c.courseList)
	mux.HandleFunc("GET /cms/v2/academy/course-types", c.courseTypeList)
	mux.HandleFunc("GET /cms/v2/academy/instructors", c.instructorList)
	mux.HandleFunc("GET /cms/v2/dealers/by-name/{companyName}", c.dealerByName)
	mux.HandleFunc("GET /cms/v2/dealers", c.dealerList)
	mux.HandleFunc("GET /cms/v2/forms/{id}", c.form)
	mux.HandleFunc("GET /cms/v2/dictionaries/{dictType}", c.dictionary)
	mux.HandleFunc("GET /cms/v2/industry-codes", c.industryCodeList)
}

// send answers v with 200.
func (c *company) send(w http.ResponseWriter, v any) { mockkit.WriteJSON(w, http.StatusOK, v) }

// first materializes the item whose field equals id, if locale and preview see it.
func (c *company) first(items []map[string]any, field string, id int, locale string, preview bool) (map[string]any, bool) {
	for _, it := range items {
		if int(num(it[field])) == id {
			return materialize(it, locale, preview)
		}
	}
	return nil, false
}

// pickVisible picks fields from each object of a localized list, keeping only what locale and
// preview see (nested items may carry "locales" and "draft" too). Absent lists become [].
func (c *company) pickVisible(v any, locale string, preview bool, fields ...string) []map[string]any {
	out := []map[string]any{}
	list, _ := v.([]any)
	for _, e := range list {
		if m, isMap := e.(map[string]any); isMap && visible(m, locale, preview) {
			out = append(out, pick(m, fields...))
		}
	}
	return out
}

// pickEach picks fields from each item of a materialized list.
func (c *company) pickEach(items []map[string]any, fields ...string) []map[string]any {
	out := make([]map[string]any, len(items))
	for i, it := range items {
		out[i] = pick(it, fields...)
	}
	return out
}

// columnParam reads the required column query parameter: 400 when it is not a positive number,
// 404 when there is no such column.
func (c *company) columnParam(w http.ResponseWriter, r *http.Request, locale string, preview bool) (int, bool) {
	n, valid := intParam(r, "column", 0)
	if !valid || n < 1 {
		badRequest(w, "column must be a positive number")
		return 0, false
	}
	if _, found := c.first(c.columns, "id", n, locale, preview); !found {
		notFound(w, "column")
		return 0, false
	}
	return n, true
}

// ---- site information

func (c *company) siteInfo(w http.ResponseWriter, r *http.Request) {
	l, valid := locale(w, r)
	if !valid {
		return
	}
	p := preview(r)
	site, _ := materialize(c.site, l, p)
	out := pick(site, "logo", "phone", "serverMail", "mailbox", "address", "websiteTitle")
	// The ICP licence and the public-security filing belong to the mainland site only.
	out["icp"], out["police"], out["policeUrl"] = nil, nil, nil
	if lic, isMap := site["licences"].(map[string]any); isMap && forLocale(lic, l) {
		out["icp"], out["police"], out["policeUrl"] = lic["icp"], lic["police"], lic["policeUrl"]
	}
	out["law"] = c.pickVisible(site["law"], l, p, "dictValue", "dictLabel")
	out["basicInformationLogos"] = c.pickVisible(site["basicInformationLogos"], l, p, companyFields.logo...)
	out["footerLinks"] = c.footerLinks(site["footerLinks"], l, p)
	c.send(w, out)
}

// footerLinks gives every link of the tree the full set of fields the site reads.
func (c *company) footerLinks(v any, locale string, preview bool) []map[string]any {
	out := []map[string]any{}
	list, _ := v.([]any)
	for _, e := range list {
		link, isMap := e.(map[string]any)
		if !isMap || !visible(link, locale, preview) {
			continue
		}
		out = append(out, map[string]any{
			"name":         link["name"],
			"router":       link["router"],
			"externalLink": link["externalLink"],
			"children":     c.footerLinks(link["children"], locale, preview),
		})
	}
	return out
}

// ---- column pages and articles

func (c *company) column(w http.ResponseWriter, r *http.Request) {
	c.columnBy(w, r, "id", "id")
}

func (c *company) columnByGene(w http.ResponseWriter, r *http.Request) {
	c.columnBy(w, r, "geneId", "geneId")
}

func (c *company) columnBy(w http.ResponseWriter, r *http.Request, param, field string) {
	l, valid := locale(w, r)
	if !valid {
		return
	}
	id, valid := pathID(w, r, param)
	if !valid {
		return
	}
	col, found := c.first(c.columns, field, id, l, preview(r))
	if !found {
		notFound(w, "column")
		return
	}
	c.send(w, pick(col, companyFields.column...))
}

func (c *company) articleView(a map[string]any, locale string, preview bool) map[string]any {
	out := pick(a, companyFields.article...)
	out["sections"] = c.pickVisible(a["sections"], locale, preview, companyFields.section...)
	return out
}

func (c *company) article(w http.ResponseWriter, r *http.Request) {
	l, valid := locale(w, r)
	if !valid {
		return
	}
	id, valid := pathID(w, r, "id")
	if !valid {
		return
	}
	p := preview(r)
	a, found := c.first(c.articles, "id", id, l, p)
	if !found {
		notFound(w, "article")
		return
	}
	c.send(w, c.articleView(a, l, p))
}

func (c *company) childArticle(w http.ResponseWriter, r *http.Request) {
	l, valid := locale(w, r)
	if !valid {
		return
	}
	id, valid := pathID(w, r, "id")
	if !valid {
		return
	}
	childID, valid := pathID(w, r, "childId")
	if !valid {
		return
	}
	p := preview(r)
	for _, parent := range c.articles {
		if idOf(parent) != id || !visible(parent, l, p) {
			continue
		}
		// A child is reached only through its own parent, and only while the parent is visible.
		children, _ := parent["children"].([]any)
		for _, e := range children {
			child, _ := e.(map[string]any)
			if idOf(child) != childID {
				continue
			}
			if m, seen := materialize(child, l, p); seen {
				c.send(w, c.articleView(m, l, p))
				return
			}
		}
	}
	notFound(w, "child article")
}

// ---- legal texts

var companyLegalKey = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

func (c *company) legalText(w http.ResponseWriter, r *http.Request) {
	l, valid := locale(w, r)
	if !valid {
		return
	}
	key := r.PathValue("key")
	if !companyLegalKey.MatchString(key) {
		badRequest(w, "key must be 1 to 64 letters, digits, - or _")
		return
	}
	for _, t := range c.legal {
		if t["key"] != key {
			continue
		}
		if m, seen := materialize(t, l, preview(r)); seen {
			c.send(w, pick(m, companyFields.legal...))
			return
		}
	}
	notFound(w, "legal text")
}

// ---- offices and milestones

func (c *company) officeList(w http.ResponseWriter, r *http.Request) {
	l, valid := locale(w, r)
	if !valid {
		return
	}
	c.send(w, c.pickEach(materializeAll(c.offices, l, preview(r)), companyFields.office...))
}

func (c *company) milestoneList(w http.ResponseWriter, r *http.Request) {
	l, valid := locale(w, r)
	if !valid {
		return
	}
	p := preview(r)
	col, valid := c.columnParam(w, r, l, p)
	if !valid {
		return
	}
	rows := []map[string]any{}
	for _, m := range materializeAll(c.milestones, l, p) {
		if int(num(m["column"])) == col {
			rows = append(rows, m)
		}
	}
	// Most recent first; within a year the later entry first.
	sort.SliceStable(rows, func(i, j int) bool {
		if num(rows[i]["year"]) != num(rows[j]["year"]) {
			return num(rows[i]["year"]) > num(rows[j]["year"])
		}
		return idOf(rows[i]) > idOf(rows[j])
	})
	c.send(w, c.pickEach(rows, companyFields.milestone...))
}

// ---- recruitment

// recruitType reads the optional type parameter: "" for every type.
func (c *company) recruitType(w http.ResponseWriter, r *http.Request) (string, bool) {
	t := r.URL.Query().Get("type")
	if t != "" && t != "social" && t != "campus" {
		badRequest(w, "type must be social or campus")
		return "", false
	}
	return t, true
}

// visiblePositions are the positions of a type (all types for "") that locale and preview see,
// in seed order, each with the recruiting e-mail of its type unless it names its own.
func (c *company) visiblePositions(typ, locale string, preview bool) []map[string]any {
	emails := map[string]any{}
	for _, t := range c.recruitment {
		emails[str(t["recruitType"])] = t["email"]
	}
	rows := []map[string]any{}
	for _, p := range materializeAll(c.positions, locale, preview) {
		if typ != "" && p["recruitType"] != typ {
			continue
		}
		if p["email"] == nil {
			p["email"] = emails[str(p["recruitType"])]
		}
		rows = append(rows, p)
	}
	return rows
}

func (c *company) timeOf(v any) time.Time {
	t, _ := time.Parse(time.RFC3339, str(v))
	return t
}

func (c *company) positionList(w http.ResponseWriter, r *http.Request) {
	l, valid := locale(w, r)
	if !valid {
		return
	}
	typ, valid := c.recruitType(w, r)
	if !valid {
		return
	}
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	if len([]rune(q)) > 50 {
		badRequest(w, "q must be at most 50 characters")
		return
	}
	pg, valid := readPage(w, r)
	if !valid {
		return
	}
	rows := []map[string]any{}
	for _, p := range c.visiblePositions(typ, l, preview(r)) {
		if q == "" || contains(p["title"], q) || contains(p["department"], q) || contains(p["city"], q) {
			rows = append(rows, pick(p, companyFields.position...))
		}
	}
	// Newest first, as the careers page lists them.
	sort.SliceStable(rows, func(i, j int) bool {
		return c.timeOf(rows[i]["publishTime"]).After(c.timeOf(rows[j]["publishTime"]))
	})
	paged(w, rows, pg)
}

func (c *company) positionConfig(w http.ResponseWriter, r *http.Request) {
	l, valid := locale(w, r)
	if !valid {
		return
	}
	typ, valid := c.recruitType(w, r)
	if !valid {
		return
	}
	p := preview(r)
	out := []map[string]any{}
	for _, t := range materializeAll(c.recruitment, l, p) {
		if typ != "" && t["recruitType"] != typ {
			continue
		}
		// The filter values are those of the open positions (in the editors' order), so a filter
		// never comes up empty.
		cities, departments := []string{}, []string{}
		for _, pos := range c.visiblePositions(str(t["recruitType"]), l, p) {
			cities = c.appendNew(cities, str(pos["city"]))
			departments = c.appendNew(departments, str(pos["department"]))
		}
		cfg := pick(t, "recruitType", "email", "banner")
		cfg["cities"], cfg["departments"] = cities, departments
		out = append(out, cfg)
	}
	c.send(w, out)
}

func (c *company) appendNew(list []string, s string) []string {
	for _, e := range list {
		if e == s {
			return list
		}
	}
	return append(list, s)
}

// ---- academy

var companyLevelOrder = map[any]int{"primary": 0, "intermediate": 1, "advanced": 2}

func (c *company) curriculumList(w http.ResponseWriter, r *http.Request) {
	l, valid := locale(w, r)
	if !valid {
		return
	}
	rows := materializeAll(c.curriculums, l, preview(r))
	sort.SliceStable(rows, func(i, j int) bool { return companyLevelOrder[rows[i]["level"]] < companyLevelOrder[rows[j]["level"]] })
	c.send(w, c.pickEach(rows, companyFields.curriculum...))
}

func (c *company) courseList(w http.ResponseWriter, r *http.Request) {
	l, valid := locale(w, r)
	if !valid {
		return
	}
	typ, valid := intParam(r, "type", 0)
	if !valid || (r.URL.Query().Has("type") && typ < 1) {
		badRequest(w, "type must be a positive number")
		return
	}
	pg, valid := readPage(w, r)
	if !valid {
		return
	}
	rows := []map[string]any{}
	for _, course := range materializeAll(c.courses, l, preview(r)) {
		if typ == 0 || int(num(course["typeId"])) == typ {
			rows = append(rows, pick(course, companyFields.course...))
		}
	}
	paged(w, rows, pg)
}

func (c *company) courseTypeList(w http.ResponseWriter, r *http.Request) {
	l, valid := locale(w, r)
	if !valid {
		return
	}
	p := preview(r)
	col, valid := c.columnParam(w, r, l, p)
	if !valid {
		return
	}
	rows := []map[string]any{}
	for _, t := range materializeAll(c.courseTypes, l, p) {
		if int(num(t["column"])) == col {
			rows = append(rows, pick(t, "id", "name"))
		}
	}
	c.send(w, rows)
}

func (c *company) instructorList(w http.ResponseWriter, r *http.Request) {
	l, valid := locale(w, r)
	if !valid {
		return
	}
	c.send(w, c.pickEach(materializeAll(c.instructors, l, preview(r)), companyFields.instructor...))
}

// ---- channel partners

// dealerByName finds a partner by its full registered name. The comparison is exact (only
// surrounding spaces are ignored): the partner check must not confirm a look-alike company.
func (c *company) dealerByName(w http.ResponseWriter, r *http.Request) {
	l, valid := locale(w, r)
	if !valid {
		return
	}
	name := strings.TrimSpace(r.PathValue("companyName"))
	if n := len([]rune(name)); n < 2 || n > 100 {
		badRequest(w, "companyName must be the full company name (2 to 100 characters)")
		return
	}
	for _, d := range c.dealers {
		if d["companyName"] != name {
			continue
		}
		if m, seen := materialize(d, l, preview(r)); seen {
			c.send(w, pick(m, companyFields.dealer...))
			return
		}
	}
	notFound(w, "dealer")
}

// dealerList answers the partners of a region. The region may be named as the region picker
// offers it: a Chinese sales region (华东, East China), a province (江苏省, 江苏) or a country
// (Japan, 日本), in any of the site's languages.
func (c *company) dealerList(w http.ResponseWriter, r *http.Request) {
	l, valid := locale(w, r)
	if !valid {
		return
	}
	region := strings.TrimSpace(r.URL.Query().Get("region"))
	if n := len([]rune(region)); n < 1 || n > 50 {
		badRequest(w, "region must be 1 to 50 characters")
		return
	}
	regions, province := c.matchRegion(region)
	rows := []map[string]any{}
	for _, d := range materializeAll(c.dealers, l, preview(r)) {
		if !regions[str(d["regionKey"])] {
			continue
		}
		if province != "" && !c.coversProvince(d, province) {
			continue
		}
		rows = append(rows, pick(d, companyFields.dealer...))
	}
	c.send(w, rows)
}

// matchRegion returns the keys of the regions a name designates, and the province when the name
// is a Chinese province (whose partners are those of its region that cover it).
func (c *company) matchRegion(name string) (map[string]bool, string) {
	keys := map[string]bool{}
	province := c.shortProvince(name)
	matchedProvince := ""
	for _, reg := range c.regions {
		key := str(reg["key"])
		if strings.EqualFold(str(reg["country"]), name) {
			keys[key] = true
			continue
		}
		aliases, _ := reg["aliases"].([]any)
		names := append([]any{}, aliases...) // a copy: the seed is shared by concurrent requests
		if texts, isMap := reg["name"].(map[string]any)["$t"].(map[string]any); isMap {
			for _, n := range texts {
				names = append(names, n)
			}
		}
		for _, n := range names {
			if strings.EqualFold(str(n), name) {
				keys[key] = true
			}
		}
		provinces, _ := reg["provinces"].([]any)
		for _, p := range provinces {
			if p == province && !keys[key] {
				keys[key] = true
				matchedProvince = province
			}
		}
	}
	return keys, matchedProvince
}

// companyProvinceSuffixes are the administrative suffixes a Chinese province name may carry.
var companyProvinceSuffixes = []string{"壮族自治区", "回族自治区", "维吾尔自治区", "自治区", "特别行政区", "省", "市"}

func (c *company) shortProvince(name string) string {
	for _, s := range companyProvinceSuffixes {
		if short, cut := strings.CutSuffix(name, s); cut && short != "" {
			return short
		}
	}
	return name
}

// coversProvince reports whether a partner serves a province; a partner that lists no provinces
// serves its whole region.
func (c *company) coversProvince(dealer map[string]any, province string) bool {
	provinces, listed := dealer["provinces"].([]any)
	if !listed {
		return true
	}
	for _, p := range provinces {
		if p == province {
			return true
		}
	}
	return false
}

// ---- forms, dictionaries and the industry list

func (c *company) form(w http.ResponseWriter, r *http.Request) {
	l, valid := locale(w, r)
	if !valid {
		return
	}
	id, valid := pathID(w, r, "id")
	if !valid {
		return
	}
	p := preview(r)
	f, found := c.first(c.forms, "id", id, l, p)
	if !found {
		notFound(w, "form")
		return
	}
	out := pick(f, "id", "title", "description")
	fields := c.pickVisible(f["fields"], l, p, companyFields.formField...)
	for _, field := range fields {
		field["options"] = c.optionsOf(field["options"])
	}
	out["fields"] = fields
	c.send(w, out)
}

func (c *company) optionsOf(v any) []map[string]any {
	out := []map[string]any{}
	list, _ := v.([]any)
	for _, e := range list {
		if m, isMap := e.(map[string]any); isMap {
			out = append(out, pick(m, "value", "label"))
		}
	}
	return out
}

func (c *company) dictionary(w http.ResponseWriter, r *http.Request) {
	l, valid := locale(w, r)
	if !valid {
		return
	}
	entries, found := c.dictionaries[r.PathValue("dictType")]
	if !found {
		notFound(w, "dictionary")
		return
	}
	c.send(w, c.pickEach(materializeAll(entries, l, preview(r)), "dictValue", "dictLabel"))
}

// industryCodeList answers the Chinese industry list, which is Chinese in every locale.
func (c *company) industryCodeList(w http.ResponseWriter, r *http.Request) {
	if _, valid := locale(w, r); !valid {
		return
	}
	c.send(w, c.pickEach(c.industryCodes, "code", "alias"))
}
