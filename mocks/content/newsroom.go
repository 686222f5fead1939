package content

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/jakarobotics/website/mocks/mockkit"
)

// The newsroom's resources:
//
//	/cms/v2/news?recommended=true               home-page news (homeRecommendNews)
//	/cms/v2/news?top=true                       hot and top news (newsTopList)
//	/cms/v2/news?type&q&offset&limit            {"total", "rows"} of news (newsList, newsListByTitle)
//	/cms/v2/news-types?column={id}              the news tabs of a column (newsTypeList)
//	/cms/v2/news/{newsId}?type={typeId}         an article with its neighbours (getNewsDetail)
//	/cms/v2/notices                             notices in force now (noticeAllList)
//	/cms/v2/keywords                            popular search words (keyWord)
//	/cms/v2/downloads/tree                      download categories, nested (downloadTreeList)
//	/cms/v2/downloads/{id}                      one document (downloadGetDetails)
//	/cms/v2/downloads?q&parent&offset&limit     {"total", "rows"} of documents (selectDownloadBy…)
//	POST /cms/v2/downloads/{id}/events          record a preview or download, answer its URL or a file grant (userDownload)
//	/cms/v2/files/{ref}                         the file of a grant, for the BFF only (see files.go)
//	/cms/v2/faq-types                           FAQ categories, nested (faqTypeList)
//	/cms/v2/faqs?q&type&offset&limit            {"total", "rows"} of questions (selectFaqByTitle)

// newsroom holds news, downloads, FAQ, notices and search keywords, read from seed/newsroom-*.json.
type newsroom struct {
	newsTypes     []map[string]any // display order; "columns" (editorial) names the columns showing them
	news          []map[string]any // newest first; "recommended" (editorial) marks home-page news
	downloadNodes []map[string]any // flat, display order, each with its parentId
	downloads     []map[string]any // newest first; "productIds" (editorial) ties files to products
	faqTypes      []map[string]any // flat, display order, each with its parentId
	faqs          []map[string]any // display order
	notices       []map[string]any // newest first
	keywords      []map[string]any // display order

	// now decides which notices are in force; tests replace it.
	now func() time.Time

	// privateFiles are the files of documents that need login, by lower-case name: they are not
	// in the public media library, and only grants (files.go) deliver them.
	privateFiles map[string]bool

	// The only state the CMS keeps: every preview and download it handed a URL or a grant out
	// for, and the grants still to be fetched.
	mu     sync.Mutex
	events []downloadEvent
	grants map[string]fileGrant
}

func loadNewsroom() (*newsroom, error) {
	n := &newsroom{now: time.Now, grants: map[string]fileGrant{}}
	for name, dst := range map[string]*[]map[string]any{
		"newsroom-news-types.json":     &n.newsTypes,
		"newsroom-news.json":           &n.news,
		"newsroom-download-nodes.json": &n.downloadNodes,
		"newsroom-downloads.json":      &n.downloads,
		"newsroom-faq-types.json":      &n.faqTypes,
		"newsroom-faqs.json":           &n.faqs,
		"newsroom-notices.json":        &n.notices,
		"newsroom-keywords.json":       &n.keywords,
	} {
		if err := readSeed(name, dst); err != nil {
			return nil, err
		}
	}
	for _, sorted := range []struct {
		items []map[string]any
		field string
	}{{n.news, "publishTime"}, {n.downloads, "publishTime"}, {n.notices, "startTime"}} {
		if err := newsroomSortNewest(sorted.items, sorted.field); err != nil {
			return nil, err
		}
	}
	// Editors link items by id; a dangling link would make an item unreachable, so refuse it here
	// rather than serve a list that silently misses it.
	if err := newsroomCheckRefs("news", n.news, "typeId", n.newsTypes); err != nil {
		return nil, err
	}
	if err := newsroomCheckRefs("download", n.downloads, "parentId", n.downloadNodes); err != nil {
		return nil, err
	}
	if err := newsroomCheckRefs("download category", n.downloadNodes, "parentId", n.downloadNodes); err != nil {
		return nil, err
	}
	if err := newsroomCheckRefs("FAQ", n.faqs, "typeId", n.faqTypes); err != nil {
		return nil, err
	}
	if err := newsroomCheckRefs("FAQ type", n.faqTypes, "parentId", n.faqTypes); err != nil {
		return nil, err
	}
	n.privateFiles = privateFiles(n.downloads)
	return n, nil
}

// newsroomSortNewest orders items by a date-time field, newest first, keeping the seed order of equal
// times.
func newsroomSortNewest(items []map[string]any, field string) error {
	times := make(map[int]time.Time, len(items))
	for _, it := range items {
		t, err := time.Parse(time.RFC3339, str(it[field]))
		if err != nil {
			return fmt.Errorf("newsroom item %d: %s: %w", idOf(it), field, err)
		}
		times[idOf(it)] = t
	}
	slices.SortStableFunc(items, func(a, b map[string]any) int {
		return times[idOf(b)].Compare(times[idOf(a)])
	})
	return nil
}

// newsroomCheckRefs reports an item whose field names an id that targets lack (null is a top-level item).
func newsroomCheckRefs(what string, items []map[string]any, field string, targets []map[string]any) error {
	for _, it := range items {
		ref, ok := it[field].(float64)
		if !ok {
			continue
		}
		if newsroomFind(targets, int(ref)) == nil {
			return fmt.Errorf("%s %d: %s %v names nothing", what, idOf(it), field, ref)
		}
	}
	return nil
}

func newsroomFind(items []map[string]any, id int) map[string]any {
	for _, it := range items {
		if idOf(it) == id {
			return it
		}
	}
	return nil
}

// registerNewsroom adds the newsroom resources to mux.
func (s *server) registerNewsroom(mux *http.ServeMux) {
	n := s.store.newsroom
	mux.HandleFunc("GET /cms/v2/news", n.serveNews)
	mux.HandleFunc("GET /cms/v2/news-types", n.serveNewsTypes)
	mux.HandleFunc("GET /cms/v2/news/{newsId}", n.serveNewsDetail)
	mux.HandleFunc("GET /cms/v2/notices", n.serveNotices)
	mux.HandleFunc("GET /cms/v2/keywords", n.serveKeywords)
	mux.HandleFunc("GET /cms/v2/downloads/tree", n.serveDownloadTree)
	mux.HandleFunc("GET /cms/v2/downloads/{id}", n.serveDownload)
	mux.HandleFunc("GET /cms/v2/downloads", n.serveDownloads)
	mux.HandleFunc("POST /cms/v2/downloads/{id}/events", n.recordDownloadEvent)
	mux.HandleFunc("GET /cms/v2/files/{ref}", n.serveFile)
	mux.HandleFunc("GET /__admin/download-events", n.serveDownloadEvents)
	mux.HandleFunc("POST /__admin/file-grants", n.putFileGrant)
	mux.HandleFunc("GET /cms/v2/faq-types", n.serveFaqTypes)
	mux.HandleFunc("GET /cms/v2/faqs", n.serveFaqs)
}

// ---------------------------------------------------------------- parameters

// newsroomIDParam reads an optional positive integer query parameter; present is false when it is absent.
func newsroomIDParam(w http.ResponseWriter, r *http.Request, name string) (id int, present, ok bool) {
	raw := r.URL.Query().Get(name)
	if raw == "" {
		return 0, false, true
	}
	id, err := strconv.Atoi(raw)
	if err != nil || id < 1 {
		badRequest(w, name+" must be a positive number")
		return 0, true, false
	}
	return id, true, true
}

// newsroomWords reads the optional search words q (at most 100 characters, as the site allows).
func newsroomWords(w http.ResponseWriter, r *http.Request) (string, bool) {
	q := r.URL.Query().Get("q")
	if len([]rune(q)) > 100 {
		badRequest(w, "q must be at most 100 characters")
		return "", false
	}
	return q, true
}

// newsroomSwitch reads a switch that is either absent or "true".
func newsroomSwitch(w http.ResponseWriter, r *http.Request, name string) (bool, bool) {
	switch r.URL.Query().Get(name) {
	case "":
		return false, true
	case "true":
		return true, true
	}
	badRequest(w, name+" must be true when given")
	return false, false
}

// ---------------------------------------------------------------- news

var newsSummaryFields = []string{"id", "typeId", "title", "summary", "image", "publishTime", "hot", "top"}

// newsDetailFields are the fields a NewsDetail adds to a NewsSummary, besides its neighbours.
var newsDetailFields = []string{"content", "author", "source", "seoTitle", "seoDescription"}

func newsSummary(item map[string]any) map[string]any { return pick(item, newsSummaryFields...) }

func (n *newsroom) serveNews(w http.ResponseWriter, r *http.Request) {
	l, ok := locale(w, r)
	if !ok {
		return
	}
	recommended, ok1 := newsroomSwitch(w, r, "recommended")
	if !ok1 {
		return
	}
	top, ok2 := newsroomSwitch(w, r, "top")
	if !ok2 {
		return
	}
	visible := materializeAll(n.news, l, preview(r))
	switch {
	case recommended && top:
		badRequest(w, "ask for recommended or top news, not both")
	case recommended:
		out := []map[string]any{}
		for _, it := range visible {
			// recommended is an editorial field: materialize keeps it, newsSummary leaves it out.
			if it["recommended"] == true {
				out = append(out, newsSummary(it))
			}
		}
		mockkit.WriteJSON(w, http.StatusOK, out)
	case top:
		out := []map[string]any{}
		for _, it := range newsTopFirst(visible) {
			if it["hot"] == true || it["top"] == true {
				out = append(out, newsSummary(it))
			}
		}
		mockkit.WriteJSON(w, http.StatusOK, out)
	default:
		n.serveNewsPage(w, r, visible)
	}
}

// serveNewsPage answers one page of news, of one type and matching q when given. A title search
// lists newest first (newsListByTitle); a type's tab pins top news first (newsList).
func (n *newsroom) serveNewsPage(w http.ResponseWriter, r *http.Request, visible []map[string]any) {
	typeID, byType, ok := newsroomIDParam(w, r, "type")
	if !ok {
		return
	}
	q, ok := newsroomWords(w, r)
	if !ok {
		return
	}
	p, ok := readPage(w, r)
	if !ok {
		return
	}
	if byType && newsroomFind(n.newsTypes, typeID) == nil {
		notFound(w, "news type")
		return
	}
	if q == "" {
		visible = newsTopFirst(visible)
	}
	rows := []map[string]any{}
	for _, it := range visible {
		if byType && int(num(it["typeId"])) != typeID {
			continue
		}
		if q != "" && !contains(it["title"], q) {
			continue
		}
		rows = append(rows, newsSummary(it))
	}
	paged(w, rows, p)
}

// newsTopFirst moves pinned news ahead of the others, each group staying newest first.
func newsTopFirst(items []map[string]any) []map[string]any {
	out := slices.Clone(items)
	slices.SortStableFunc(out, func(a, b map[string]any) int {
		at, bt := a["top"] == true, b["top"] == true
		switch {
		case at && !bt:
			return -1
		case bt && !at:
			return 1
		}
		return 0
	})
	return out
}

func (n *newsroom) serveNewsTypes(w http.ResponseWriter, r *http.Request) {
	l, ok := locale(w, r)
	if !ok {
		return
	}
	column, present, ok := newsroomIDParam(w, r, "column")
	if !ok {
		return
	}
	if !present {
		badRequest(w, "column is required")
		return
	}
	out := []map[string]any{}
	for _, it := range n.newsTypes {
		columns, _ := it["columns"].([]any)
		if !slices.Contains(columns, any(float64(column))) {
			continue
		}
		if m, ok := materialize(it, l, preview(r)); ok {
			out = append(out, pick(m, "id", "typeName", "key"))
		}
	}
	if len(out) == 0 {
		notFound(w, "column with news types")
		return
	}
	mockkit.WriteJSON(w, http.StatusOK, out)
}

// serveNewsDetail answers an article with its older (previous) and newer (next) neighbours among
// the news the reader sees: within the type when one is given, else across all news.
func (n *newsroom) serveNewsDetail(w http.ResponseWriter, r *http.Request) {
	l, ok := locale(w, r)
	if !ok {
		return
	}
	id, ok := pathID(w, r, "newsId")
	if !ok {
		return
	}
	typeID, byType, ok := newsroomIDParam(w, r, "type")
	if !ok {
		return
	}
	if byType && newsroomFind(n.newsTypes, typeID) == nil {
		notFound(w, "news type")
		return
	}
	siblings := []map[string]any{}
	for _, it := range materializeAll(n.news, l, preview(r)) {
		if !byType || int(num(it["typeId"])) == typeID {
			siblings = append(siblings, it)
		}
	}
	i := slices.IndexFunc(siblings, func(it map[string]any) bool { return idOf(it) == id })
	if i < 0 {
		notFound(w, "news")
		return
	}
	out := pick(siblings[i], slices.Concat(newsSummaryFields, newsDetailFields)...)
	out["previous"], out["next"] = nil, nil
	if i+1 < len(siblings) {
		out["previous"] = pick(siblings[i+1], "id", "typeId", "title")
	}
	if i > 0 {
		out["next"] = pick(siblings[i-1], "id", "typeId", "title")
	}
	mockkit.WriteJSON(w, http.StatusOK, out)
}

// ---------------------------------------------------------------- notices and keywords

// serveNotices answers the notices in force now: started and not yet ended.
func (n *newsroom) serveNotices(w http.ResponseWriter, r *http.Request) {
	l, ok := locale(w, r)
	if !ok {
		return
	}
	now := n.now()
	out := []map[string]any{}
	for _, it := range materializeAll(n.notices, l, preview(r)) {
		start, _ := time.Parse(time.RFC3339, str(it["startTime"]))
		end, _ := time.Parse(time.RFC3339, str(it["endTime"]))
		if now.Before(start) || !now.Before(end) {
			continue
		}
		out = append(out, pick(it, "id", "title", "content", "link", "startTime", "endTime"))
	}
	mockkit.WriteJSON(w, http.StatusOK, out)
}

func (n *newsroom) serveKeywords(w http.ResponseWriter, r *http.Request) {
	l, ok := locale(w, r)
	if !ok {
		return
	}
	out := []map[string]any{}
	for _, it := range materializeAll(n.keywords, l, preview(r)) {
		out = append(out, pick(it, "id", "keyword", "link"))
	}
	mockkit.WriteJSON(w, http.StatusOK, out)
}

// ---------------------------------------------------------------- downloads

// downloadItem turns a materialized document into a DownloadItem. The media library serves the
// file of a public document under its name, so the CMS derives the file's URL, and for a PDF its
// online preview, from the name. The file of a document that needs login is not in the media
// library: its item names the file for display and carries no URL (the site gets a link from
// userDownload, after the login check).
func downloadItem(m map[string]any) map[string]any {
	out := pick(m, "id", "parentId", "title", "fileName", "fileType", "fileSize", "version", "publishTime", "loginRequired")
	out["url"], out["previewUrl"] = nil, nil
	if m["loginRequired"] != true {
		url := "/cms-assets/files/" + str(m["fileName"])
		out["url"] = url
		if m["fileType"] == "pdf" {
			out["previewUrl"] = url
		}
	}
	return out
}

func (n *newsroom) serveDownloadTree(w http.ResponseWriter, r *http.Request) {
	l, ok := locale(w, r)
	if !ok {
		return
	}
	nodes := materializeAll(n.downloadNodes, l, preview(r))
	mockkit.WriteJSON(w, http.StatusOK, newsroomTree(nodes, nil, "id", "name", "parentId"))
}

// newsroomTree nests flat nodes under their parentId, starting at parent (nil for the top), each
// with the named fields and its children.
func newsroomTree(nodes []map[string]any, parent any, fields ...string) []map[string]any {
	out := []map[string]any{}
	for _, node := range nodes {
		if node["parentId"] != parent {
			continue
		}
		item := pick(node, fields...)
		item["children"] = newsroomTree(nodes, node["id"], fields...)
		out = append(out, item)
	}
	return out
}

// newsroomBelow returns id and the ids of every node below it.
func newsroomBelow(nodes []map[string]any, id int) map[int]bool {
	out := map[int]bool{id: true}
	for grew := true; grew; {
		grew = false
		for _, node := range nodes {
			parent, ok := node["parentId"].(float64)
			if ok && out[int(parent)] && !out[idOf(node)] {
				out[idOf(node)] = true
				grew = true
			}
		}
	}
	return out
}

func (n *newsroom) serveDownload(w http.ResponseWriter, r *http.Request) {
	l, ok := locale(w, r)
	if !ok {
		return
	}
	id, ok := pathID(w, r, "id")
	if !ok {
		return
	}
	item := newsroomFind(n.downloads, id)
	if item == nil {
		notFound(w, "document")
		return
	}
	m, visible := materialize(item, l, preview(r))
	if !visible {
		notFound(w, "document")
		return
	}
	mockkit.WriteJSON(w, http.StatusOK, downloadItem(m))
}

// serveDownloads answers one page of documents matching q in their title, or in the category
// parent and the categories below it, or both; newest first.
func (n *newsroom) serveDownloads(w http.ResponseWriter, r *http.Request) {
	l, ok := locale(w, r)
	if !ok {
		return
	}
	q, ok := newsroomWords(w, r)
	if !ok {
		return
	}
	parent, byParent, ok := newsroomIDParam(w, r, "parent")
	if !ok {
		return
	}
	p, ok := readPage(w, r)
	if !ok {
		return
	}
	if q == "" && !byParent {
		badRequest(w, "give q or parent")
		return
	}
	var under map[int]bool
	if byParent {
		if newsroomFind(n.downloadNodes, parent) == nil {
			notFound(w, "download category")
			return
		}
		under = newsroomBelow(n.downloadNodes, parent)
	}
	rows := []map[string]any{}
	for _, m := range materializeAll(n.downloads, l, preview(r)) {
		if byParent && !under[int(num(m["parentId"]))] {
			continue
		}
		if q != "" && !contains(m["title"], q) {
			continue
		}
		rows = append(rows, downloadItem(m))
	}
	paged(w, rows, p)
}

// downloadsForProduct lists the download items that belong to a product (manuals, CAD models,
// datasheets), as the catalogue's product details show them; newest first.
func (n *newsroom) downloadsForProduct(productID int, locale string, preview bool) []map[string]any {
	out := []map[string]any{}
	for _, item := range n.downloads {
		products, _ := item["productIds"].([]any)
		if !slices.Contains(products, any(float64(productID))) {
			continue
		}
		if m, ok := materialize(item, locale, preview); ok {
			out = append(out, downloadItem(m))
		}
	}
	return out
}

// downloadEvent is one preview or download the CMS handed a URL out for.
type downloadEvent struct {
	ID         int       `json:"id"`
	DownloadID int       `json:"downloadId"`
	Action     string    `json:"action"`
	UserID     *int64    `json:"userId"`
	Locale     string    `json:"locale"`
	At         time.Time `json:"at"`
}

// recordDownloadEvent records a preview or download of a published document and answers where
// to fetch it: 201 {"id", "url"} for a public document, whose file is in the media library, and
// 201 {"id", "file": {"ref", "expiresAt"}} for one that needs login: a grant the caller redeems
// at /cms/v2/files/{ref} (files.go) and hands on to nobody. Body {"action": "preview" |
// "download", "userId": n | null}; the userId is the site's logged-in visitor, vouched for by the
// caller. A document that needs login is answered only with a userId (403 without); a preview
// exists for PDFs only (404 otherwise).
func (n *newsroom) recordDownloadEvent(w http.ResponseWriter, r *http.Request) {
	l, ok := locale(w, r)
	if !ok {
		return
	}
	id, ok := pathID(w, r, "id")
	if !ok {
		return
	}
	var in struct {
		Action string `json:"action"`
		UserID *int64 `json:"userId"`
	}
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil || (in.Action != "preview" && in.Action != "download") {
		badRequest(w, `want {"action": "preview" | "download", "userId": n | null}`)
		return
	}
	item := newsroomFind(n.downloads, id)
	if item == nil {
		notFound(w, "document")
		return
	}
	m, visible := materialize(item, l, false)
	if !visible {
		notFound(w, "document")
		return
	}
	private := m["loginRequired"] == true
	if private && in.UserID == nil {
		mockkit.WriteJSON(w, http.StatusForbidden, map[string]string{"error": "this document is for logged-in users only"})
		return
	}
	if in.Action == "preview" && m["fileType"] != "pdf" {
		notFound(w, "online preview of this document")
		return
	}
	now := n.now()
	n.mu.Lock()
	event := downloadEvent{ID: len(n.events) + 1, DownloadID: id, Action: in.Action, UserID: in.UserID, Locale: l, At: time.Now().UTC()}
	n.events = append(n.events, event)
	var grant fileGrant
	if private {
		grant = n.grantLocked(m, *in.UserID, now)
	}
	n.mu.Unlock()
	if private {
		mockkit.WriteJSON(w, http.StatusCreated, map[string]any{"id": event.ID, "file": map[string]any{
			"ref": grant.ref, "expiresAt": grant.expires.UTC().Format(time.RFC3339),
		}})
		return
	}
	mockkit.WriteJSON(w, http.StatusCreated, map[string]any{"id": event.ID, "url": "/cms-assets/files/" + str(m["fileName"])})
}

// serveDownloadEvents is the admin view of the recorded events, newest first, optionally of one
// document: GET /__admin/download-events?downloadId=n → {"events": [...]}.
func (n *newsroom) serveDownloadEvents(w http.ResponseWriter, r *http.Request) {
	only, byDoc, ok := newsroomIDParam(w, r, "downloadId")
	if !ok {
		return
	}
	n.mu.Lock()
	out := []downloadEvent{}
	for i := len(n.events) - 1; i >= 0; i-- {
		if !byDoc || n.events[i].DownloadID == only {
			out = append(out, n.events[i])
		}
	}
	n.mu.Unlock()
	mockkit.WriteJSON(w, http.StatusOK, map[string]any{"events": out})
}

// ---------------------------------------------------------------- FAQ

func (n *newsroom) serveFaqTypes(w http.ResponseWriter, r *http.Request) {
	l, ok := locale(w, r)
	if !ok {
		return
	}
	types := materializeAll(n.faqTypes, l, preview(r))
	mockkit.WriteJSON(w, http.StatusOK, newsroomTree(types, nil, "id", "typeName"))
}

// serveFaqs answers one page of questions, of a category and the categories below it and
// matching q in the question when given, in the editors' order.
func (n *newsroom) serveFaqs(w http.ResponseWriter, r *http.Request) {
	l, ok := locale(w, r)
	if !ok {
		return
	}
	q, ok := newsroomWords(w, r)
	if !ok {
		return
	}
	typeID, byType, ok := newsroomIDParam(w, r, "type")
	if !ok {
		return
	}
	p, ok := readPage(w, r)
	if !ok {
		return
	}
	var under map[int]bool
	if byType {
		if newsroomFind(n.faqTypes, typeID) == nil {
			notFound(w, "FAQ type")
			return
		}
		under = newsroomBelow(n.faqTypes, typeID)
	}
	rows := []map[string]any{}
	for _, m := range materializeAll(n.faqs, l, preview(r)) {
		if byType && !under[int(num(m["typeId"]))] {
			continue
		}
		if q != "" && !contains(m["question"], q) {
			continue
		}
		rows = append(rows, pick(m, "id", "typeId", "question", "answer"))
	}
	paged(w, rows, p)
}
